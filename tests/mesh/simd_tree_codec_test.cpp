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

}  // namespace
}  // namespace meshproof::mesh
