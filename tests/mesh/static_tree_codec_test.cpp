// Codec3Axis4 / 5 / 6 nodes and the n² / 226 box rule (containers-and-tagfiles.md §8.5).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <utility>
#include <vector>

#include "engine/mesh/static_tree_codec.h"
#include "tests/mesh/mesh_fixtures.h"
#include "tests/mesh/raw_builder.h"

namespace meshproof::mesh {
namespace {

using test::bits_of;

RawAabb cube(float lo, float hi) { return RawAabb{{lo, lo, lo, 1}, {hi, hi, hi, 1}}; }

TEST(StaticTreeCodec, BoxRuleExactCase) {
    // Parent [0, 226]: h = 1 → min 1; l = 2 → max 226 − 4 = 222; h = 15 → 225; l = 15 → 1.
    Box parent{{0, 0, 0}, {226, 226, 226}};
    const Box b = shrink_box(parent, {0x12, 0xF0, 0x0F});
    EXPECT_EQ(b.min[0], 1.0f);
    EXPECT_EQ(b.max[0], 222.0f);
    EXPECT_EQ(b.min[1], 225.0f);
    EXPECT_EQ(b.max[1], 226.0f);
    EXPECT_EQ(b.min[2], 0.0f);
    EXPECT_EQ(b.max[2], 1.0f);
}

TEST(StaticTreeCodec, BoxRuleFloatOrders) {
    // Parent [0.1, 7.3], h = 3, l = 5: the two float orders differ in the last bit of min.
    float lo = 0, hi = 0;
    shrink_axis(0.1f, 7.3f, 0x35, BoxRule::kProductFirst, lo, hi);
    EXPECT_EQ(bits_of(lo), 0x3ec600e8u);
    EXPECT_EQ(bits_of(hi), 0x40d01d00u);
    shrink_axis(0.1f, 7.3f, 0x35, BoxRule::kQuotientFirst, lo, hi);
    EXPECT_EQ(bits_of(lo), 0x3ec600e9u);
    EXPECT_EQ(bits_of(hi), 0x40d01d00u);
}

// The decoder's three-lane form against the scalar rule, both float orders, on every nibble byte
// and parents with huge, tiny, negative, inverted, infinite and NaN extents.
TEST(StaticTreeCodec, ShrinkBoxSseIsTheScalarRule) {
    std::uint64_t state = 0x5EED;
    auto next = [&] {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<std::uint32_t>(state >> 32);
    };
    const float specials[] = {0.0f, -0.0f, 1e-38f, 3.0e38f, -7.25f, INFINITY, -INFINITY, NAN};
    std::uint64_t compared = 0, nan_results = 0;
    for (int round = 0; round < 4000; ++round) {
        Box parent;
        for (int a = 0; a < 3; ++a) {
            const bool special = next() % 8 == 0;
            parent.min[a] = special ? specials[next() % 8]
                                    : std::bit_cast<float>(next() % 0x7F800000u) * (next() % 2 ? 1.0f : -1.0f);
            parent.max[a] =
                next() % 4 == 0 ? parent.min[a] - 1.0f : parent.min[a] + static_cast<float>(next() % 100000) * 0.37f;
        }
        const std::array<std::uint8_t, 3> xyz{static_cast<std::uint8_t>(next()), static_cast<std::uint8_t>(next()),
                                              static_cast<std::uint8_t>(next())};
        for (BoxRule rule : {BoxRule::kProductFirst, BoxRule::kQuotientFirst}) {
            const Box want = shrink_box(parent, xyz, rule);
            Box got;
            shrink_box_sse(parent, xyz, rule, got);
            for (int a = 0; a < 3; ++a)
                for (const auto& [w, g] : {std::pair{want.min[a], got.min[a]}, std::pair{want.max[a], got.max[a]}}) {
                    ++compared;
                    if (std::isnan(w)) {
                        ++nan_results;
                        ASSERT_TRUE(std::isnan(g)) << round;
                    } else {
                        ASSERT_EQ(bits_of(w), bits_of(g)) << round << " axis " << a;
                    }
                }
        }
    }
    EXPECT_GT(nan_results, 0u);
    EXPECT_GT(compared - nan_results, 40000u);
}

TEST(StaticTreeCodec, InvertedBoxesAreKept) {
    float lo = 0, hi = 0;
    shrink_axis(0.0f, 1.0f, 0xFF, BoxRule::kProductFirst, lo, hi);  // takes more than the extent
    EXPECT_GT(lo, hi);
}

TEST(StaticTreeCodec, NodeLinks) {
    auto l = static_node_link(TreeCodec::kAxis4, 0x07, 0, 0);
    EXPECT_FALSE(l.is_leaf);
    EXPECT_EQ(l.second_child, 6u);
    l = static_node_link(TreeCodec::kAxis4, 0x0A, 0, 0);
    EXPECT_TRUE(l.is_leaf);
    EXPECT_EQ(l.payload, 5u);
    l = static_node_link(TreeCodec::kAxis5, 0x81, 0x02, 0);
    EXPECT_FALSE(l.is_leaf);
    EXPECT_EQ(l.second_child, 2u * 0x102);
    l = static_node_link(TreeCodec::kAxis5, 0x12, 0x34, 0);
    EXPECT_TRUE(l.is_leaf);
    EXPECT_EQ(l.payload, 0x1234u);
    l = static_node_link(TreeCodec::kAxis6, 0x85, 0, 0x0001);
    EXPECT_FALSE(l.is_leaf);
    EXPECT_EQ(l.second_child, 2u * 0x50001);
    l = static_node_link(TreeCodec::kAxis6, 0x05, 0, 0xFFFF);
    EXPECT_TRUE(l.is_leaf);
    EXPECT_EQ(l.payload, 0x5FFFFu);
}

// A Codec3Axis5 mesh tree over three sections: root → (leaf s0, inner → (leaf s1, leaf s2)).
TEST(StaticTreeCodec, Axis5TreeOverManySections) {
    test::RawBuilder b;
    const RawStaticTree raw = b.axis5_tree({{0x00, 0x00, 0x00, 0x80, 0x01},   // inner, second child at +2
                                            {0x0F, 0x00, 0x00, 0x00, 0x00},   // leaf section 0, x max shrunk by 225/226
                                            {0x10, 0x00, 0x00, 0x80, 0x01},   // inner, x min +1, second at +2 (node 4)
                                            {0x00, 0x12, 0x00, 0x00, 0x01},   // leaf section 1
                                            {0x00, 0x00, 0x21, 0x00, 0x02}},  // leaf section 2
                                           cube(0, 226));
    StaticTreeNodes t;
    ASSERT_TRUE(append_static_tree(raw, 0, 3, t).ok());
    ASSERT_EQ(t.size(), 5u);
    EXPECT_EQ(t.second_child[0], 2u);
    EXPECT_EQ(t.second_child[2], 4u);
    EXPECT_EQ(t.parent[1], 0u);
    EXPECT_EQ(t.parent[2], 0u);
    EXPECT_EQ(t.parent[3], 2u);
    EXPECT_EQ(t.parent[4], 2u);
    EXPECT_EQ(t.payload[1], 0u);
    EXPECT_EQ(t.payload[3], 1u);
    EXPECT_EQ(t.payload[4], 2u);
    for (std::size_t n = 0; n < 5; ++n) EXPECT_EQ(t.reached[n], 1u);
    EXPECT_EQ(t.box[1].max[0], 1.0f);  // 226 − 226 × 225 / 226
    EXPECT_EQ(t.box[2].min[0], 1.0f);
    // Node 3 inherits node 2's box: x [1, 226]; y shrunk from [0, 226] by 1 and 4.
    EXPECT_EQ(t.box[3].min[0], 1.0f);
    EXPECT_EQ(t.box[3].min[1], 1.0f);
    EXPECT_EQ(t.box[3].max[1], 222.0f);
    // Node 4: z min + 4, z max − 1.
    EXPECT_EQ(t.box[4].min[2], 4.0f);
    EXPECT_EQ(t.box[4].max[2], 225.0f);
}

TEST(StaticTreeCodec, Axis6LargeValuesAndBounds) {
    test::RawBuilder b;
    // Three nodes over triangles 0 and 1.
    RawStaticTree raw = b.axis6_tree({{0, 0, 0, 0x80, 1}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 1}}, cube(-1, 1));
    StaticTreeNodes t;
    ASSERT_TRUE(append_static_tree(raw, 0, 2, t).ok());
    EXPECT_EQ(t.payload[1], 0u);
    EXPECT_EQ(t.payload[2], 1u);
    // A leaf naming triangle 0x10002 through the hiData bits: past 2 triangles.
    raw = b.axis6_tree({{0, 0, 0, 0x80, 1}, {0, 0, 0, 0x01, 0x0002}, {0, 0, 0, 0, 1}}, cube(-1, 1));
    raw.offset = 4000;
    StaticTreeNodes bad;
    auto st = append_static_tree(raw, 0, 2, bad);
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().code, ErrorCode::kOutOfBounds);
}

