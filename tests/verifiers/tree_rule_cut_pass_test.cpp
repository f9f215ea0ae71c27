// Pass "tree_rule", the whole rule over a mesh (verifiers/tree_rule_leaves.h, engine/builder/
// cut_comparison.h), on decoded meshes built by hand whose stored trees ARE the rule's output:
// 200 separate triangles, each its own source row in generation order (so the rule's leaf order is
// the generation order), cut into sections in queue order, each section's primitives numbered by
// the quicksort ranks and its tree stored in pre-order, the mesh tree above them. Every section is
// then found, in exact order, every shared node of the same shape; with two sections stored in
// the other order the mesh is no longer exact and nothing else changes. And the split costs on
// the Elden Ring sample.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "engine/rules/stock_tree.h"
#include "tests/verifiers/verifier_fixtures.h"

namespace meshproof {
namespace {

using test::ErSampleTest;
using test::run_pass;

std::uint64_t c(const Tally& t, std::string_view name) { return t.total(name); }

constexpr float kRadius = 0.05f;
constexpr int kTriangles = 200;

struct Built {
    mesh::DecodedMember member;
    std::uint32_t sections = 0;
};

// `swap_sections`: the stock numbers of the cut's sections 0 and 1 exchanged (their primitives,
// trees and mesh-tree leaves follow their numbers).
Built rule_built_member(bool swap_sections) {
    // Triangles of side about 1 scattered over 60 m by a fixed LCG: generation order = row order.
    std::vector<std::array<float, 9>> tri;
    std::uint32_t state = 2024;
    auto next = [&] {
        state = state * 1664525u + 1013904223u;
        return static_cast<float>(state >> 8) * 0x1p-24f;
    };
    for (int i = 0; i < kTriangles; ++i) {
        const float x = next() * 60, y = next() * 60, z = next() * 60;
        tri.push_back({x, y, z, x + 1 + next(), y, z, x, y + 0.5f + next(), z + next()});
    }
    // The rule on the leaves in row order, as the pass builds them (box grown by the radius).
    std::vector<mesh::Box> boxes;
    std::vector<std::uint32_t> vertex_first, vertex_ids;
    for (int i = 0; i < kTriangles; ++i) {
        boxes.push_back(rules::leaf_box(tri[i], kRadius));
        vertex_first.push_back(3u * i);
        for (std::uint32_t k = 0; k < 3; ++k) vertex_ids.push_back(3u * i + k);
    }
    vertex_first.push_back(3u * kTriangles);
    const rules::BinaryTree t = rules::build_stock_tree(boxes);
    const rules::Cut cut = rules::cut_sections(t, vertex_first, vertex_ids);

    std::vector<std::uint32_t> stock_of(cut.sections.size());  // cut section -> stock number
    std::iota(stock_of.begin(), stock_of.end(), 0u);
    if (swap_sections) std::swap(stock_of[0], stock_of[1]);
    std::vector<std::uint32_t> cut_at(cut.sections.size());
    for (std::uint32_t k = 0; k < cut_at.size(); ++k) cut_at[stock_of[k]] = cut.sections[k];

    Built b;
    b.sections = static_cast<std::uint32_t>(cut.sections.size());
    b.member.meshes.emplace_back();
    mesh::DecodedMesh& m = b.member.meshes.back();
    m.convex_radius = kRadius;
    mesh::DecodedSections& S = m.sections;
    mesh::DecodedPrimitives& P = m.primitives;
    mesh::DecodedTriangles& T = m.triangles;
    mesh::DecodedVertices& V = m.vertices;
    mesh::StaticTreeNodes& st = m.section_trees;
    std::vector<std::uint32_t> row_triangle(kTriangles, mesh::kNone);
    for (std::uint32_t s = 0; s < b.sections; ++s) {
        const std::uint32_t root = cut_at[s];
        const std::vector<std::uint32_t> order = rules::section_primitive_order(t, root);  // generation ids
        std::vector<std::uint32_t> index_of(kTriangles, mesh::kNone);
        S.page.push_back(0);
        S.primitive_base.push_back(static_cast<std::uint32_t>(P.size()));
        S.num_primitives.push_back(static_cast<std::uint32_t>(order.size()));
        S.first_slot.push_back(static_cast<std::uint32_t>(V.size()));
        S.codec_parms.push_back({0, 0, 0, 0.001f, 0.001f, 0.001f});
        for (std::uint32_t i = 0; i < order.size(); ++i) {
            const std::uint32_t g = order[i], p = static_cast<std::uint32_t>(P.size());
            index_of[g] = i;
            for (int k = 0; k < 3; ++k) {
                P.indices[k].push_back(static_cast<std::uint8_t>(3 * i + k));
                V.x.push_back(tri[g][3 * k]), V.y.push_back(tri[g][3 * k + 1]), V.z.push_back(tri[g][3 * k + 2]);
                T.vertex[k].push_back(S.first_slot[s] + 3 * i + k);
            }
            P.indices[3].push_back(0);
            P.kind.push_back(mesh::PrimitiveKind::kTriangle);
            P.section.push_back(s);
            P.index_in_section.push_back(static_cast<std::uint8_t>(i));
            P.key.push_back(s << 8 | i << 1);
            P.first_triangle.push_back(static_cast<std::uint32_t>(T.size()));
            row_triangle[g] = static_cast<std::uint32_t>(T.size());
            T.key.push_back(s << 8 | i << 1);
            T.primitive.push_back(p);
            T.half.push_back(0);
            T.source_row.push_back(g);
        }
        // The section's tree in pre-order.
        st.first_node.push_back(static_cast<std::uint32_t>(st.size()));
        auto emit = [&](auto&& self, std::uint32_t n, std::uint32_t parent) -> void {
            const auto at = static_cast<std::uint32_t>(st.size());
            st.tree.push_back(s);
            st.parent.push_back(parent);
            st.is_leaf.push_back(t.is_leaf(n));
            st.payload.push_back(t.is_leaf(n) ? index_of[t.leaf[n]] : mesh::kNone);
            st.second_child.push_back(mesh::kNone);
            if (t.is_leaf(n)) return;
            self(self, t.first[n], at);
            st.second_child[at] = static_cast<std::uint32_t>(st.size());
            self(self, t.second[n], at);
        };
        emit(emit, root, mesh::kNone);
        st.node_count.push_back(static_cast<std::uint32_t>(st.size()) - st.first_node.back());
    }
    // The mesh tree above the sections.
    mesh::StaticTreeNodes& mt = m.mesh_tree;
    mt.first_node.push_back(0);
    auto emit_mesh = [&](auto&& self, std::uint32_t n, std::uint32_t parent) -> void {
        const auto at = static_cast<std::uint32_t>(mt.size());
        const auto it = std::find(cut.sections.begin(), cut.sections.end(), n);
        const bool leaf = it != cut.sections.end();
        mt.tree.push_back(0);
        mt.parent.push_back(parent);
        mt.is_leaf.push_back(leaf);
        mt.payload.push_back(leaf ? stock_of[static_cast<std::size_t>(it - cut.sections.begin())] : mesh::kNone);
        mt.second_child.push_back(mesh::kNone);
        if (leaf) return;
        self(self, t.first[n], at);
        mt.second_child[at] = static_cast<std::uint32_t>(mt.size());
        self(self, t.second[n], at);
    };
    emit_mesh(emit_mesh, t.root, mesh::kNone);
    mt.node_count.push_back(static_cast<std::uint32_t>(mt.size()));
    // One source row per triangle, in generation order.
    m.has_triangle_index_to_shape_key = true;
    for (int r = 0; r < kTriangles; ++r) {
        m.row_key.push_back(T.key[row_triangle[r]]);
        m.row_triangle.push_back(row_triangle[r]);
        m.row_primitive_data_index.push_back(0);
    }
    return b;
}

std::uint64_t sum_bands(const Tally& t, const char* prefix) {
    std::uint64_t n = 0;
    for (const char* b : {"2", "3_4", "5_8", "9_16", "17_32", "33_64", "65up"}) n += c(t, std::string(prefix) + b);
    return n;
}

TEST(TreeRuleCutPass, StoredTreesThatAreTheRulesOutputAreFoundExactly) {
    const Built b = rule_built_member(false);
    ASSERT_GE(b.sections, 3u);  // 200 leaves of 3 vertices: at most 85 a section
    const Tally t = run_pass("tree_rule", b.member, nullptr, "object");
    EXPECT_EQ(c(t, "sections_checked"), b.sections);
    EXPECT_EQ(c(t, "sections_bad_tree"), 0u);
    EXPECT_EQ(c(t, "multi_section_meshes"), 1u);
    EXPECT_EQ(c(t, "cut_meshes_left_out"), 0u);
    EXPECT_EQ(c(t, "cut_meshes_without_rows"), 0u);
    EXPECT_EQ(c(t, "cut_exact_meshes"), 1u);
    EXPECT_EQ(c(t, "cut_exact_mesh_tree"), 1u);
    EXPECT_EQ(c(t, "cut_stock_sections"), b.sections);
    EXPECT_EQ(c(t, "sections_found"), b.sections);
    for (const char* band : {"2", "3_4", "5_8", "9_16", "17_32", "33_64", "65up"}) {
        EXPECT_EQ(c(t, std::string("band_shared_") + band), c(t, std::string("band_nodes_") + band)) << band;
        EXPECT_EQ(c(t, std::string("same_shape_") + band), c(t, std::string("band_nodes_") + band)) << band;
    }
    EXPECT_EQ(sum_bands(t, "band_nodes_"), kTriangles - b.sections);  // n − 1 inner nodes a section
    EXPECT_GT(c(t, "shared_two_leaf_differ"), 0u);
    EXPECT_EQ(c(t, "larger_child_first"), c(t, "shared_two_leaf_differ"));
    EXPECT_EQ(c(t, "equal_surface_order"), c(t, "shared_two_leaf_equal"));
    EXPECT_EQ(c(t, "section_trees_in_cut_tree"), b.sections);
    EXPECT_EQ(c(t, "section_trees_same_shape"), b.sections);
    // The object set runs the rule again on jittered vertices (by at most 0.5 mm here).
    EXPECT_EQ(c(t, "jitter_meshes"), 1u);
    EXPECT_EQ(c(t, "jitter_stock_sections"), b.sections);
    EXPECT_LE(c(t, "jitter_sections_found"), b.sections);
    // The split costs: every section's three surfaces summed.
    EXPECT_EQ(c(t, "split_cost_sections"), b.sections);
    EXPECT_GT(c(t, "stock_inner_surface_um2"), 0u);
    EXPECT_GT(c(t, "median_split_surface_um2"), 0u);
    EXPECT_GT(c(t, "sah16_surface_um2"), 0u);
    // Deterministic: the same member gives the same tally (the jitter's seed is the member's).
    const Tally again = run_pass("tree_rule", b.member, nullptr, "object");
    EXPECT_EQ(c(again, "jitter_sections_found"), c(t, "jitter_sections_found"));
    EXPECT_EQ(c(again, "jitter_exact_meshes"), c(t, "jitter_exact_meshes"));
    // Another set: no jitter.
    const Tally h = run_pass("tree_rule", b.member, nullptr, "h");
    EXPECT_EQ(c(h, "jitter_meshes"), 0u);
    EXPECT_EQ(c(h, "cut_exact_meshes"), 1u);
}

TEST(TreeRuleCutPass, TwoSectionsStoredInTheOtherOrder) {
    const Built base = rule_built_member(false);
    const Built b = rule_built_member(true);
    const Tally a = run_pass("tree_rule", base.member, nullptr, "h");
    const Tally t = run_pass("tree_rule", b.member, nullptr, "h");
    // The same sections, found, but not in stock order: the mesh is not exact (so its mesh tree
    // is not asked), and every node count stays.
    EXPECT_EQ(c(t, "cut_exact_meshes"), 0u);
    EXPECT_EQ(c(t, "cut_exact_mesh_tree"), 0u);
    EXPECT_EQ(c(t, "sections_found"), c(a, "sections_found"));
    EXPECT_EQ(sum_bands(t, "same_shape_"), sum_bands(a, "same_shape_"));
    EXPECT_EQ(c(t, "larger_child_first"), c(a, "larger_child_first"));
    EXPECT_EQ(c(t, "section_trees_same_shape"), c(a, "section_trees_same_shape"));
}

TEST(TreeRuleCutPass, WithoutRowsTheLeavesAreInStorageOrder) {
    Built b = rule_built_member(false);
    mesh::DecodedMesh& m = b.member.meshes[0];
    m.has_triangle_index_to_shape_key = false;
    m.row_key.clear(), m.row_triangle.clear(), m.row_primitive_data_index.clear();
    const Tally t = run_pass("tree_rule", b.member, nullptr, "h");
    EXPECT_EQ(c(t, "multi_section_meshes"), 1u);
    EXPECT_EQ(c(t, "cut_meshes_without_rows"), 1u);
    EXPECT_EQ(c(t, "cut_stock_sections"), b.sections);
}

// The split costs on the Elden Ring sample (one 12-leaf section in each of h and l; the pass is
// run on one): measured, and pinned; the stock tree lies between the two rules here as in the
// document (median above, SAH-16 below).
TEST_F(ErSampleTest, TreeRuleSplitCostsOnTheSample) {
    const Tally t = run_pass("tree_rule", sample_->member);
    EXPECT_EQ(c(t, "split_cost_sections"), 1u);
    EXPECT_EQ(c(t, "stock_inner_surface_um2"), 298711911087u);
    EXPECT_EQ(c(t, "median_split_surface_um2"), 353291784393u);
    EXPECT_EQ(c(t, "sah16_surface_um2"), 266059650558u);
    EXPECT_EQ(c(t, "multi_section_meshes"), 0u);  // one section: the cut's figures see nothing
}

}  // namespace
}  // namespace meshproof
