#include "engine/sur/model_equal.h"

#include <cstring>
#include <vector>

namespace meshproof::sur {
namespace {

template <class T>
bool bits(const T& a, const T& b) {
    return std::memcmp(&a, &b, sizeof(T)) == 0;
}

template <class T>
bool same(const std::vector<T>& a, const std::vector<T>& b) {
    return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

bool same_part(const Part& p, const Part& q) {
    return p.id == q.id && p.chunks == q.chunks && p.chunk_count == q.chunk_count && p.not_fixed == q.not_fixed &&
           p.has_extents == q.has_extents && bits(p.extents, q.extents) && p.surface == q.surface &&
           p.has_hardpoints == q.has_hardpoints && p.hardpoints == q.hardpoints;
}

bool same_surface(const Surface& s, const Surface& t) {
    return bits(s.mass_center, t.mass_center) && bits(s.rotation_inertia, t.rotation_inertia) &&
           bits(s.radius, t.radius) && s.deviation == t.deviation && s.byte_size == t.byte_size &&
           s.root_offset == t.root_offset && s.dummy == t.dummy && s.ledges == t.ledges && s.points == t.points &&
           s.nodes == t.nodes && s.chunk_size == t.chunk_size && s.extension == t.extension &&
           s.shpe_groups == t.shpe_groups && s.shpe_shapes == t.shpe_shapes;
}

bool same_record(const LegacyRecord& r, const LegacyRecord& s) {
    return r.name == s.name && r.ledges == s.ledges && r.items == s.items;
}

template <class T, class Eq>
bool same_list(const std::vector<T>& a, const std::vector<T>& b, Eq eq) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!eq(a[i], b[i])) return false;
    return true;
}

}  // namespace

std::string_view first_difference(const SurModel& a, const SurModel& b) {
    if (a.format != b.format || !bits(a.version, b.version) || !bits(a.legacy_box, b.legacy_box)) return "header";
    if (!same_list(a.parts, b.parts, same_part)) return "parts";
    if (!same_list(a.legacy_records, b.legacy_records, same_record)) return "legacy records";
    if (!same_list(a.surfaces, b.surfaces, same_surface)) return "surfaces";
    if (!same(a.hardpoints, b.hardpoints)) return "hardpoints";
    if (!same(a.extension_bytes, b.extension_bytes)) return "extension bytes";
    const LedgeColumns &l = a.ledges, &m = b.ledges;
    if (!same(l.client_data, m.client_data) || !same(l.flags, m.flags) || !same(l.size_div_16, m.size_div_16) ||
        !same(l.reserved, m.reserved) || !same(l.faces, m.faces) || !same(l.surface, m.surface) ||
        !same(l.node, m.node) || !same(l.inline_points, m.inline_points))
        return "ledges";
    if (!same(a.faces.tri_index, b.faces.tri_index) || !same(a.faces.pierce, b.faces.pierce) ||
        !same(a.faces.material, b.faces.material) || !same(a.faces.is_virtual, b.faces.is_virtual))
        return "faces";
    if (!same(a.edges.point, b.edges.point) || !same(a.edges.opposite_delta, b.edges.opposite_delta) ||
        !same(a.edges.opposite, b.edges.opposite) || !same(a.edges.is_virtual, b.edges.is_virtual))
        return "edges";
    if (!same(a.points.x, b.points.x) || !same(a.points.y, b.points.y) || !same(a.points.z, b.points.z) ||
        !same(a.points.client_data, b.points.client_data))
        return "points";
    const NodeColumns &n = a.nodes, &o = b.nodes;
    if (!same(n.right, o.right) || !same(n.ledge, o.ledge) || !same(n.center_x, o.center_x) ||
        !same(n.center_y, o.center_y) || !same(n.center_z, o.center_z) || !same(n.radius, o.radius) ||
        !same(n.box, o.box) || !same(n.free_0, o.free_0))
        return "nodes";
    return {};
}

}  // namespace meshproof::sur
