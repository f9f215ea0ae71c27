// Shared helpers of the tagfile writer tests (header-only: only *_test.cpp files are built).
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

#include "engine/tagfile/collision_scaffold.h"
#include "engine/tagfile/collision_types.h"
#include "engine/tagfile/object_writer.h"
#include "engine/tagfile/tagfile.h"

namespace meshproof::test {

// A non-null reference field found in DATA by walking the type table (§5.7, §5.8).
struct ReferenceField {
    std::uint32_t data_offset = 0;
    std::uint32_t field_type = 0;
    std::uint32_t item = 0;
};

inline bool is_reference_type(const tagfile::TypeTable& t, std::uint32_t type) {
    const tagfile::FormatWord f = t.format(type);
    using tagfile::TypeKind;
    return f.kind() == TypeKind::kPointer || (f.kind() == TypeKind::kString && !f.is_inline_string()) ||
           (f.kind() == TypeKind::kArray && !f.is_inline_array());
}

// Every reference field inside a value of `type` at DATA `offset` (records recursively, inline
// arrays element by element).
inline void walk_references(const tagfile::Tagfile& tf, std::uint32_t type, std::uint32_t offset,
                            std::vector<ReferenceField>& out, int depth = 0) {
    const tagfile::TypeTable& t = tf.types();
    if (depth > 32) return;
    if (is_reference_type(t, type)) {
        std::uint32_t index = 0;
        std::memcpy(&index, tf.data().data() + offset, 4);
        if (index != 0) out.push_back({offset, type, index});
        return;
    }
    const tagfile::FormatWord f = t.format(type);
    if (f.kind() == tagfile::TypeKind::kArray && f.is_inline_array()) {
        const std::uint32_t element = t.subtype(type);
        for (std::uint32_t i = 0; i < f.inline_array_count(); ++i)
            walk_references(tf, element, offset + i * t.size(element), out, depth + 1);
        return;
    }
    for (const tagfile::Member& m : t.members(type)) walk_references(tf, m.type, offset + m.offset, out, depth + 1);
}

inline std::vector<ReferenceField> reference_fields(const tagfile::Tagfile& tf) {
    std::vector<ReferenceField> out;
    for (std::uint32_t i = 1; i < tf.item_count(); ++i) {
        const tagfile::Item item = tf.item(i);
        const std::uint32_t stride = tf.types().size(item.type);
        for (std::uint32_t e = 0; e < item.count; ++e) walk_references(tf, item.type, item.offset + e * stride, out);
    }
    return out;
}

// Values of the small mesh that write_minimal_collision adds with `with_arrays`.
inline const std::vector<std::uint32_t>& sample_shape_keys() {
    static const std::vector<std::uint32_t> keys = {0x17, 0x47, 0x57, 0x27};
    return keys;
}
inline const std::vector<std::uint64_t>& sample_shared_vertices() {
    static const std::vector<std::uint64_t> v = {0x0123456789ABCDEFull, 42, ~0ull};
    return v;
}

// The minimal collision graph of §6: root container → scene data → system → one body → an fsnp
// compressed mesh shape → mesh data + parameter object. Arrays Havok writes as null when
// empty stay unset; `with_arrays` adds a few small ones (shape keys, two sections, shared
// vertices, primitives). Returns the root.
inline tagfile::RecordWriter write_minimal_collision(tagfile::ObjectWriter& w, tagfile::HavokDialect dialect,
                                                     bool with_arrays) {
    using namespace tagfile;
    const bool er = dialect == HavokDialect::kEldenRing2018;
    const PhysicsSceneWriter scene = write_physics_scene(w, 1);
    const RecordWriter& root = scene.root;
    scene.system.set_string("name", "Default Physics System Data");

    RecordWriter body = scene.bodies.at(0);
    // Identity orientation; motionType 0 is the zero the record starts with.
    set_map_body(body, {.name = "h000000", .position = {1.5f, -2.0f, 3.25f, 0.0f}});
    body.set_int("attachedBody", -1);
    body.set_uint("desiredBodyId", 0x7FFFFFFF);  // hknpBodyId wraps one u32

    RecordWriter shape = w.new_object("fsnpCustomParamCompressedMeshShape");
    body.set_ref("shape", shape);
    shape.set_uint("type", 9);          // COMPRESSED_MESH (§7.1)
    shape.set_uint("dispatchType", 3);  // COMPOSITE
    shape.set_uint("numShapeKeyBits", 5);
    shape.set_f32("convexRadius", 0.015f);
    RecordWriter data = w.new_object("hknpCompressedMeshShapeData");
    shape.set_ref("data", data);
    RecordWriter parameter = w.new_object("fsnpCustomMeshParameter");
    shape.set_ref("pParam", parameter);
    parameter.set_uint("version", 0x100000);
    data.set_bool("hasSimdTree", true);
    data.set_bool("simdTree.isCompact", true);
    const std::array<float, 4> lo = {-1.0f, -2.0f, -3.0f, 0.0f}, hi = {1.0f, 2.0f, 3.0f, 0.0f};
    data.set_floats("meshTree.domain.min", lo);
    data.set_floats("meshTree.domain.max", hi);
    if (!with_arrays) return root;

    ArrayWriter keys = w.new_array("unsigned int", sample_shape_keys().size());
    keys.set_values(sample_shape_keys());
    shape.set_ref("triangleIndexToShapeKey", keys);
    ArrayWriter shared = w.new_array(er ? "unsigned long long" : "hkUint64", sample_shared_vertices().size());
    shared.set_values(sample_shared_vertices());
    data.set_ref("meshTree.sharedVertices", shared);
    ArrayWriter sections = w.new_array("hkcdStaticMeshTree::Section", 2);
    const std::vector<std::uint32_t> first_packed = {0, 7};
    sections.set_column(er ? "firstPackedVertexIndex" : "firstPackedVertex", first_packed);
    const std::vector<std::uint8_t> num_packed = {7, 3};
    sections.set_column("numPackedVertices", num_packed);
    const std::array<float, 6> codec = {0.5f, 0.25f, 0.125f, 1.0f, 2.0f, 4.0f};
    sections.at(1).set_floats("codecParms", codec);
    data.set_ref("meshTree.sections", sections);
    ArrayWriter primitives = w.new_array("hkcdStaticMeshTree::Primitive", 2);
    const std::uint8_t prims[] = {0, 1, 2, 2, 3, 4, 5, 5};
    std::memcpy(primitives.raw().data(), prims, sizeof prims);
    data.set_ref("meshTree.primitives", primitives);
    return root;
}

}  // namespace meshproof::test
