#include "engine/synth/section_cut.h"

#include <algorithm>
#include <deque>

namespace meshproof::synth {
namespace {

bool fits(const BinaryTree& tree, std::uint32_t node, std::span<const std::array<std::uint32_t, 4>> prim,
          std::vector<std::uint32_t>& items, std::vector<std::uint32_t>& vertices) {
    if (tree.leaf_count[node] > kMaxSectionPrimitives) return false;
    items.clear();
    leaves_in_preorder(tree, node, items);
    vertices.clear();
    for (std::uint32_t p : items) vertices.insert(vertices.end(), prim[p].begin(), prim[p].end());
    std::sort(vertices.begin(), vertices.end());
    const auto distinct = std::unique(vertices.begin(), vertices.end()) - vertices.begin();
    return distinct <= static_cast<std::ptrdiff_t>(kMaxSectionVertices);
}

// Pre-order walk from `node`; `stop(n)` makes n a leaf with payload `stop_payload(n)`.
template <class IsLeaf, class Payload>
PreorderTree walk(const BinaryTree& tree, std::uint32_t node, IsLeaf is_leaf, Payload payload) {
    PreorderTree out;
    struct Frame {
        std::uint32_t node;
        std::uint32_t parent_index;  // patch its second_child when this is a second child
    };
    std::vector<Frame> stack{{node, kNoNode}};
    while (!stack.empty()) {
        const Frame f = stack.back();
        stack.pop_back();
        const auto index = static_cast<std::uint32_t>(out.payload.size());
        if (f.parent_index != kNoNode) out.second_child[f.parent_index] = index;
        if (is_leaf(f.node)) {
            out.payload.push_back(payload(f.node));
            out.second_child.push_back(kNoNode);
        } else {
            out.payload.push_back(kNoNode);
            out.second_child.push_back(kNoNode);
            stack.push_back({tree.second_child[f.node], index});
            stack.push_back({tree.first_child[f.node], kNoNode});
        }
    }
    return out;
}

}  // namespace

SectionCut cut_sections(const BinaryTree& tree, std::span<const std::array<std::uint32_t, 4>> primitive_vertices) {
    SectionCut cut;
    cut.node_section.assign(tree.size(), kNoNode);
    if (tree.root == kNoNode) return cut;
    std::deque<std::uint32_t> queue{tree.root};
    std::vector<std::uint32_t> items, vertices;
    while (!queue.empty()) {
        const std::uint32_t n = queue.front();
        if (tree.is_leaf(n) || fits(tree, n, primitive_vertices, items, vertices)) {
            queue.pop_front();
            cut.node_section[n] = static_cast<std::uint32_t>(cut.section_root.size());
            cut.section_root.push_back(n);
        } else {
            queue.front() = tree.first_child[n];
            queue.push_back(tree.second_child[n]);
        }
    }
    return cut;
}

PreorderTree preorder_subtree(const BinaryTree& tree, std::uint32_t node) {
    return walk(
        tree, node, [&](std::uint32_t n) { return tree.is_leaf(n); }, [&](std::uint32_t n) { return tree.leaf_item[n]; });
}

PreorderTree preorder_mesh_tree(const BinaryTree& tree, const SectionCut& cut) {
    return walk(
        tree, tree.root, [&](std::uint32_t n) { return cut.node_section[n] != kNoNode; },
        [&](std::uint32_t n) { return cut.node_section[n]; });
}

}  // namespace meshproof::synth
