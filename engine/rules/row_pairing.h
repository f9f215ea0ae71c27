// The document's quad-pairing rule (engine/rules/quad_pairing.h, havok-compressed-mesh.txt "A rule
// that picks most of the same pairs from the source triangles of a mesh, in pParam row order") on
// all rows of one decoded mesh at once, each vertex named by its decoded position (the bits of its
// three floats): what the quads pass counts as "all rows at once" and what gives the tree_rule
// pass its leaf order. One computation per mesh, kept by MeshProducts (mesh_products.h) so that
// every pass reading it gets the same arrays without running the rule again.
//
// The rows given to the rule: the rows of triangleIndexToShapeKey, in row order, whose key names a
// decoded triangle (row_triangle) and that have a pParam row (row_primitive_data_index); a row's
// corners are its triangle's corners in decoded order, its box their box, its primitive data its
// pParam primitiveDataIndex. A mesh without triangleIndexToShapeKey has no rows.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/mesh/decoded_member.h"
#include "engine/rules/position_numbering.h"
#include "engine/rules/quad_pairing.h"

namespace meshproof::rules {

struct RowPairing {
    std::vector<std::uint32_t> used;                          // the rows given to the rule, in row order
    std::vector<std::array<std::uint32_t, 3>> vertex;         // per used row: its corners' position numbers (first use)
    std::uint32_t positions = 0;                              // distinct positions among them
    std::vector<mesh::Box> box;                               // per used row: its corners' box
    std::vector<std::uint32_t> data;                          // per used row: primitiveDataIndex
    QuadPairingWorkspace::SortedRecords records;              // step 1: the records, sorted
    std::vector<QuadPairingWorkspace::Candidate> candidates;  // the first-fit rule's, in step 3's order
    std::vector<QuadPair> pairs;  // the first-fit rule's pairs (local rows), in the order taken
};

// Scratch reused from mesh to mesh.
struct RowPairingWorkspace {
    QuadPairingWorkspace pairing;
    PositionNumberingWorkspace numbering;
    std::vector<std::uint32_t> corner_slots, corner_numbers;
};

// Fills `out` for `m` (everything above; the rule's first fit).
void pair_rows_by_position(const mesh::DecodedMesh& m, RowPairingWorkspace& ws, RowPairing& out);

}  // namespace meshproof::rules
