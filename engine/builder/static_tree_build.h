// A pre-order static tree built as Codec3Axis4 (section trees), Codec3Axis5 (the mesh tree) or
// Codec3Axis6 (the version-2 extern mesh aabbTree), containers-and-tagfiles.md §8.5 and
// havok-compressed-mesh.txt ("Section tree node", "Mesh tree node", the floor rule):
//
//   "h is the largest nibble with parent min + e × h² ⁄ 226 not past the minimum of what lies
//    below the node, and likewise l on the maximum side", applied from the root down, the
//    root's parent being the tree's domain and each parent's box the one its own nibbles give.
//
// Here is the rule's choice of each node's nibbles; the node bytes are the codec's
// (mesh::encode_static_node, beside its decoder). The boxes are computed with mesh::shrink_axis,
// the decoder's own f32 arithmetic, so what lies below a node is inside the node's decoded box by
// construction (no inverted boxes).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/builder/preorder_tree.h"
#include "engine/mesh/box.h"
#include "engine/mesh/raw_mesh.h"

namespace meshproof::builder {

struct BuiltStaticTree {
    std::vector<std::array<std::uint8_t, 3>> nibbles;  // per node: (h << 4) | l per axis
    std::vector<mesh::Box> decoded;                    // per node: the box the decoder computes
    std::vector<std::uint8_t> bytes;                   // mesh::static_node_size(codec) bytes per node
};

// `leaf_boxes_by_payload[payload]` is what lies below a leaf (its primitive's vertices grown by
// the convex radius, its section's domain, or its triangle's box).
BuiltStaticTree build_static_tree(const PreorderTree& tree, std::span<const mesh::Box> leaf_boxes_by_payload,
                                  const mesh::Box& domain, mesh::TreeCodec codec);

}  // namespace meshproof::builder
