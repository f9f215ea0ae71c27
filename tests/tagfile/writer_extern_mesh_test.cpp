// The extern-mesh family of collision_types.h (§7.1, §8.7): an f-set body written in each
// form of hknpExternMeshShapeData and read back; and the reader fed every prefix of written
// files (labelled hostile, so the sanitizer tree runs it).
#include "engine/tagfile/tagfile_writer.h"

#include <gtest/gtest.h>

#include <array>

#include "engine/tagfile/collision_scaffold.h"
#include "engine/tagfile/collision_types.h"
#include "engine/tagfile/object_view.h"
#include "tests/tagfile/tagfile_fixtures.h"
#include "tests/support/first_body_shape.h"
#include "tests/tagfile/writer_fixtures.h"
#include "tests/support/param_printers.h"

namespace meshproof::tagfile {
namespace {

struct Case {
    HavokDialect dialect;
    ExternMeshDataForm form;
    bool expect_aabb_tree;
};
void PrintTo(const Case& c, std::ostream* os) {
    PrintTo(c.dialect, os);
    *os << ", ";
    PrintTo(c.form, os);
}

std::vector<std::uint8_t> write_extern_body(const Case& c) {
    CollisionTypes types = collision_types(c.dialect, {.extern_mesh_data = c.form});
    const auto section = MP_MUST(types.builder.type_section());
    auto table = MP_MUST(types.builder.build());
    if (!table) return {};
    ObjectWriter w(table);
    // The body's own members stay zero: only its shape is read back.
    const PhysicsSceneWriter scene = write_physics_scene(w, 1);
    const RecordWriter& root = scene.root;
    const ArrayWriter& bodies = scene.bodies;

    RecordWriter shape = w.new_object("hknpExternMeshShape");
    bodies.at(0).set_ref("shape", shape);
    shape.set_uint("type", 10);  // EXTERN_MESH
    RecordWriter geometry = w.new_object("hknpDefaultExternMeshShapeGeometry");
    shape.set_ref("geometry", geometry);
    RecordWriter mesh = w.new_object("hkGeometry");
    geometry.set_ref("geometry", mesh);
    ArrayWriter vertices = w.new_array("hkVector4", 3);
    const std::array<float, 12> xyzw = {0, 0, 0, 1, 1, 0, 0, 1, 0, 0, 1, 1};
    std::memcpy(vertices.raw().data(), xyzw.data(), sizeof xyzw);
    mesh.set_ref("vertices", vertices);
    ArrayWriter triangles = w.new_array("hkGeometry::Triangle", 1);
    triangles.set_column("a", std::array<std::int32_t, 1>{0});
    triangles.set_column("b", std::array<std::int32_t, 1>{1});
    triangles.set_column("c", std::array<std::int32_t, 1>{2});
    triangles.set_column("material", std::array<std::int32_t, 1>{-1});
    mesh.set_ref("triangles", triangles);
    RecordWriter bounds = w.new_object("hknpExternMeshShapeData");
    shape.set_ref("boundingVolumeData", bounds);
    bounds.set_bool("simdTree.isCompact", true);
    if (c.expect_aabb_tree) {
        ArrayWriter nodes = w.new_array("hkcdCompressedAabbCodecs::Aabb6BytesCodec", 1);
        nodes.at(0).set_uint("loData", 0);  // a leaf for triangle 0 (§8.5 Codec3Axis6)
        bounds.set_ref("aabbTree.nodes", nodes);
        const std::array<float, 4> hi = {1, 1, 1, 0};
        bounds.set_floats("aabbTree.domain.max", hi);
    }
    EXPECT_TRUE(w.status().ok()) << w.status().error().message;
    return MP_MUST(write_tag0(w, root, {.sdk_version = types.sdk_version, .type_section = section}));
}

class WriterExternMesh : public ::testing::TestWithParam<Case> {};

TEST_P(WriterExternMesh, ReadsBack) {
    const Case c = GetParam();
    const auto bytes = write_extern_body(c);
    auto tf = parse_tagfile(bytes, nullptr);
    ASSERT_TRUE(tf.ok()) << tf.error().message;
    const ObjectView shape = test::first_body_shape(*tf);
    ASSERT_TRUE(shape.ok()) << shape.error().message;
    EXPECT_EQ(shape.type_name(), "hknpExternMeshShape");
    EXPECT_TRUE(shape.is_a("hknpCompositeShape"));
    EXPECT_EQ(MP_MUST(shape.field("type").as_u64()), 10u);

    const ObjectView geometry = shape.field("geometry").deref();
    ASSERT_TRUE(geometry.ok()) << geometry.error().message;
    EXPECT_EQ(geometry.type_name(), "hknpDefaultExternMeshShapeGeometry");  // dynamic class
    EXPECT_EQ(geometry.has_field("useTriangleMaterialAsShapeTag"), c.dialect == HavokDialect::kEldenRing2018);
    const ObjectView mesh = geometry.field("geometry").deref();
    ASSERT_TRUE(mesh.ok()) << mesh.error().message;
    auto vertices = MP_MUST(mesh.field("vertices").array());
    ASSERT_EQ(vertices.count(), 3u);
    EXPECT_EQ(vertices.stride(), 16u);
    auto triangles = MP_MUST(mesh.field("triangles").array());
    ASSERT_EQ(triangles.count(), 1u);
    EXPECT_EQ(MP_MUST(triangles.at(0).field("c").as_i64()), 2);
    EXPECT_EQ(MP_MUST(triangles.at(0).field("material").as_i64()), -1);

    const ObjectView bounds = shape.field("boundingVolumeData").deref();
    ASSERT_TRUE(bounds.ok()) << bounds.error().message;
    EXPECT_EQ(bounds.has_field("aabbTree"), c.expect_aabb_tree);
    EXPECT_EQ(bounds.size(), c.expect_aabb_tree ? 112u : 56u);
    EXPECT_EQ(tf->types().info(bounds.type()).version, c.expect_aabb_tree ? 2u : 3u);
    EXPECT_TRUE(MP_MUST(bounds.field("simdTree").field("isCompact").as_bool()));
    if (c.expect_aabb_tree) {
        auto nodes = MP_MUST(bounds.field("aabbTree").field("nodes").array());
        EXPECT_EQ(nodes.count(), 1u);
        EXPECT_EQ(nodes.stride(), 6u);
    }
}

INSTANTIATE_TEST_SUITE_P(Forms, WriterExternMesh,
                         ::testing::Values(Case{HavokDialect::kEldenRing2018, ExternMeshDataForm::kDefault, false},
                                           Case{HavokDialect::kEldenRing2018, ExternMeshDataForm::kAabbTree, true},
                                           Case{HavokDialect::kSekiro2016, ExternMeshDataForm::kDefault, true},
                                           Case{HavokDialect::kSekiro2016, ExternMeshDataForm::kSimdOnly, false}));

// The reader on every prefix of written files: a clean error, never a crash (ASan tree).
// ctest-labels: hostile
TEST(WriterOutputTruncated, EveryPrefixFailsCleanly) {
    const auto tag0 = write_extern_body({HavokDialect::kEldenRing2018, ExternMeshDataForm::kAabbTree, true});
    ASSERT_FALSE(tag0.empty());
    for (std::size_t n : test::prefix_lengths(tag0.size())) {
        auto tf = parse_tagfile(Bytes(tag0).first(n), nullptr);
        EXPECT_FALSE(tf.ok()) << n;
    }
    const auto section = MP_MUST(collision_types(HavokDialect::kSekiro2016).builder.type_section());
    const auto tcm0 = MP_MUST(write_tcm0(std::array<CompendiumId, 2>{1, 2}, section));
    for (std::size_t n : test::prefix_lengths(tcm0.size()))
        EXPECT_FALSE(parse_compendium(Bytes(tcm0).first(n)).ok()) << n;
    auto full = parse_compendium(tcm0);
    ASSERT_TRUE(full.ok()) << full.error().message;
    EXPECT_EQ(full->ids, (std::vector<CompendiumId>{1, 2}));
}

}  // namespace
}  // namespace meshproof::tagfile
