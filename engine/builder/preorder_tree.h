// A static tree in pre-order, as the Codec3Axis4/5 encoders store it (containers-and-tagfiles.md
// §8.5): an inner node's first child follows it, its second child is at second_child. Made from
// the stock tree (stock_tree.h): a section's subtree, or the mesh tree above the cut's sections.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/mesh/box.h"
#include "engine/mesh/static_tree_codec.h"
#include "engine/rules/stock_tree.h"

namespace meshproof::builder {

struct PreorderTree {
    std::vector<std::uint32_t> payload;       // leaf: primitive in section / section; inner: rules::kNoNode
    std::vector<std::uint32_t> second_child;  // inner: index of the second child; leaf: rules::kNoNode
    std::size_t size() const { return payload.size(); }
};

// The subtree of `node`; each leaf carries `leaf_payload[tree.leaf[n]]`.
PreorderTree preorder_subtree(const rules::BinaryTree& tree, std::uint32_t node,
                              const std::vector<std::uint32_t>& leaf_payload);
// The tree above the cut's sections: a leaf per section root, carrying the section's number.
PreorderTree preorder_mesh_tree(const rules::BinaryTree& tree, const rules::Cut& cut);

// What lies below each node: the union of its leaves' boxes (`leaf_boxes_by_payload[payload]` at a
// leaf). Children follow their parent, so one backward sweep.
std::vector<mesh::Box> boxes_below(const PreorderTree& tree, std::span<const mesh::Box> leaf_boxes_by_payload);

// Each node's parent; rules::kNoNode at the root.
std::vector<std::uint32_t> parents(const PreorderTree& tree);

// The decoder's boxes from the root down: node i's box is its parent's (`domain` at the root)
// shrunk by the nibbles `nibbles_at(i, parent_box)` gives (mesh::shrink_box), so each parent's box
// is the one its own nibbles give.
template <class NibblesAt>
std::vector<mesh::Box> boxes_from_root(std::span<const std::uint32_t> parent, const mesh::Box& domain,
                                       NibblesAt&& nibbles_at) {
    std::vector<mesh::Box> box(parent.size());
    for (std::size_t i = 0; i < parent.size(); ++i) {
        const mesh::Box& p = parent[i] == rules::kNoNode ? domain : box[parent[i]];
        const std::array<std::uint8_t, 3> nibbles = nibbles_at(i, p);
        box[i] = mesh::shrink_box(p, nibbles);
    }
    return box;
}

}  // namespace meshproof::builder
