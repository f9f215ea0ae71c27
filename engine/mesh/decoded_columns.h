// The columns of a decoded member, named once (columns(x): a tuple of references to x's vector
// columns and nested column groups), and what that list is for: emptying a decoded member that
// is decoded into again (decode_member_into), its columns' room kept, so that a thread decoding
// member after member allocates only when a member outgrows every earlier one.
//
// empty_keeping_capacity(x) leaves x equal to a default-constructed object: every field it does
// not list is reset with the rest (x is assigned a fresh object that takes over the listed
// columns, each cleared first), so a column added to decoded_member.h and not listed here is
// only not reused, never left holding the previous member's values.
#pragma once

#include <array>
#include <cstddef>
#include <tuple>
#include <utility>
#include <vector>

#include "engine/mesh/decoded_member.h"

namespace meshproof::mesh {

inline auto columns(StaticTreeNodes& t) {
    return std::tie(t.first_node, t.node_count, t.domain, t.tree, t.xyz, t.value, t.is_leaf, t.payload, t.second_child,
                    t.parent, t.reached, t.box);
}

inline auto columns(SimdTreeNodes& t) {
    return std::tie(t.node_is_leaf, t.node_is_active, t.lane_box, t.lane_data, t.lane_kind, t.lane_target,
                    t.lane_box_inverted);
}

inline auto columns(DecodedSections& s) {
    return std::tie(s.first_packed, s.num_packed, s.first_shared, s.num_shared, s.first_primitive, s.num_primitives,
                    s.first_data_run, s.num_data_runs, s.shared_word_low, s.page, s.flags, s.layer_data, s.unused_data,
                    s.leaf_index, s.domain, s.domain_w, s.codec_parms, s.first_slot, s.primitive_base,
                    s.mesh_leaf_node);
}

inline auto columns(DecodedVertices& v) {
    return std::tie(v.x, v.y, v.z, v.kind, v.section, v.slot, v.source, v.shared_entry, v.packed_word, v.identity);
}

inline auto columns(DecodedPrimitives& p) {
    return std::tie(p.indices, p.kind, p.section, p.index_in_section, p.key, p.first_triangle, p.leaf_node,
                    p.custom_record);
}

inline auto columns(DecodedTriangles& t) {
    return std::tie(t.vertex, t.key, t.primitive, t.half, t.interior, t.source_row, t.material);
}

inline auto columns(DecodedPointSets& p) {
    return std::tie(p.primitive, p.header, p.slot, p.tag, p.record_word, p.leaf_node, p.first_point, p.point_count, p.x,
                    p.y, p.z);
}

inline auto columns(DecodedExternReferences& r) { return std::tie(r.primitive, r.w, r.shape_index, r.record_word); }

inline auto columns(DecodedExternShapes& e) {
    return std::tie(e.transform, e.scale, e.shape_class, e.shape_tag, e.shape, e.type, e.class_name, e.stored_type,
                    e.flags, e.dispatch_type, e.convex_radius, e.max_allowed_penetration, e.first_vertex,
                    e.vertex_count, e.first_plane, e.plane_count, e.first_face, e.face_count, e.first_index,
                    e.index_count, e.has_connectivity, e.a, e.b, e.obb, e.offset, e.vertex_x, e.vertex_y, e.vertex_z,
                    e.vertex_w, e.plane_x, e.plane_y, e.plane_z, e.plane_w, e.face_first_index, e.face_num_indices,
                    e.face_min_half_angle, e.index);
}

inline auto columns(DecodedMesh& m) {
    return std::tie(m.interior_words, m.row_key_word, m.row_key, m.row_triangle, m.row_primitive_data_index,
                    m.row_triangle_data_index, m.row_vertex_index, m.material_name_data, m.run_value, m.run_index,
                    m.run_count, m.sections, m.vertices, m.primitives, m.triangles, m.point_sets, m.extern_references,
                    m.extern_shapes, m.mesh_tree, m.section_trees, m.simd_tree);
}

inline auto columns(DecodedExternMesh& m) {
    return std::tie(m.x, m.y, m.z, m.w, m.triangle, m.material, m.aabb_tree, m.simd_tree);
}

inline auto columns(DecodedBodies& b) {
    return std::tie(b.name, b.position, b.orientation, b.motion_type, b.quality_id, b.mass, b.motion_properties_id,
                    b.system, b.shape_kind, b.shape_index, b.shape_class);
}

// The meshes and extern meshes are not listed: decode_member_into keeps them as elements, each
// emptied and decoded into again.
inline auto columns(DecodedMember& m) { return std::tie(m.bodies, m.other_shapes, m.other_shape_errors); }

namespace columns_detail {

template <class T>
void move_emptied(std::vector<T>& from, std::vector<T>& to) {
    from.clear();
    to = std::move(from);
}

template <class T, std::size_t N>
void move_emptied(std::array<std::vector<T>, N>& from, std::array<std::vector<T>, N>& to) {
    for (std::size_t k = 0; k < N; ++k) move_emptied(from[k], to[k]);
}

template <class Group>
requires requires(Group& g) { columns(g); }
void move_emptied(Group& from, Group& to) {
    auto f = columns(from);
    auto t = columns(to);
    [&]<std::size_t... I>(std::index_sequence<I...>) { (move_emptied(std::get<I>(f), std::get<I>(t)), ...); }
    (std::make_index_sequence<std::tuple_size_v<decltype(f)>>{});
}

}  // namespace columns_detail

// Makes `x` a default-constructed object whose listed columns keep the room they had.
template <class Group>
void empty_keeping_capacity(Group& x) {
    Group fresh;
    columns_detail::move_emptied(x, fresh);
    x = std::move(fresh);
}

}  // namespace meshproof::mesh
