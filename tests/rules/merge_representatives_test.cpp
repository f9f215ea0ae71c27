// The document's vertex merge (engine/rules/merge_representatives.h): the vertex array in order of
// source index, its unstable sort by x, the lowest in that order as representative, and merge
// distances that take every later vertex within reach of a representative (no chains).
#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "engine/mesh/decoded_member.h"
#include "engine/rules/havok_quicksort.h"
#include "engine/rules/merge_representatives.h"

namespace meshproof::rules {
namespace {

// Positions P0 (1, 0, 0), P1 (0, 0, 0), P2 (0.0005, 0, 0), P3 (0.3, 0, 0); corners (index, position).
struct Fixture {
    std::vector<float> x = {1.0f, 0.0f, 0.0005f, 0.3f}, y = {0, 0, 0, 0}, z = {0, 0, 0, 0};
    std::vector<std::uint32_t> index = {4, 2, 9, 1, 6, 2}, position = {0, 1, 2, 3, 1, 1};
    VertexMergeWorkspace ws;
    // The vertex array is (1, P3) (2, P1) (4, P0) (6, P1) (9, P2): places 0 .. 4. Places 1 and 3
    // share x = 0; which comes first is the procedure's (the definition, written as is).
    std::uint32_t first_at_zero() const {
        std::vector<float> xs = {0.3f, 0.0f, 1.0f, 0.0f, 0.0005f};
        std::vector<std::uint32_t> order = {0, 1, 2, 3, 4};
        havok_quicksort_reference(std::span<std::uint32_t>(order),
                                  [&](std::uint32_t a, std::uint32_t b) { return xs[a] < xs[b]; });
        return order[0];
    }
};

TEST(MergeRepresentatives, EqualPositionsTakeTheLowestInTheSortByX) {
    Fixture f;
    sort_merge_vertices(f.index, f.position, f.x, f.ws);
    ASSERT_EQ(f.ws.vertex_key.size(), 5u);
    name_by_representative(0.0, f.x, f.y, f.z, f.ws);
    const std::uint32_t p1 = f.first_at_zero();
    ASSERT_TRUE(p1 == 1 || p1 == 3);
    EXPECT_EQ(f.ws.position_name, (std::vector<std::uint32_t>{2, p1, 4, 0}));
}

TEST(MergeRepresentatives, ADistanceMergesWithinReachOfARepresentativeOnly) {
    Fixture f;
    sort_merge_vertices(f.index, f.position, f.x, f.ws);
    const std::uint32_t p1 = f.first_at_zero();
    name_by_representative(0.001, f.x, f.y, f.z, f.ws);  // P2 is 0.5 mm from P1
    EXPECT_EQ(f.ws.position_name, (std::vector<std::uint32_t>{2, p1, p1, 0}));
    name_by_representative(0.0004, f.x, f.y, f.z, f.ws);  // not 0.5 mm
    EXPECT_EQ(f.ws.position_name, (std::vector<std::uint32_t>{2, p1, 4, 0}));
    name_by_representative(0.5, f.x, f.y, f.z, f.ws);  // P3 joins P1; P0 is 0.7 m from P3 but P3 is no representative
    EXPECT_EQ(f.ws.position_name, (std::vector<std::uint32_t>{2, p1, p1, p1}));
    name_by_representative(0.8, f.x, f.y, f.z, f.ws);  // P0 is 1 m from P1: still its own
    EXPECT_EQ(f.ws.position_name, (std::vector<std::uint32_t>{2, p1, p1, p1}));
    name_by_representative(1.0, f.x, f.y, f.z, f.ws);
    EXPECT_EQ(f.ws.position_name, (std::vector<std::uint32_t>{p1, p1, p1, p1}));
}

TEST(MergeRepresentatives, TheDistanceIsEuclideanNotPerAxis) {
    Fixture f;
    f.y[2] = 0.0009f;  // P2 now (0.0005, 0.0009, 0): within 1 mm on each axis, 1.03 mm away
    sort_merge_vertices(f.index, f.position, f.x, f.ws);
    name_by_representative(0.001, f.x, f.y, f.z, f.ws);
    EXPECT_EQ(f.ws.position_name[2], 4u);
}

TEST(MergeRepresentatives, OneIndexAtTwoPositionsIsTwoVertices) {
    // Index 0 names P0 and P1 (indices local to parts); index 5 names P1 as well.
    std::vector<float> x = {2.0f, 1.0f}, y = {0, 0}, z = {0, 0};
    std::vector<std::uint32_t> index = {0, 0, 5}, position = {0, 1, 1};
    VertexMergeWorkspace ws;
    sort_merge_vertices(index, position, x, ws);
    ASSERT_EQ(ws.vertex_key.size(), 3u);  // (0, P0) (0, P1) (5, P1)
    name_by_representative(0.0, x, y, z, ws);
    EXPECT_EQ(ws.position_name[0], 0u);
    EXPECT_TRUE(ws.position_name[1] == 1u || ws.position_name[1] == 2u);
}

TEST(MergeRepresentatives, PositionsOutOfRangeAreLeftOut) {
    std::vector<float> x = {0.0f}, y = {0}, z = {0};
    std::vector<std::uint32_t> index = {3, 4}, position = {0, 7};
    VertexMergeWorkspace ws;
    sort_merge_vertices(index, position, x, ws);
    EXPECT_EQ(ws.vertex_key.size(), 1u);
    name_by_representative(0.0, x, y, z, ws);
    EXPECT_EQ(ws.position_name, (std::vector<std::uint32_t>{0}));
}

}  // namespace
}  // namespace meshproof::rules
