// See stock_tree.h. Spec: havok-compressed-mesh.txt, "A rule that reproduces most of the stock
// trees" (steps 1 to 4) and the numbering paragraph (ranks).
#include "engine/rules/stock_tree.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "engine/core/free_vectors.h"
#include "engine/rules/havok_quicksort.h"

#include <emmintrin.h>  // SSE2, the x86-64 baseline: the split's bins and unions

namespace meshproof::rules {

using rules::box_surface;
using rules::box_union;

std::uint32_t BinaryTree::add_leaf(std::uint32_t leaf_index, const mesh::Box& b) {
    first.push_back(kNoNode);
    second.push_back(kNoNode);
    leaf.push_back(leaf_index);
    box.push_back(b);
    return size() - 1;
}

std::uint32_t BinaryTree::add_inner(std::uint32_t a, std::uint32_t b) {
    first.push_back(a);
    second.push_back(b);
    leaf.push_back(kNoNode);
    box.push_back(box_union(box[a], box[b]));
    return size() - 1;
}

void BinaryTree::clear() {
    first.clear(), second.clear(), leaf.clear(), box.clear();
    root = kNoNode;
}

mesh::Box leaf_box(std::span<const float> xyz, float r) {
    mesh::Box b;
    for (int k = 0; k < 3; ++k) {
        b.min[k] = std::numeric_limits<float>::infinity();
        b.max[k] = -std::numeric_limits<float>::infinity();
    }
    for (std::size_t i = 0; i + 2 < xyz.size(); i += 3)
        for (int k = 0; k < 3; ++k) {
            b.min[k] = std::min(b.min[k], xyz[i + k]);
            b.max[k] = std::max(b.max[k], xyz[i + k]);
        }
    for (int k = 0; k < 3; ++k) {
        b.min[k] = b.min[k] - r;
        b.max[k] = b.max[k] + r;
    }
    return b;
}

namespace {

inline float centre(const mesh::Box& b, int axis) { return (b.min[axis] + b.max[axis]) * 0.5f; }
static_assert(kBins <= 32, "a bin is a bit of a 32-bit occupancy mask");

}  // namespace

BinaryTree insert_leaves(std::span<const mesh::Box> leaves) {
    BinaryTree t;
    const auto n = static_cast<std::uint32_t>(leaves.size());
    if (n == 0) return t;
    const std::uint32_t nodes = 2 * n - 1;
    t.first.assign(nodes, kNoNode), t.second.assign(nodes, kNoNode), t.leaf.assign(nodes, kNoNode);
    t.box.resize(nodes);
    for (std::uint32_t i = 0; i < n; ++i) {
        const std::uint32_t id = i == 0 ? 0 : 2 * i - 1;
        t.leaf[id] = i;
        t.box[id] = leaves[i];
    }
    t.root = 0;
    if (n == 1) return t;
    InsertionTree inserted;
    insert_into(leaves, inserted);
    t.root = inserted.root;
    t.box[t.root] = inserted.root_box;
    for (std::uint32_t k = 0; k + 1 < n; ++k) {
        const std::uint32_t id = 2 * (k + 1);
        const InsertionNode& node = inserted.inner[k];
        t.first[id] = node.child[0], t.second[id] = node.child[1];
        for (int lane = 0; lane < 2; ++lane)
            if (!is_insertion_leaf(node.child[lane])) t.box[node.child[lane]] = insertion_child_box(inserted, k, lane);
    }
    return t;
}

namespace {

// The leaves under `node`, left to right (pre-order).
std::vector<std::uint32_t> preorder_leaves(const BinaryTree& tree, std::uint32_t node) {
    std::vector<std::uint32_t> out, stack;
    if (node == kNoNode) return out;
    stack.push_back(node);
    while (!stack.empty()) {
        const std::uint32_t n = stack.back();
        stack.pop_back();
        if (tree.is_leaf(n)) {
            out.push_back(tree.leaf[n]);
            continue;
        }
        stack.push_back(tree.second[n]);
        stack.push_back(tree.first[n]);
    }
    return out;
}

}  // namespace

std::vector<std::uint32_t> leaves_left_to_right(const BinaryTree& tree) { return preorder_leaves(tree, tree.root); }

namespace {

// The list's entries carry their leaf's box, so every pass of a split reads memory in order: the
// entries move, not indices. (The centre is not carried: one add and one multiply where it is
// read cost less than 12 more bytes an entry in each pass over lists larger than the caches.)
void fill_items(std::span<const mesh::Box> leaves, std::span<const std::uint32_t> order,
                std::vector<RebuildItem>& out) {
    out.resize(order.size());
    for (std::size_t k = 0; k < order.size(); ++k) out[k] = RebuildItem{leaves[order[k]], order[k]};
}

struct SplitResult {
    std::size_t first_size = 0;  // list[0, first_size) is the first list, the rest the second
    int axis = 0, bin = 0;
    float cost = 0;
    bool bin_whole = false;
};

// Boxes as two SSE registers (min and max, lane 3 unused) for the split's unions. _mm_min_ps(e, u)
// is (e < u) ? e : u and _mm_max_ps(e, u) is (e > u) ? e : u: std::min(u, e) and std::max(u, e),
// the operand order of box_union(u, e), so NaNs go the same way as in the scalar code.
struct SseBox {
    __m128 min, max;
};
inline SseBox load_box(const mesh::Box& b) {
    // min[0..2] and max[0] / max[0..2] and the item's leaf index: lane 3 is never read back.
    return {_mm_loadu_ps(b.min.data()), _mm_loadu_ps(b.max.data())};
}
inline SseBox sse_union(const SseBox& u, const SseBox& e) {
    return {_mm_min_ps(e.min, u.min), _mm_max_ps(e.max, u.max)};
}
inline mesh::Box store_box(const SseBox& u) {
    alignas(16) float lo[4], hi[4];
    _mm_store_ps(lo, u.min), _mm_store_ps(hi, u.max);
    return mesh::Box{{lo[0], lo[1], lo[2]}, {hi[0], hi[1], hi[2]}};
}
// box_surface(store_box(u)) without leaving the registers: the extents (ex, ey, ez) times (ey, ez,
// ex) are (yx, zy, xz), each product the one box_surface makes (a product does not depend on its
// operands' order), then (zy + yx) + xz as box_surface adds them (nor does a sum of two).
inline float sse_surface(const SseBox& u) {
    const __m128 e = _mm_sub_ps(u.max, u.min);
    const __m128 p = _mm_mul_ps(e, _mm_shuffle_ps(e, e, _MM_SHUFFLE(3, 0, 2, 1)));
    const __m128 zy_yx = _mm_add_ss(_mm_shuffle_ps(p, p, _MM_SHUFFLE(1, 1, 1, 1)), p);
    return _mm_cvtss_f32(_mm_add_ss(zy_yx, _mm_movehl_ps(p, p)));
}

// One split of step 2: `list` is written to `out` (as long) as the first list followed by the
// second, each in the order the rule gives (see stock_tree.h). `bins` is the caller's, grown as
// needed: nothing is allocated per split once it is.
SplitResult split_into(std::span<const RebuildItem> list, std::span<RebuildItem> out, std::vector<ItemBins>& bins) {
    const std::size_t n = list.size();
    SseBox whole = load_box(list[0].box);
    __m128 nan_seen = _mm_setzero_ps();
    for (const RebuildItem& e : list) {
        const SseBox eb = load_box(e.box);
        whole = sse_union(whole, eb);
        nan_seen = _mm_or_ps(nan_seen, _mm_cmpunord_ps(eb.min, eb.max));
    }
    // Lane 3 of max is the leaf index's bits, which may read as NaN: only lanes 0–2 count.
    const bool any_nan = (_mm_movemask_ps(nan_seen) & 0x7) != 0;
    const mesh::Box whole_box = store_box(whole);
    float lo[3], extent[3];
    for (int a = 0; a < 3; ++a) lo[a] = whole_box.min[a], extent[a] = whole_box.max[a] - whole_box.min[a];

    // Each item's bin on the three axes at once, in single precision as the rule writes it:
    // ((c − min) / (max − min)) × 32 + ½, truncated; below 0 and NaN bin 0, from 31 on bin 31; an
    // axis of no extent (or a NaN extent) bin 0. Four lanes compute exactly what one float does.
    const __m128 lo4 = _mm_setr_ps(lo[0], lo[1], lo[2], 0.0f);
    const __m128 ext4 = _mm_setr_ps(extent[0], extent[1], extent[2], 1.0f);
    const __m128 has_extent = _mm_cmpgt_ps(ext4, _mm_setzero_ps());
    const __m128 centre_lanes = _mm_castsi128_ps(_mm_setr_epi32(-1, -1, -1, 0));  // lane 3 is the leaf id
    const __m128 bins_f = _mm_set1_ps(float(kBins)), half = _mm_set1_ps(0.5f), last = _mm_set1_ps(float(kBins - 1));
    bins.resize(n);

    // One pass over the list fills the bins of all three axes (each bin's union in list order).
    // Without NaN in the list the boxes start empty (+inf, −inf) and every item is joined: the
    // union of an empty box and a box is that box, bit for bit (x < +inf is x, +inf < +inf keeps
    // +inf, −0 stays −0), so a bin's chain from one item to the next is a load, a min or max and a
    // store. With NaN a bin's first item must be taken as it is (a union would drop its NaN): it
    // is picked by a mask from the bin's count rather than a branch (an item is often the first in
    // its bin: a mispredicted branch each time), the boxes zeroed so the mask never reads an unset box.
    SseBox bin_box[3][kBins];
    const __m128 inf = _mm_set1_ps(std::numeric_limits<float>::infinity());
    for (auto& axis_boxes : bin_box)
        for (SseBox& b : axis_boxes)
            b = any_nan ? SseBox{_mm_setzero_ps(), _mm_setzero_ps()} : SseBox{inf, _mm_sub_ps(_mm_setzero_ps(), inf)};
    std::uint32_t count[3][kBins] = {};
    ItemBins* item_bins = bins.data();  // (a byte store may alias the vector's own pointer)
    auto bin_of = [&](const SseBox& eb) {
        const __m128 c = _mm_and_ps(_mm_mul_ps(_mm_add_ps(eb.min, eb.max), half), centre_lanes);  // centre()
        const __m128 place = _mm_div_ps(_mm_sub_ps(c, lo4), ext4);
        const __m128 at = _mm_add_ps(_mm_mul_ps(place, bins_f), half);
        const __m128 keep = _mm_and_ps(has_extent, _mm_cmpge_ps(at, _mm_setzero_ps()));
        const __m128i b4 = _mm_and_si128(_mm_cvttps_epi32(_mm_min_ps(at, last)), _mm_castps_si128(keep));
        const __m128i b16 = _mm_packs_epi32(b4, b4);
        return static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm_packus_epi16(b16, b16)));
    };
    // Each item's bins stored, and the item joined into its bin on each axis.
    auto fill = [&](auto join) {
        for (std::size_t k = 0; k < n; ++k) {
            const SseBox eb = load_box(list[k].box);
            const std::uint32_t packed = bin_of(eb);
            std::memcpy(item_bins[k].axis.data(), &packed, 4);
            for (int axis = 0; axis < 3; ++axis) {
                const std::uint32_t b = (packed >> (8 * axis)) & 0xFFu;
                join(bin_box[axis][b], count[axis][b], eb);
                ++count[axis][b];
            }
        }
    };
    if (!any_nan) {
        fill([](SseBox& box, std::uint32_t, const SseBox& eb) { box = sse_union(box, eb); });
    } else {
        fill([](SseBox& box, std::uint32_t items_before, const SseBox& eb) {
            const __m128 had = _mm_castsi128_ps(_mm_set1_epi32(-static_cast<int>(items_before != 0)));
            const SseBox joined = sse_union(box, eb);
            box.min = _mm_or_ps(_mm_and_ps(had, joined.min), _mm_andnot_ps(had, eb.min));
            box.max = _mm_or_ps(_mm_and_ps(had, joined.max), _mm_andnot_ps(had, eb.max));
        });
    }

