// The simple orders against a section's numbering (verifiers/simple_orders.h) on a hand-built
// section of four triangles, each order made to hold while the others do not.
#include <gtest/gtest.h>

#include <vector>

#include "verifiers/simple_orders.h"

namespace meshproof::verifiers {
namespace {

std::uint32_t bit(SimpleOrder o) { return 1u << static_cast<int>(o); }

// One section of four triangles, primitive p on its own three vertex slots 3 × (3 − p) + c (so the
// smallest corner index falls with p), vertex s at (s, s, s) (so every box coordinate falls with p).
// The tree: root 0 → leaf 1, inner 2 → (inner 3 → leaf 4, leaf 5), leaf 6; leaves in pre-order
// 1 4 5 6, breadth-first 1 6 4 5.
struct Section {
    mesh::DecodedMesh m;
    std::vector<std::uint32_t> first_row;

    explicit Section(const std::array<std::uint32_t, 4>& payloads_preorder) {
        mesh::StaticTreeNodes& st = m.section_trees;
        st.first_node = {0};
        st.node_count = {7};
        st.parent = {mesh::kNone, 0, 0, 2, 3, 3, 2};
        st.is_leaf = {0, 1, 0, 0, 1, 1, 1};
        st.payload.assign(7, mesh::kNone);
        const std::uint32_t leaves[4] = {1, 4, 5, 6};
        for (int k = 0; k < 4; ++k) st.payload[leaves[k]] = payloads_preorder[k];
        st.tree.assign(7, 0);
        mesh::DecodedSections& s = m.sections;
        s.page = {0};
        s.num_primitives = {4};
        s.primitive_base = {0};
        s.first_slot = {0};
        mesh::DecodedPrimitives& pr = m.primitives;
        for (std::uint8_t p = 0; p < 4; ++p) {
            pr.kind.push_back(mesh::PrimitiveKind::kTriangle);
            pr.section.push_back(0);
            for (int c = 0; c < 4; ++c)
                pr.indices[c].push_back(static_cast<std::uint8_t>(3 * (3 - p) + (c < 3 ? c : 2)));
        }
        for (int v = 0; v < 12; ++v) {
            m.vertices.x.push_back(static_cast<float>(v));
            m.vertices.y.push_back(static_cast<float>(v));
            m.vertices.z.push_back(static_cast<float>(v));
        }
        first_row = {40, 30, 20, 10};
    }
    std::uint32_t matching() const {
        SimpleOrderScratch scratch;
        return simple_orders_matching(m, 0, first_row, scratch);
    }
};

TEST(SimpleOrders, BreadthFirstAloneMatches) {
    // breadth-first leaves 1 6 4 5 carry 0 1 2 3
    const Section s({0, 2, 3, 1});
    EXPECT_EQ(s.matching(), bit(SimpleOrder::kBreadthFirst));
}

TEST(SimpleOrders, PreorderMatchesAndQuadsFirstTiesInPreorder) {
    Section s({0, 1, 2, 3});
    // all triangles: quads before triangles leaves them in pre-order, which is the numbering
    EXPECT_EQ(s.matching(), bit(SimpleOrder::kPreorder) | bit(SimpleOrder::kQuadsFirst));
    s.m.primitives.kind[2] = mesh::PrimitiveKind::kQuad;  // a quad numbered after two triangles
    EXPECT_EQ(s.matching(), bit(SimpleOrder::kPreorder));
    s.m.primitives.kind[2] = mesh::PrimitiveKind::kTriangle;
    s.m.primitives.kind[0] = mesh::PrimitiveKind::kQuad;  // the quad first: still the numbering
    EXPECT_EQ(s.matching(), bit(SimpleOrder::kPreorder) | bit(SimpleOrder::kQuadsFirst));
}

TEST(SimpleOrders, ReversedPreorderMatches) {
    const Section s({3, 2, 1, 0});
    EXPECT_EQ(s.matching(), bit(SimpleOrder::kReversePreorder));
}

// Payloads no traversal gives: pre-order 2 0 3 1, reversed 1 3 0 2, breadth-first 2 1 0 3.
constexpr std::array<std::uint32_t, 4> kNoTraversal = {2, 0, 3, 1};

TEST(SimpleOrders, NoOrderOnAnotherNumbering) { EXPECT_EQ(Section(kNoTraversal).matching(), 0u); }

TEST(SimpleOrders, OneBoxCoordinateMatches) {
    Section s(kNoTraversal);
    for (int v = 0; v < 12; ++v) s.m.vertices.y[v] = static_cast<float>(-v);  // y rises with p
    EXPECT_EQ(s.matching(), bit(SimpleOrder::kBoxMinY) | bit(SimpleOrder::kBoxMaxY));
    s.m.vertices.y[9] = 100;  // primitive 0's max y now above every other: only the min y rises
    EXPECT_EQ(s.matching(), bit(SimpleOrder::kBoxMinY));
}

TEST(SimpleOrders, FirstSourceRowMatchesUnlessOneIsMissing) {
    Section s(kNoTraversal);
    s.first_row = {3, 7, 8, 20};
    EXPECT_EQ(s.matching(), bit(SimpleOrder::kFirstRow));
    s.first_row[2] = mesh::kNone;
    EXPECT_EQ(s.matching(), 0u);
}

TEST(SimpleOrders, SmallestCornerIndexMatches) {
    Section s(kNoTraversal);
    for (std::uint8_t p = 0; p < 4; ++p)
        for (int c = 0; c < 4; ++c) s.m.primitives.indices[c][p] = static_cast<std::uint8_t>(3 * p + (c < 3 ? c : 2));
    // the corners' positions still fall with p (vertex s at −s)
    for (int v = 0; v < 12; ++v) s.m.vertices.x[v] = s.m.vertices.y[v] = s.m.vertices.z[v] = static_cast<float>(-v);
    EXPECT_EQ(s.matching(), bit(SimpleOrder::kSmallestCorner));
}

// The orders are decided primitive by primitive and the walk stops once none stands: an order
// that holds to the third primitive and breaks at the last does not match, one that holds to the
// end does, whatever the others did on the way.
TEST(SimpleOrders, AnOrderBrokenAtTheLastPrimitiveDoesNotMatch) {
    Section s({0, 1, 2, 3});
    s.first_row = {10, 20, 30, 25};
    EXPECT_EQ(s.matching(), bit(SimpleOrder::kPreorder) | bit(SimpleOrder::kQuadsFirst));
    s.first_row = {10, 20, 30, 40};
    EXPECT_EQ(s.matching(), bit(SimpleOrder::kPreorder) | bit(SimpleOrder::kQuadsFirst) | bit(SimpleOrder::kFirstRow));
    s.first_row = {10, 20, 30, mesh::kNone};  // missing at the last primitive only
    EXPECT_EQ(s.matching(), bit(SimpleOrder::kPreorder) | bit(SimpleOrder::kQuadsFirst));
}

TEST(SimpleOrders, NoOrderWithoutAPermutationOfPayloadsOrWithADeadPrimitive) {
    Section s({0, 1, 1, 3});  // payload 1 twice
    EXPECT_EQ(s.matching(), 0u);
    Section d({0, 1, 2, 3});
    d.m.primitives.kind[1] = mesh::PrimitiveKind::kDead;  // no box, no corner: the traversals still count
    EXPECT_EQ(d.matching(), bit(SimpleOrder::kPreorder));
}

}  // namespace
}  // namespace meshproof::verifiers
