#include "engine/builder/extern_mesh.h"

#include <bit>
#include <cstring>

#include "engine/rules/stock_tree.h"
#include "engine/builder/preorder_tree.h"
#include "engine/builder/static_tree_build.h"
#include "engine/builder/body_scaffold.h"
#include "engine/builder/simd_node_records.h"
#include "engine/tagfile/object_writer.h"
#include "engine/tagfile/tagfile_writer.h"

namespace meshproof::builder {

ExternMesh build_extern_mesh(std::span<const float> x, std::span<const float> y, std::span<const float> z,
                             std::span<const std::array<std::uint32_t, 3>> rows, SimdNumbering numbering) {
    ExternMesh m;
    const std::size_t nv = x.size(), nt = rows.size();
    m.vertices.resize(nv);
    for (std::size_t v = 0; v < nv; ++v) {
        m.vertices[v] = {x[v], y[v], z[v], 1.0f};
        mesh::extend(m.domain, x[v], y[v], z[v]);
    }
    m.triangles.resize(nt);
    std::vector<mesh::Box> boxes(nt, mesh::unfilled_box());
    std::vector<std::uint32_t> keys(nt);
    for (std::size_t t = 0; t < nt; ++t) {
        const auto& r = rows[t];
        m.triangles[t] = {static_cast<std::int32_t>(r[0]), static_cast<std::int32_t>(r[1]),
                          static_cast<std::int32_t>(r[2]), -1};
        for (std::uint32_t v : r) mesh::extend(boxes[t], x[v], y[v], z[v]);
        keys[t] = static_cast<std::uint32_t>(t);
    }
    m.key_bits_aabb = static_cast<std::uint8_t>(std::bit_width(nt));
    m.key_bits_simd = static_cast<std::uint8_t>(std::bit_width(nt) + 1);
    if (nt > 0) {
        // The aabbTree over the triangles by the stock tree rule (its leaves the triangles' boxes).
        const rules::BinaryTree tree = rules::build_stock_tree(boxes);
        const PreorderTree pre = preorder_subtree(tree, tree.root, keys);
        m.aabb_nodes = build_static_tree(pre, boxes, m.domain, mesh::TreeCodec::kAxis6).bytes;
    }
    m.simd_nodes_compact = build_simd_tree(keys, boxes, numbering);
    return m;
}

Result<std::vector<std::uint8_t>> write_extern_tag0(const CollisionTypeContext& types, const ExternMesh& m,
                                                    const std::string& body_name, tagfile::CompendiumId compendium_id) {
    using namespace tagfile;
    const bool er = types.dialect == HavokDialect::kEldenRing2018;
    ObjectWriter w(types.table);
    const BodyScaffold scaffold = write_body_scaffold(w, body_name);
    const RecordWriter& root = scaffold.root;
    const RecordWriter& body = scaffold.body;

    RecordWriter ext = w.new_object("hknpExternMeshShape");
    body.set_ref("shape", ext);
    ext.set_uint("type", 10);
    RecordWriter wrapper = w.new_object("hknpDefaultExternMeshShapeGeometry");
    ext.set_ref("geometry", wrapper);
    RecordWriter geometry = w.new_object("hkGeometry");
    wrapper.set_ref("geometry", geometry);
    ArrayWriter vertices = array_for(w, geometry, "vertices", m.vertices.size());
    if (vertices.stride() == 16 && !m.vertices.empty())
        std::memcpy(vertices.raw().data(), m.vertices.data(), 16 * m.vertices.size());
    ArrayWriter triangles = array_for(w, geometry, "triangles", m.triangles.size());
    if (triangles.stride() == 16 && !m.triangles.empty())
        std::memcpy(triangles.raw().data(), m.triangles.data(), 16 * m.triangles.size());

    RecordWriter volume = w.new_object("hknpExternMeshShapeData");
    ext.set_ref("boundingVolumeData", volume);
    const bool aabb_form = w.types().member(volume.type(), "aabbTree") != nullptr;
    if (aabb_form) {
        ext.set_uint("numShapeKeyBits", m.key_bits_aabb);
        const std::array<float, 4> lo{m.domain.min[0], m.domain.min[1], m.domain.min[2], 0.0f};
        const std::array<float, 4> hi{m.domain.max[0], m.domain.max[1], m.domain.max[2], 0.0f};
        volume.set_floats("aabbTree.domain.min", lo);
        volume.set_floats("aabbTree.domain.max", hi);
        ArrayWriter nodes = array_for(w, volume, "aabbTree.nodes", m.aabb_nodes.size() / 6);
        if (nodes.stride() == 6 && !m.aabb_nodes.empty())
            std::memcpy(nodes.raw().data(), m.aabb_nodes.data(), m.aabb_nodes.size());
        // Only the two empty nodes (the sentinel and an empty root).
        const mesh::SimdNode empty = mesh::empty_simd_node(mesh::SimdEncoding::kParity);
        const mesh::SimdNode sentinel_and_root[2] = {empty, empty};
        write_simd_nodes(w, volume, "simdTree.nodes", sentinel_and_root, er);
    } else {
        ext.set_uint("numShapeKeyBits", m.key_bits_simd);
        volume.set_bool("simdTree.isCompact", true);
        write_simd_nodes(w, volume, "simdTree.nodes", m.simd_nodes_compact, er);
    }
    MP_TRY(w.status());
    return write_tag0(w, root, {.sdk_version = types.sdk_version, .compendium_id = compendium_id});
}

}  // namespace meshproof::builder