    float best = std::numeric_limits<float>::infinity();
    int best_axis = -1, best_bin = -1;
    for (int axis = 0; axis < 3; ++axis) {
        // Prefix and suffix unions and counts, each including its own bin, at the occupied bins
        // only: an empty bin adds nothing to a union or a count and is never a split, so its
        // values are never read (the plain sweep over all 32 bins makes the same floats at the
        // occupied ones: FastRuleForms.BinnedSplitEqualsTheScalarRule, whose scalar rule sweeps all 32).
        std::uint32_t occupied = 0;
        for (int b = 0; b < kBins; ++b) occupied |= (count[axis][b] != 0 ? 1u : 0u) << b;
        float below[kBins], above[kBins];
        std::uint32_t n_below[kBins], n_above[kBins];
        SseBox acc{};
        std::uint32_t c = 0;
        for (std::uint32_t m = occupied; m != 0; m &= m - 1) {
            const int b = __builtin_ctz(m);
            acc = c != 0 ? sse_union(acc, bin_box[axis][b]) : bin_box[axis][b];
            c += count[axis][b];
            below[b] = sse_surface(acc), n_below[b] = c;
        }
        c = 0;
        for (std::uint32_t m = occupied; m != 0;) {
            const int b = 31 - __builtin_clz(m);
            m &= ~(1u << b);
            acc = c != 0 ? sse_union(acc, bin_box[axis][b]) : bin_box[axis][b];
            c += count[axis][b];
            above[b] = sse_surface(acc), n_above[b] = c;
        }
        for (std::uint32_t m = occupied; m != 0; m &= m - 1) {
            const int b = __builtin_ctz(m);
            const float cost = below[b] * float(n_below[b]) + above[b] * float(n_above[b]);
            if (cost < best) {  // strict: the first on a tie, axes in order, bins from the lowest
                best = cost;
                best_axis = axis;
                best_bin = b;
            }
        }
    }
    if (best_axis < 0) {  // every cost NaN: the first axis, the first occupied bin
        best_axis = 0;
        best_bin = kBins;
        for (int b = 0; b < kBins; ++b)
            if (count[0][b]) {
                best_bin = b;
                break;
            }
        best = std::numeric_limits<float>::quiet_NaN();
    }
    SplitResult r;
    r.axis = best_axis;
    r.bin = best_bin;
    r.cost = best;

