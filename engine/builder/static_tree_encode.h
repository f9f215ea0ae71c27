// Encoding a pre-order static tree as Codec3Axis4 (section trees, 4-byte nodes) or
// Codec3Axis5 (the mesh tree, 5-byte nodes), containers-and-tagfiles.md §8.5 and
// havok-compressed-mesh.txt ("Section tree node", "Mesh tree node", the floor rule):
//
//   "h is the largest nibble with parent min + e × h² ⁄ 226 not past the minimum of what lies
//    below the node, and likewise l on the maximum side", applied from the root down, the
//    root's parent being the tree's domain and each parent's box the one its own nibbles give.
//
// The boxes are computed with mesh::shrink_axis, the decoder's own f32 arithmetic, so what
// lies below a node is inside the node's decoded box by construction (no inverted boxes).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/mesh/box.h"
#include "engine/builder/preorder_tree.h"

namespace meshproof::builder {

struct EncodedStaticTree {
    std::vector<std::array<std::uint8_t, 3>> nibbles;  // per node: (h << 4) | l per axis
    std::vector<mesh::Box> decoded;                    // per node: the box the decoder computes
    std::vector<std::uint8_t> bytes;                   // 4 or 5 bytes per node
};

// `leaf_box(payload)` is what lies below a leaf (its primitive's vertices grown by the convex
// radius, or its section's domain). `node_bytes` is 4 (Axis4), 5 (Axis5) or 6 (Axis6, the
// version-2 extern mesh aabbTree, leaves = triangles).
EncodedStaticTree encode_static_tree(const PreorderTree& tree, std::span<const mesh::Box> leaf_boxes_by_payload,
                                     const mesh::Box& domain, int node_bytes);

}  // namespace meshproof::builder
