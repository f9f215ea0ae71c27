#include "engine/mesh/triangle_bvh.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <array>
#include <numeric>

namespace meshproof::mesh {
namespace {

float centroid(const TriangleCorners& t, int axis) {
    // float, in one order: only the split uses it, never a distance. A NaN (a hostile file's
    // corner) sorts as +inf, so the split's order stays a strict weak order.
    const float c = (t[axis] + t[3 + axis] + t[6 + axis]) / 3.0f;
    return std::isnan(c) ? std::numeric_limits<float>::infinity() : c;
}

constexpr int kBits = 10;
constexpr std::uint32_t kCells = 1u << kBits;

struct Todo {
    std::uint32_t node, begin, end;
};

// A thread's build buffers, kept from one tree to the next (the f-set join builds a tree per h
// file, thousands on an install): the sizes of the largest tree the thread built.
struct BuildScratch {
    std::vector<float> centroid;
    std::vector<std::uint64_t> key, swap;
    std::array<std::array<std::uint32_t, kCells>, 3> count;
    std::vector<Todo> todo;
};
BuildScratch& build_scratch() {
    thread_local BuildScratch scratch;
    return scratch;
}

}  // namespace

// The triangles in Morton order of their centroids (10 bits an axis over the centroids' box; a
// stable radix sort from triangle order, so ties keep the triangle order and the tree is the same
// on every run), then every node's range split where its codes' highest differing bit turns on:
// one sort and one pass over the triangles instead of a selection per level (the f-set join builds
// a tree per h file of a whole install). A path is at most 30 such splits and then halvings of one
// code's run (at most 30), so the query's stack of 64 never fills. The queries are exact whatever
// the tree's shape; only their speed depends on it.
TriangleBvh::TriangleBvh(std::span<const TriangleCorners> triangles) {
    if (triangles.empty()) return;
    build(static_cast<std::uint32_t>(triangles.size()),
          [&](std::uint32_t i) -> const TriangleCorners& { return triangles[i]; });
}

TriangleBvh::TriangleBvh(std::span<const float> xyz, std::span<const std::uint32_t> corners) {
    if (corners.empty() || corners.size() % 3 != 0) return;
    const std::size_t vertices = xyz.size() / 3;
    for (const std::uint32_t v : corners)
        if (v >= vertices) return;
    build(static_cast<std::uint32_t>(corners.size() / 3), [&](std::uint32_t i) {
        TriangleCorners t;
        for (int k = 0; k < 3; ++k)
            for (int a = 0; a < 3; ++a) t[3 * k + a] = xyz[3 * std::size_t{corners[3 * std::size_t{i} + k]} + a];
        return t;
    });
}

template <class Triangle>
void TriangleBvh::build(std::uint32_t n, const Triangle& triangles) {
    BuildScratch& scratch = build_scratch();
    std::vector<float>& cen = scratch.centroid;  // x y z of each triangle, computed once
    cen.resize(3 * std::size_t{n});
    std::array<float, 3> lo, hi;
    lo.fill(std::numeric_limits<float>::infinity());
    hi.fill(-std::numeric_limits<float>::infinity());
    for (std::uint32_t i = 0; i < n; ++i) {
        const TriangleCorners& t = triangles(i);  // a reference, or a copy made once (indexed form)
        for (int a = 0; a < 3; ++a) {
            const float c = centroid(t, a);
            cen[3 * std::size_t{i} + a] = c;
            if (std::isfinite(c)) lo[a] = std::min(lo[a], c), hi[a] = std::max(hi[a], c);
        }
    }
    std::array<float, 3> scale{};
    for (int a = 0; a < 3; ++a) scale[a] = hi[a] > lo[a] ? float(kCells) / (hi[a] - lo[a]) : 0.0f;
    auto cell = [&](float c, int a) -> std::uint32_t {
        if (!(scale[a] > 0)) return 0;  // one centroid value on the axis (or none finite)
        if (!(c >= lo[a])) return 0;    // −inf first (centroid() makes a NaN +inf, which goes last)
        const float f = (c - lo[a]) * scale[a];
        return f >= float(kCells - 1) ? kCells - 1 : static_cast<std::uint32_t>(f);
    };
    auto spread = [](std::uint32_t v) {  // bit i to bit 3i
        std::uint32_t x = v & 0x3FFu;
        x = (x | (x << 16)) & 0x030000FFu;
        x = (x | (x << 8)) & 0x0300F00Fu;
        x = (x | (x << 4)) & 0x030C30C3u;
        x = (x | (x << 2)) & 0x09249249u;
        return x;
    };
    // Each triangle's key: its code above its index, so the keys are distinct and their order is
    // the codes' with ties in triangle order (what a stable sort of the codes gives).
    std::vector<std::uint64_t>& key = scratch.key;
    std::vector<std::uint64_t>& swap = scratch.swap;
    key.resize(n);
    swap.resize(n);
    std::array<std::array<std::uint32_t, kCells>, 3>& count = scratch.count;
    for (auto& c : count) c.fill(0);
    for (std::uint32_t i = 0; i < n; ++i) {
        const float* c = &cen[3 * std::size_t{i}];
        const std::uint32_t code = spread(cell(c[0], 0)) | (spread(cell(c[1], 1)) << 1) | (spread(cell(c[2], 2)) << 2);
        key[i] = (std::uint64_t{code} << 32) | i;
        for (int digit = 0; digit < 3; ++digit) ++count[digit][(code >> (digit * kBits)) & (kCells - 1)];
    }
    // Stable LSD radix sort of the 30-bit codes, three digits of 10 bits (the three histograms
    // counted in the one pass above).
    for (int digit = 0; digit < 3; ++digit) {
        const int shift = 32 + digit * kBits;
        std::uint32_t sum = 0;
        for (std::uint32_t& c : count[digit]) {
            const std::uint32_t here = c;
            c = sum;
            sum += here;
        }
        for (const std::uint64_t k : key) swap[count[digit][(k >> shift) & (kCells - 1)]++] = k;
        key.swap(swap);
    }
    triangles_.resize(n);
    for (std::uint32_t k = 0; k < n; ++k) triangles_[k] = triangles(static_cast<std::uint32_t>(key[k]));

    // Ranges halved top-down (the two children side by side); boxes filled bottom-up afterwards:
    // a child is always made after its parent, so the nodes in reverse order meet children first.
    nodes_.reserve(n);  // leaves hold 2 to kLeafSize triangles: fewer than n nodes
    std::vector<Todo>& stack = scratch.todo;
    stack.clear();
    nodes_.push_back({});
    stack.push_back({0, 0, n});
    while (!stack.empty()) {
        const Todo todo = stack.back();
        stack.pop_back();
        if (todo.end - todo.begin <= kLeafSize) {
            nodes_[todo.node].first = todo.begin;
            nodes_[todo.node].count = todo.end - todo.begin;
            continue;
        }
        // Split where the highest bit in which the range's first and last codes differ turns on
        // (the codes are sorted, so it turns on once): the centroids' cell split in half along
        // one axis; a range of one code is halved.
        std::uint32_t mid = todo.begin + (todo.end - todo.begin) / 2;
        const std::uint32_t first_code = key[todo.begin] >> 32, last_code = key[todo.end - 1] >> 32;
        if (first_code != last_code) {
            const std::uint64_t bit = std::uint64_t{1} << (32 + 31 - std::countl_zero(first_code ^ last_code));
            mid = static_cast<std::uint32_t>(std::partition_point(key.begin() + todo.begin, key.begin() + todo.end,
                                                                  [&](std::uint64_t k) { return (k & bit) == 0; }) -
                                             key.begin());
        }
        const auto first_child = static_cast<std::uint32_t>(nodes_.size());
        nodes_.push_back({});
        nodes_.push_back({});
        nodes_[todo.node].first = first_child;
        nodes_[todo.node].count = 0;
        stack.push_back({first_child + 1, mid, todo.end});
        stack.push_back({first_child, todo.begin, mid});
    }
    for (std::size_t k = nodes_.size(); k-- > 0;) {
        Node& node = nodes_[k];
        for (int a = 0; a < 3; ++a) {
            node.lo[a] = std::numeric_limits<float>::infinity();
            node.hi[a] = -std::numeric_limits<float>::infinity();
        }
        if (node.count > 0) {
            for (std::uint32_t i = node.first; i < node.first + node.count; ++i) {
                const TriangleCorners& t = triangles_[i];
                for (int a = 0; a < 3; ++a) {
                    node.lo[a] = std::min({node.lo[a], t[a], t[3 + a], t[6 + a]});
                    node.hi[a] = std::max({node.hi[a], t[a], t[3 + a], t[6 + a]});
                }
            }
            continue;
        }
        for (const Node* c : {&nodes_[node.first], &nodes_[node.first + 1]})
            for (int a = 0; a < 3; ++a) {
                node.lo[a] = std::min(node.lo[a], c->lo[a]);
                node.hi[a] = std::max(node.hi[a], c->hi[a]);
            }
    }
}

namespace {

// The squared distance from `p` to the box lo-hi (0 inside), in x and z only for a footprint.
template <bool kFootprint>
double box_sq(const Point3d& p, const float* lo, const float* hi) {
    double s = 0;
    for (int a = 0; a < 3; ++a) {
        if (kFootprint && a == 1) continue;
        const double l = lo[a], h = hi[a];
        const double d = p[a] < l ? l - p[a] : p[a] > h ? p[a] - h : 0.0;
        s += d * d;
    }
    return s;
}

// The box of a triangle's corners as the nodes' boxes are made (std::min from +inf, so a NaN
// corner is skipped the same way).
void triangle_box(const TriangleCorners& t, float* lo, float* hi) {
    for (int a = 0; a < 3; ++a) {
        lo[a] = std::min({std::numeric_limits<float>::infinity(), t[a], t[3 + a], t[6 + a]});
        hi[a] = std::max({-std::numeric_limits<float>::infinity(), t[a], t[3 + a], t[6 + a]});
    }
}

// The rejection bound for a box or a triangle's box against a squared distance `limit_sq` that an
// exact distance is compared with (d <= limit_sq): a box holds its triangles (their float corners'
// minimum and maximum), so its distance is at most theirs; the computed distances differ from the
// true ones only by double rounding, relative errors near 1e-16 of the coordinates' differences,
// far below this margin of 1e-9 of the limit. A box is rejected only beyond limit_sq (1 + 1e-9),
// so it never rejects a triangle the exact comparison accepts.
double reject_beyond(double limit_sq) { return limit_sq + limit_sq * 1e-9; }

}  // namespace

namespace {

// An inner node's two children onto the walk's stack, the farther first so the nearer is visited
// first; a child whose box is beyond `bound` (squared) is pruned.
template <class NodeT, class NodeSq>
void push_children(const NodeT* nodes, const NodeT& nd, const NodeSq& node_sq, double bound, std::uint32_t (&stack)[64],
                   int& top) {
    const std::uint32_t c0 = nd.first, c1 = nd.first + 1;
    const double d0 = node_sq(nodes[c0]), d1 = node_sq(nodes[c1]);
    const bool near0 = d0 <= d1;
    const std::uint32_t fa = near0 ? c1 : c0, ne = near0 ? c0 : c1;
    const double dfa = near0 ? d1 : d0, dne = near0 ? d0 : d1;
    if (dfa <= bound && top < 64) stack[top++] = fa;
    if (dne <= bound && top < 64) stack[top++] = ne;
}

}  // namespace

template <bool kFootprint>
double TriangleBvh::query(const Point3d& p, double radius) const {
    if (nodes_.empty()) return kNone;
    const double limit = radius * radius;
    double best = limit;
    auto node_sq = [&](const Node& nd) { return box_sq<kFootprint>(p, nd.lo, nd.hi); };
    std::uint32_t stack[64];
    int top = 0;
    // Pruned with the same margin as query_any (reject_beyond): a box's computed distance can
    // exceed a computed triangle distance inside it by double rounding, so a box just beyond
    // `best` may still hold a triangle the exact comparison (d <= best) would take.
    if (node_sq(nodes_[0]) > reject_beyond(best)) return kNone;
    stack[top++] = 0;
    bool found = false;
    while (top > 0) {
        const Node& nd = nodes_[stack[--top]];
        if (nd.count > 0) {
            for (std::uint32_t i = nd.first; i < nd.first + nd.count; ++i) {
                const double d = kFootprint ? point_footprint_distance_sq(p, triangles_[i])
                                            : point_triangle_distance_sq(p, triangles_[i]);
                if (d <= best) {
                    best = d;
                    found = true;
                }
            }
            continue;
        }
        push_children(nodes_.data(), nd, node_sq, reject_beyond(best), stack, top);
    }
    return found ? best : kNone;
}

// The same walk with the bound fixed at the radius (margin: reject_beyond) and an answer at the
// first triangle within it; a triangle whose own box lies beyond the bound is not measured.
template <bool kFootprint>
bool TriangleBvh::query_any(const Point3d& p, double radius) const {
    if (nodes_.empty()) return false;
    const double limit = radius * radius;
    const double reject = reject_beyond(limit);
    auto node_sq = [&](const Node& nd) { return box_sq<kFootprint>(p, nd.lo, nd.hi); };
    std::uint32_t stack[64];
    int top = 0;
    if (node_sq(nodes_[0]) > reject) return false;
    stack[top++] = 0;
    while (top > 0) {
        const Node& nd = nodes_[stack[--top]];
        if (nd.count > 0) {
            for (std::uint32_t i = nd.first; i < nd.first + nd.count; ++i) {
                const TriangleCorners& t = triangles_[i];
                float lo[3], hi[3];
                triangle_box(t, lo, hi);
                if (box_sq<kFootprint>(p, lo, hi) > reject) continue;
                const double d = kFootprint ? point_footprint_distance_sq(p, t) : point_triangle_distance_sq(p, t);
                if (d <= limit) return true;
            }
            continue;
        }
        push_children(nodes_.data(), nd, node_sq, reject, stack, top);
    }
    return false;
}

double TriangleBvh::nearest_sq(const Point3d& p, double radius) const { return query<false>(p, radius); }
double TriangleBvh::nearest_footprint_sq(const Point3d& p, double radius) const { return query<true>(p, radius); }
bool TriangleBvh::any_within(const Point3d& p, double radius) const { return query_any<false>(p, radius); }
bool TriangleBvh::any_footprint_within(const Point3d& p, double radius) const { return query_any<true>(p, radius); }

}  // namespace meshproof::mesh
