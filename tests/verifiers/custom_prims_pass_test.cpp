// Pass "custom_prims": the sample has none; a sample primitive re-marked as a point set checks
// the record rules and the h/l rule.
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "tests/mesh/point_set_points.h"
#include "tests/verifiers/verifier_fixtures.h"
#include "verifiers/half_float.h"

namespace meshproof::test {
namespace {

class CustomPrims : public ErSampleTest {
protected:
    // Primitive 4 re-marked as a point set [k, n, 3, n] with n its own leaf (Elden Ring's form).
    void make_point_set() {
        mesh::DecodedPrimitives& p = mesh().primitives;
        const std::uint8_t n = static_cast<std::uint8_t>(p.leaf_node[4] - mesh().section_trees.first_node[0]);
        p.kind[4] = mesh::PrimitiveKind::kPointSet;
        p.indices[1][4] = n;
        p.indices[2][4] = 3;
        p.indices[3][4] = n;
    }

    // Primitive `prim` re-marked as a decoded point-set record of `count` points with third word
    // `tag`, its first word at `word` in sharedVerticesIndex (Elden Ring's form, n its own leaf).
    void add_point_set(std::uint32_t prim, std::uint16_t count, std::uint16_t tag, std::uint32_t word) {
        mesh::DecodedMesh& m = mesh();
        mesh::DecodedPrimitives& p = m.primitives;
        mesh::DecodedPointSets& ps = m.point_sets;
        const auto n = static_cast<std::uint8_t>(p.leaf_node[prim] - m.section_trees.first_node[p.section[prim]]);
        p.kind[prim] = mesh::PrimitiveKind::kPointSet;
        p.indices[1][prim] = n;
        p.indices[2][prim] = 3;
        p.indices[3][prim] = n;
        p.custom_record[prim] = static_cast<std::uint32_t>(ps.primitive.size());
        ps.primitive.push_back(prim);
        ps.header.push_back(static_cast<std::uint16_t>(count << 8 | 0x52));
        ps.slot.push_back(0);
        ps.tag.push_back(tag);
        ps.record_word.push_back(word);
        ps.leaf_node.push_back(p.leaf_node[prim]);
        ps.first_point.push_back(static_cast<std::uint32_t>(ps.x.size()));
        ps.point_count.push_back(count);
        for (std::uint32_t j = 0; j < count; ++j) ps.x.push_back(0), ps.y.push_back(0), ps.z.push_back(0);
    }
    // Primitive `prim` re-marked as an extern reference [0x92, w, lo, hi] at `word`, naming
    // externShapes entry `index` (none by default).
    void add_extern_reference(std::uint32_t prim, std::uint32_t word, std::uint16_t w = 0,
                              std::uint32_t index = mesh::kNone) {
        mesh::DecodedPrimitives& p = mesh().primitives;
        mesh::DecodedExternReferences& e = mesh().extern_references;
        p.kind[prim] = mesh::PrimitiveKind::kExternReference;
        p.indices[1][prim] = p.indices[3][prim];
        p.custom_record[prim] = static_cast<std::uint32_t>(e.primitive.size());
        e.primitive.push_back(prim);
        e.w.push_back(w);
        e.shape_index.push_back(index);
        e.record_word.push_back(word);
    }
    // An externShapes entry translated to `at`, scaled by `scale`, whose convex shape is the box
    // ±half (8 corners) with convex radius `radius`.
    void add_extern_shape(std::array<float, 3> at, float half, float radius,
                          std::array<float, 4> scale = {1, 1, 1, 0}) {
        mesh::DecodedExternShapes& e = mesh().extern_shapes;
        const auto shape = static_cast<std::uint32_t>(e.shape_count());
        e.transform.push_back({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, at[0], at[1], at[2], 1});
        e.scale.push_back(scale);
        e.shape_class.push_back("hknpConvexPolytopeShape");
        e.shape_tag.push_back(0);
        e.shape.push_back(shape);
        e.type.push_back(tagfile::ShapeType::kConvexPolytope);
        e.class_name.push_back("hknpConvexPolytopeShape");
        e.stored_type.push_back(1);
        e.flags.push_back(3);
        e.dispatch_type.push_back(2);
        e.convex_radius.push_back(radius);
        e.max_allowed_penetration.push_back(0);
        e.first_vertex.push_back(static_cast<std::uint32_t>(e.vertex_x.size()));
        e.vertex_count.push_back(8);
        for (int c = 0; c < 8; ++c) {
            e.vertex_x.push_back(c & 1 ? half : -half);
            e.vertex_y.push_back(c & 2 ? half : -half);
            e.vertex_z.push_back(c & 4 ? half : -half);
            e.vertex_w.push_back(0);
        }
        for (auto* v : {&e.first_plane, &e.plane_count, &e.first_face, &e.face_count, &e.first_index, &e.index_count})
            v->push_back(0);
        e.has_connectivity.push_back(0);
        e.a.push_back({});
        e.b.push_back({});
        e.obb.push_back({});
        e.offset.push_back(0);
    }
    // Primitives 4..7 (one section) given the leaf box ±1 and their section the domain ±100.
    void unit_leaves() {
        mesh::DecodedMesh& m = mesh();
        for (std::uint32_t prim = 4; prim < 8; ++prim)
            m.section_trees.box[m.primitives.leaf_node[prim]] = {{-1, -1, -1}, {1, 1, 1}};
        m.sections.domain[m.primitives.section[4]] = {{-100, -100, -100}, {100, 100, 100}};
    }
    // Primitive `prim` re-marked as a point-set record of the points `pts`, quantised over its leaf
    // box as a record stores them (call unit_leaves first), its first word at `word`.
    void add_shape(std::uint32_t prim, const std::vector<test::Point3>& pts, std::uint32_t word) {
        const auto count = static_cast<std::uint16_t>(pts.size());
        add_point_set(prim, count, 0x3C24, word);
        mesh::DecodedMesh& m = mesh();
        mesh::DecodedPointSets& ps = m.point_sets;
        const test::PointColumns q = test::quantised(pts, m.section_trees.box[ps.leaf_node.back()]);
        const std::size_t first = ps.first_point.back();
        for (std::size_t j = 0; j < pts.size(); ++j)
            ps.x[first + j] = q.x[j], ps.y[first + j] = q.y[j], ps.z[first + j] = q.z[j];
    }
    ValueSet::Seen value_set(const Tally& t, const char* counter) {
        const auto it = t.value_sets().find({counter, kScope});
        return it == t.value_sets().end() ? ValueSet::Seen{} : it->second.seen;
    }
    double extreme(const Tally::Extremes& values, const char* counter) {
        const auto it = values.find({counter, kScope});
        return it == values.end() ? -1.0 : it->second;
    }
};

TEST(HalfFloat, ReadsBinary16) {
    EXPECT_EQ(verifiers::half_to_float(0x3C00), 1.0f);
    EXPECT_EQ(verifiers::half_to_float(0x3D4D), 1.0f + 333.0f / 1024);
    EXPECT_EQ(verifiers::half_to_float(0x3C24), 1.0f + 36.0f / 1024);
    EXPECT_EQ(verifiers::half_to_float(0xC000), -2.0f);
    EXPECT_EQ(verifiers::half_to_float(0x0001), std::ldexp(1.0f, -24));
    EXPECT_TRUE(std::isinf(verifiers::half_to_float(0x7C00)));
    EXPECT_TRUE(std::isnan(verifiers::half_to_float(0x7C01)));
}

TEST_F(CustomPrims, NoneInTheSample) {
    const Tally t = run_pass("custom_prims", sample_->member);
    EXPECT_EQ(t.count("custom_primitives", kScope), 0u);
    EXPECT_EQ(violations("custom_prims", t), 0u);
}

TEST_F(CustomPrims, PointSetRulesInAnAssetAndInAnHFile) {
    make_point_set();
    Tally t = run_pass("custom_prims", sample_->member, nullptr, "asset");
    EXPECT_EQ(t.count("point_sets", kScope), 1u);
    EXPECT_EQ(t.count("pointset_n_is_leaf", kScope), 1u);
    EXPECT_EQ(t.count("pointset_third_index_ok", kScope), 1u);
    EXPECT_EQ(violations("custom_prims", t), 0u);
    t = run_pass("custom_prims", sample_->member, nullptr, "h");
    EXPECT_EQ(t.count("custom_in_h_or_l", kScope), 1u);
    EXPECT_EQ(violations("custom_prims", t), 1u);
}

TEST_F(CustomPrims, ThirdWordsVertexCountAndHalfFloatRange) {
    const mesh::DecodedPrimitives& p = mesh().primitives;
    ASSERT_EQ(p.section[4], p.section[7]);
    add_point_set(4, 36, 0x3D4D, 10);
    add_point_set(5, 8, 0x3C24, 13);
    add_point_set(6, 5, 0x3C8B, 16);
    add_point_set(7, 12, 0x3C9D, 19);
    Tally t = run_pass("custom_prims", sample_->member, nullptr, "asset");
    EXPECT_EQ(t.count("point_sets", kScope), 4u);
    EXPECT_EQ(t.count("third_word_3d4d", kScope), 1u);
    EXPECT_EQ(t.count("third_word_3c24", kScope), 1u);
    EXPECT_EQ(t.count("third_word_3c9d_3cc7_3c8b", kScope), 2u);
    EXPECT_EQ(extreme(t.maxima(), "max_record_vertices"), 36.0);
    EXPECT_EQ(extreme(t.minima(), "third_word_half_min"), 1.0 + 36.0 / 1024);
    EXPECT_EQ(extreme(t.maxima(), "third_word_half_max"), 1.0 + 333.0 / 1024);
    // A third word of none of the listed values (2.0 as a half float) is counted by none of them
    // and raises the highest; a record of 37 points raises the largest count.
    mesh().point_sets.tag[0] = 0x4000;
    mesh().point_sets.header[1] = 37 << 8 | 0x52;
    t = run_pass("custom_prims", sample_->member, nullptr, "asset");
    EXPECT_EQ(t.count("third_word_3d4d", kScope), 0u);
    EXPECT_EQ(t.count("third_word_3c24", kScope) + t.count("third_word_3c9d_3cc7_3c8b", kScope), 3u);
    EXPECT_EQ(extreme(t.maxima(), "third_word_half_max"), 2.0);
    EXPECT_EQ(extreme(t.maxima(), "max_record_vertices"), 37.0);
}

TEST_F(CustomPrims, NoPointSetRecordsNoExtremes) {
    const Tally t = run_pass("custom_prims", sample_->member, nullptr, "asset");
    EXPECT_EQ(extreme(t.maxima(), "max_record_vertices"), -1.0);
    EXPECT_EQ(extreme(t.minima(), "third_word_half_min"), -1.0);
    EXPECT_EQ(t.count("record_pairs", kScope), 0u);
    // No externShapes entry: no file counted, no w extremes, no value sets.
    EXPECT_EQ(t.count("extern_shape_files", kScope), 0u);
    EXPECT_EQ(extreme(t.minima(), "extern_w_other_min"), -1.0);
    EXPECT_EQ(extreme(t.maxima(), "extern_w_other_max"), -1.0);
    EXPECT_TRUE(value_set(t, "extern_refs_per_shape").empty());
    EXPECT_TRUE(value_set(t, "extern_scale").empty());
}

TEST_F(CustomPrims, ConsecutiveRecordsStartWhereThePreviousEnds) {
    const mesh::DecodedPrimitives& p = mesh().primitives;
    ASSERT_EQ(p.section[4], p.section[7]);
    add_point_set(4, 8, 0x3C24, 10);  // words 10..12
    add_point_set(5, 8, 0x3C24, 13);  // follows: 10 + 3
    add_extern_reference(6, 16);      // follows: 13 + 3; words 16..19
    add_point_set(7, 8, 0x3C24, 21);  // a gap of one word after the extern reference's 4
    Tally t = run_pass("custom_prims", sample_->member, nullptr, "asset");
    EXPECT_EQ(t.count("record_pairs", kScope), 3u);
    EXPECT_EQ(t.count("consecutive_records", kScope), 2u);
    mesh().point_sets.record_word[2] = 20;  // now it starts where the extern reference's four words end
    t = run_pass("custom_prims", sample_->member, nullptr, "asset");
    EXPECT_EQ(t.count("consecutive_records", kScope), 3u);
}

TEST_F(CustomPrims, EqualSecondAndFourthIndicesWithAnotherHeader) {
    // b == d with a header that is neither 0x52 nor 0x92: the test caught no custom record.
    mesh().primitives.kind[4] = mesh::PrimitiveKind::kCustomUnknown;
    const Tally t = run_pass("custom_prims", sample_->member, nullptr, "asset");
    EXPECT_EQ(t.count("custom_unknown", kScope), 1u);
    EXPECT_EQ(t.count("point_sets", kScope), 0u);
}

TEST_F(CustomPrims, PointSetWithWrongLeafAndThirdIndex) {
    make_point_set();
    mesh().primitives.indices[1][4] += 1;
    mesh().primitives.indices[2][4] = 9;
    const Tally t = run_pass("custom_prims", sample_->member, nullptr, "asset");
    EXPECT_EQ(t.count("pointset_n_not_leaf", kScope), 1u);
    EXPECT_EQ(t.count("pointset_third_index_mismatch", kScope), 1u);
    EXPECT_EQ(violations("custom_prims", t), 2u);
    // The structure pass sees the section flag missing for the new custom primitive.
    const Tally s = run_pass("structure", sample_->member, nullptr, "asset");
    EXPECT_EQ(s.count("flags_mismatch", kScope), 1u);
}

using Values = ValueSet::Seen;

// w: the count of 0, the lowest and highest of the others; references per entry; a reference to a
// missing entry (a violation); the files with entries.
TEST_F(CustomPrims, ExternReferenceWordsAndEntries) {
    const mesh::DecodedPrimitives& p = mesh().primitives;
    ASSERT_EQ(p.section[4], p.section[7]);
    unit_leaves();
    add_extern_shape({0, 0, 0}, 0.5f, 0.1f);
    add_extern_shape({0.5f, 0, 0}, 0.2f, 0.0f);
    add_extern_reference(4, 10, 0, 0);
    add_extern_reference(5, 14, 4, 1);
    add_extern_reference(6, 18, 0, 1);  // entry 1 a second time
    add_extern_reference(7, 22, 5, 9);  // entry 9 of 2
    Tally t = run_pass("custom_prims", sample_->member, nullptr, "asset");
    EXPECT_EQ(t.count("extern_refs", kScope), 4u);
    EXPECT_EQ(t.count("extern_shapes", kScope), 2u);
    EXPECT_EQ(t.count("extern_shape_files", kScope), 1u);
    EXPECT_EQ(t.count("extern_w_zero", kScope), 2u);
    EXPECT_EQ(extreme(t.minima(), "extern_w_other_min"), 4.0);
    EXPECT_EQ(extreme(t.maxima(), "extern_w_other_max"), 5.0);
    EXPECT_EQ(t.count("extern_refs_missing_shape", kScope), 1u);
    EXPECT_EQ(t.count("extern_shapes_not_referenced_once", kScope), 1u);
    EXPECT_EQ(value_set(t, "extern_refs_per_shape"), (Values{{{1.0}, 1}, {{2.0}, 1}}));
    EXPECT_EQ(value_set(t, "extern_scale"), (Values{{{1.0}, 2}}));
    EXPECT_EQ(t.count("extern_boxes_checked", kScope), 3u);
    EXPECT_EQ(t.count("extern_box_outside_leaf", kScope), 0u);
    EXPECT_EQ(violations("custom_prims", t), 1u);
    // Each entry once (two more entries for the last two references), w 3 now the lowest.
    add_extern_shape({0, 0.5f, 0}, 0.1f, 0.0f);
    add_extern_shape({0, -0.5f, 0}, 0.1f, 0.0f);
    mesh().extern_references.shape_index[2] = 2;
    mesh().extern_references.shape_index[3] = 3;
    mesh().extern_references.w[2] = 3;
    t = run_pass("custom_prims", sample_->member, nullptr, "asset");
    EXPECT_EQ(value_set(t, "extern_refs_per_shape"), (Values{{{1.0}, 4}}));
    EXPECT_EQ(t.count("extern_shapes_not_referenced_once", kScope), 0u);
    EXPECT_EQ(t.count("extern_w_zero", kScope), 1u);
    EXPECT_EQ(extreme(t.minima(), "extern_w_other_min"), 3.0);
    EXPECT_EQ(t.count("extern_boxes_checked", kScope), 4u);
    EXPECT_EQ(violations("custom_prims", t), 0u);
}

// The placed shape (vertices scaled, turned, moved, grown by the convex radius) against the
// reference's leaf box and its section's domain.
TEST_F(CustomPrims, ExternShapeBoxAgainstLeafAndDomain) {
    unit_leaves();
    add_extern_shape({0, 0, 0}, 0.5f, 0.25f);                  // reaches ±0.75: inside the leaf ±1
    add_extern_shape({0.5f, 0, 0}, 0.2f, 0.0f, {2, 2, 2, 0});  // scaled: 0.5 ± 0.4, inside
    add_extern_reference(4, 10, 0, 0);
    add_extern_reference(5, 14, 0, 1);
    Tally t = run_pass("custom_prims", sample_->member, nullptr, "asset");
    EXPECT_EQ(t.count("extern_boxes_checked", kScope), 2u);
    EXPECT_EQ(t.count("extern_box_outside_leaf", kScope), 0u);
    EXPECT_EQ(t.count("extern_box_outside_domain", kScope), 0u);
    EXPECT_EQ(value_set(t, "extern_scale"), (Values{{{1.0}, 1}, {{2.0}, 1}}));
    // The radius counts: 0.5 + 0.55 passes the leaf's 1 (inside the domain).
    mesh().extern_shapes.convex_radius[0] = 0.55f;
    // Scale 3 takes entry 1 to 0.5 + 0.6 = 1.1; a non-uniform scale is listed whole.
    mesh().extern_shapes.scale[1] = {3, 3, 2.5f, 0};
    t = run_pass("custom_prims", sample_->member, nullptr, "asset");
    EXPECT_EQ(t.count("extern_box_outside_leaf", kScope), 2u);
    EXPECT_EQ(t.count("extern_box_outside_domain", kScope), 0u);
    EXPECT_EQ(value_set(t, "extern_scale"), (Values{{{1.0}, 1}, {{3.0, 3.0, 2.5}, 1}}));
    // The translation is in compressed-mesh space: moved 200 along y, past the domain too.
    mesh().extern_shapes.convex_radius[0] = 0.25f;
    mesh().extern_shapes.scale[1] = {1, 1, 1, 0};
    mesh().extern_shapes.transform[0][13] = 200;
    t = run_pass("custom_prims", sample_->member, nullptr, "asset");
    EXPECT_EQ(t.count("extern_box_outside_leaf", kScope), 1u);
    EXPECT_EQ(t.count("extern_box_outside_domain", kScope), 1u);
    EXPECT_EQ(violations("custom_prims", t), 2u);
    // A quarter turn about z takes entry 1's x offset onto y: (0.5, 0, 0) as column 0 of a
    // shape at the origin stays inside; at the leaf's edge a turn decides.
    mesh().extern_shapes.transform[0][13] = 0;
    auto& t1 = mesh().extern_shapes.transform[1];
    t1 = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0.85f, 0, 0, 1};
    for (std::uint32_t v = 8; v < 16; ++v)
        mesh().extern_shapes.vertex_x[v] = mesh().extern_shapes.vertex_x[v] * 0.5f;  // ±0.1 in x
    for (std::uint32_t v = 8; v < 16; ++v)
        mesh().extern_shapes.vertex_y[v] = mesh().extern_shapes.vertex_y[v] * 3.0f;  // ±0.6 in y
    t = run_pass("custom_prims", sample_->member, nullptr, "asset");
    EXPECT_EQ(t.count("extern_box_outside_leaf", kScope), 0u);   // x 0.85 ± 0.1
    t1 = {0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0.85f, 0, 0, 1};  // x ↦ y, y ↦ −x: x 0.85 ± 0.6
    t = run_pass("custom_prims", sample_->member, nullptr, "asset");
    EXPECT_EQ(t.count("extern_box_outside_leaf", kScope), 1u);
}

}  // namespace
}  // namespace meshproof::test

