// Node spheres and boxes (ivp-surface-notes.md §7). Arithmetic order as the notes give it:
//   leaf:  min/max in f32; center = (min + max) * 0.5f in f32; d_i = f32(max_i - center_i);
//          radius = f32(sqrt(Σ double(d_i)²));
//          box_i = trunc(double(d_i) / (double(radius) / 250)) + 1.
//   inner: w = double(radius) / 250 per leaf; lo/hi = double(center) ∓ double(box) · w, rounded
//          into f32; min/max in f32 from ±1e6; centre and radius as for a leaf (f32 centre,
//          f32 d_i); box_i = trunc(D_i / (R / 250)) + 1 with D_i = max_i − (min_i + max_i) / 2
//          and R = |D| in double, unrounded.
// The notes are silent on the precision of the box quotient. Read in double (IVP_DOUBLE
// temporaries); measured on the retail sample, single precision loses one leaf box (icebase1
// node 61) and one inner box (ku_battleship node 28) that double reproduces.
#include "engine/sur/node_bounds.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace meshproof::sur {
namespace {

NodeBounds sphere_of(const std::array<float, 3>& lo, const std::array<float, 3>& hi, std::array<float, 3>& d) {
    NodeBounds b;
    double sum = 0;
    for (int i = 0; i < 3; ++i) {
        b.center[i] = (lo[i] + hi[i]) * 0.5f;
        d[i] = hi[i] - b.center[i];
        sum += double(d[i]) * double(d[i]);
    }
    b.radius = static_cast<float>(std::sqrt(sum));
    return b;
}

// One leaf's quantized box into the union (§7.2): lo/hi in double, then into f32.
void add_leaf(LeafUnionBox& u, const NodeColumns& nodes, std::uint32_t n) {
    const double w = double(nodes.radius[n]) / 250.0;
    const double c[3] = {nodes.center_x[n], nodes.center_y[n], nodes.center_z[n]};
    for (int i = 0; i < 3; ++i) {
        const double e = double(nodes.box[n][i]) * w;
        u.lo[i] = std::min(u.lo[i], static_cast<float>(c[i] - e));
        u.hi[i] = std::max(u.hi[i], static_cast<float>(c[i] + e));
    }
}

constexpr LeafUnionBox kUnionStart{{1e6f, 1e6f, 1e6f}, {-1e6f, -1e6f, -1e6f}};

std::int64_t box_byte(double half, double radius) {
    const double w = radius / 250.0;
    return (w > 0 ? static_cast<std::int64_t>(std::trunc(half / w)) : 0) + 1;
}

}  // namespace

Result<std::vector<std::uint32_t>> subtree_ends(const SurModel& m, std::size_t s) {
    if (s >= m.surfaces.size()) return make_error(ErrorCode::kOutOfBounds, 0, "surface index outside the model");
    const IndexRange r = m.surfaces[s].nodes;
    if (r.end() > m.nodes.size() || r.end() < r.first)
        return make_error(ErrorCode::kOutOfBounds, 0, "node range outside the node column");
    std::vector<std::uint32_t> end(r.count, 0);
    for (std::uint32_t k = r.count; k-- > 0;) {
        const std::int32_t right = m.nodes.right[r.first + k];
        if (right < 0) {
            end[k] = r.first + k + 1;
            continue;
        }
        const std::uint32_t rk = std::uint32_t(right);
        if (rk <= r.first + k + 1 || rk >= r.end())
            return make_error(ErrorCode::kOutOfBounds, 0,
                              fmt::format("node {}: right child {} is not after its left subtree", r.first + k, right));
        // the left subtree (k + 1 ...) must end exactly where the right child starts
        if (end[k + 1] != rk)
            return make_error(ErrorCode::kOutOfBounds, 0,
                              fmt::format("node {}: left subtree does not end at the right child", r.first + k));
        end[k] = end[rk - r.first];
    }
    return end;
}

Result<NodeBounds> leaf_bounds(const SurModel& m, std::size_t s, std::uint32_t ledge) {
    if (s >= m.surfaces.size() || ledge >= m.ledges.size())
        return make_error(ErrorCode::kOutOfBounds, 0, "ledge index outside the model");
    const IndexRange pr = m.surfaces[s].points;
    const IndexRange f = m.ledges.faces[ledge];
    if (f.end() > m.faces.size() || std::uint64_t(f.end()) * 3 > m.edges.size())
        return make_error(ErrorCode::kOutOfBounds, 0, fmt::format("ledge {}: faces outside the face column", ledge));
    if (f.count == 0) return make_error(ErrorCode::kBadObject, 0, fmt::format("ledge {} has no face", ledge));
    const std::span<const std::uint32_t> pts(m.edges.point.data() + std::size_t(f.first) * 3, std::size_t(f.count) * 3);
    std::array<float, 3> lo{}, hi{};
    bool first = true;
    for (const std::uint32_t p : pts) {
        if (p < pr.first || p >= pr.end() || p >= m.points.size())
            return make_error(ErrorCode::kOutOfBounds, 0,
                              fmt::format("ledge {}: point {} outside its surface", ledge, p));
        const std::array<float, 3> v{m.points.x[p], m.points.y[p], m.points.z[p]};
        for (int i = 0; i < 3; ++i) {
            lo[i] = first ? v[i] : std::min(lo[i], v[i]);
            hi[i] = first ? v[i] : std::max(hi[i], v[i]);
        }
        first = false;
    }
    std::array<float, 3> d{};
    NodeBounds b = sphere_of(lo, hi, d);
    for (int i = 0; i < 3; ++i) b.box[i] = box_byte(d[i], b.radius);
    return b;
}

LeafUnionBox leaf_union_box(const NodeColumns& nodes, std::span<const std::uint32_t> leaves) {
    LeafUnionBox u = kUnionStart;
    for (const std::uint32_t n : leaves)
        if (n < nodes.size()) add_leaf(u, nodes, n);
    return u;
}

NodeBounds union_bounds(const NodeColumns& nodes, std::uint32_t first, std::uint32_t end) {
    LeafUnionBox u = kUnionStart;
    end = std::min<std::uint32_t>(end, std::uint32_t(nodes.size()));
    for (std::uint32_t n = first; n < end; ++n)
        if (nodes.right[n] < 0) add_leaf(u, nodes, n);
    const std::array<float, 3>& lo = u.lo;
    const std::array<float, 3>& hi = u.hi;
    std::array<float, 3> d{};
    NodeBounds b = sphere_of(lo, hi, d);
    double half[3], sum = 0;
    for (int i = 0; i < 3; ++i) {
        half[i] = double(hi[i]) - (double(lo[i]) + double(hi[i])) * 0.5;
        sum += half[i] * half[i];
    }
    for (int i = 0; i < 3; ++i) b.box[i] = box_byte(half[i], std::sqrt(sum));
    return b;
}

}  // namespace meshproof::sur