TEST(StaticTreeCodec, LinkPastTheTreeIsAnError) {
    test::RawBuilder b;
    RawStaticTree raw = b.axis4_tree({{0, 0, 0, 0x05}, {0, 0, 0, 0}, {0, 0, 0, 2}}, cube(0, 1));  // second at +4
    raw.offset = 100;
    StaticTreeNodes t;
    auto st = append_static_tree(raw, 0, 2, t);
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().code, ErrorCode::kOutOfBounds);
    EXPECT_EQ(st.error().offset, 100u);  // node 0 (column stride 1 in a hand-built tree)
}

TEST(StaticTreeCodec, UnreachedAndTwiceReachedNodes) {
    test::RawBuilder b;
    // Node 0 inner: children 1 and 2; node 1 inner: children 2 (again) and 3; node 4 never reached.
    RawStaticTree raw =
        b.axis4_tree({{0, 0, 0, 0x03}, {0, 0, 0, 0x03}, {0, 0, 0, 0}, {0, 0, 0, 2}, {0, 0, 0, 4}}, cube(0, 1));
    StaticTreeNodes t;
    ASSERT_TRUE(append_static_tree(raw, 0, 3, t).ok());
    EXPECT_EQ(t.reached[2], 2u);
    EXPECT_EQ(t.reached[4], 0u);
    EXPECT_EQ(t.parent[4], kNone);
    EXPECT_TRUE(std::isnan(t.box[4].min[0]));
}

