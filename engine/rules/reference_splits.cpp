// See reference_splits.h. Both rules work on the leaves sorted by centre on each axis (ws.sorted),
// dividing a range of those lists in place at each split and recursing on the two parts.
#include "engine/rules/reference_splits.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <numeric>

#include <emmintrin.h>  // SSE2, the x86-64 baseline: SAH-16's sweep four lanes at a time

namespace meshproof::rules {

using rules::box_surface;
using rules::box_union;

namespace {

inline float centre(const mesh::Box& b, int axis) { return (b.min[axis] + b.max[axis]) * 0.5f; }

// The sort key of a leaf on an axis: its centre (NaN as +inf, −0 as +0) in bits whose unsigned order
// is the float order, above the leaf index. The keys are distinct and their order is the total order
// (centre, then leaf index) on the centres as floats compare, so the sort's algorithm does not matter.
inline std::uint64_t centre_key(const mesh::Box& b, int axis, std::uint32_t leaf) {
    float c = centre(b, axis);
    c = c == c ? c + 0.0f : std::numeric_limits<float>::infinity();  // −0 + 0 = +0
    std::uint32_t bits;
    std::memcpy(&bits, &c, sizeof bits);
    bits = (bits & 0x80000000u) != 0 ? ~bits : bits | 0x80000000u;
    return std::uint64_t{bits} << 32 | leaf;
}

// Keys whose low words increase from first to last, sorted: a stable counting sort on each byte of
// the high word from the lowest (a byte every key shares is skipped: it moves nothing). Each pass
// keeps the order of keys equal in its byte, so the keys end sorted by high word and, among equal
// high words, in their first order, by low word: the order of the 64-bit keys, the one std::sort
// gives (without its comparisons, half of them mispredicted on centres in no order).
void sort_by_high_word(std::vector<std::uint64_t>& keys, std::vector<std::uint64_t>& spare) {
    const std::size_t n = keys.size();
    std::uint32_t all = ~0u, any = 0;
    for (const std::uint64_t k : keys)
        all &= static_cast<std::uint32_t>(k >> 32), any |= static_cast<std::uint32_t>(k >> 32);
    spare.resize(n);
    for (int shift = 32; shift < 64; shift += 8) {
        if ((((all ^ any) >> (shift - 32)) & 0xFFu) == 0) continue;
        std::uint32_t place[256] = {};
        for (const std::uint64_t k : keys) ++place[(k >> shift) & 0xFFu];
        std::uint32_t sum = 0;
        for (std::uint32_t& p : place) {
            const std::uint32_t c = p;
            p = sum;
            sum += c;
        }
        for (const std::uint64_t k : keys) spare[place[(k >> shift) & 0xFFu]++] = k;
        keys.swap(spare);
    }
}

// ws.sorted[axis]: leaves 0..n−1 sorted by centre_key on each axis.
void sort_by_centre(std::span<const mesh::Box> boxes, ReferenceSplitWorkspace& ws) {
    const std::size_t n = boxes.size();
    ws.keys.resize(n);
    for (int axis = 0; axis < 3; ++axis) {
        for (std::uint32_t i = 0; i < n; ++i) ws.keys[i] = centre_key(boxes[i], axis, i);
        if (n > kBottomUpMax) sort_by_high_word(ws.keys, ws.spare_keys);  // keys made in leaf order
        else std::sort(ws.keys.begin(), ws.keys.end());
        ws.sorted[axis].resize(n);
        for (std::size_t i = 0; i < n; ++i) ws.sorted[axis][i] = static_cast<std::uint32_t>(ws.keys[i]);
    }
}

// After a split of lists[·][lo, hi) at `cut` of lists[chosen]: each other axis's list divided stably
// into the two parts. A subset of a list sorted by a total order is that list filtered in order, so
// every part stays sorted on every axis without sorting again.
void divide(std::vector<std::uint32_t> (&lists)[3], std::size_t lo, std::size_t hi, int chosen, std::size_t cut,
            ReferenceSplitWorkspace& ws) {
    const std::size_t n = hi - lo;
    const std::uint32_t* c = lists[chosen].data() + lo;
    for (std::size_t i = 0; i < cut; ++i) ws.in_first[c[i]] = 1;
    for (std::size_t i = cut; i < n; ++i) ws.in_first[c[i]] = 0;
    ws.divided.resize(n - cut + 1);  // one past the second part: written (and dropped) once it is full
    std::uint32_t* second = ws.divided.data();
    const std::uint8_t* in_first = ws.in_first.data();
    for (int axis = 0; axis < 3; ++axis) {
        if (axis == chosen) continue;
        // Without a branch (which part a leaf goes to is a coin toss to the predictor): each leaf
        // written both to the first part's next place in the list itself (at or before the one
        // just read, so nothing unread is overwritten) and to the second part's next place in
        // ws.divided, only the count of its own part advanced; the second part is then copied
        // after the first. The same stable division as placing each leaf in its part in turn.
        std::uint32_t* s = lists[axis].data() + lo;
        std::size_t f = 0, g = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint32_t leaf = s[i];
            const std::size_t first = in_first[leaf];
            s[f] = leaf;
            second[g] = leaf;
            f += first;
            g += 1 - first;
        }
        std::copy(second, second + (n - cut), s + cut);
    }
}

// Where the two rules put their nodes, made in the same order either way: a BinaryTree (its node
// ids), or only the sum inner_surface would take of that tree (the node's box itself). An inner
// node's box is box_union(first child's, second child's) as add_inner makes it, its surface added to
// the double sum at the moment add_inner would append the node: inner_surface sums the inner nodes
// in the order they were made, so the sum is the same double, term by term in the same order (the
// order matters: the µm² rounding is of this double; FastRuleForms.SplitSurfacesEqualTheTreesInnerSurface).
struct TreeSink {
    using Node = std::uint32_t;
    BinaryTree& tree;
    Node leaf(std::uint32_t leaf_index, const mesh::Box& b) { return tree.add_leaf(leaf_index, b); }
    Node inner(Node a, Node b) { return tree.add_inner(a, b); }
};
struct SurfaceSink {
    using Node = mesh::Box;
    double sum = 0;
    Node leaf(std::uint32_t, const mesh::Box& b) { return b; }
    Node inner(const mesh::Box& a, const mesh::Box& b) {
        const mesh::Box u = box_union(a, b);
        sum += rules::box_surface(u);
        return u;
    }
};

// The median split of ws.median[·][lo, hi) (each list sorted on its axis): the longest axis of the
// centres' box, its first n / 2 leaves the first part — the n / 2 least by (centre, leaf index), the
// set a sort or a selection of the range on that axis puts first.
template <class Sink>
typename Sink::Node median_range(std::span<const mesh::Box> boxes, std::size_t lo, std::size_t hi,
                                 ReferenceSplitWorkspace& ws, Sink& out) {
    const std::size_t n = hi - lo;
    if (n == 1) return out.leaf(ws.median[0][lo], boxes[ws.median[0][lo]]);
    // The centres' box, the least and the greatest centre that is a number on each axis (a NaN one
    // is skipped, as std::min / std::max from ±inf skip it): in a list sorted by (centre, leaf) with
    // NaN as +inf these are its first and its last centre that is a number.
    float low[3], high[3];
    for (int a = 0; a < 3; ++a) {
        const std::uint32_t* s = ws.median[a].data();
        low[a] = std::numeric_limits<float>::infinity(), high[a] = -low[a];
        for (std::size_t k = lo; k < hi; ++k) {
            const float c = centre(boxes[s[k]], a);
            if (c == c) {
                low[a] = c;
                break;
            }
        }
        for (std::size_t k = hi; k-- > lo;) {
            const float c = centre(boxes[s[k]], a);
            if (c == c) {
                high[a] = c;
                break;
            }
        }
    }
    int axis = 0;
    for (int a = 1; a < 3; ++a)
        if (high[a] - low[a] > high[axis] - low[axis]) axis = a;
    if (n == 2) {
        // Two leaves: each part is one leaf, the one the chosen axis's list holds there (what the
        // recursion reads at lo after divide), so nothing needs dividing; the nodes are made in the
        // same order (FastRuleForms.MedianSplitDividingSortedListsEqualsSortingAtEverySplit).
        const std::uint32_t a = ws.median[axis][lo], b = ws.median[axis][lo + 1];
        const typename Sink::Node first = out.leaf(a, boxes[a]);
        return out.inner(first, out.leaf(b, boxes[b]));
    }
    const std::size_t half = n / 2;
    divide(ws.median, lo, hi, axis, half, ws);
    const typename Sink::Node first = median_range(boxes, lo, lo + half, ws, out);
    const typename Sink::Node second = median_range(boxes, lo + half, hi, ws, out);
    return out.inner(first, second);
}

// A list of kBottomUpMax leaves or fewer (both callers), joined bottom-up.
template <class Sink>
typename Sink::Node merge_range(std::span<const mesh::Box> boxes, std::span<const std::uint32_t> range,
                                ReferenceSplitWorkspace& ws, Sink& out) {
    if (range.size() == 1) return out.leaf(range[0], boxes[range[0]]);
    const auto n = static_cast<std::uint32_t>(range.size());
    mesh::Box merge_boxes[kBottomUpMax];
    for (std::uint32_t i = 0; i < n; ++i) merge_boxes[i] = boxes[range[i]];
    rules::least_surface_merge(std::span<const mesh::Box>(merge_boxes, n), ws.merge, ws.merged);
    typename Sink::Node node_of[2 * kBottomUpMax];
    for (std::uint32_t i = 0; i < n; ++i) node_of[i] = out.leaf(range[i], merge_boxes[i]);
    for (std::uint32_t k = 0; k + 1 < n; ++k)
        node_of[n + k] = out.inner(node_of[ws.merged.child[0][k]], node_of[ws.merged.child[1][k]]);
    return node_of[2 * n - 2];
}

// SAH-16's sweep four lanes at a time. A box's corners as loaded from its 24 bytes: lo = (min x,
// min y, min z, max x), hi = (min z, max x, max y, max z); the union of two is the lanewise
// box_union (std::min(a, b) is `b < a ? b : a`, _mm_min_ps(b, a); std::max(a, b) is `a < b ? b : a`,
// _mm_max_ps(b, a): the same float in every lane, NaN included), the lanes no measure reads
// included. Extents (max − min per axis) as (ex, ey, ez, ·); four boxes' surfaces from their
// extents transposed, ez·ey + ey·ex + ex·ez in box_surface's order.
static_assert(sizeof(mesh::Box) == 6 * sizeof(float));
struct Corners {
    __m128 lo, hi;
};
inline Corners corners(const mesh::Box& b) {
    const float* f = b.min.data();
    return {_mm_loadu_ps(f), _mm_loadu_ps(f + 2)};
}
inline Corners corners_union(const Corners& a, const Corners& b) {
    return {_mm_min_ps(b.lo, a.lo), _mm_max_ps(b.hi, a.hi)};
}
inline __m128 extents(const Corners& c) {
    return _mm_sub_ps(_mm_shuffle_ps(c.hi, c.hi, _MM_SHUFFLE(3, 3, 2, 1)), c.lo);
}
inline __m128 surfaces(const float* four_extents) {
    __m128 x = _mm_loadu_ps(four_extents), y = _mm_loadu_ps(four_extents + 4), z = _mm_loadu_ps(four_extents + 8),
           w = _mm_loadu_ps(four_extents + 12);
    _MM_TRANSPOSE4_PS(x, y, z, w);  // x: the four ex, y: the four ey, z: the four ez
    return _mm_add_ps(_mm_add_ps(_mm_mul_ps(z, y), _mm_mul_ps(y, x)), _mm_mul_ps(x, z));
}

// The sweep over [lo, hi) of the three lists ws.sorted (each the whole list sorted once by centre
// on its axis, ties by leaf index, then divided at each split). `order` is the axis whose list gives
// the range's own order (the parent's choice), which the bottom-up merge takes as its leaf order.
template <class Sink>
typename Sink::Node sah_range(std::span<const mesh::Box> boxes, std::size_t lo, std::size_t hi, int order,
                              ReferenceSplitWorkspace& ws, Sink& out) {
    const std::size_t n = hi - lo;
    if (n <= kBottomUpMax)
        return merge_range(boxes, std::span<const std::uint32_t>(ws.sorted[order].data() + lo, n), ws, out);
    float best = std::numeric_limits<float>::infinity();
    int best_axis = 0;
    std::size_t best_cut = n / 2;  // every cost NaN: the median on x
    // Per cut 1..n−1 (padded to a group of four past n): the extents of the first part's union and
    // of the second's, then the costs; zeros in the padding, never garbage.
    const std::size_t padded = (n + 3) & ~std::size_t{3};
    ws.sweep.assign(9 * padded, 0.0f);
    float* first_ext = ws.sweep.data();
    float* second_ext = first_ext + 4 * padded;
    float* cost = second_ext + 4 * padded;
    for (int axis = 0; axis < 3; ++axis) {
        const std::uint32_t* s = ws.sorted[axis].data() + lo;
        Corners suffix = corners(boxes[s[n - 1]]);
        _mm_storeu_ps(second_ext + 4 * (n - 1), extents(suffix));
        for (std::size_t i = n - 1; i-- > 1;) {  // second part s[i, n)
            suffix = corners_union(suffix, corners(boxes[s[i]]));
            _mm_storeu_ps(second_ext + 4 * i, extents(suffix));
        }
        Corners prefix = corners(boxes[s[0]]);
        _mm_storeu_ps(first_ext + 4, extents(prefix));
        for (std::size_t cut = 1; cut + 1 < n; ++cut) {  // first part s[0, cut + 1)
            prefix = corners_union(prefix, corners(boxes[s[cut]]));
            _mm_storeu_ps(first_ext + 4 * (cut + 1), extents(prefix));
        }
        // cost = box_surface(first part) × cut + box_surface(second part) × (n − cut), four cuts at once.
        for (std::size_t g = 0; g < n; g += 4) {
            const __m128 cuts =
                _mm_cvtepi32_ps(_mm_add_epi32(_mm_set1_epi32(static_cast<int>(g)), _mm_setr_epi32(0, 1, 2, 3)));
            const __m128 rest = _mm_sub_ps(_mm_set1_ps(static_cast<float>(n)), cuts);
            const __m128 c = _mm_add_ps(_mm_mul_ps(surfaces(first_ext + 4 * g), cuts),
                                        _mm_mul_ps(surfaces(second_ext + 4 * g), rest));
            _mm_storeu_ps(cost + g, c);
        }
        for (std::size_t cut = 1; cut < n; ++cut)
            if (cost[cut] < best) best = cost[cut], best_axis = axis, best_cut = cut;
    }
    divide(ws.sorted, lo, hi, best_axis, best_cut, ws);
    const typename Sink::Node first = sah_range(boxes, lo, lo + best_cut, best_axis, ws, out);
    const typename Sink::Node second = sah_range(boxes, lo + best_cut, hi, best_axis, ws, out);
    return out.inner(first, second);
}

// Both rules from ws.sorted (sort_by_centre done), for one or more leaves: the median on copies of
// the lists (SAH divides ws.sorted itself).
template <class Sink>
typename Sink::Node median_from_sorted(std::span<const mesh::Box> boxes, ReferenceSplitWorkspace& ws, Sink& out) {
    for (int axis = 0; axis < 3; ++axis) ws.median[axis] = ws.sorted[axis];
    ws.in_first.resize(boxes.size());
    return median_range(boxes, 0, boxes.size(), ws, out);
}

template <class Sink>
typename Sink::Node sah16_from_sorted(std::span<const mesh::Box> boxes, ReferenceSplitWorkspace& ws, Sink& out) {
    if (boxes.size() <= kBottomUpMax) {
        ws.list.resize(boxes.size());
        std::iota(ws.list.begin(), ws.list.end(), 0u);
        return merge_range(boxes, ws.list, ws, out);
    }
    ws.in_first.resize(boxes.size());
    return sah_range(boxes, 0, boxes.size(), 0, ws, out);
}

}  // namespace

