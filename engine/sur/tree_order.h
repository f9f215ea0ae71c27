// The model with each surface's ledges stored in tree order: terminal ledges in the left-first
// order of the leaves that hold them, every other ledge (the type-5 root hull) after them in its
// stored order. That is the order treewyrm's writer emits (ivp-surface-notes.md §11: "hulls in
// tree order … byte-identical for 574 of 781 files"; retail stores IVP's insertion order, which
// differs from the tree's in 278 parts). Encoding the result with encode_sur is what a tree-order
// writer makes of the file; it is byte-identical to the original exactly where the two orders
// agree. Points, faces and nodes are not moved: the ledges are permuted and the nodes' ledge
// indices follow them. The root hull keeps its place after every terminal ledge, so its
// back-offset to the root node stays valid.
#pragma once

#include "engine/core/error.h"
#include "engine/sur/sur_model.h"

namespace meshproof::sur {

// Errors (kBadObject) when a surface's leaf names no ledge of its surface, or one ledge twice.
Result<SurModel> with_ledges_in_tree_order(const SurModel& model);

// True when every surface already stores its terminal ledges in tree order (the permutation
// above is the identity).
bool ledges_in_tree_order(const SurModel& model);

}  // namespace meshproof::sur