    // Below the bin, the bin, above it: each keeping the list's order.
    std::size_t n_first = 0, n_middle = 0, n_second = 0;
    for (int b = 0; b < kBins; ++b)
        (b < best_bin ? n_first : b == best_bin ? n_middle : n_second) += count[best_axis][b];
    RebuildItem* first = out.data();
    RebuildItem* middle = first + n_first;
    RebuildItem* second = middle + n_middle;
    // Each item to the end of its part, the part picked without a branch (below 0, the bin 1,
    // above 2): the parts interleave in list order, where a three-way branch can mispredict.
    RebuildItem* end[3] = {first, middle, second};
    for (std::size_t k = 0; k < n; ++k) {
        const int b = bins[k].axis[best_axis];
        *end[(b >= best_bin) + (b > best_bin)]++ = list[k];
    }
    r.bin_whole = (n_first == 0) != (n_second == 0);
    if (r.bin_whole) {
        // The split bin goes whole to the empty side: [bin | second] or [first | bin], as laid out.
        r.first_size = n_first == 0 ? n_middle : n_first;
        return r;
    }
    // Sorted by their centres on the axis with the Havok quicksort, divided at half.
    rules::havok_quicksort(std::span<RebuildItem>(middle, n_middle), [&](const RebuildItem& a, const RebuildItem& b) {
        return centre(a.box, best_axis) < centre(b.box, best_axis);
    });
    r.first_size = n_first + n_middle / 2;
    return r;
}

}  // namespace

