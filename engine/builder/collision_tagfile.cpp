#include "engine/builder/collision_tagfile.h"

#include <cstring>

#include "engine/builder/body_scaffold.h"
#include "engine/builder/simd_node_records.h"
#include "engine/tagfile/object_writer.h"
#include "engine/tagfile/tagfile_writer.h"

namespace meshproof::builder {
namespace {

using tagfile::ArrayWriter;
using tagfile::ObjectWriter;
using tagfile::RecordWriter;

template <class T>
std::vector<T> column(std::size_t n, auto f) {
    std::vector<T> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<T>(f(i));
    return v;
}

}  // namespace

Result<CollisionTypeContext> make_collision_type_context(tagfile::HavokDialect dialect,
                                                         const tagfile::CollisionTypeOptions& options) {
    tagfile::CollisionTypes ct = tagfile::collision_types(dialect, options);
    CollisionTypeContext c;
    c.dialect = dialect;
    MP_TRY_ASSIGN(c.table, ct.builder.build());
    MP_TRY_ASSIGN(c.type_section, ct.builder.type_section());
    c.sdk_version = ct.sdk_version;
    return c;
}

Result<std::vector<std::uint8_t>> write_collision_tag0(const CollisionTypeContext& types, const CompressedMesh& m,
                                                       const std::string& body_name,
                                                       std::optional<tagfile::CompendiumId> compendium_id,
                                                       std::uint32_t material,
                                                       std::span<const ExternShape> extern_shapes) {
    const bool er = types.dialect == tagfile::HavokDialect::kEldenRing2018;
    ObjectWriter w(types.table);
    const BodyScaffold scaffold = write_body_scaffold(w, body_name);
    const RecordWriter& root = scaffold.root;
    const RecordWriter& body = scaffold.body;

    // ---- the shape
    RecordWriter shape = w.new_object("fsnpCustomParamCompressedMeshShape");
    body.set_ref("shape", shape);
    shape.set_uint("type", 9);
    shape.set_uint("dispatchType", 3);
    shape.set_uint("numShapeKeyBits", m.num_shape_key_bits);
    shape.set_f32("convexRadius", m.convex_radius);
    array_for(w, shape, "triangleIsInterior.storage.words", m.interior_words.size()).set_values(m.interior_words);
    shape.set_int("triangleIsInterior.storage.numBits", m.interior_bits);
    array_for(w, shape, "triangleIndexToShapeKey", m.row_key_word.size()).set_values(m.row_key_word);

    RecordWriter param = w.new_object("fsnpCustomMeshParameter");
    shape.set_ref("pParam", param);
    param.set_uint("version", 0x100000);
    const std::size_t rows = m.row_vertices.size();
    ArrayWriter tri = array_for(w, param, "triangleDataArray", rows);
    tri.set_column("primitiveDataIndex",
                   m.row_primitive_data.size() == rows ? m.row_primitive_data : std::vector<std::uint32_t>(rows, 0u));
    tri.set_column("triangleDataIndex", column<std::uint32_t>(rows, [](std::size_t i) { return i; }));
    tri.set_column("vertexIndexA", column<std::uint32_t>(rows, [&](std::size_t i) { return m.row_vertices[i][0]; }));
    tri.set_column("vertexIndexB", column<std::uint32_t>(rows, [&](std::size_t i) { return m.row_vertices[i][1]; }));
    tri.set_column("vertexIndexC", column<std::uint32_t>(rows, [&](std::size_t i) { return m.row_vertices[i][2]; }));
    const std::vector<std::uint32_t> materials =
        m.materials.empty() ? std::vector<std::uint32_t>{material} : m.materials;
    ArrayWriter prim_data = array_for(w, param, "primitiveDataArray", materials.size());
    for (std::size_t i = 0; i < materials.size(); ++i) prim_data.at(i).set_uint("materialNameData", materials[i]);

    // ---- the mesh tree
    RecordWriter data = w.new_object("hknpCompressedMeshShapeData");
    shape.set_ref("data", data);
    const std::size_t ns = m.page.size();
    data.set_bool("hasSimdTree", m.simd_nodes.size() > 1);
    const float r = m.convex_radius;
    const std::array<float, 4> dlo{m.domain.min[0], m.domain.min[1], m.domain.min[2], 1.0f - r};
    const std::array<float, 4> dhi{m.domain.max[0], m.domain.max[1], m.domain.max[2], 1.0f + r};
    data.set_floats("meshTree.domain.min", dlo);
    data.set_floats("meshTree.domain.max", dhi);
    data.set_int("meshTree.numPrimitiveKeys", m.num_primitive_keys);
    data.set_int("meshTree.bitsPerKey", m.bits_per_key);
    data.set_uint("meshTree.maxKeyValue", m.max_key_value);
    ArrayWriter mesh_nodes = array_for(w, data, "meshTree.nodes", m.mesh_node_bytes.size() / 5);
    if (mesh_nodes.stride() == 5 && !m.mesh_node_bytes.empty())
        std::memcpy(mesh_nodes.raw().data(), m.mesh_node_bytes.data(), m.mesh_node_bytes.size());

    ArrayWriter sections = array_for(w, data, "meshTree.sections", ns);
    sections.set_column("numPackedVertices", column<std::uint8_t>(ns, [&](std::size_t s) { return m.num_packed[s]; }));
    sections.set_column("page", m.page);
    if (!m.flags.empty()) sections.set_column("flags", m.flags);
    sections.set_column("leafIndex", m.leaf_index);
    if (er) {
        sections.set_column("firstPackedVertexIndex", m.first_packed);
        sections.set_column("firstSharedVertexIndex", m.first_shared);
        sections.set_column("firstPrimitiveIndex", m.first_primitive);
        sections.set_column("firstDataRunIndex", column<std::uint32_t>(ns, [](std::size_t s) { return s; }));
        sections.set_column("numPrimitives",
                            column<std::uint8_t>(ns, [&](std::size_t s) { return m.num_primitives[s]; }));
        sections.set_column("numDataRuns", std::vector<std::uint8_t>(ns, 1));
    } else {
        sections.set_column("firstPackedVertex", m.first_packed);
        sections.set_column("numSharedIndices",
                            column<std::uint8_t>(ns, [&](std::size_t s) { return m.num_shared[s]; }));
    }
    for (std::size_t s = 0; s < ns; ++s) {
        RecordWriter sec = sections.at(s);
        sec.set_floats("codecParms", m.codec_parms[s]);
        const mesh::Box& d = m.section_domain[s];
        const std::array<float, 4> lo{d.min[0], d.min[1], d.min[2], 1.0f - r},
            hi{d.max[0], d.max[1], d.max[2], 1.0f + r};
        sec.set_floats("domain.min", lo);
        sec.set_floats("domain.max", hi);
        if (!er) {
            sec.set_uint("sharedVertices", (static_cast<std::uint64_t>(m.first_shared[s]) << 8) | m.num_packed[s]);
            sec.set_uint("primitives", (static_cast<std::uint64_t>(m.first_primitive[s]) << 8) | m.num_primitives[s]);
            sec.set_uint("dataRuns", (static_cast<std::uint64_t>(s) << 8) | 1u);
        }
        ArrayWriter nodes = array_for(w, sec, "nodes", m.node_byte_count[s] / 4);
        if (nodes.stride() == 4 && m.node_byte_count[s] > 0)
            std::memcpy(nodes.raw().data(), m.section_node_bytes.data() + m.first_node_byte[s], m.node_byte_count[s]);
    }
    ArrayWriter prims = array_for(w, data, "meshTree.primitives", m.primitives.size());
    if (prims.stride() == 4 && !m.primitives.empty())
        std::memcpy(prims.raw().data(), m.primitives.data(), 4 * m.primitives.size());
    array_for(w, data, "meshTree.packedVertices", m.packed_vertices.size()).set_values(m.packed_vertices);
    array_for(w, data, "meshTree.sharedVertices", m.shared_vertices.size()).set_values(m.shared_vertices);
    array_for(w, data, "meshTree.sharedVerticesIndex", m.shared_vertices_index.size())
        .set_values(m.shared_vertices_index);
    ArrayWriter runs = array_for(w, data, "meshTree.primitiveDataRuns", ns);
    if (runs.stride() == 4) {
        std::uint8_t* out = runs.raw().data();
        for (std::size_t s = 0; s < ns; ++s) {
            out[4 * s] = 0xFF;
            out[4 * s + 1] = 0xFF;
            out[4 * s + 2] = 0;
            out[4 * s + 3] = static_cast<std::uint8_t>(m.num_primitives[s]);
        }
    }

    // ---- the simd tree
    data.set_bool("simdTree.isCompact", true);
    write_simd_nodes(w, data, "simdTree.nodes", m.simd_nodes, er);

    // ---- externShapes (Elden Ring asset meshes): each entry's shape object, then the entries
    if (!extern_shapes.empty()) {
        std::vector<tagfile::ShapeInstanceSpec> instances(extern_shapes.size());
        for (std::size_t i = 0; i < extern_shapes.size(); ++i) {
            instances[i].transform = extern_shapes[i].transform;
            instances[i].scale = extern_shapes[i].scale;
            instances[i].shape_tag = extern_shapes[i].shape_tag;
            instances[i].shape = tagfile::write_convex_shape(w, extern_shapes[i].shape);
        }
        tagfile::write_extern_shapes(w, shape, instances);
    }

    MP_TRY(w.status());
    if (!compendium_id)
        return tagfile::write_tag0(w, root, {.sdk_version = types.sdk_version, .type_section = types.type_section});
    return tagfile::write_tag0(w, root, {.sdk_version = types.sdk_version, .compendium_id = compendium_id});
}

}  // namespace meshproof::builder
