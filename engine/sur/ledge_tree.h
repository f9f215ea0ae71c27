// The ledgetree's shape as IVP's compiled builder makes it: the top-down median cut of
// ivp-surface-notes.md §8 (cluster_spheres_topdown_mediancut_recursively, TOPDOWN and BALANCED,
// BALANCE_VOLUME off), over the terminal leaves in ledge storage order. What a leaf holds (its
// centre, radius and box bytes) comes from node_bounds.h's leaf rule; a cut is scored by the
// leaf-union boxes (node_bounds.h, §7.2) of its two sides.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/sur/sur_model.h"

namespace meshproof::sur {

// The tree in pre-order (a node's left child is the next node): per node, the index of its right
// child (-1: a leaf) and, for a leaf, the index of its leaf in the input (-1: an inner node).
struct LedgeTreeShape {
    std::vector<std::int32_t> right;
    std::vector<std::int32_t> leaf;
};

// `leaves`: one leaf node per terminal ledge, in storage order (right = -1; centre, radius and
// box as the leaf rule gives them). No leaf: an empty shape.
LedgeTreeShape median_cut_tree(const NodeColumns& leaves);

}  // namespace meshproof::sur