bool binned_split(std::span<const mesh::Box> leaves, std::span<const std::uint32_t> list, BinSplit& out) {
    out.first.clear();
    out.second.clear();
    if (list.size() < 2) return false;
    std::vector<RebuildItem> work, split(list.size());
    std::vector<ItemBins> bins;
    fill_items(leaves, list, work);
    const SplitResult r = split_into(work, split, bins);
    out.axis = r.axis;
    out.bin = r.bin;
    out.cost = r.cost;
    out.bin_whole = r.bin_whole;
    for (std::size_t k = 0; k < split.size(); ++k) (k < r.first_size ? out.first : out.second).push_back(split[k].leaf);
    return true;
}

namespace {

// A list of 16 or fewer joined from the bottom (engine/rules/tree_rule), copied into `tree`.
std::uint32_t join_bottom_up(std::span<const RebuildItem> list, BinaryTree& tree, RebuildWorkspace& ws) {
    if (list.size() == 1) return tree.add_leaf(list[0].leaf, list[0].box);
    mesh::Box boxes[kBottomUpMax];
    for (std::size_t i = 0; i < list.size(); ++i) boxes[i] = list[i].box;
    rules::least_surface_merge(std::span<const mesh::Box>(boxes, list.size()), ws.merge, ws.merged);
    const auto n = static_cast<std::uint32_t>(list.size());
    std::uint32_t node_of[2 * kBottomUpMax];
    for (std::uint32_t i = 0; i < n; ++i) node_of[i] = tree.add_leaf(list[i].leaf, list[i].box);
    for (std::uint32_t k = 0; k + 1 < n; ++k)
        node_of[n + k] = tree.add_inner(node_of[ws.merged.child[0][k]], node_of[ws.merged.child[1][k]]);
    return node_of[2 * n - 2];
}

}  // namespace

