// Both games' simd lane encodings (containers-and-tagfiles.md §8.6, §0 #8).
#include <gtest/gtest.h>

#include <limits>

#include "engine/mesh/simd_tree_codec.h"
#include "tests/mesh/raw_builder.h"

namespace meshproof::mesh {
namespace {

constexpr float kBig = 3.40282e38f;

test::SimdNodeSpec empty_node(std::uint32_t empty_word, std::uint8_t is_leaf) {
    test::SimdNodeSpec n;
    for (int a = 0; a < 3; ++a)
        for (int l = 0; l < 4; ++l) {
            n.bounds[2 * a][l] = kBig;
            n.bounds[2 * a + 1][l] = -kBig;
        }
    n.data = {empty_word, empty_word, empty_word, empty_word};
    n.is_leaf = is_leaf;
    return n;
}

void set_lane(test::SimdNodeSpec& n, int lane, float lo, float hi, std::uint32_t data) {
    for (int a = 0; a < 3; ++a) {
        n.bounds[2 * a][lane] = lo;
        n.bounds[2 * a + 1][lane] = hi;
    }
    n.data[lane] = data;
}

TEST(SimdTreeCodec, LaneRules) {
    using E = SimdEncoding;
    EXPECT_EQ(decode_simd_lane(E::kParity, false, 0).kind, LaneKind::kEmpty);
    EXPECT_EQ(decode_simd_lane(E::kParity, false, 4).kind, LaneKind::kChild);
    EXPECT_EQ(decode_simd_lane(E::kParity, false, 4).target, 2u);
    EXPECT_EQ(decode_simd_lane(E::kParity, false, 11).kind, LaneKind::kLeaf);
    EXPECT_EQ(decode_simd_lane(E::kParity, false, 11).target, 5u);
    EXPECT_EQ(decode_simd_lane(E::kParity, false, 1).target, 0u);  // key 0
    EXPECT_EQ(decode_simd_lane(E::kIsLeafFlag, true, 0xFFFFFFFFu).kind, LaneKind::kEmpty);
    EXPECT_EQ(decode_simd_lane(E::kIsLeafFlag, true, 0).kind, LaneKind::kLeaf);  // key 0 in a leaf node
    EXPECT_EQ(decode_simd_lane(E::kIsLeafFlag, false, 0).kind, LaneKind::kEmpty);
    EXPECT_EQ(decode_simd_lane(E::kIsLeafFlag, false, 3).kind, LaneKind::kChild);
    EXPECT_EQ(decode_simd_lane(E::kIsLeafFlag, false, 3).target, 3u);
}

// Sekiro: sentinel, root with a child lane (node 2), a leaf lane (key 5) and empty lanes; node 2
// holds keys 0 and 7 — child and leaf lanes mix.
TEST(SimdTreeCodec, SekiroParityTree) {
    test::RawBuilder b;
    std::vector<test::SimdNodeSpec> nodes{empty_node(0, 0), empty_node(0, 0), empty_node(0, 0)};
    set_lane(nodes[1], 0, -1, 1, 2 << 1);
    set_lane(nodes[1], 1, 0, 2, (5 << 1) | 1);
    set_lane(nodes[2], 0, -1, 0, (0 << 1) | 1);
    set_lane(nodes[2], 1, 0, 1, (7 << 1) | 1);
    auto t = decode_simd_tree(b.simd_tree(nodes, SimdEncoding::kParity));
    ASSERT_TRUE(t.ok()) << t.error().message;
    EXPECT_EQ(t->node_count(), 3u);
    EXPECT_EQ(t->lane_kind[4], LaneKind::kChild);
    EXPECT_EQ(t->lane_target[4], 2u);
    EXPECT_EQ(t->lane_kind[5], LaneKind::kLeaf);
    EXPECT_EQ(t->lane_target[5], 5u);
    EXPECT_EQ(t->lane_kind[6], LaneKind::kEmpty);
    EXPECT_TRUE(t->lane_box_inverted[6]);
    EXPECT_FALSE(t->lane_box_inverted[5]);
    EXPECT_EQ(t->lane_target[8], 0u);
    EXPECT_EQ(t->lane_target[9], 7u);
    EXPECT_EQ(t->lane_box[5].min[1], 0.0f);
    EXPECT_EQ(t->lane_box[5].max[2], 2.0f);
}

TEST(SimdTreeCodec, EldenRingFlagTree) {
    test::RawBuilder b;
    std::vector<test::SimdNodeSpec> nodes{empty_node(0, 0), empty_node(0, 0), empty_node(0xFFFFFFFFu, 1)};
    set_lane(nodes[1], 0, -1, 1, 2);
    set_lane(nodes[2], 0, -1, 0, 0);
    set_lane(nodes[2], 1, 0, 1, 6);
    auto t = decode_simd_tree(b.simd_tree(nodes, SimdEncoding::kIsLeafFlag));
    ASSERT_TRUE(t.ok());
    EXPECT_EQ(t->node_is_leaf[2], 1u);
    EXPECT_EQ(t->lane_kind[4], LaneKind::kChild);
    EXPECT_EQ(t->lane_kind[8], LaneKind::kLeaf);
    EXPECT_EQ(t->lane_target[8], 0u);
    EXPECT_EQ(t->lane_target[9], 6u);
    EXPECT_EQ(t->lane_kind[10], LaneKind::kEmpty);
    EXPECT_EQ(t->lane_data[10], 0xFFFFFFFFu);
}

TEST(SimdTreeCodec, ChildPastTheTreeIsAnError) {
    test::RawBuilder b;
    std::vector<test::SimdNodeSpec> nodes{empty_node(0, 0), empty_node(0, 0)};
    set_lane(nodes[1], 2, 0, 1, 9 << 1);
    auto raw = b.simd_tree(nodes, SimdEncoding::kParity);
    raw.offset = 1000;
    auto t = decode_simd_tree(raw);
    ASSERT_FALSE(t.ok());
    EXPECT_EQ(t.error().code, ErrorCode::kOutOfBounds);
    EXPECT_EQ(t.error().offset, 1000u + 112u);  // node 1
}

// ---- the encoder: nodes made by empty_simd_node, set_simd_lane and encode_simd_lane ------------

test::SimdNodeSpec spec_of(const SimdNode& n) {
    test::SimdNodeSpec s;
    s.bounds = {n.lx, n.hx, n.ly, n.hy, n.lz, n.hz};
    s.data = n.data;
    s.is_leaf = n.is_leaf;
    return s;
}

// Both games' encodings: a root of two child lanes and two empty ones over two leaf nodes, one
// full and one with key 0 (a lane word of 0 under Elden Ring's flag), a large key and empty
// lanes; every lane decodes to the kind, target and box it was written with.
TEST(SimdTreeCodec, EncodedLanesDecodeToTheirFields) {
    for (const SimdEncoding encoding : {SimdEncoding::kParity, SimdEncoding::kIsLeafFlag}) {
        struct Lane {
            LaneKind kind;
            std::uint32_t target;
        };
        const std::vector<std::vector<Lane>> lanes{
            {},
            {{LaneKind::kChild, 2}, {LaneKind::kChild, 3}},
            {{LaneKind::kLeaf, 4}, {LaneKind::kLeaf, 5}, {LaneKind::kLeaf, 6}, {LaneKind::kLeaf, 7}},
            {{LaneKind::kLeaf, 0}, {LaneKind::kLeaf, 0x7FFFFFF0u}}};
        std::vector<SimdNode> nodes;
        for (std::size_t i = 0; i < lanes.size(); ++i) {
            const bool leaf_node = !lanes[i].empty() && lanes[i][0].kind == LaneKind::kLeaf;
            SimdNode n = empty_simd_node(encoding, leaf_node);
            for (std::size_t l = 0; l < lanes[i].size(); ++l) {
                const float f = static_cast<float>(i * 4 + l);
                const Box box{{f, f + 0.5f, -f}, {f + 1, f + 2, 3 - f}};
                set_simd_lane(n, l, box, encode_simd_lane(encoding, leaf_node, lanes[i][l].kind, lanes[i][l].target));
            }
            nodes.push_back(n);
        }
        std::vector<test::SimdNodeSpec> specs;
        for (const SimdNode& n : nodes) specs.push_back(spec_of(n));
        test::RawBuilder b;
        const auto t = decode_simd_tree(b.simd_tree(specs, encoding));
        ASSERT_TRUE(t.ok()) << t.error().message;
        for (std::size_t i = 0; i < lanes.size(); ++i) {
            const bool leaf_node = !lanes[i].empty() && lanes[i][0].kind == LaneKind::kLeaf;
            EXPECT_EQ(t->node_is_leaf[i], encoding == SimdEncoding::kIsLeafFlag && leaf_node ? 1u : 0u) << i;
            for (std::size_t l = 0; l < 4; ++l) {
                const std::size_t at = i * 4 + l;
                if (l >= lanes[i].size()) {
                    EXPECT_EQ(t->lane_kind[at], LaneKind::kEmpty) << at;
                    EXPECT_TRUE(t->lane_box_inverted[at]) << at;
                    continue;
                }
                EXPECT_EQ(t->lane_kind[at], lanes[i][l].kind) << at;
                EXPECT_EQ(t->lane_target[at], lanes[i][l].target) << at;
                const float f = static_cast<float>(i * 4 + l);
                EXPECT_EQ(t->lane_box[at].min[1], f + 0.5f) << at;
                EXPECT_EQ(t->lane_box[at].max[2], 3 - f) << at;
            }
        }
    }
}

}  // namespace
}  // namespace meshproof::mesh
