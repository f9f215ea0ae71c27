// Synthetic collision tagfiles written with the tagfile writer (collision_types.h dialects),
// so the extraction layer is exercised end to end on what the real sample lacks: the 2016.2
// names (packed run words, 112-byte simd nodes, the wrapped run value), extern meshes in both
// bounding-volume forms, a shape shared by two bodies and a shape of another class.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <functional>
#include <vector>

#include <gtest/gtest.h>

#include "engine/tagfile/collision_scaffold.h"
#include "engine/tagfile/collision_types.h"
#include "engine/tagfile/object_writer.h"
#include "engine/tagfile/tagfile_writer.h"
#include "tests/mesh/raw_builder.h"

namespace meshproof::test {

struct SyntheticCollision {
    tagfile::HavokDialect dialect = tagfile::HavokDialect::kEldenRing2018;
    tagfile::ExternMeshDataForm extern_form = tagfile::ExternMeshDataForm::kDefault;
    // Declares the §7.3 convex classes (Elden Ring) and lets the caller write externShapes
    // entries on the compressed mesh shape (tagfile/convex_shape_writer.h).
    bool convex_shapes = false;
    std::function<void(tagfile::ObjectWriter&, const tagfile::RecordWriter& mesh_shape)> extern_shapes{};
    // Body 3's shape (with convex_shapes: e.g. a box of tagfile/convex_shape_writer.h); unset: a bare hknpShape.
    std::function<tagfile::RecordWriter(tagfile::ObjectWriter&)> other_shape{};
};

namespace synthetic_detail {

inline tagfile::ArrayWriter array_for(tagfile::ObjectWriter& w, const tagfile::RecordWriter& owner,
                                      std::string_view path, std::size_t count) {
    const tagfile::RecordWriter field = owner.field(path);
    EXPECT_TRUE(field.ok()) << path;
    tagfile::ArrayWriter a = w.new_array(w.types().subtype(field.type()), count);
    owner.set_ref(path, a);
    return a;
}

inline void empty_simd_node(const tagfile::RecordWriter& n, std::uint32_t empty_word, bool er, bool is_leaf) {
    const std::array<float, 4> lo{3.40282e38f, 3.40282e38f, 3.40282e38f, 3.40282e38f};
    const std::array<float, 4> hi{-3.40282e38f, -3.40282e38f, -3.40282e38f, -3.40282e38f};
    for (const char* b : {"lx", "ly", "lz"}) n.set_floats(b, lo);
    for (const char* b : {"hx", "hy", "hz"}) n.set_floats(b, hi);
    const std::array<std::uint32_t, 4> data{empty_word, empty_word, empty_word, empty_word};
    std::memcpy(n.field("data").bytes().data(), data.data(), sizeof data);
    if (er) n.set_bool("isLeaf", is_leaf);
}

// Sets lane `lane` of a simd node to box [lo, hi] with data word `data`.
inline void simd_lane(const tagfile::RecordWriter& n, int lane, const std::array<float, 3>& lo,
                      const std::array<float, 3>& hi, std::uint32_t data) {
    const char* lows[3] = {"lx", "ly", "lz"};
    const char* highs[3] = {"hx", "hy", "hz"};
    for (int a = 0; a < 3; ++a) {
        std::memcpy(n.field(lows[a]).bytes().data() + 4 * lane, &lo[a], 4);
        std::memcpy(n.field(highs[a]).bytes().data() + 4 * lane, &hi[a], 4);
    }
    std::memcpy(n.field("data").bytes().data() + 4 * lane, &data, 4);
}

}  // namespace synthetic_detail

// Bodies: 0 compressed mesh "m0"; 1 extern mesh "f0"; 2 the same mesh shape as body 0 "m0b";
// 3 an hknpShape of no decoded class "other".
// The mesh: domain [-1,-2,-3]-[1,2,3]; one section with 2 packed + 2 shared slots; a triangle
// (0,1,2) and a quad (0,1,2,3); section tree root → (leaf p0, leaf p1); simd tree sentinel +
// root with leaves keys 0 and 2; one data run; material 33 for all rows.
// The extern mesh: 4 vertices, 2 triangles (0,1,2), (0,2,3); aabbTree 3 nodes or simd leaves.
inline std::vector<std::uint8_t> write_synthetic_collision(const SyntheticCollision& opt) {
    using namespace tagfile;
    using synthetic_detail::array_for;
    const bool er = opt.dialect == HavokDialect::kEldenRing2018;
    CollisionTypes ct =
        collision_types(opt.dialect, {.extern_mesh_data = opt.extern_form, .convex_shapes = opt.convex_shapes});
    auto table = ct.builder.build();
    EXPECT_TRUE(table.ok()) << table.error().message;
    auto type_section = ct.builder.type_section();
    EXPECT_TRUE(type_section.ok());
    ObjectWriter w(*table);

    const PhysicsSceneWriter scene = write_physics_scene(w, 4);
    const RecordWriter& root = scene.root;
    const ArrayWriter& bodies = scene.bodies;
    const char* names[4] = {"m0", "f0", "m0b", "other"};
    for (int i = 0; i < 4; ++i)
        set_map_body(bodies.at(i),
                     {.name = names[i], .position = {float(i), 2.0f, 3.0f, 1.0f}, .motion_type = i == 3 ? 2u : 0u});

    // ---- compressed mesh
    RecordWriter shape = w.new_object("fsnpCustomParamCompressedMeshShape");
    bodies.at(0).set_ref("shape", shape);
    bodies.at(2).set_ref("shape", shape);
    shape.set_uint("type", 9);
    shape.set_uint("dispatchType", 3);
    shape.set_uint("numShapeKeyBits", 3);
    shape.set_f32("convexRadius", 0.015f);
    ArrayWriter interior = array_for(w, shape, "triangleIsInterior.storage.words", 1);
    const std::vector<std::uint32_t> interior_words{0b101};
    interior.set_values(interior_words);
    shape.set_int("triangleIsInterior.storage.numBits", 4);
    const std::vector<std::uint32_t> keys{(0u << 29) | 0x1FFFFFFFu, (2u << 29) | 0x1FFFFFFFu, (3u << 29) | 0x1FFFFFFFu};
    array_for(w, shape, "triangleIndexToShapeKey", keys.size()).set_values(keys);
    RecordWriter param = w.new_object("fsnpCustomMeshParameter");
    shape.set_ref("pParam", param);
    param.set_uint("version", 0x100000);
    ArrayWriter rows = array_for(w, param, "triangleDataArray", 3);
    rows.set_column("primitiveDataIndex", std::vector<std::uint32_t>{0, 0, 0});
    rows.set_column("vertexIndexA", std::vector<std::uint32_t>{1, 2, 3});
    ArrayWriter prim_data = array_for(w, param, "primitiveDataArray", 1);
    prim_data.at(0).set_uint("materialNameData", 33);
    if (opt.extern_shapes) opt.extern_shapes(w, shape);

    RecordWriter data = w.new_object("hknpCompressedMeshShapeData");
    shape.set_ref("data", data);
    data.set_bool("hasSimdTree", true);
    const std::array<float, 4> lo{-1.0f, -2.0f, -3.0f, 0.985f}, hi{1.0f, 2.0f, 3.0f, 1.015f};
    data.set_floats("meshTree.domain.min", lo);
    data.set_floats("meshTree.domain.max", hi);
    data.set_int("meshTree.numPrimitiveKeys", 3);
    data.set_int("meshTree.bitsPerKey", 3);
    data.set_uint("meshTree.maxKeyValue", 3);
    array_for(w, data, "meshTree.nodes", 1);  // one all-zero Aabb5 leaf for section 0
    ArrayWriter sections = array_for(w, data, "meshTree.sections", 1);
    RecordWriter s = sections.at(0);
    const std::array<float, 6> codec{0.5f, 0.25f, 0.125f, 1.0f, 2.0f, 4.0f};
    s.set_floats("codecParms", codec);
    s.set_floats("domain.min", lo);
    s.set_floats("domain.max", hi);
    s.set_uint("numPackedVertices", 2);
    if (er) {
        s.set_uint("numPrimitives", 2);
        s.set_uint("numDataRuns", 1);
    } else {
        s.set_uint("sharedVertices", (0u << 8) | 2u);
        s.set_uint("numSharedIndices", 2);
        s.set_uint("primitives", (0u << 8) | 2u);
        s.set_uint("dataRuns", (0u << 8) | 1u);
    }
    ArrayWriter section_nodes = array_for(w, s, "nodes", 3);
    const std::uint8_t node_bytes[3][4] = {{0, 0, 0, 3}, {0x11, 0x11, 0x11, 0}, {0, 0, 0, 2}};
    for (int i = 0; i < 3; ++i) std::memcpy(section_nodes.raw().data() + i * section_nodes.stride(), node_bytes[i], 4);
    ArrayWriter prims = array_for(w, data, "meshTree.primitives", 2);
    const std::uint8_t prim_bytes[] = {0, 1, 2, 2, 0, 1, 2, 3};
    std::memcpy(prims.raw().data(), prim_bytes, sizeof prim_bytes);
    array_for(w, data, "meshTree.packedVertices", 2)
        .set_values(std::vector<std::uint32_t>{packed_code(0, 0, 0), packed_code(1, 1, 1)});
    array_for(w, data, "meshTree.sharedVertices", 2)
        .set_values(std::vector<std::uint64_t>{shared_code(0, 0, 0), shared_code(0x1FFFFF, 0x1FFFFF, 0x3FFFFF)});
    array_for(w, data, "meshTree.sharedVerticesIndex", 2).set_values(std::vector<std::uint16_t>{1, 0});
    ArrayWriter runs = array_for(w, data, "meshTree.primitiveDataRuns", 1);
    const std::uint8_t run_bytes[4] = {0xFF, 0xFF, 0, 2};
    std::memcpy(runs.raw().data(), run_bytes, 4);
    data.set_bool("simdTree.isCompact", true);
    ArrayWriter simd = array_for(w, data, "simdTree.nodes", 2);
    synthetic_detail::empty_simd_node(simd.at(0), 0, er, false);
    synthetic_detail::empty_simd_node(simd.at(1), er ? 0xFFFFFFFFu : 0u, er, true);
    synthetic_detail::simd_lane(simd.at(1), 0, {-1, -2, -3}, {0, 0, 0}, er ? 0u : 1u);
    synthetic_detail::simd_lane(simd.at(1), 1, {0, 0, 0}, {1, 2, 3}, er ? 2u : 5u);

    // ---- extern mesh (f set)
    RecordWriter ext = w.new_object("hknpExternMeshShape");
    bodies.at(1).set_ref("shape", ext);
    ext.set_uint("type", 10);
    ext.set_uint("numShapeKeyBits", 2);
    RecordWriter wrapper = w.new_object("hknpDefaultExternMeshShapeGeometry");
    ext.set_ref("geometry", wrapper);
    RecordWriter geometry = w.new_object("hkGeometry");
    wrapper.set_ref("geometry", geometry);
    ArrayWriter vertices = array_for(w, geometry, "vertices", 4);
    const float vs[4][4] = {{0, 0, 0, 1}, {4, 0, 0, 1}, {4, 0, 4, 1}, {0, 0, 4, 1}};
    for (int i = 0; i < 4; ++i) std::memcpy(vertices.raw().data() + i * vertices.stride(), vs[i], 16);
    ArrayWriter triangles = array_for(w, geometry, "triangles", 2);
    triangles.set_column("a", std::vector<std::int32_t>{0, 0});
    triangles.set_column("b", std::vector<std::int32_t>{1, 2});
    triangles.set_column("c", std::vector<std::int32_t>{2, 3});
    triangles.set_column("material", std::vector<std::int32_t>{-1, -1});
    RecordWriter volume = w.new_object("hknpExternMeshShapeData");
    ext.set_ref("boundingVolumeData", volume);
    const bool aabb_form = w.types().member(volume.type(), "aabbTree") != nullptr;
    if (aabb_form) {
        const std::array<float, 4> glo{0, 0, 0, 0}, ghi{4, 0, 4, 0};
        volume.set_floats("aabbTree.domain.min", glo);
        volume.set_floats("aabbTree.domain.max", ghi);
        ArrayWriter nodes = array_for(w, volume, "aabbTree.nodes", 3);
        nodes.set_column("hiData", std::vector<std::uint8_t>{0x80, 0, 0});
        nodes.set_column("loData", std::vector<std::uint16_t>{1, 0, 1});
        ArrayWriter vsimd = array_for(w, volume, "simdTree.nodes", 2);
        synthetic_detail::empty_simd_node(vsimd.at(0), 0, er, false);
        synthetic_detail::empty_simd_node(vsimd.at(1), 0, er, false);
    } else {
        volume.set_bool("simdTree.isCompact", true);
        ArrayWriter vsimd = array_for(w, volume, "simdTree.nodes", 2);
        synthetic_detail::empty_simd_node(vsimd.at(0), 0, er, false);
        synthetic_detail::empty_simd_node(vsimd.at(1), er ? 0xFFFFFFFFu : 0u, er, true);
        synthetic_detail::simd_lane(vsimd.at(1), 0, {0, 0, 0}, {4, 0, 4}, er ? 0u : 1u);
        synthetic_detail::simd_lane(vsimd.at(1), 1, {0, 0, 0}, {4, 0, 4}, er ? 1u : 3u);
    }

    // ---- a shape of another class
    RecordWriter other = opt.other_shape ? opt.other_shape(w) : w.new_object("hknpShape");
    bodies.at(3).set_ref("shape", other);

    EXPECT_TRUE(w.status().ok()) << w.status().error().message;
    auto tag0 = write_tag0(w, root, {.sdk_version = ct.sdk_version, .type_section = *type_section});
    EXPECT_TRUE(tag0.ok()) << tag0.error().message;
    return tag0.ok() ? std::move(tag0).value() : std::vector<std::uint8_t>{};
}

}  // namespace meshproof::test
