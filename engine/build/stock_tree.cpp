// See stock_tree.h. Spec: havok-compressed-mesh.txt, "A rule that reproduces most of the stock
// trees" (steps 1 to 4) and the numbering paragraph (ranks).
#include "engine/build/stock_tree.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>

#include "engine/mesh/havok_quicksort.h"

namespace meshproof::build {

using mesh::box_surface;
using mesh::box_union;

std::uint32_t BinaryTree::add_leaf(std::uint32_t leaf_index, const Box& b) {
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

Box leaf_box(std::span<const float> xyz, float r) {
    Box b;
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

inline float centre(const Box& b, int axis) { return (b.min[axis] + b.max[axis]) * 0.5f; }

// Step 1's measure of a child for a leaf: the squared distance between the two boxes' centres
// times the sum of the extents along the three axes of both boxes.
float insertion_cost(const Box& child, const Box& leaf) {
    float d2 = 0;
    for (int k = 0; k < 3; ++k) {
        const float d = centre(child, k) - centre(leaf, k);
        d2 = d2 + d * d;
    }
    float extents = 0;
    for (int k = 0; k < 3; ++k) extents = extents + (child.max[k] - child.min[k]);
    for (int k = 0; k < 3; ++k) extents = extents + (leaf.max[k] - leaf.min[k]);
    return d2 * extents;
}

}  // namespace

BinaryTree insert_leaves(std::span<const Box> leaves) {
    BinaryTree t;
    const auto n = static_cast<std::uint32_t>(leaves.size());
    t.first.reserve(2 * n), t.second.reserve(2 * n), t.leaf.reserve(2 * n), t.box.reserve(2 * n);
    std::vector<std::uint32_t> parent;
    parent.reserve(2 * n);
    for (std::uint32_t i = 0; i < n; ++i) {
        const std::uint32_t fresh = t.add_leaf(i, leaves[i]);
        parent.push_back(kNoNode);
        if (t.root == kNoNode) {
            t.root = fresh;
            continue;
        }
        std::uint32_t node = t.root;
        while (!t.is_leaf(node)) {
            t.box[node] = box_union(t.box[node], leaves[i]);   // grow every box it passes
            const float a = insertion_cost(t.box[t.first[node]], leaves[i]);
            const float b = insertion_cost(t.box[t.second[node]], leaves[i]);
            node = b < a ? t.second[node] : t.first[node];      // the first child on a tie
        }
        // Where it stops at a leaf, the two become the children of a new node in its place.
        const std::uint32_t up = parent[node];
        const std::uint32_t joined = t.add_inner(node, fresh);
        parent.push_back(up);
        parent[node] = parent[fresh] = joined;
        if (up == kNoNode) t.root = joined;
        else (t.first[up] == node ? t.first[up] : t.second[up]) = joined;
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

bool binned_split(std::span<const Box> leaves, std::span<const std::uint32_t> list, BinSplit& out) {
    out.first.clear();
    out.second.clear();
    if (list.size() < 2) return false;
    Box whole = leaves[list[0]];
    for (std::uint32_t i : list) whole = box_union(whole, leaves[i]);

    struct Bin {
        Box box;
        std::uint32_t count = 0;
    };
    auto bin_of = [&](std::uint32_t i, int axis) {
        const float extent = whole.max[axis] - whole.min[axis];
        if (!(extent > 0)) return 0;
        const float place = (centre(leaves[i], axis) - whole.min[axis]) / extent;
        const float at = place * float(kBins) + 0.5f;
        if (!(at >= 0)) return 0;   // NaN centres too
        return at >= float(kBins - 1) ? kBins - 1 : static_cast<int>(at);
    };

    float best = std::numeric_limits<float>::infinity();
    int best_axis = -1, best_bin = -1;
    for (int axis = 0; axis < 3; ++axis) {
        Bin bins[kBins];
        for (std::uint32_t i : list) {
            Bin& b = bins[bin_of(i, axis)];
            b.box = b.count ? box_union(b.box, leaves[i]) : leaves[i];
            ++b.count;
        }
        // Prefix and suffix unions and counts, each including its own bin.
        Box below[kBins], above[kBins];
        std::uint32_t n_below[kBins], n_above[kBins];
        bool have = false;
        Box acc{};
        std::uint32_t count = 0;
        for (int b = 0; b < kBins; ++b) {
            if (bins[b].count) acc = have ? box_union(acc, bins[b].box) : bins[b].box, have = true;
            count += bins[b].count;
            below[b] = acc, n_below[b] = count;
        }
        have = false, count = 0;
        for (int b = kBins - 1; b >= 0; --b) {
            if (bins[b].count) acc = have ? box_union(acc, bins[b].box) : bins[b].box, have = true;
            count += bins[b].count;
            above[b] = acc, n_above[b] = count;
        }
        for (int b = 0; b < kBins; ++b) {
            if (!bins[b].count) continue;
            const float cost = box_surface(below[b]) * float(n_below[b]) + box_surface(above[b]) * float(n_above[b]);
            if (cost < best) {   // strict: the first on a tie, axes in order, bins from the lowest
                best = cost;
                best_axis = axis;
                best_bin = b;
            }
        }
    }
    if (best_axis < 0) {   // every cost NaN: the first axis, the first occupied bin
        best_axis = 0;
        best_bin = bin_of(list[0], 0);
        for (std::uint32_t i : list) best_bin = std::min(best_bin, bin_of(i, 0));
        best = std::numeric_limits<float>::quiet_NaN();
    }
    out.axis = best_axis;
    out.bin = best_bin;
    out.cost = best;

    std::vector<std::uint32_t> middle;
    for (std::uint32_t i : list) {
        const int b = bin_of(i, best_axis);
        (b < best_bin ? out.first : b > best_bin ? out.second : middle).push_back(i);
    }
    out.bin_whole = out.first.empty() != out.second.empty();
    if (out.bin_whole) {
        auto& empty_side = out.first.empty() ? out.first : out.second;
        empty_side = middle;
        return true;
    }
    // Sorted by their centres on the axis with the Havok quicksort, divided at half.
    mesh::havok_quicksort(std::span<std::uint32_t>(middle), [&](std::uint32_t a, std::uint32_t b) {
        return centre(leaves[a], best_axis) < centre(leaves[b], best_axis);
    });
    const std::size_t lower = middle.size() / 2;
    out.first.insert(out.first.end(), middle.begin(), middle.begin() + long(lower));
    out.second.insert(out.second.begin(), middle.begin() + long(lower), middle.end());
    return true;
}

namespace {

// A list of 16 or fewer joined from the bottom (engine/mesh/tree_rule), copied into `tree`.
std::uint32_t join_bottom_up(std::span<const Box> leaves, std::span<const std::uint32_t> list, BinaryTree& tree,
                             RebuildWorkspace& ws) {
    if (list.size() == 1) return tree.add_leaf(list[0], leaves[list[0]]);
    std::vector<Box> boxes(list.size());
    for (std::size_t i = 0; i < list.size(); ++i) boxes[i] = leaves[list[i]];
    mesh::least_surface_merge(boxes, ws.merge, ws.merged);
    const auto n = static_cast<std::uint32_t>(list.size());
    std::vector<std::uint32_t> node_of(2 * n - 1);
    for (std::uint32_t i = 0; i < n; ++i) node_of[i] = tree.add_leaf(list[i], leaves[list[i]]);
    for (std::uint32_t k = 0; k + 1 < n; ++k)
        node_of[n + k] = tree.add_inner(node_of[ws.merged.child[0][k]], node_of[ws.merged.child[1][k]]);
    return node_of[2 * n - 2];
}

std::uint32_t build_list(std::span<const Box> leaves, std::span<const std::uint32_t> list, bool whole_list,
                         BinaryTree& tree, RebuildWorkspace& ws) {
    if (list.size() == 1) return tree.add_leaf(list[0], leaves[list[0]]);
    if (list.size() <= kBottomUpMax && !whole_list) return join_bottom_up(leaves, list, tree, ws);
    BinSplit split;
    binned_split(leaves, list, split);
    const std::vector<std::uint32_t> first = std::move(split.first), second = std::move(split.second);
    const std::uint32_t a = build_list(leaves, first, false, tree, ws);
    const std::uint32_t b = build_list(leaves, second, false, tree, ws);
    return tree.add_inner(a, b);
}

}  // namespace

BinaryTree rebuild(std::span<const Box> leaves, std::span<const std::uint32_t> order, RebuildWorkspace& ws) {
    BinaryTree t;
    if (order.empty()) return t;
    t.root = build_list(leaves, order, true, t, ws);
    return t;
}

std::uint32_t refine(BinaryTree& t) {
    if (t.root == kNoNode) return 0;
    std::uint32_t exchanges = 0;
    std::vector<std::uint32_t> stack;
    auto inner = [&](std::uint32_t n) { return !t.is_leaf(n); };
    // Passes repeat until none changes anything; each exchange lowers the sum of the surfaces
    // strictly, so they end; the bound is a guard for NaN boxes, which compare false anyway.
    for (int pass = 0; pass < 10000; ++pass) {
        std::uint32_t changed = 0;
        stack.assign(1, t.root);
        while (!stack.empty()) {
            const std::uint32_t n = stack.back();
            stack.pop_back();
            if (t.is_leaf(n)) continue;
            const std::uint32_t A = t.first[n], B = t.second[n];
            if (n != t.root && inner(A) && inner(B)) {
                const std::uint32_t a1 = t.first[A], a2 = t.second[A], b1 = t.first[B], b2 = t.second[B];
                const float present = box_surface(t.box[A]) + box_surface(t.box[B]);
                // Way 1: (a1, b1) and (a2, b2); way 2: (a1, b2) and (b1, a2).
                const Box w1a = box_union(t.box[a1], t.box[b1]), w1b = box_union(t.box[a2], t.box[b2]);
                const Box w2a = box_union(t.box[a1], t.box[b2]), w2b = box_union(t.box[b1], t.box[a2]);
                const float cost1 = box_surface(w1a) + box_surface(w1b);
                const float cost2 = box_surface(w2a) + box_surface(w2b);
                const bool second_way = cost2 <= cost1;   // the second on a tie
                const float cost = second_way ? cost2 : cost1;
                if (cost < present) {
                    if (second_way) {
                        t.second[A] = b2, t.first[B] = b1, t.second[B] = a2;
                        t.box[A] = w2a, t.box[B] = w2b;
                    } else {
                        t.second[A] = b1, t.first[B] = a2, t.second[B] = b2;
                        t.box[A] = w1a, t.box[B] = w1b;
                    }
                    ++changed;
                }
            }
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

BinaryTree build_stock_tree(std::span<const Box> leaves) {
    BinaryTree inserted = insert_leaves(leaves);
    if (leaves.size() < 3) return inserted;
    const std::vector<std::uint32_t> order = leaves_left_to_right(inserted);
    RebuildWorkspace ws;
    BinaryTree t = rebuild(leaves, order, ws);
    refine(t);
    return t;
}

namespace {

// Leaf counts per node, children before parents (nodes are made after their children, except
// after refinement moved grandchildren: so computed by an explicit post-order).
std::vector<std::uint32_t> leaf_counts(const BinaryTree& t) {
    std::vector<std::uint32_t> count(t.size(), 0), stack, order;
    if (t.root == kNoNode) return count;
    stack.push_back(t.root);
    while (!stack.empty()) {
        const std::uint32_t n = stack.back();
        stack.pop_back();
        order.push_back(n);
        if (!t.is_leaf(n)) stack.push_back(t.first[n]), stack.push_back(t.second[n]);
    }
    for (auto it = order.rbegin(); it != order.rend(); ++it)
        count[*it] = t.is_leaf(*it) ? 1 : count[t.first[*it]] + count[t.second[*it]];
    return count;
}

}  // namespace

Cut cut_sections(const BinaryTree& t, std::span<const std::uint32_t> vertex_first, std::span<const std::uint32_t> vertex_ids,
                 CutLimits limits) {
    Cut cut;
    if (t.root == kNoNode) return cut;
    const std::vector<std::uint32_t> count = leaf_counts(t);
    std::vector<std::uint32_t> ids, stack;
    auto distinct_vertices = [&](std::uint32_t node) {
        ids.clear();
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
            for (std::uint32_t k = vertex_first[l]; k < vertex_first[l + 1] && k < vertex_ids.size(); ++k)
                ids.push_back(vertex_ids[k]);
        }
        std::sort(ids.begin(), ids.end());
        return static_cast<std::uint32_t>(std::unique(ids.begin(), ids.end()) - ids.begin());
    };
    std::deque<std::uint32_t> queue{t.root};
    while (!queue.empty()) {
        const std::uint32_t e = queue.front();
        if (t.is_leaf(e) || (count[e] <= limits.max_leaves && distinct_vertices(e) <= limits.max_vertices)) {
            cut.sections.push_back(e);
            queue.pop_front();
            continue;
        }
        cut.mesh_nodes.push_back(e);
        queue.front() = t.first[e];
        queue.push_back(t.second[e]);
    }
    return cut;
}

std::vector<std::uint32_t> section_primitive_order(const BinaryTree& t, std::uint32_t section_root) {
    const std::vector<std::uint32_t> preorder = preorder_leaves(t, section_root);
    const std::vector<std::uint32_t> r = mesh::ranks(static_cast<std::uint32_t>(preorder.size()));
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

}  // namespace meshproof::build