void median_split_tree(std::span<const mesh::Box> boxes, ReferenceSplitWorkspace& ws, BinaryTree& out) {
    out.clear();
    if (boxes.empty()) return;
    sort_by_centre(boxes, ws);
    TreeSink sink{out};
    out.root = median_from_sorted(boxes, ws, sink);
}

void sah16_tree(std::span<const mesh::Box> boxes, ReferenceSplitWorkspace& ws, BinaryTree& out) {
    out.clear();
    if (boxes.empty()) return;
    if (boxes.size() > kBottomUpMax) sort_by_centre(boxes, ws);
    TreeSink sink{out};
    out.root = sah16_from_sorted(boxes, ws, sink);
}

void reference_split_trees(std::span<const mesh::Box> boxes, ReferenceSplitWorkspace& ws, BinaryTree& median,
                           BinaryTree& sah16) {
    median.clear();
    sah16.clear();
    if (boxes.empty()) return;
    sort_by_centre(boxes, ws);
    TreeSink median_sink{median}, sah16_sink{sah16};
    median.root = median_from_sorted(boxes, ws, median_sink);
    sah16.root = sah16_from_sorted(boxes, ws, sah16_sink);
}

SplitSurfaces reference_split_surfaces(std::span<const mesh::Box> boxes, ReferenceSplitWorkspace& ws) {
    if (boxes.empty()) return {};
    sort_by_centre(boxes, ws);
    SurfaceSink median, sah16;
    median_from_sorted(boxes, ws, median);
    sah16_from_sorted(boxes, ws, sah16);
    return {median.sum, sah16.sum};
}

}  // namespace meshproof::rules
