// Pass "page": the real Elden Ring sample (page 0 everywhere) and hand-set pages.
#include <gtest/gtest.h>

#include "tests/verifiers/mesh_edits.h"
#include "tests/verifiers/verifier_fixtures.h"

namespace meshproof::test {
namespace {

class PagePass : public ErSampleTest {
protected:
    // Section 0 made page 1 (its slots now name page × 65536 + entry) and a page-0 copy 1000 m off
    // in x standing for what sharedVertices[entry] holds: the page-ignored positions.
    void make_paged() {
        append_section_copy(mesh(), 0, 1000.0f);
        mesh().sections.page[0] = 1;
        for (std::uint32_t v = 0; v < 13; ++v) mesh().vertices.source[v] += 65536;
    }
};

TEST_F(PagePass, EveryRuleHoldsOnTheSample) {
    const Tally t = run_pass("page", sample_->member, sample_->tagfile.get());
    EXPECT_EQ(t.count("sections", kScope), 1u);
    EXPECT_EQ(t.count("sections_paged", kScope), 0u);
    EXPECT_EQ(t.count("tagfiles_paged", kScope), 0u);
    EXPECT_EQ(t.count("primitives_shared", kScope), 12u);  // every vertex of the sample is shared
    EXPECT_EQ(t.count("paged_primitives_shared", kScope), 0u);
    EXPECT_EQ(t.count("triangles", kScope), 15u);
    EXPECT_EQ(t.count("triangles_outside_domain", kScope), 0u);
    EXPECT_EQ(violations("page", t), 0u);
}

TEST_F(PagePass, PagedSectionInsideWithThePageOutsideWithout) {
    make_paged();
    const Tally t = run_pass("page", sample_->member, nullptr, "l");
    EXPECT_EQ(t.count("sections_paged", kScope), 1u);
    EXPECT_EQ(t.count("sections_page_1", kScope), 1u);
    EXPECT_EQ(t.count("tagfiles_paged", kScope), 1u);
    EXPECT_EQ(t.count("paged_primitives_shared", kScope), 12u);
    EXPECT_EQ(t.count("paged_primitives_outside_page_applied", kScope), 0u);
    EXPECT_EQ(t.count("paged_primitives_outside_page_ignored", kScope), 12u);
    EXPECT_EQ(t.count("paged_primitives_page_ignored_unresolved", kScope), 0u);
    EXPECT_EQ(t.count("paged_triangles", kScope), 15u);
    EXPECT_EQ(t.count("paged_triangles_strictly_inside", kScope), 15u);
    EXPECT_EQ(violations("page", t), 0u);
}

TEST_F(PagePass, EachPageHasItsCounter) {
    make_paged();
    for (const std::uint8_t page : {2, 4, 5, 255}) {
        mesh().sections.page[0] = page;
        const Tally t = run_pass("page", sample_->member, nullptr, "l");
        EXPECT_EQ(t.count("sections_paged", kScope), 1u) << int(page);
        for (const int named : {1, 2, 3, 4})
            EXPECT_EQ(t.count("sections_page_" + std::to_string(named), kScope), named == page ? 1u : 0u) << int(page);
        EXPECT_EQ(t.count("sections_page_above_4", kScope), page > 4 ? 1u : 0u) << int(page);
    }
}

TEST_F(PagePass, PageAboveZeroInAnHFileIsAViolation) {
    make_paged();
    const Tally t = run_pass("page", sample_->member, nullptr, "h");
    EXPECT_EQ(t.count("paged_sections_in_h_object_asset", kScope), 1u);
    EXPECT_EQ(violations("page", t), 1u);
    ASSERT_EQ(t.samples().at("paged_sections_in_h_object_asset").size(), 1u);
    EXPECT_EQ(t.samples().at("paged_sections_in_h_object_asset")[0].location, "sample/h.hkx / body 0 / section 0");
}

TEST_F(PagePass, PageZeroWhereItMustBeOneLeavesTrianglesOutside) {
    // A decoder that ignored page 1 would read sharedVertices[entry]: the copy 1000 m off.
    make_paged();
    mesh::DecodedMesh& m = mesh();
    m.sections.page[0] = 0;
    for (std::uint32_t v = 0; v < 13; ++v) m.vertices.x[v] = m.vertices.x[13 + v];
    const Tally t = run_pass("page", sample_->member, nullptr, "l");
    EXPECT_EQ(t.count("triangles_outside_domain", kScope), 15u);
    EXPECT_EQ(violations("page", t), 15u);
    EXPECT_EQ(t.samples().at("triangles_outside_domain").size(), 15u);
    const Tally leaf = run_pass("leafbox", sample_->member, nullptr, "l");
    EXPECT_EQ(leaf.count("prims_outside", kScope), 12u);
}

TEST_F(PagePass, PagedPrimitiveOutsideItsLeafWithThePageApplied) {
    make_paged();
    mesh().vertices.y[4] += 10.0f;  // a paged vertex moved off its leaf boxes (and off the domain)
    const Tally t = run_pass("page", sample_->member, nullptr, "l");
    const std::uint64_t expected = primitives_using(mesh(), {4});
    ASSERT_GT(expected, 0u);
    EXPECT_EQ(t.count("paged_primitives_outside_page_applied", kScope), expected);
    EXPECT_GT(t.count("paged_triangles_not_strictly_inside", kScope), 0u);
}

}  // namespace
}  // namespace meshproof::test
