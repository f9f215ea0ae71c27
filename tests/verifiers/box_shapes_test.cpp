// The boxes among a member's body shapes (verifiers/box_shapes.h) and the structure pass's flat
// and thin box counters, on hand-built members whose answer the test states: a flat box 256 m
// across, thin boxes about 300 m from the body's origin whose vertex misses its plane by exactly
// four f32 ulps, and boxes that are not flat (a volume, a convex radius, planes that do not pair).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "tests/verifiers/verifier_fixtures.h"
#include "verifiers/box_shapes.h"

namespace meshproof {
namespace {

using mesh::DecodedExternShapes;
using tagfile::ShapeType;
using verifiers::BoxMeasure;
using verifiers::measure_box;

float up(float x, int ulps) {
    for (int i = 0; i < ulps; ++i) x = std::nextafter(x, std::numeric_limits<float>::infinity());
    return x;
}

struct BoxSpec {
    std::array<float, 3> centre{};
    std::array<float, 3> half{};
    float radius = 0.0f;
    int nudge_ulps = 0;       // vertex 1's x moved this many f32 ulps up: it misses the +x face's plane
    bool drop_plane = false;  // five planes: not a box measure_box reads
    ShapeType type = ShapeType::kBox;
};

// Appends an axis-aligned box: 8 corners (corner i: +x when i & 1, +y when i & 2, +z when i & 4),
// planes −x, +x, −y, +y, −z, +z (n·p + w = 0 on the face), one face of 4 corners per plane.
void add_box(DecodedExternShapes& s, const BoxSpec& b) {
    const std::uint32_t v0 = static_cast<std::uint32_t>(s.vertex_x.size()),
                        p0 = static_cast<std::uint32_t>(s.plane_x.size());
    const std::uint32_t f0 = static_cast<std::uint32_t>(s.face_first_index.size()),
                        i0 = static_cast<std::uint32_t>(s.index.size());
    for (int i = 0; i < 8; ++i) {
        float x = i & 1 ? b.centre[0] + b.half[0] : b.centre[0] - b.half[0];
        if (i == 1) x = up(x, b.nudge_ulps);
        s.vertex_x.push_back(x);
        s.vertex_y.push_back(i & 2 ? b.centre[1] + b.half[1] : b.centre[1] - b.half[1]);
        s.vertex_z.push_back(i & 4 ? b.centre[2] + b.half[2] : b.centre[2] - b.half[2]);
        s.vertex_w.push_back(0.0f);
    }
    const std::uint8_t faces[6][4] = {{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4},
                                      {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}};
    const int planes = b.drop_plane ? 5 : 6;
    for (int p = 0; p < planes; ++p) {
        const int axis = p / 2;
        const float sign = p % 2 ? 1.0f : -1.0f;
        std::array<float, 3> n{};
        n[axis] = sign;
        s.plane_x.push_back(n[0]);
        s.plane_y.push_back(n[1]);
        s.plane_z.push_back(n[2]);
        const float face = sign > 0 ? b.centre[axis] + b.half[axis] : b.centre[axis] - b.half[axis];
        s.plane_w.push_back(-sign * face);
        s.face_first_index.push_back(static_cast<std::uint16_t>(4 * p));
        s.face_num_indices.push_back(4);
        s.face_min_half_angle.push_back(0);
        for (std::uint8_t k : faces[p]) s.index.push_back(k);
    }
    s.type.push_back(b.type);
    s.class_name.push_back(b.type == ShapeType::kBox ? "hknpBoxShape" : "hknpConvexPolytopeShape");
    s.stored_type.push_back(static_cast<std::uint8_t>(b.type));
    s.flags.push_back(3);
    s.dispatch_type.push_back(2);
    s.convex_radius.push_back(b.radius);
    s.max_allowed_penetration.push_back(0.0f);
    s.first_vertex.push_back(v0);
    s.vertex_count.push_back(8);
    s.first_plane.push_back(p0);
    s.plane_count.push_back(static_cast<std::uint32_t>(planes));
    s.first_face.push_back(f0);
    s.face_count.push_back(static_cast<std::uint32_t>(planes));
    s.first_index.push_back(i0);
    s.index_count.push_back(static_cast<std::uint32_t>(4 * planes));
    s.has_connectivity.push_back(0);
    s.a.push_back({});
    s.b.push_back({});
    s.obb.push_back({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, b.centre[0], b.centre[1], b.centre[2], 1});
    s.offset.push_back(0);
}

TEST(BoxShapes, ExtentsFromThePlanePairsAndTheMissInUlps) {
    DecodedExternShapes s;
    add_box(s, {.centre = {0, 0, 0}, .half = {128, 0, 50}});                                   // 0: flat, 256 m across
    add_box(s, {.centre = {300, 4, 0}, .half = {5, 0, 3}, .nudge_ulps = 4});                   // 1: thin, 4 ulps
    add_box(s, {.centre = {1, 2, 3}, .half = {1, 2, 3}});                                      // 2: a volume
    add_box(s, {.centre = {0, 0, 0}, .half = {1, 0, 1}, .radius = 0.05f});                     // 3: a convex radius
    add_box(s, {.centre = {0, 0, 0}, .half = {1, 0, 1}, .drop_plane = true});                  // 4: five planes
    add_box(s, {.centre = {0, 0, 0}, .half = {1, 0, 1}, .type = ShapeType::kConvexPolytope});  // 5: no box

    const std::optional<BoxMeasure> flat = measure_box(s, 0);
    ASSERT_TRUE(flat);
    EXPECT_TRUE(flat->flat);
    EXPECT_FALSE(flat->thin);  // at the origin every vertex lies on its planes exactly
    EXPECT_EQ(flat->size, 256);
    EXPECT_EQ(flat->extent, (std::array<double, 3>{256, 0, 100}));
    EXPECT_EQ(flat->plane_miss_ulp, 0);

    const std::optional<BoxMeasure> thin = measure_box(s, 1);
    ASSERT_TRUE(thin);
    EXPECT_TRUE(thin->flat);
    EXPECT_TRUE(thin->thin);
    EXPECT_EQ(thin->size, 10);
    EXPECT_EQ(thin->plane_miss_ulp, 4);  // 4 × 2⁻¹⁵ m at 305 m, in ulps of 305
    EXPECT_NEAR(thin->distance, std::sqrt(300.0 * 300.0 + 16.0), 1e-4);

    const std::optional<BoxMeasure> volume = measure_box(s, 2);
    ASSERT_TRUE(volume);
    EXPECT_FALSE(volume->flat);
    EXPECT_EQ(volume->size, 6);
    EXPECT_FALSE(measure_box(s, 3)->flat);  // one extent 0, but a convex radius: a volume
    EXPECT_FALSE(measure_box(s, 4));        // planes that do not pair: not read
    EXPECT_FALSE(measure_box(s, 5));        // a polytope, however flat
    EXPECT_FALSE(measure_box(s, 6));        // past the shapes
}

TEST(BoxShapes, StructurePassCountsFlatAndThinBoxes) {
    mesh::DecodedMember member;
    DecodedExternShapes& s = member.other_shapes;
    add_box(s, {.centre = {0, 0, 0}, .half = {128, 0, 50}});
    add_box(s, {.centre = {300, 4, 0}, .half = {5, 0, 3}, .nudge_ulps = 4});
    add_box(s, {.centre = {0, 0, 302}, .half = {2, 3, 0}, .nudge_ulps = 1});  // thin, flat in z, 1 ulp
    add_box(s, {.centre = {1, 2, 3}, .half = {1, 2, 3}});
    add_box(s, {.centre = {0, 0, 0}, .half = {1, 0, 1}, .radius = 0.05f});
    add_box(s, {.centre = {0, 0, 0}, .half = {1, 0, 1}, .drop_plane = true});
    add_box(s, {.centre = {0, 0, 0}, .half = {1, 0, 1}, .type = ShapeType::kConvexPolytope});
    const Tally t = test::run_pass("structure", member);
    EXPECT_EQ(t.total("body_boxes"), 6u);
    EXPECT_EQ(t.total("body_boxes_unpaired"), 1u);
    EXPECT_EQ(t.total("flat_boxes"), 3u);
    EXPECT_EQ(t.total("thin_boxes"), 2u);
    const Tally::Key flat{"flat_box_max_m", test::kScope}, miss{"thin_box_plane_miss_ulp", test::kScope};
    ASSERT_TRUE(t.maxima().contains(flat));
    EXPECT_EQ(t.maxima().at(flat), 256);
    ASSERT_TRUE(t.maxima().contains(miss));
    EXPECT_EQ(t.maxima().at(miss), 4);
    const auto d = t.value_sets().find({"thin_box_distance_m", test::kScope});
    ASSERT_NE(d, t.value_sets().end());
    ASSERT_EQ(d->second.seen.size(), 2u);  // 300.03 and 302, rounded to whole metres
    EXPECT_EQ(d->second.seen.begin()->first, std::vector<double>{300});
    EXPECT_EQ(d->second.seen.rbegin()->first, std::vector<double>{302});
    EXPECT_EQ(test::violations("structure", t), 0u);
    EXPECT_EQ(t.total("body_shapes_unread"), 0u);
}

// Body shapes the decoder left out (DecodedMember::other_shape_errors) are counted, with a sample.
TEST(BoxShapes, StructurePassCountsUnreadBodyShapes) {
    mesh::DecodedMember member;
    member.other_shape_errors.push_back(make_error(ErrorCode::kOutOfBounds, 0x1C0, "face 5 runs past its indices"));
    member.other_shape_errors.push_back(make_error(ErrorCode::kBadObject, 0x2A0, "not an hknpShape"));
    const Tally t = test::run_pass("structure", member);
    EXPECT_EQ(t.total("body_shapes_unread"), 2u);
    EXPECT_EQ(t.total("body_boxes"), 0u);
    ASSERT_TRUE(t.samples().contains("body_shapes_unread"));
    EXPECT_EQ(t.samples().at("body_shapes_unread").size(), 2u);
}

}  // namespace
}  // namespace meshproof
