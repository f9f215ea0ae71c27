#include "engine/builder/preorder_tree.h"

#include "absl/container/flat_hash_map.h"

namespace meshproof::builder {
namespace {

// Pre-order walk from `node`; `payload(n)` is rules::kNoNode for a node to descend into.
template <class Payload>
PreorderTree walk(const rules::BinaryTree& tree, std::uint32_t node, Payload payload) {
    PreorderTree out;
    if (node == rules::kNoNode) return out;
    struct Frame {
        std::uint32_t node;
        std::uint32_t parent_index;  // patch its second_child when this is a second child
    };
    std::vector<Frame> stack{{node, rules::kNoNode}};
    while (!stack.empty()) {
        const Frame f = stack.back();
        stack.pop_back();
        const auto index = static_cast<std::uint32_t>(out.payload.size());
        if (f.parent_index != rules::kNoNode) out.second_child[f.parent_index] = index;
        const std::uint32_t p = payload(f.node);
        out.payload.push_back(p);
        out.second_child.push_back(rules::kNoNode);
        if (p == rules::kNoNode) {
            stack.push_back({tree.second[f.node], index});
            stack.push_back({tree.first[f.node], rules::kNoNode});
        }
    }
    return out;
}

}  // namespace

PreorderTree preorder_subtree(const rules::BinaryTree& tree, std::uint32_t node,
                              const std::vector<std::uint32_t>& leaf_payload) {
    return walk(tree, node,
                [&](std::uint32_t n) { return tree.is_leaf(n) ? leaf_payload[tree.leaf[n]] : rules::kNoNode; });
}

PreorderTree preorder_mesh_tree(const rules::BinaryTree& tree, const rules::Cut& cut) {
    absl::flat_hash_map<std::uint32_t, std::uint32_t> section_of;
    section_of.reserve(cut.sections.size());
    for (std::size_t s = 0; s < cut.sections.size(); ++s)
        section_of.emplace(cut.sections[s], static_cast<std::uint32_t>(s));
    return walk(tree, tree.root, [&](std::uint32_t n) {
        const auto it = section_of.find(n);
        return it == section_of.end() ? rules::kNoNode : it->second;
    });
}

std::vector<mesh::Box> boxes_below(const PreorderTree& tree, std::span<const mesh::Box> leaf_boxes_by_payload) {
    const std::size_t n = tree.size();
    std::vector<mesh::Box> below(n);
    for (std::size_t i = n; i-- > 0;) {
        if (tree.second_child[i] == rules::kNoNode) {
            below[i] = leaf_boxes_by_payload[tree.payload[i]];
        } else {
            below[i] = below[i + 1];
            mesh::extend(below[i], below[tree.second_child[i]]);
        }
    }
    return below;
}

std::vector<std::uint32_t> parents(const PreorderTree& tree) {
    std::vector<std::uint32_t> parent(tree.size(), rules::kNoNode);
    for (std::size_t i = 0; i < tree.size(); ++i) {
        if (tree.second_child[i] != rules::kNoNode) {
            parent[i + 1] = static_cast<std::uint32_t>(i);
            parent[tree.second_child[i]] = static_cast<std::uint32_t>(i);
        }
    }
    return parent;
}

}  // namespace meshproof::builder
