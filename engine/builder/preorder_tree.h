// A static tree in pre-order, as the Codec3Axis4/5 encoders store it (containers-and-tagfiles.md
// §8.5): an inner node's first child follows it, its second child is at second_child. Made from
// the stock tree (stock_tree.h): a section's subtree, or the mesh tree above the cut's sections.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/rules/stock_tree.h"

namespace meshproof::builder {

struct PreorderTree {
    std::vector<std::uint32_t> payload;       // leaf: primitive in section / section; inner: rules::kNoNode
    std::vector<std::uint32_t> second_child;  // inner: index of the second child; leaf: rules::kNoNode
    std::size_t size() const { return payload.size(); }
};

// The subtree of `node`; each leaf carries `leaf_payload[tree.leaf[n]]`.
PreorderTree preorder_subtree(const rules::BinaryTree& tree, std::uint32_t node, const std::vector<std::uint32_t>& leaf_payload);
// The tree above the cut's sections: a leaf per section root, carrying the section's number.
PreorderTree preorder_mesh_tree(const rules::BinaryTree& tree, const rules::Cut& cut);

}  // namespace meshproof::builder
