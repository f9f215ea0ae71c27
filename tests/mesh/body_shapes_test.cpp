// A body's own shape that is neither mesh (DecodedMember::other_shapes): read and decoded as an
// extern entry's shape is (extract_convex_shape, decode_extern_shapes), so a body's box keeps its
// vertices, planes, faces and obb, and the same checks refuse a face past its indices. Hand-built
// members: tests/mesh/synthetic_tagfile.h with body 3's shape a box of every_convex_class().
#include <gtest/gtest.h>

#include "engine/mesh/decode_member.h"
#include "tests/mesh/extern_shapes_fixture.h"
#include "tests/support/corpus.h"

namespace meshproof::mesh {
namespace {

tagfile::ConvexShapeSpec the_box() { return test::every_convex_class()[1]; }

std::vector<std::uint8_t> member_with_body_shape(const tagfile::ConvexShapeSpec& spec) {
    test::SyntheticCollision opt{.convex_shapes = true};
    opt.other_shape = [spec](tagfile::ObjectWriter& w) { return tagfile::write_convex_shape(w, spec); };
    return test::write_synthetic_collision(opt);
}

Result<DecodedMember> decode_bytes(Bytes bytes) {
    auto tf = tagfile::parse_tagfile(bytes, nullptr);
    if (!tf.ok()) return std::move(tf).error();
    return decode_member(*tf);
}

TEST(BodyShapes, ABodysBoxDecodesToTheValuesWritten) {
    const tagfile::ConvexShapeSpec box = the_box();
    const auto bytes = member_with_body_shape(box);
    auto member = decode_bytes(bytes);
    ASSERT_TRUE(member.ok()) << member.error().message;
    EXPECT_EQ(member->bodies.shape_kind[3], ShapeKind::kOther);
    EXPECT_EQ(member->bodies.shape_index[3], 0u);
    const DecodedExternShapes& s = member->other_shapes;
    ASSERT_EQ(s.shape_count(), 1u);
    EXPECT_EQ(s.instance_count(), 0u);
    EXPECT_EQ(s.type[0], tagfile::ShapeType::kBox);
    EXPECT_EQ(s.class_name[0], "hknpBoxShape");
    EXPECT_EQ(s.convex_radius[0], box.convex_radius);
    EXPECT_EQ(s.obb[0], box.obb);
    ASSERT_EQ(s.vertex_count[0], 8u);
    ASSERT_EQ(s.plane_count[0], 6u);
    ASSERT_EQ(s.face_count[0], 6u);
    for (std::size_t v = 0; v < 8; ++v) {
        EXPECT_EQ(s.vertex_x[v], box.vertices[v][0]);
        EXPECT_EQ(s.vertex_z[v], box.vertices[v][2]);
    }
    for (std::size_t p = 0; p < 6; ++p) EXPECT_EQ(s.plane_w[p], box.planes[p][3]);
    EXPECT_EQ(s.index, box.indices);
}

// A body shape the decoder refuses is left out and its error kept: the member still decodes, so
// its meshes are verified (a real install's unfamiliar shape never turns a run partial).
// ctest-labels: hostile
TEST(BodyShapesCorrupt, FaceRunningPastItsIndicesIsLeftOutAndCounted) {
    tagfile::ConvexShapeSpec box = the_box();
    box.faces[5] = {22, 4, 0};  // indices 22..26 of 24
    auto member = decode_bytes(member_with_body_shape(box));
    ASSERT_TRUE(member.ok()) << member.error().message;
    EXPECT_EQ(member->other_shapes.shape_count(), 0u);
    EXPECT_EQ(member->bodies.shape_index[3], kNoOtherShape);
    EXPECT_FALSE(member->meshes.empty());
    ASSERT_EQ(member->other_shape_errors.size(), 1u);
    EXPECT_EQ(member->other_shape_errors[0].code, ErrorCode::kOutOfBounds) << member->other_shape_errors[0].message;
    box = the_box();
    box.indices[3] = 8;  // of 8 vertices
    auto index = decode_bytes(member_with_body_shape(box));
    ASSERT_TRUE(index.ok()) << index.error().message;
    ASSERT_EQ(index->other_shape_errors.size(), 1u);
    EXPECT_EQ(index->other_shape_errors[0].code, ErrorCode::kOutOfBounds) << index->other_shape_errors[0].message;
}

// ctest-labels: hostile
TEST(BodyShapesHostile, TruncatedPrefixes) {
    const auto full = member_with_body_shape(the_box());
    std::size_t decoded = 0;
    for (std::size_t n : test::prefix_lengths(full.size(), 31)) decoded += decode_bytes(Bytes(full).first(n)).ok();
    EXPECT_EQ(decoded, 0u);  // the root section's size covers the whole file
    EXPECT_TRUE(decode_bytes(full).ok());
}

}  // namespace
}  // namespace meshproof::mesh
