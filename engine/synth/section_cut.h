// The cut of the whole-mesh tree into sections (havok-compressed-mesh.txt, rule step 4):
// "A queue starts with the root. An entry with 127 leaves or fewer and at most 255 distinct
// vertices is a section; any other is replaced by its first child, and its second child goes
// to the end of the queue. The sections are numbered in queue order, a section's tree is its
// subtree, and the mesh tree is the part above the sections."
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/synth/bvh_build.h"

namespace meshproof::synth {

inline constexpr std::uint32_t kMaxSectionPrimitives = 127;
inline constexpr std::uint32_t kMaxSectionVertices = 255;

struct SectionCut {
    std::vector<std::uint32_t> section_root;  // tree node of each section, in queue order
    std::vector<std::uint32_t> node_section;  // per tree node: its section if it is a section root
};

// `primitive_vertices[p]`: the primitive's vertex indices (c == d for a triangle).
SectionCut cut_sections(const BinaryTree& tree, std::span<const std::array<std::uint32_t, 4>> primitive_vertices);

// A static tree in pre-order, ready for the nibble encoder: an inner node's first child
// follows it, its second child is at second_child.
struct PreorderTree {
    std::vector<std::uint32_t> payload;       // leaf: primitive in section / section; inner: kNoNode
    std::vector<std::uint32_t> second_child;  // inner: index of the second child; leaf: kNoNode
    std::size_t size() const { return payload.size(); }
};

// The subtree of `node`, leaves carrying their tree items (primitives).
PreorderTree preorder_subtree(const BinaryTree& tree, std::uint32_t node);
// The part above the sections: leaves are the section roots, carrying the section index.
PreorderTree preorder_mesh_tree(const BinaryTree& tree, const SectionCut& cut);

}  // namespace meshproof::synth