// The rule's recursion (split the list, build the first list, build the second, join them) with an
// explicit stack, so a list that splits off one leaf at a time cannot overflow the call stack;
// nodes are made in the order the recursion would make them.
BinaryTree rebuild(std::span<const mesh::Box> leaves, std::span<const std::uint32_t> order, RebuildWorkspace& ws) {
    BinaryTree t;
    rebuild(leaves, order, ws, t);
    return t;
}

void rebuild(std::span<const mesh::Box> leaves, std::span<const std::uint32_t> order, RebuildWorkspace& ws,
             BinaryTree& t) {
    t.clear();
    if (order.empty()) return;
    const std::size_t n = order.size();
    t.first.reserve(2 * n), t.second.reserve(2 * n), t.leaf.reserve(2 * n), t.box.reserve(2 * n);
    fill_items(leaves, order, ws.buffer[0]);
    ws.buffer[1].resize(n);
    using Frame = RebuildFrame;
    std::vector<Frame>& stack = ws.frames;
    stack.clear();
    std::uint32_t result = kNoNode;  // the node the last finished frame made
    auto leaf_list = [&](std::uint32_t lo, std::uint32_t hi, std::uint8_t in, bool whole) -> std::uint32_t {
        const std::span<const RebuildItem> list(ws.buffer[in].data() + lo, hi - lo);
        if (list.size() == 1) return t.add_leaf(list[0].leaf, list[0].box);
        if (list.size() <= kBottomUpMax && !whole) return join_bottom_up(list, t, ws);
        return kNoNode;  // to be split
    };
    result = leaf_list(0, static_cast<std::uint32_t>(n), 0, true);
    if (result == kNoNode) stack.push_back({0, static_cast<std::uint32_t>(n), 0, kNoNode, 0, 0});
    while (!stack.empty()) {
        Frame& f = stack.back();
        // A frame's two lists are in the buffer its split wrote: the one it did not read.
        if (f.state == 0) {
            const std::uint8_t to = f.in ^ 1u;
            const SplitResult r = split_into(std::span<const RebuildItem>(ws.buffer[f.in].data() + f.lo, f.hi - f.lo),
                                             std::span<RebuildItem>(ws.buffer[to].data() + f.lo, f.hi - f.lo), ws.bins);
            f.mid = f.lo + static_cast<std::uint32_t>(r.first_size);
            f.state = 1;
            const std::uint32_t lo = f.lo, mid = f.mid;
            const std::uint32_t a = leaf_list(lo, mid, to, false);
            if (a == kNoNode) {
                stack.push_back({lo, mid, 0, kNoNode, 0, to});
                continue;
            }
            result = a;
        }
        Frame& g = stack.back();
        if (g.state == 1) {
            g.first_node = result;
            g.state = 2;
            const std::uint32_t mid = g.mid, hi = g.hi;
            const std::uint8_t to = g.in ^ 1u;
            const std::uint32_t b = leaf_list(mid, hi, to, false);
            if (b == kNoNode) {
                stack.push_back({mid, hi, 0, kNoNode, 0, to});
                continue;
            }
            result = b;
        }
        Frame& h = stack.back();
        // state 2: the second list is built (its node in `result`)
        result = t.add_inner(h.first_node, result);
        stack.pop_back();
        // The parent frame resumes at its own state with `result` as the child it waited for.
        while (!stack.empty()) {
            Frame& p = stack.back();
            if (p.state == 1) break;  // the loop's state-1 step takes `result` as its first list
            // state 2: its second list finished
            result = t.add_inner(p.first_node, result);
            stack.pop_back();
        }
    }
    t.root = result;
}

