// The §7.3 convex shape classes of collision_types.h (CollisionTypeOptions::convex_shapes):
// declared with the registry's sizes, alignments, versions, hashes, parents and member offsets
// (the table of containers-and-tagfiles.md §7.3, typed here from the document); Elden Ring only;
// hkRelArray fields 4 bytes holding an ITEM index; shape types told by class (shape_type.h).
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "engine/tagfile/collision_types.h"
#include "engine/tagfile/convex_shape_writer.h"
#include "engine/tagfile/object_view.h"
#include "engine/tagfile/shape_type.h"
#include "engine/tagfile/tagfile_writer.h"
#include "tests/tagfile/tagfile_fixtures.h"

namespace meshproof::tagfile {
namespace {

struct ClassRow {
    const char* name;
    std::uint32_t size, alignment, version, hash;
    const char* parent;
    std::vector<std::pair<const char*, std::uint32_t>> members;  // own members: name, offset
};

// containers-and-tagfiles.md §7.3.
const std::vector<ClassRow>& section_7_3() {
    static const std::vector<ClassRow> rows = {
        {"hknpConvexShape", 64, 8, 2, 3130912181u, "hknpShape", {{"maxAllowedPenetration", 56}, {"vertices", 58}}},
        {"hknpConvexPolytopeShape",
         88,
         8,
         4,
         4055701261u,
         "hknpConvexShape",
         {{"planes", 64}, {"faces", 68}, {"indices", 72}, {"connectivity", 80}}},
        {"hknpConvexPolytopeShape::Face",
         4,
         2,
         0,
         3937242244u,
         "",
         {{"firstIndex", 0}, {"numIndices", 2}, {"minHalfAngle", 3}}},
        {"hknpConvexPolytopeShape::Connectivity",
         56,
         8,
         0,
         2704137447u,
         "hkReferencedObject",
         {{"vertexEdges", 24}, {"faceLinks", 40}}},
        {"hknpConvexPolytopeShape::Connectivity::Edge",
         4,
         2,
         0,
         2820060919u,
         "",
         {{"faceIndex", 0}, {"edgeIndex", 2}, {"padding", 3}}},
        {"hknpTriangleShape", 88, 8, 1, 2141146773u, "hknpConvexPolytopeShape", {}},
        {"hknpSphereShape", 64, 8, 0, 1324994659u, "hknpConvexShape", {}},
        {"hknpCapsuleShape", 128, 16, 0, 2816269015u, "hknpConvexPolytopeShape", {{"a", 96}, {"b", 112}}},
        {"hknpCylinderShape", 128, 16, 0, 4268640020u, "hknpConvexPolytopeShape", {{"a", 96}, {"b", 112}}},
        {"hknpBoxShape", 160, 16, 0, 3876534295u, "hknpConvexPolytopeShape", {{"obb", 96}}},
        {"hknpShapeInstance",
         112,
         16,
         3,
         1862782239u,
         "",
         {{"transform", 0},
          {"scale", 64},
          {"shape", 80},
          {"shapeTag", 88},
          {"destructionTag", 90},
          {"isEmpty", 92},
          {"nextEmptyElement", 96},
          {"instanceId", 100},
          {"parentShape", 104}}},
    };
    return rows;
}

std::shared_ptr<const TypeTable> table(HavokDialect dialect, bool convex) {
    auto t = collision_types(dialect, {.convex_shapes = convex}).builder.build();
    EXPECT_TRUE(t.ok()) << t.error().message;
    return t.ok() ? *t : nullptr;
}

TEST(WriterConvexTypes, EldenRingDeclaresTheTableOfSection7_3) {
    const auto t = table(HavokDialect::kEldenRing2018, true);
    ASSERT_TRUE(t);
    for (const ClassRow& row : section_7_3()) {
        SCOPED_TRACE(row.name);
        const auto type = t->find_type(row.name);
        ASSERT_TRUE(type);
        ASSERT_EQ(t->full_name(*type), std::string(row.name));
        EXPECT_EQ(t->size(*type), row.size);
        EXPECT_EQ(t->alignment(*type), row.alignment);
        EXPECT_EQ(t->info(*type).version, row.version);
        EXPECT_EQ(t->info(*type).hash, row.hash);
        if (*row.parent) EXPECT_EQ(t->full_name(t->parent(*type)), std::string(row.parent));
        else EXPECT_EQ(t->parent(*type), 0u);
        const auto own = t->own_members(*type);
        ASSERT_EQ(own.size(), row.members.size());
        for (std::size_t i = 0; i < own.size(); ++i) {
            EXPECT_EQ(own[i].name, std::string(row.members[i].first));
            EXPECT_EQ(own[i].offset, row.members[i].second) << row.members[i].first;
        }
    }
    // hkRelArray<T>: 4/2, an array format word (§5.6 kind 8, not inline), element T.
    const auto vertices = t->member(*t->find_type("hknpConvexShape"), "vertices");
    ASSERT_TRUE(vertices);
    EXPECT_EQ(t->full_name(vertices->type), "hkRelArray<hkVector4f>");
    EXPECT_EQ(t->size(vertices->type), 4u);
    EXPECT_EQ(t->alignment(vertices->type), 2u);
    EXPECT_EQ(t->kind(vertices->type), TypeKind::kArray);
    EXPECT_FALSE(t->format(vertices->type).is_inline_array());
    EXPECT_EQ(t->full_name(t->subtype(vertices->type)), "hkVector4f");
    const auto penetration = t->member(*t->find_type("hknpConvexShape"), "maxAllowedPenetration");
    EXPECT_EQ(t->format(penetration->type).raw, format_word::kHalf16);
}

TEST(WriterConvexTypes, OnlyEldenRingAndOnlyWhenAsked) {
    const auto er_default = table(HavokDialect::kEldenRing2018, false);
    const auto sekiro = table(HavokDialect::kSekiro2016, true);  // no public layout: none declared
    ASSERT_TRUE(er_default && sekiro);
    for (const auto& t : {er_default, sekiro}) {
        for (const char* name : {"hknpConvexShape", "hknpBoxShape", "hknpConvexPolytopeShape::Face", "hkHalf16"})
            EXPECT_FALSE(t->find_type(name)) << name;
    }
    // The default Elden Ring table is as before: hknpShapeInstance without a hash.
    EXPECT_FALSE(er_default->info(*er_default->find_type("hknpShapeInstance")).hash);
    EXPECT_FALSE(sekiro->find_type("hknpShapeInstance"));
}

TEST(WriterConvexTypes, ShapeTypeByClass) {
    const auto t = table(HavokDialect::kEldenRing2018, true);
    ASSERT_TRUE(t);
    const auto of = [&](const char* name) { return shape_type_of(*t, *t->find_type(name)); };
    for (ShapeType type : {ShapeType::kConvex, ShapeType::kConvexPolytope, ShapeType::kSphere, ShapeType::kCapsule,
                           ShapeType::kCylinder, ShapeType::kTriangle, ShapeType::kBox, ShapeType::kComposite,
                           ShapeType::kCompressedMesh, ShapeType::kExternMesh})
        EXPECT_EQ(of(std::string(shape_type_class(type)).c_str()), type) << shape_type_name(type);
    EXPECT_EQ(of("fsnpCustomParamCompressedMeshShape"), ShapeType::kCompressedMesh);  // by its base
    EXPECT_EQ(of("hknpShape"), ShapeType::kUnknown);
    EXPECT_EQ(of("hkRootLevelContainer"), ShapeType::kUnknown);
    EXPECT_EQ(shape_type_of(*t, 0), ShapeType::kUnknown);
}

// A written box reads back through the object view: its hkRelArray fields hold ITEM indices of
// array items of the declared element type (§5.8).
TEST(WriterConvexTypes, RelArraysHoldItemIndices) {
    CollisionTypes ct = collision_types(HavokDialect::kEldenRing2018, {.convex_shapes = true});
    auto t = ct.builder.build();
    ASSERT_TRUE(t.ok());
    const auto section = MP_MUST(ct.builder.type_section());
    ObjectWriter w(*t);
    RecordWriter root = w.new_object("hkRootLevelContainer");
    ArrayWriter variants = w.new_array("hkRootLevelContainer::NamedVariant", 1);
    root.set_ref("namedVariants", variants);
    const RecordWriter box = write_convex_shape(w, {.type = ShapeType::kBox,
                                                    .convex_radius = 0.5f,
                                                    .vertices = {{1, 2, 3, 4}, {5, 6, 7, 8}},
                                                    .faces = {{0, 2, 9}},
                                                    .indices = {1, 0},
                                                    .obb = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 7, 8, 9, 1}});
    variants.at(0).set_ref("variant", box);
    ASSERT_TRUE(w.status().ok()) << w.status().error().message;
    const auto bytes = MP_MUST(write_tag0(w, root, {.sdk_version = ct.sdk_version, .type_section = section}));
    auto tf = parse_tagfile(bytes, nullptr);
    ASSERT_TRUE(tf.ok()) << tf.error().message;
    const ObjectView shape = ObjectView::root(*tf).field("namedVariants").array()->at(0).field("variant").deref();
    ASSERT_TRUE(shape.ok()) << shape.error().message;
    EXPECT_EQ(shape.type_name(), "hknpBoxShape");
    EXPECT_EQ(MP_MUST(shape.field("type").as_u64()), 6u);
    EXPECT_EQ(MP_MUST(shape.field("flags").as_u64()), 3u);
    EXPECT_EQ(MP_MUST(shape.field("dispatchType").as_u64()), 2u);
    EXPECT_EQ(MP_MUST(shape.field("convexRadius").as_f32()), 0.5f);
    const std::uint32_t item = MP_MUST(shape.field("vertices").item_index());
    EXPECT_GT(item, 1u);
    EXPECT_EQ(tf->item(item).kind, ItemKind::kArray);
    const auto vertices = MP_MUST(shape.field("vertices").array());
    ASSERT_EQ(vertices.count(), 2u);
    EXPECT_EQ(vertices.stride(), 16u);
    EXPECT_EQ(MP_MUST(vertices.at(1).array()).count(), 4u);
    const auto faces = MP_MUST(shape.field("faces").array());
    ASSERT_EQ(faces.count(), 1u);
    EXPECT_EQ(MP_MUST(faces.at(0).field("numIndices").as_u64()), 2u);
    EXPECT_EQ(MP_MUST(faces.at(0).field("minHalfAngle").as_u64()), 9u);
    EXPECT_EQ(MP_MUST(shape.field("indices").array()).count(), 2u);
    EXPECT_TRUE(MP_MUST(shape.field("planes").is_null()));  // unset arrays stay null
    EXPECT_EQ(MP_MUST(MP_MUST(shape.field("obb").array()).values<float>())[13], 8.0f);
}

}  // namespace
}  // namespace meshproof::tagfile
