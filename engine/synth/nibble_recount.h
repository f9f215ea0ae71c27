// What the floor rule says about a section tree whose leaves no longer hold what they held when
// the tree was encoded (a leafbox or page0 defect moves vertices; a nibble defect changes stored
// bytes): the number of nodes whose stored nibbles differ from the rule, counted the way the
// nibble pass counts them (havok-compressed-mesh.txt, "The stored nibbles follow the floor of a
// square root"), in both of the document's readings: each parent's box from its own recomputed
// nibbles, and from its stored nibbles. The writer uses it to state, not guess, the nibble
// figures a defect changes.
#pragma once

#include <cstdint>
#include <span>

#include "engine/synth/build_names.h"
#include "engine/mesh/box.h"
#include "engine/builder/preorder_tree.h"

namespace meshproof::synth {

struct NibbleRecount {
    std::uint64_t differing = 0, one_nibble = 0;                // parent box from its recomputed nibbles
    std::uint64_t differing_stored = 0, one_nibble_stored = 0;  // parent box as stored
};

// `leaf_boxes_by_payload`: what lies below each leaf now (its primitive's decoded vertices grown
// by the convex radius); `stored_bytes`: the tree's Codec3Axis4 nodes as written (4 bytes each);
// `domain`: the section's domain (the root's parent box).
NibbleRecount recount_nibbles(const builder::PreorderTree& tree, std::span<const mesh::Box> leaf_boxes_by_payload,
                              std::span<const std::uint8_t> stored_bytes, const mesh::Box& domain);

}  // namespace meshproof::synth
