#include "engine/mesh/triangle_bvh.h"

#include <algorithm>
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

}  // namespace

TriangleBvh::TriangleBvh(std::vector<TriangleCorners> triangles) {
    if (triangles.empty()) return;
    const auto n = static_cast<std::uint32_t>(triangles.size());
    std::vector<std::uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0u);
    // Each triangle's centroid once (the same float expression, so the same tree): the splits
    // compare them O(n log n) times.
    std::vector<float> cen(3 * std::size_t{n});
    for (std::uint32_t i = 0; i < n; ++i)
        for (int a = 0; a < 3; ++a) cen[3 * std::size_t{i} + a] = centroid(triangles[i], a);
    nodes_.reserve(n);   // leaves hold 2 to kLeafSize triangles: fewer than n nodes
    struct Todo {
        std::uint32_t node, begin, end;
    };
    std::vector<Todo> stack;
    nodes_.push_back({});
    stack.push_back({0, 0, n});
    while (!stack.empty()) {
        const Todo todo = stack.back();
        stack.pop_back();
        Node node;
        std::array<float, 3> clo, chi;
        for (int a = 0; a < 3; ++a) {
            node.lo[a] = clo[a] = std::numeric_limits<float>::infinity();
            node.hi[a] = chi[a] = -std::numeric_limits<float>::infinity();
        }
        for (std::uint32_t i = todo.begin; i < todo.end; ++i) {
            const TriangleCorners& t = triangles[order[i]];
            for (int a = 0; a < 3; ++a) {
                node.lo[a] = std::min({node.lo[a], t[a], t[3 + a], t[6 + a]});
                node.hi[a] = std::max({node.hi[a], t[a], t[3 + a], t[6 + a]});
                clo[a] = std::min(clo[a], cen[3 * std::size_t{order[i]} + a]);
                chi[a] = std::max(chi[a], cen[3 * std::size_t{order[i]} + a]);
            }
        }
        if (todo.end - todo.begin <= kLeafSize) {
            node.first = todo.begin;
            node.count = todo.end - todo.begin;
            nodes_[todo.node] = node;
            continue;
        }
        int axis = 0;
        for (int a = 1; a < 3; ++a)
            if (chi[a] - clo[a] > chi[axis] - clo[axis]) axis = a;
        const std::uint32_t mid = todo.begin + (todo.end - todo.begin) / 2;
        std::nth_element(order.begin() + todo.begin, order.begin() + mid, order.begin() + todo.end,
                         [&](std::uint32_t x, std::uint32_t y) {
                             const float cx = cen[3 * std::size_t{x} + axis], cy = cen[3 * std::size_t{y} + axis];
                             return cx != cy ? cx < cy : x < y;
                         });
        // The two children side by side, filled in when the stack reaches them.
        const auto first_child = static_cast<std::uint32_t>(nodes_.size());
        const std::uint32_t second_child = first_child + 1;
        nodes_.push_back({});
        nodes_.push_back({});
        node.first = first_child;
        node.count = 0;
        nodes_[todo.node] = node;
        stack.push_back({second_child, mid, todo.end});
        stack.push_back({first_child, todo.begin, mid});
    }
    triangles_.reserve(n);
    for (std::uint32_t i : order) triangles_.push_back(triangles[i]);
}

template <bool kFootprint>
double TriangleBvh::query(const Point3d& p, double radius) const {
    if (nodes_.empty()) return kNone;
    const double limit = radius * radius;
    double best = limit;
    auto box_sq = [&](const Node& nd) {
        double s = 0;
        for (int a = 0; a < 3; ++a) {
            if (kFootprint && a == 1) continue;
            const double lo = nd.lo[a], hi = nd.hi[a];
            const double d = p[a] < lo ? lo - p[a] : p[a] > hi ? p[a] - hi : 0.0;
            s += d * d;
        }
        return s;
    };
    std::uint32_t stack[64];
    int top = 0;
    if (box_sq(nodes_[0]) > best) return kNone;
    stack[top++] = 0;
    bool found = false;
    while (top > 0) {
        const Node& nd = nodes_[stack[--top]];
        if (nd.count > 0) {
            for (std::uint32_t i = nd.first; i < nd.first + nd.count; ++i) {
                const double d = kFootprint ? point_footprint_distance_sq(p, triangles_[i]) : point_triangle_distance_sq(p, triangles_[i]);
                if (d <= best) {
                    best = d;
                    found = true;
                }
            }
            continue;
        }
        const std::uint32_t c0 = nd.first, c1 = nd.first + 1;
        const double d0 = box_sq(nodes_[c0]), d1 = box_sq(nodes_[c1]);
        // Push the farther first so the nearer is visited first; a box beyond the best is pruned.
        const bool near0 = d0 <= d1;
        const std::uint32_t fa = near0 ? c1 : c0, ne = near0 ? c0 : c1;
        const double dfa = near0 ? d1 : d0, dne = near0 ? d0 : d1;
        if (dfa <= best && top < 64) stack[top++] = fa;
        if (dne <= best && top < 64) stack[top++] = ne;
    }
    return found ? best : kNone;
}

double TriangleBvh::nearest_sq(const Point3d& p, double radius) const { return query<false>(p, radius); }
double TriangleBvh::nearest_footprint_sq(const Point3d& p, double radius) const { return query<true>(p, radius); }

}  // namespace meshproof::mesh