std::uint32_t refine(BinaryTree& t) {
    RefineWorkspace ws;
    return refine(t, ws);
}

std::uint32_t refine(BinaryTree& t, RefineWorkspace& ws) {
    if (t.root == kNoNode) return 0;
    std::uint32_t exchanges = 0;
    std::vector<std::uint32_t>& stack = ws.stack;
    auto inner = [&](std::uint32_t n) { return !t.is_leaf(n); };
    // A node's test reads its children, their children and those six boxes; an exchange at n
    // changes the children of A and B and the boxes of A and B, which the tests at n, A, B and n's
    // parent read. A test whose inputs did not change since it last found nothing finds nothing
    // again, so a pass tests only the nodes marked since: the same exchanges in the same order.
    std::vector<std::uint8_t>& stale = ws.stale;
    stale.assign(t.size(), 1);
    // stale_below[n]: some node of n's subtree is stale; a pass skips a subtree with none. A pass
    // clears it when it enters the node, and an exchange sets it again on the path from the root
    // to the node (the nodes it marks are on that path or children of its last node).
    std::vector<std::uint8_t>& stale_below = ws.stale_below;
    stale_below.assign(t.size(), 1);
    std::vector<std::uint32_t>& parent_of = ws.parent_of;
    parent_of.assign(t.size(), kNoNode);
    // Passes repeat until none changes anything; each exchange lowers the sum of the surfaces
    // strictly, so they end; the bound is a guard for NaN boxes, which compare false anyway.
    for (int pass = 0; pass < 10000; ++pass) {
        std::uint32_t changed = 0;
        stack.assign(1, t.root);
        parent_of[t.root] = kNoNode;
        while (!stack.empty()) {
            const std::uint32_t n = stack.back();
            stack.pop_back();
            if (t.is_leaf(n) || !stale_below[n]) continue;
            stale_below[n] = 0;
            const std::uint32_t A = t.first[n], B = t.second[n];
            if (stale[n] && n != t.root && inner(A) && inner(B)) {
                stale[n] = 0;
                const std::uint32_t a1 = t.first[A], a2 = t.second[A], b1 = t.first[B], b2 = t.second[B];
                const float present = box_surface(t.box[A]) + box_surface(t.box[B]);
                // Way 1: (a1, b1) and (a2, b2); way 2: (a1, b2) and (b1, a2).
                const mesh::Box w1a = box_union(t.box[a1], t.box[b1]), w1b = box_union(t.box[a2], t.box[b2]);
                const mesh::Box w2a = box_union(t.box[a1], t.box[b2]), w2b = box_union(t.box[b1], t.box[a2]);
                const float cost1 = box_surface(w1a) + box_surface(w1b);
                const float cost2 = box_surface(w2a) + box_surface(w2b);
                const bool second_way = cost2 <= cost1;  // the second on a tie
                const float cost = second_way ? cost2 : cost1;
                if (cost < present) {
                    if (second_way) {
                        t.second[A] = b2, t.first[B] = b1, t.second[B] = a2;
                        t.box[A] = w2a, t.box[B] = w2b;
                    } else {
                        t.second[A] = b1, t.first[B] = a2, t.second[B] = b2;
                        t.box[A] = w1a, t.box[B] = w1b;
                    }
                    stale[n] = stale[A] = stale[B] = 1;
                    stale_below[A] = stale_below[B] = 1;
                    if (parent_of[n] != kNoNode) stale[parent_of[n]] = 1;
                    for (std::uint32_t up = n; up != kNoNode && !stale_below[up]; up = parent_of[up])
                        stale_below[up] = 1;
                    ++changed;
                }
            }
            parent_of[t.second[n]] = n, parent_of[t.first[n]] = n;
            stack.push_back(t.second[n]);
            stack.push_back(t.first[n]);
        }
        exchanges += changed;
        if (changed == 0) break;
    }
    // Every node below the root with its larger child, by surface, first.
    stack.assign(1, t.root);
    while (!stack.empty()) {
        const std::uint32_t n = stack.back();
        stack.pop_back();
        if (t.is_leaf(n)) continue;
        if (n != t.root && box_surface(t.box[t.second[n]]) > box_surface(t.box[t.first[n]]))
            std::swap(t.first[n], t.second[n]);
        stack.push_back(t.second[n]);
        stack.push_back(t.first[n]);
    }
    return exchanges;
}

