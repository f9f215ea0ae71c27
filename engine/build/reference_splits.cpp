// See reference_splits.h. Both rules work on ws.list, a permutation of the leaves, splitting a
// range of it in place and recursing on the two halves.
#include "engine/build/reference_splits.h"

#include <algorithm>
#include <limits>
#include <numeric>

namespace meshproof::build {

using mesh::box_surface;
using mesh::box_union;

namespace {

inline float centre(const Box& b, int axis) { return (b.min[axis] + b.max[axis]) * 0.5f; }

// Sorts the range by the centre on `axis`, ties by leaf index: a total order on finite centres
// (NaN ones are ordered as +inf), so the result does not depend on the sort's algorithm. With
// `half`, only the first `half` places are settled as a set (the median split needs no more: each
// part is sorted again below). The keys are computed once per call, not per comparison.
void sort_by_centre(std::span<const Box> boxes, std::span<std::uint32_t> range, int axis,
                    std::vector<std::pair<float, std::uint32_t>>& keyed, std::size_t half = 0) {
    keyed.resize(range.size());
    for (std::size_t i = 0; i < range.size(); ++i) {
        const float c = centre(boxes[range[i]], axis);
        keyed[i] = {c == c ? c : std::numeric_limits<float>::infinity(), range[i]};
    }
    if (half > 0) std::nth_element(keyed.begin(), keyed.begin() + static_cast<long>(half), keyed.end());
    else std::sort(keyed.begin(), keyed.end());
    for (std::size_t i = 0; i < range.size(); ++i) range[i] = keyed[i].second;
}

std::uint32_t median_range(std::span<const Box> boxes, std::span<std::uint32_t> range, ReferenceSplitWorkspace& ws,
                           BinaryTree& out) {
    if (range.size() == 1) return out.add_leaf(range[0], boxes[range[0]]);
    float lo[3], hi[3];
    for (int a = 0; a < 3; ++a) lo[a] = std::numeric_limits<float>::infinity(), hi[a] = -lo[a];
    for (std::uint32_t i : range)
        for (int a = 0; a < 3; ++a) {
            const float c = centre(boxes[i], a);
            lo[a] = std::min(lo[a], c), hi[a] = std::max(hi[a], c);
        }
    int axis = 0;
    for (int a = 1; a < 3; ++a)
        if (hi[a] - lo[a] > hi[axis] - lo[axis]) axis = a;
    const std::size_t half = range.size() / 2;
    sort_by_centre(boxes, range, axis, ws.keyed, half);
    const std::uint32_t first = median_range(boxes, range.first(half), ws, out);
    const std::uint32_t second = median_range(boxes, range.subspan(half), ws, out);
    return out.add_inner(first, second);
}

std::uint32_t merge_range(std::span<const Box> boxes, std::span<const std::uint32_t> range, ReferenceSplitWorkspace& ws,
                          BinaryTree& out) {
    if (range.size() == 1) return out.add_leaf(range[0], boxes[range[0]]);
    ws.merge_boxes.resize(range.size());
    for (std::size_t i = 0; i < range.size(); ++i) ws.merge_boxes[i] = boxes[range[i]];
    mesh::least_surface_merge(ws.merge_boxes, ws.merge, ws.merged);
    const auto n = static_cast<std::uint32_t>(range.size());
    ws.node_of.resize(2 * n - 1);
    for (std::uint32_t i = 0; i < n; ++i) ws.node_of[i] = out.add_leaf(range[i], boxes[range[i]]);
    for (std::uint32_t k = 0; k + 1 < n; ++k)
        ws.node_of[n + k] = out.add_inner(ws.node_of[ws.merged.child[0][k]], ws.node_of[ws.merged.child[1][k]]);
    return ws.node_of[2 * n - 2];
}

// The sweep over [lo, hi) of the three lists ws.sorted (each the whole list sorted once by centre
// on its axis, ties by leaf index): a subset of a list sorted by a total order is that list filtered
// in order, so after a split each list is divided stably into the two parts and every part is
// sorted on every axis without sorting again. `order` is the axis whose list gives the range's own
// order (the parent's choice), which the bottom-up merge takes as its leaf order.
std::uint32_t sah_range(std::span<const Box> boxes, std::size_t lo, std::size_t hi, int order, ReferenceSplitWorkspace& ws,
                        BinaryTree& out) {
    const std::size_t n = hi - lo;
    if (n <= kBottomUpMax) return merge_range(boxes, std::span<const std::uint32_t>(ws.sorted[order].data() + lo, n), ws, out);
    float best = std::numeric_limits<float>::infinity();
    int best_axis = 0;
    std::size_t best_cut = n / 2;   // every cost NaN: the median on x
    ws.suffix.resize(n);
    for (int axis = 0; axis < 3; ++axis) {
        const std::uint32_t* s = ws.sorted[axis].data() + lo;
        ws.suffix[n - 1] = boxes[s[n - 1]];
        for (std::size_t i = n - 1; i-- > 0;) ws.suffix[i] = box_union(ws.suffix[i + 1], boxes[s[i]]);
        Box prefix = boxes[s[0]];
        for (std::size_t cut = 1; cut < n; ++cut) {   // first part s[0, cut)
            const float cost = box_surface(prefix) * float(cut) + box_surface(ws.suffix[cut]) * float(n - cut);
            if (cost < best) best = cost, best_axis = axis, best_cut = cut;
            prefix = box_union(prefix, boxes[s[cut]]);
        }
    }
    const std::uint32_t* chosen = ws.sorted[best_axis].data() + lo;
    for (std::size_t i = 0; i < n; ++i) ws.in_first[chosen[i]] = i < best_cut ? 1 : 0;
    ws.divided.resize(n);
    for (int axis = 0; axis < 3; ++axis) {
        if (axis == best_axis) continue;
        std::uint32_t* s = ws.sorted[axis].data() + lo;
        std::size_t f = 0, g = best_cut;
        for (std::size_t i = 0; i < n; ++i) ws.divided[ws.in_first[s[i]] ? f++ : g++] = s[i];
        std::copy(ws.divided.begin(), ws.divided.begin() + static_cast<long>(n), s);
    }
    const std::uint32_t first = sah_range(boxes, lo, lo + best_cut, best_axis, ws, out);
    const std::uint32_t second = sah_range(boxes, lo + best_cut, hi, best_axis, ws, out);
    return out.add_inner(first, second);
}

void start(std::span<const Box> boxes, ReferenceSplitWorkspace& ws, BinaryTree& out) {
    out.clear();
    ws.list.resize(boxes.size());
    std::iota(ws.list.begin(), ws.list.end(), 0u);
}

}  // namespace

void median_split_tree(std::span<const Box> boxes, ReferenceSplitWorkspace& ws, BinaryTree& out) {
    start(boxes, ws, out);
    if (!boxes.empty()) out.root = median_range(boxes, ws.list, ws, out);
}

void sah16_tree(std::span<const Box> boxes, ReferenceSplitWorkspace& ws, BinaryTree& out) {
    start(boxes, ws, out);
    if (boxes.empty()) return;
    if (boxes.size() <= kBottomUpMax) {
        out.root = merge_range(boxes, ws.list, ws, out);
        return;
    }
    for (int axis = 0; axis < 3; ++axis) {
        ws.sorted[axis] = ws.list;
        sort_by_centre(boxes, ws.sorted[axis], axis, ws.keyed);
    }
    ws.in_first.resize(boxes.size());
    out.root = sah_range(boxes, 0, boxes.size(), 0, ws, out);
}

}  // namespace meshproof::build
