// f set decode on hand-built raw extern meshes: geometry, the Codec3Axis6 aabbTree, bounds.
#include <gtest/gtest.h>

#include "engine/mesh/decode_extern_mesh.h"
#include "tests/mesh/raw_builder.h"

namespace meshproof::mesh {
namespace {

struct ExternFixture {
    test::RawBuilder b;
    RawExternMesh raw;
    ExternFixture(std::vector<std::array<float, 4>> vertices, std::vector<std::array<std::int32_t, 4>> triangles) {
        raw.class_name = "hknpExternMeshShape";
        for (int k = 0; k < 4; ++k) {
            raw.vertices[k] = b.column<float>(vertices, [k](const auto& v) { return v[k]; });
            raw.triangles[k] = b.column<std::int32_t>(triangles, [k](const auto& t) { return t[k]; });
        }
        raw.triangles[0].offset = 5000;
        raw.triangles[1].offset = 5004;
        raw.triangles[2].offset = 5008;
    }
};

TEST(ExternMesh, GeometryAndAabbTree) {
    ExternFixture f({{0, 0, 0, 1}, {226, 0, 0, 1}, {226, 0, 226, 1}, {0, 0, 226, 1}}, {{0, 1, 2, -1}, {0, 2, 3, -1}});
    f.raw.has_aabb_tree = true;
    // Root → leaf 0 (x max shrunk by 1), leaf 1 (x min grown by 1).
    f.raw.aabb_tree = f.b.axis6_tree({{0, 0, 0, 0x80, 1}, {0x01, 0, 0, 0, 0}, {0x10, 0, 0, 0, 1}},
                                     RawAabb{{0, 0, 0, 0}, {226, 0, 226, 0}});
    auto e = decode_extern_mesh(f.raw);
    ASSERT_TRUE(e.ok()) << e.error().message;
    EXPECT_EQ(e->triangle_count(), 2u);
    EXPECT_EQ(e->triangle[2][1], 3u);
    EXPECT_EQ(e->aabb_tree.box[1].max[0], 225.0f);
    EXPECT_EQ(e->aabb_tree.box[2].min[0], 1.0f);
    EXPECT_EQ(e->aabb_tree.payload[2], 1u);
}

TEST(ExternMesh, CornerOutOfRangeIsAnError) {
    ExternFixture f({{0, 0, 0, 1}, {1, 0, 0, 1}, {1, 0, 1, 1}}, {{0, 1, 2, -1}, {0, 2, 3, -1}});
    auto e = decode_extern_mesh(f.raw);
    ASSERT_FALSE(e.ok());
    EXPECT_EQ(e.error().code, ErrorCode::kOutOfBounds);
    EXPECT_EQ(e.error().offset, 5008u + 1u * 4u);  // triangle 1's c (hand-built column stride 4)
    ExternFixture g({{0, 0, 0, 1}, {1, 0, 0, 1}, {1, 0, 1, 1}}, {{0, -1, 2, -1}});
    EXPECT_FALSE(decode_extern_mesh(g.raw).ok());
}

TEST(ExternMesh, AabbTreeLeafPastTheTriangles) {
    ExternFixture f({{0, 0, 0, 1}, {1, 0, 0, 1}, {1, 0, 1, 1}}, {{0, 1, 2, -1}});
    f.raw.has_aabb_tree = true;
    f.raw.aabb_tree = f.b.axis6_tree({{0, 0, 0, 0, 1}}, RawAabb{});
    auto e = decode_extern_mesh(f.raw);
    ASSERT_FALSE(e.ok());
    EXPECT_EQ(e.error().code, ErrorCode::kOutOfBounds);
}

}  // namespace
}  // namespace meshproof::mesh
