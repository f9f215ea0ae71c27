#include "engine/mesh/decode_compressed_mesh.h"

#include <span>
#include <string>

#include "engine/mesh/decode_extern_shapes.h"
#include "engine/mesh/decode_keys.h"
#include "engine/mesh/decode_primitives.h"
#include "engine/mesh/decode_sections.h"
#include "engine/mesh/simd_tree_codec.h"

namespace meshproof::mesh {

namespace {

void reserve_tree(StaticTreeNodes& t, std::size_t trees, std::size_t nodes) {
    t.first_node.reserve(trees);
    t.node_count.reserve(trees);
    t.domain.reserve(trees);
    t.tree.reserve(nodes);
    for (auto& c : t.xyz) c.reserve(nodes);
    t.value.reserve(nodes);
    t.is_leaf.reserve(nodes);
    t.payload.reserve(nodes);
    t.second_child.reserve(nodes);
    t.parent.reserve(nodes);
    t.reached.reserve(nodes);
    t.box.reserve(nodes);
}

Status decode_trees(const RawCompressedMesh& raw, DecodedMesh& mesh, const DecodeOptions& options) {
    reserve_tree(mesh.mesh_tree, 1, raw.mesh_tree.node_count());
    mesh.mesh_tree.codec = TreeCodec::kAxis5;
    // Each section's leaf and each primitive's: the first reached leaf that names it, taken by
    // the trees' walk (append_static_tree's first_leaf).
    mesh.sections.mesh_leaf_node.assign(mesh.sections.size(), kNone);
    MP_TRY(append_static_tree(raw.mesh_tree, 0, static_cast<std::uint32_t>(raw.sections.count), mesh.mesh_tree,
                              options.box_rule, mesh.sections.mesh_leaf_node));
    std::size_t nodes = 0;
    for (const RawStaticTree& t : raw.sections.trees) nodes += t.node_count();
    StaticTreeNodes& st = mesh.section_trees;
    st.codec = TreeCodec::kAxis4;
    reserve_tree(st, raw.sections.trees.size(), nodes);
    const std::span<std::uint32_t> leaf_node(mesh.primitives.leaf_node);
    for (std::size_t s = 0; s < raw.sections.trees.size(); ++s) {
        const std::uint32_t count = mesh.sections.num_primitives[s];
        MP_TRY(append_static_tree(raw.sections.trees[s], static_cast<std::uint32_t>(s), count, st, options.box_rule,
                                  leaf_node.subspan(mesh.sections.primitive_base[s], count)));
    }
    return ok_status();
}

}  // namespace

Result<DecodedMesh> decode_compressed_mesh(const RawCompressedMesh& raw, const DecodeOptions& options) {
    DecodedMesh mesh;
    MP_TRY(decode_compressed_mesh_into(raw, mesh, options));
    return mesh;
}

Status decode_compressed_mesh_into(const RawCompressedMesh& raw, DecodedMesh& mesh, const DecodeOptions& options) {
    mesh.class_name = raw.class_name;
    mesh.offset = raw.offset;
    mesh.shape_flags = raw.shape_flags;
    mesh.shape_type = raw.shape_type;
    mesh.dispatch_type = raw.dispatch_type;
    mesh.num_shape_key_bits = raw.num_shape_key_bits;
    mesh.convex_radius = raw.convex_radius;
    mesh.user_data = raw.user_data;
    mesh.has_properties = raw.has_properties;
    mesh.shape_tag_codec_info = raw.shape_tag_codec_info;
    mesh.has_material_table = raw.has_material_table;
    mesh.num_triangles_member = raw.num_triangles;
    mesh.num_convex_shapes_member = raw.num_convex_shapes;
    mesh.domain = box_of(raw.mesh_tree.domain);
    mesh.domain_w = {raw.mesh_tree.domain.min[3], raw.mesh_tree.domain.max[3]};
    mesh.num_primitive_keys = raw.num_primitive_keys;
    mesh.bits_per_key = raw.bits_per_key;
    mesh.max_key_value = raw.max_key_value;
    mesh.primitive_stores_is_flat_convex = raw.primitive_stores_is_flat_convex;
    mesh.packed_vertex_count = static_cast<std::uint32_t>(raw.packed_vertices.size());
    mesh.shared_vertex_count = static_cast<std::uint32_t>(raw.shared_vertices.size());
    mesh.shared_index_count = static_cast<std::uint32_t>(raw.shared_vertices_index.size());
    mesh.has_simd_tree_member = raw.has_simd_tree_member;
    mesh.has_simd_tree = raw.has_simd_tree;
    mesh.connectivity_headers = raw.connectivity_headers;
    mesh.connectivity_local_links = raw.connectivity_local_links;
    mesh.connectivity_global_links = raw.connectivity_global_links;

    const std::size_t runs = raw.run_value.size();
    if (raw.run_index.size() != runs || raw.run_count.size() != runs)
        return make_error(ErrorCode::kBadObject, raw.run_value.offset, "primitiveDataRuns columns differ in length");
    mesh.run_value.resize(runs);
    mesh.run_index.resize(runs);
    mesh.run_count.resize(runs);
    for (std::size_t i = 0; i < runs; ++i) {
        mesh.run_value[i] = raw.run_value[i];
        mesh.run_index[i] = raw.run_index[i];
        mesh.run_count[i] = raw.run_count[i];
    }

    MP_TRY(decode_sections(raw, mesh));
    MP_TRY(decode_vertices(raw, mesh));
    mesh.has_extern_shapes_member = raw.has_extern_shapes_member;
    MP_TRY_ASSIGN(mesh.extern_shapes, decode_extern_shapes(raw.extern_shapes));
    MP_TRY(decode_primitives(raw, mesh));
    MP_TRY(decode_trees(raw, mesh, options));
    MP_TRY(decode_custom_primitives(raw, mesh));
    MP_TRY(decode_keys_and_materials(raw, mesh));
    return decode_simd_tree_into(raw.simd_tree, mesh.simd_tree);
}

}  // namespace meshproof::mesh
