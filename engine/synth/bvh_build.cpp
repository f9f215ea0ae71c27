#include "engine/synth/bvh_build.h"

#include <algorithm>
#include <bit>
#include <numeric>

namespace meshproof::synth {
namespace {

// A float's bits mapped so that unsigned order is the float order (negative values flipped);
// no NaN reaches here (the boxes come from finite vertices).
std::uint32_t ordered_bits(float f) {
    const std::uint32_t u = std::bit_cast<std::uint32_t>(f);
    return (u & 0x80000000u) ? ~u : (u | 0x80000000u);
}

struct Builder {
    std::span<const Aabb> boxes;
    std::vector<float> centre;  // 3 per item
    BinaryTree& tree;
    const std::uint32_t* items_base = nullptr;
    std::vector<std::uint64_t> keys;  // scratch: (centre on the split axis, item), one per item

    std::uint32_t new_node() {
        tree.first_child.push_back(kNoNode);
        tree.second_child.push_back(kNoNode);
        tree.leaf_item.push_back(kNoNode);
        tree.leaf_count.push_back(0);
        tree.box.emplace_back();
        return static_cast<std::uint32_t>(tree.first_child.size() - 1);
    }

    std::uint32_t build(std::span<std::uint32_t> items) {
        const std::uint32_t node = new_node();
        if (items.size() == 1) {
            tree.leaf_item[node] = items[0];
            tree.leaf_count[node] = 1;
            tree.box[node] = boxes[items[0]];
            return node;
        }
        Aabb cbox;
        for (std::uint32_t i : items) cbox.add(centre[3 * i], centre[3 * i + 1], centre[3 * i + 2]);
        int axis = 0;
        for (int a = 1; a < 3; ++a)
            if (cbox.max[a] - cbox.min[a] > cbox.max[axis] - cbox.min[axis]) axis = a;
        const std::size_t half = items.size() / 2;
        // A strict total order (centre, then item) as one 64-bit key per item, partitioned in a
        // contiguous scratch run (no gathers in the comparisons): the halves do not depend on the
        // implementation's pivot choices.
        const auto first = keys.begin() + (items.data() - items_base);
        const auto last = first + static_cast<std::ptrdiff_t>(items.size());
        for (std::size_t k = 0; k < items.size(); ++k)
            first[static_cast<std::ptrdiff_t>(k)] =
                (std::uint64_t{ordered_bits(centre[3 * items[k] + axis])} << 32) | items[k];
        std::nth_element(first, first + static_cast<std::ptrdiff_t>(half), last);
        for (std::size_t k = 0; k < items.size(); ++k) items[k] = static_cast<std::uint32_t>(first[static_cast<std::ptrdiff_t>(k)]);
        std::uint32_t a = build(items.subspan(0, half));
        std::uint32_t b = build(items.subspan(half));
        if (tree.box[b].surface() > tree.box[a].surface()) std::swap(a, b);
        tree.first_child[node] = a;
        tree.second_child[node] = b;
        tree.leaf_count[node] = tree.leaf_count[a] + tree.leaf_count[b];
        Aabb u = tree.box[a];
        u.add(tree.box[b]);
        tree.box[node] = u;
        return node;
    }
};

}  // namespace

BinaryTree build_bvh(std::span<const Aabb> boxes) {
    BinaryTree tree;
    if (boxes.empty()) return tree;
    const std::size_t n = boxes.size();
    tree.first_child.reserve(2 * n - 1);
    tree.second_child.reserve(2 * n - 1);
    tree.leaf_item.reserve(2 * n - 1);
    tree.leaf_count.reserve(2 * n - 1);
    tree.box.reserve(2 * n - 1);
    Builder b{boxes, std::vector<float>(3 * n), tree};
    for (std::size_t i = 0; i < n; ++i)
        for (int a = 0; a < 3; ++a) b.centre[3 * i + a] = boxes[i].min[a] + (boxes[i].max[a] - boxes[i].min[a]) * 0.5f;
    std::vector<std::uint32_t> items(n);
    std::iota(items.begin(), items.end(), 0u);
    b.items_base = items.data();
    b.keys.resize(n);
    tree.root = b.build(items);
    return tree;
}

void leaves_in_preorder(const BinaryTree& tree, std::uint32_t node, std::vector<std::uint32_t>& out_items) {
    std::vector<std::uint32_t> stack{node};
    while (!stack.empty()) {
        const std::uint32_t n = stack.back();
        stack.pop_back();
        if (tree.is_leaf(n)) {
            out_items.push_back(tree.leaf_item[n]);
        } else {
            stack.push_back(tree.second_child[n]);
            stack.push_back(tree.first_child[n]);
        }
    }
}

}  // namespace meshproof::synth