BinaryTree build_stock_tree(std::span<const mesh::Box> leaves) {
    StockTreeWorkspace ws;
    ws.release_steps = true;
    BinaryTree t;
    build_stock_tree(leaves, ws, t);
    return t;
}

void build_stock_tree(std::span<const mesh::Box> leaves, StockTreeWorkspace& ws, BinaryTree& out) {
    if (leaves.size() < 3) {
        out = insert_leaves(leaves);
        return;
    }
    insert_into(leaves, ws.inserted);
    insertion_order(ws.inserted, ws.order);
    // The rebuild reads only the insertion's leaf order.
    if (ws.release_steps) free_vectors(ws.inserted.inner, ws.inserted.next_leaf);
    rebuild(leaves, ws.order, ws.rebuild, out);
    if (ws.release_steps) ws.rebuild = RebuildWorkspace{}, free_vectors(ws.order);
    refine(out, ws.refine);
}

namespace {

// Leaf counts per node, children before parents (nodes are made after their children, except
// after refinement moved grandchildren: so computed by an explicit post-order).
void leaf_counts(const BinaryTree& t, std::vector<std::uint32_t>& count, std::vector<std::uint32_t>& stack,
                 std::vector<std::uint32_t>& order) {
    count.assign(t.size(), 0);
    stack.clear(), order.clear();
    if (t.root == kNoNode) return;
    stack.push_back(t.root);
    while (!stack.empty()) {
        const std::uint32_t n = stack.back();
        stack.pop_back();
        order.push_back(n);
        if (!t.is_leaf(n)) stack.push_back(t.first[n]), stack.push_back(t.second[n]);
    }
    for (auto it = order.rbegin(); it != order.rend(); ++it)
        count[*it] = t.is_leaf(*it) ? 1 : count[t.first[*it]] + count[t.second[*it]];
}

}  // namespace