namespace meshproof::test {
namespace {

using Seen = ValueSet::Seen;

// o205010's shape: "two cylinders along x (17 and 8 points on each of two circles of constant
// radius, 0.20 m and 0.04 m)", in a leaf box of ±1 m (steps about 1 mm, 2 mm in z).
TEST_F(CustomPrims, TwoCylindersAlongX) {
    unit_leaves();
    const double xs_a[] = {-0.5, 0.5}, xs_b[] = {-0.2, 0.3};
    add_shape(4, x_cylinder(17, 0.20, xs_a, 0.1, -0.1), 10);
    add_shape(5, x_cylinder(8, 0.04, xs_b, -0.5, 0.4), 13);
    const Tally t = run_pass("custom_prims", sample_->member, nullptr, "object");
    EXPECT_EQ(t.count("pointset_shapes_described", kScope), 2u);
    EXPECT_EQ(t.count("cylinder_records", kScope), 2u);
    EXPECT_EQ(t.count("box_records", kScope), 0u);
    EXPECT_EQ(value_set(t, "cylinder_1_circle_points"), (Seen{{{17}, 2}}));
    EXPECT_EQ(value_set(t, "cylinder_2_circle_points"), (Seen{{{8}, 2}}));
    EXPECT_EQ(value_set(t, "cylinder_circles"), (Seen{{{2}, 2}}));
    EXPECT_EQ(value_set(t, "record_points"), (Seen{{{16}, 1}, {{34}, 1}}));
    const Seen ra = value_set(t, "cylinder_1_radius"), rb = value_set(t, "cylinder_2_radius");
    ASSERT_EQ(ra.size(), 1u);
    ASSERT_EQ(rb.size(), 1u);
    EXPECT_NEAR(ra.begin()->first[0], 0.20, 0.0003);
    EXPECT_NEAR(rb.begin()->first[0], 0.04, 0.0003);
    EXPECT_EQ(ra.begin()->first[0], std::round(ra.begin()->first[0] * 1e4) / 1e4);  // rounded to 0.1 mm
    // The records swapped: the first cylinder is the first record, whichever it is.
    mesh().point_sets = {};
    add_shape(4, x_cylinder(8, 0.04, xs_b, -0.5, 0.4), 10);
    add_shape(5, x_cylinder(17, 0.20, xs_a, 0.1, -0.1), 13);
    const Tally swapped = run_pass("custom_prims", sample_->member, nullptr, "object");
    EXPECT_EQ(value_set(swapped, "cylinder_1_circle_points"), (Seen{{{8}, 2}}));
    EXPECT_EQ(value_set(swapped, "cylinder_2_circle_points"), (Seen{{{17}, 2}}));
}

// o205300's shape: "two eight-corner boxes and a 26-point prism".
TEST_F(CustomPrims, TwoBoxesAndAPrism) {
    unit_leaves();
    add_shape(4, parallelepiped({-0.5, -0.5, -0.5}, {0.6, 0, 0}, {0, 0.4, 0}, {0, 0, 0.3}), 10);
    add_shape(5, parallelepiped({0.2, -0.6, -0.6}, {0.4, 0.3, 0}, {-0.108, 0.144, 0.24}, {0.24, -0.32, 0.3}), 13);
    add_shape(6, tilted_prism({-0.2, -0.3, -0.3}), 16);
    const Tally t = run_pass("custom_prims", sample_->member, nullptr, "object");
    EXPECT_EQ(t.count("box_records", kScope), 2u);
    EXPECT_EQ(t.count("prism_records", kScope), 1u);
    EXPECT_EQ(t.count("cylinder_records", kScope),
              0u);  // the axis-aligned box's rectangles lie on circles: a box first
    EXPECT_EQ(value_set(t, "box_record_points"), (Seen{{{8}, 2}}));
    EXPECT_EQ(value_set(t, "prism_record_points"), (Seen{{{26}, 1}}));
}

// A box that stores a corner twice is still a box of 8 corners, and says it stores 9.
TEST_F(CustomPrims, BoxStoringACornerTwice) {
    unit_leaves();
    std::vector<Point3> nine = parallelepiped({-0.5, -0.5, -0.5}, {0.6, 0, 0}, {0, 0.4, 0}, {0, 0, 0.3});
    nine.push_back(nine[0]);
    add_shape(4, nine, 10);
    const Tally t = run_pass("custom_prims", sample_->member, nullptr, "object");
    EXPECT_EQ(t.count("box_records", kScope), 1u);
    EXPECT_EQ(value_set(t, "box_record_points"), (Seen{{{9}, 1}}));
}

// aeg004_545_l's shape: "12-point slabs on three planes of x": three records of 12 points, each
// on two of the planes x = −0.5, 0, 0.5; the file's records together are on three.
TEST_F(CustomPrims, SlabsOnThreePlanesOfX) {
    unit_leaves();
    const auto slab = [](double x0, double x1) {
        std::vector<Point3> pts;
        for (const double x : {x0, x1})
            for (int i = 0; i < 6; ++i) pts.push_back({x, 0.1 * i - 0.3, (i % 2 ? 0.2 : -0.2) + 0.01 * i});
        return pts;
    };
    add_shape(4, slab(-0.5, 0.0), 10);
    add_shape(5, slab(0.0, 0.5), 13);
    add_shape(6, slab(-0.5, 0.5), 16);
    Tally t = run_pass("custom_prims", sample_->member, nullptr, "asset");
    EXPECT_EQ(value_set(t, "record_points"), (Seen{{{12}, 3}}));
    EXPECT_EQ(value_set(t, "record_x_planes"), (Seen{{{2}, 3}}));
    EXPECT_EQ(value_set(t, "file_x_planes"), (Seen{{{3}, 1}}));
    // One slab moved to x = 0.7: four planes.
    for (std::uint32_t j = 0; j < 6; ++j) mesh().point_sets.x[24 + 6 + j] = 0.7f;
    t = run_pass("custom_prims", sample_->member, nullptr, "asset");
    EXPECT_EQ(value_set(t, "file_x_planes"), (Seen{{{4}, 1}}));
}

TEST_F(CustomPrims, RecordWithoutALeafIsNotDescribed) {
    unit_leaves();
    const double xs[] = {-0.5, 0.5};
    add_shape(4, x_cylinder(17, 0.20, xs, 0, 0), 10);
    mesh().point_sets.leaf_node[0] = mesh::kNone;
    const Tally t = run_pass("custom_prims", sample_->member, nullptr, "object");
    EXPECT_EQ(t.count("point_sets", kScope), 1u);
    EXPECT_EQ(t.count("pointset_shapes_described", kScope), 0u);
    EXPECT_EQ(t.count("cylinder_records", kScope), 0u);
    EXPECT_EQ(value_set(t, "record_points"), (Seen{{{34}, 1}}));
    EXPECT_TRUE(value_set(t, "file_x_planes").empty());
}

}  // namespace
}  // namespace meshproof::test
