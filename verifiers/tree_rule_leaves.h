// The tree_rule pass's input to the stock rule (engine/rules/cut_comparison.h) from one decoded
// mesh: the leaves' boxes, vertex ids and rule order, and the stored trees. Shared only by
// verifiers/tree_rule_pass.cpp.
//
// Readings of the files (havok-compressed-mesh.txt: "The leaves are the quads in the order the
// pairing takes them, then the other source triangles in row order, a leaf's box being its
// vertices' box grown by the shape's convexRadius"):
//   - the leaves are the stored primitives (a quad is one leaf, as in the stored trees), numbered
//     in storage order (section after section);
//   - the pairing (engine/rules/quad_pairing) on all rows of the mesh at once: the rows whose key
//     names a triangle and that have a pParam row, in row order, vertices named by their decoded
//     positions (engine/rules/row_pairing.h, the unit's product: computed once per mesh). A stored quad comes first, in the order the
//     pairing takes its pair, when the pairing takes its two halves as a pair; every other
//     primitive (a stored triangle, and a stored quad the pairing does not take) follows in the
//     order of its first row (the lower of a quad's two halves' rows), a primitive no row names
//     last, in storage order. A mesh without triangleIndexToShapeKey has every primitive in
//     storage order (counted apart by the pass);
//   - a vertex id is the position (the bits of its three decoded floats), numbered per mesh: the
//     cut's "at most 255 distinct vertices" counts distinct positions;
//   - jitter ("Moving every decoded vertex of a section by a random amount of up to half a codec
//     step (the same for equal positions)"): each coordinate moves by u × the section's codec scale
//     on that axis (codecParms[3 + axis]), u uniform in [−½, ½) from a hash of the seed, the
//     position's bits and the axis: equal positions in a section move alike, and the result does
//     not depend on the thread or the order the meshes are met. The leaf order and vertex ids stay
//     those of the stored vertices.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/rules/cut_comparison.h"
#include "engine/mesh/decoded_member.h"
#include "engine/rules/mesh_products.h"
#include "engine/rules/position_numbering.h"
#include "engine/rules/quad_pairing.h"

namespace meshproof::verifiers {

struct TreeRuleLeaves {
    // per primitive
    std::vector<mesh::Box> box;
    std::vector<std::uint32_t> vertex_first, vertex_ids, rule_order;
    bool from_rows = false;  // the order came from the rows (else storage order)
    // stored trees, rebased so that each array starts at its tree set's first node
    std::vector<std::uint32_t> section_first, section_count, second_child, leaf_primitive;
    std::vector<std::uint32_t> mesh_second_child, mesh_leaf_section;
    // scratch
    rules::QuadPairingWorkspace pairing;
    rules::PositionNumberingWorkspace numbering;
    std::vector<std::uint32_t> corner_slots;  // per primitive corner (vertex_first): its vertex slot
    std::vector<std::uint64_t> sort_key;
    std::vector<std::uint32_t> key_buckets;

    rules::RuleLeaves rule() const { return {box, vertex_first, vertex_ids, rule_order}; }
    rules::StoredTrees stored() const {
        return {section_first, section_count, second_child, leaf_primitive, mesh_second_child, mesh_leaf_section};
    }
};

// The primitives (indices of `keys`) in (key, primitive) order, the order std::sort of the pairs
// gives, by a counting sort when the keys are the leaf order's (class << 40 | place, class 0 to 2,
// the places dense enough); false, `order` unspecified, when they are not. Exposed for its test.
bool order_by_rule_key(std::span<const std::uint64_t> keys, std::vector<std::uint32_t>& buckets,
                       std::vector<std::uint32_t>& order);

// Fills `out` from `m` (the pairing of its rows from `products`, the unit's); false when the mesh cannot be given to the rule (a primitive without a box
// or with a vertex that is not a finite number, a section out of range).
bool tree_rule_leaves(const mesh::DecodedMesh& m, TreeRuleLeaves& out,
                      const rules::MeshProducts& products = rules::MeshProducts{});

// The leaf boxes again from the vertices jittered as above (seed: the member's and the mesh's).
void jitter_leaf_boxes(const mesh::DecodedMesh& m, std::uint64_t seed, TreeRuleLeaves& out);

}  // namespace meshproof::verifiers