Cut cut_sections(const BinaryTree& t, std::span<const std::uint32_t> vertex_first,
                 std::span<const std::uint32_t> vertex_ids, CutLimits limits) {
    CutWorkspace ws;
    Cut cut;
    cut_sections(t, vertex_first, vertex_ids, limits, ws, cut);
    return cut;
}

void cut_sections(const BinaryTree& t, std::span<const std::uint32_t> vertex_first,
                  std::span<const std::uint32_t> vertex_ids, CutLimits limits, CutWorkspace& ws, Cut& cut) {
    cut.sections.clear();
    cut.mesh_nodes.clear();
    leaf_counts(t, ws.count, ws.stack, ws.queue);
    if (t.root == kNoNode) return;
    const std::vector<std::uint32_t>& count = ws.count;
    // Distinct vertices under a node, counted with a stamp per vertex id (one generation per node
    // asked), stopping once past the limit: linear in the node's leaves, no sort.
    std::uint32_t max_id = 0;
    for (const std::uint32_t v : vertex_ids) max_id = std::max(max_id, v);
    std::vector<std::uint32_t>& stamp = ws.stamp;
    std::vector<std::uint32_t>& stack = ws.stack;
    stamp.assign(vertex_ids.empty() ? 0 : std::size_t{max_id} + 1, 0);
    std::uint32_t generation = 0;
    auto within_vertex_limit = [&](std::uint32_t node) {
        ++generation;
        std::uint32_t distinct = 0;
        stack.assign(1, node);
        while (!stack.empty()) {
            const std::uint32_t n = stack.back();
            stack.pop_back();
            if (!t.is_leaf(n)) {
                stack.push_back(t.first[n]), stack.push_back(t.second[n]);
                continue;
            }
            const std::uint32_t l = t.leaf[n];
            if (l + 1 >= vertex_first.size()) continue;
            for (std::uint32_t k = vertex_first[l]; k < vertex_first[l + 1] && k < vertex_ids.size(); ++k) {
                std::uint32_t& seen = stamp[vertex_ids[k]];
                if (seen == generation) continue;
                seen = generation;
                if (++distinct > limits.max_vertices) return false;
            }
        }
        return true;
    };
    // The queue as a vector read from `head`: the front replaced in place, the back appended.
    std::vector<std::uint32_t>& queue = ws.queue;
    queue.assign(1, t.root);
    for (std::size_t head = 0; head < queue.size();) {
        const std::uint32_t e = queue[head];
        if (t.is_leaf(e) || (count[e] <= limits.max_leaves && within_vertex_limit(e))) {
            cut.sections.push_back(e);
            ++head;
            continue;
        }
        cut.mesh_nodes.push_back(e);
        queue[head] = t.first[e];
        queue.push_back(t.second[e]);
    }
}

std::vector<std::uint32_t> section_primitive_order(const BinaryTree& t, std::uint32_t section_root) {
    const std::vector<std::uint32_t> preorder = preorder_leaves(t, section_root);
    const std::vector<std::uint32_t> r = rules::ranks(static_cast<std::uint32_t>(preorder.size()));
    std::vector<std::uint32_t> out(preorder.size());
    for (std::size_t p = 0; p < out.size(); ++p) out[p] = preorder[r[p]];
    return out;
}

double inner_surface(const BinaryTree& t) {
    double sum = 0;
    for (std::uint32_t n = 0; n < t.size(); ++n)
        if (!t.is_leaf(n)) sum += box_surface(t.box[n]);
    return sum;
}

}  // namespace meshproof::rules