// 0: children 1, 4 · 1: children 2, 5 · 4: children 5 (again), 6 · 5: children 6 (again), 7; 3 unreached.
const std::vector<std::array<std::uint8_t, 4>> kTwiceReaching = {
    {0x12, 0x21, 0x13, 0x05}, {0x31, 0x12, 0x22, 0x05}, {0, 0, 0, 0},          {0, 0, 0, 2},
    {0x40, 0x04, 0x44, 0x03}, {0x05, 0x50, 0x15, 0x03}, {0x23, 0x32, 0x11, 4}, {0, 0, 0, 6}};

// A node reached twice takes the parent the pre-order walk expands first. Here that parent (node 5,
// reached through node 1's long link) lies after the other (node 4) in storage, so a sweep in
// storage order alone would take node 4: the decoder must fall back to the walk (its forward sweep
// stops at the second reach).
TEST(StaticTreeCodec, TwiceReachedNodeTakesTheWalksFirstParent) {
    test::RawBuilder b;
    RawStaticTree raw = b.axis4_tree(kTwiceReaching, cube(0, 100));
    StaticTreeNodes t;
    ASSERT_TRUE(append_static_tree(raw, 0, 4, t).ok());
    EXPECT_EQ(t.reached[5], 2u);
    EXPECT_EQ(t.reached[6], 2u);
    EXPECT_EQ(t.reached[3], 0u);
    EXPECT_EQ(t.parent[5], 1u);
    EXPECT_EQ(t.parent[6], 5u);
    const Box expected = shrink_box(t.box[5], {0x23, 0x32, 0x11});
    const Box from_node4 = shrink_box(t.box[4], {0x23, 0x32, 0x11});
    ASSERT_NE(expected.min[0], from_node4.min[0]);  // the two parents give different boxes
    for (int a = 0; a < 3; ++a) {
        EXPECT_EQ(t.box[6].min[a], expected.min[a]) << a;
        EXPECT_EQ(t.box[6].max[a], expected.max[a]) << a;
    }
}

// ---- the encoder: nodes written by encode_static_node, read back by append_static_tree ----------

// Appends the pre-order nodes of a tree of `leaves` leaves, payloads in leaf order from `payload`:
// the root's first subtree takes `first` of the leaves, every subtree below splits in halves.
void emit_tree(std::uint32_t leaves, std::uint32_t first, std::uint32_t& payload, std::vector<StaticNodeLink>& out) {
    const std::size_t at = out.size();
    out.emplace_back();
    if (leaves == 1) {
        out[at].payload = payload++;
        return;
    }
    out[at].is_leaf = false;
    emit_tree(first, first / 2 > 0 ? first / 2 : 1, payload, out);
    out[at].second_child = out.size() - at;
    emit_tree(leaves - first, (leaves - first) / 2 > 0 ? (leaves - first) / 2 : 1, payload, out);
}

// Every node of a tree whose root's second child is as far as the codec stores and whose last
// payload is the largest it stores (Axis6: past 16 bits), each with its own nibble bytes: the
// decoder reads back every link, payload and nibble byte the encoder wrote.
TEST(StaticTreeCodec, EncodedNodesDecodeToTheirFields) {
    struct Case {
        TreeCodec codec;
        std::uint32_t leaves;
    };
    for (const Case c :
         {Case{TreeCodec::kAxis4, 128}, Case{TreeCodec::kAxis5, 0x8000}, Case{TreeCodec::kAxis6, 70000}}) {
        std::vector<StaticNodeLink> links;
        std::uint32_t payload = 0;
        emit_tree(c.leaves, c.leaves - 1, payload, links);
        const std::size_t size = static_node_size(c.codec);
        std::vector<std::array<std::uint8_t, 3>> nibbles(links.size());
        std::vector<std::uint8_t> bytes(links.size() * size, 0xAB);
        for (std::size_t i = 0; i < links.size(); ++i) {
            nibbles[i] = {static_cast<std::uint8_t>(i * 7), static_cast<std::uint8_t>(i * 13 + 5),
                          static_cast<std::uint8_t>(i >> 3)};
            encode_static_node(c.codec, nibbles[i], links[i], bytes.data() + i * size);
        }
        test::RawBuilder b;
        RawStaticTree raw;
        if (c.codec == TreeCodec::kAxis4) {
            std::vector<std::array<std::uint8_t, 4>> nodes(links.size());
            for (std::size_t i = 0; i < nodes.size(); ++i) std::copy_n(bytes.data() + i * 4, 4, nodes[i].begin());
            raw = b.axis4_tree(nodes, cube(0, 1));
        } else if (c.codec == TreeCodec::kAxis5) {
            std::vector<std::array<std::uint8_t, 5>> nodes(links.size());
            for (std::size_t i = 0; i < nodes.size(); ++i) std::copy_n(bytes.data() + i * 5, 5, nodes[i].begin());
            raw = b.axis5_tree(nodes, cube(0, 1));
        } else {
            std::vector<std::array<std::uint32_t, 5>> nodes(links.size());
            for (std::size_t i = 0; i < nodes.size(); ++i) {
                const std::uint8_t* n = bytes.data() + i * 6;
                nodes[i] = {n[0], n[1], n[2], n[3], std::uint32_t{n[4]} | std::uint32_t{n[5]} << 8};  // loData u16 LE
            }
            raw = b.axis6_tree(nodes, cube(0, 1));
        }
        StaticTreeNodes t;
        const Status st = append_static_tree(raw, 0, c.leaves, t);
        ASSERT_TRUE(st.ok()) << st.error().message;
        ASSERT_EQ(t.size(), links.size());
        EXPECT_EQ(links[0].second_child, 2ull * (c.leaves - 1));  // the codec's farthest link
        EXPECT_EQ(payload, c.leaves);
        for (std::size_t i = 0; i < links.size(); ++i) {
            ASSERT_EQ(t.is_leaf[i] != 0, links[i].is_leaf) << i;
            if (links[i].is_leaf) ASSERT_EQ(t.payload[i], links[i].payload) << i;
            else ASSERT_EQ(t.second_child[i], i + links[i].second_child) << i;
            for (int a = 0; a < 3; ++a) ASSERT_EQ(t.xyz[a][i], nibbles[i][a]) << i;
            ASSERT_EQ(t.reached[i], 1u) << i;
        }
    }
}

// first_leaf against its definition (the first reached leaf in storage order naming each payload),
// on a tree the forward pass decodes and on the twice-reaching tree the walk decodes after the
// pass named some leaves; payloads named by no reached leaf stay kNone, named ones are not renamed.
TEST(StaticTreeCodec, FirstLeafIsTheFirstReachedLeafInStorageOrder) {
    test::RawBuilder b;
    const std::vector<std::array<std::uint8_t, 4>> trees[] = {
        // 0: children 1, 2 · 2: children 3, 4 · leaves 1 (p 1), 3 (p 1 again), 4 (p 0); 5 unreached (p 2).
        {{0, 0, 0, 0x03}, {0, 0, 0, 2}, {0, 0, 0, 0x03}, {0, 0, 0, 2}, {0, 0, 0, 0}, {0, 0, 0, 4}},
        // The twice-reaching tree: leaves 2 (p 0), 3 (unreached, p 1), 6 (p 2), 7 (p 3).
        kTwiceReaching,
    };
    for (const auto& nodes : trees) {
        RawStaticTree raw = b.axis4_tree(nodes, cube(0, 100));
        StaticTreeNodes t;
        std::vector<std::uint32_t> first_leaf(5, kNone);
        first_leaf[4] = 77;  // named before: kept
        ASSERT_TRUE(append_static_tree(raw, 0, 5, t, BoxRule::kProductFirst, first_leaf).ok());
        std::vector<std::uint32_t> want(5, kNone);
        want[4] = 77;
        for (std::size_t node = 0; node < t.size(); ++node)
            if (t.is_leaf[node] && t.reached[node] != 0 && want[t.payload[node]] == kNone)
                want[t.payload[node]] = static_cast<std::uint32_t>(node);
        EXPECT_EQ(first_leaf, want);
    }
}

}  // namespace
}  // namespace meshproof::mesh
