// The key-less source rows of one decoded mesh and what the stock degenerate test says of them
// (havok-compressed-mesh.txt: "A source row of the shape's pParam can have no key in
// triangleIndexToShapeKey, and then no triangle in the mesh", the object-mesh paragraph after it,
// and "Why else does the stock tool leave a source row out?"). Shared only by
// verifiers/degenerate_pass.cpp; tested on hand-built meshes (tests/verifiers/keyless_rows_test.cpp).
//
// The reading of the files taken here (containers-and-tagfiles.md §0 #18 and §11 leave open how
// triangleIndexToShapeKey represents missing rows):
//   - Row r of pParam's triangleDataArray is paired with word r of triangleIndexToShapeKey, the
//     pairing the decoder (engine/mesh/decode_keys.cpp: materials), the quads pass ("A quad's two
//     source triangles are the entries of the triangleDataArray whose triangleIndexToShapeKey
//     words give keys that differ in the half bit only") and the document's own sentences use. The
//     document proves that every stored word is a valid key of an existing primitive and that no
//     key appears twice, so no word can mark a missing row: a row has no key exactly when the
//     array has no word for it (r at or past its length) or when its word names no triangle (which
//     the keys pass counts as a violation; it still leaves the row without a triangle). Every other
//     row is kept: its key names the decoded triangle it became. On the Elden Ring sample the words
//     and rows are equally many, every row is kept, and every source vertex index its rows name
//     takes one position (KeylessRowCounts::kept_corners_off_first_position is 0), which is what
//     this pairing predicts and a shifted one would break.
//   - A source vertex is "known" when a kept row names its index; its position is that of the
//     corner of the first kept row (in row order) naming it: row corner k is corner k of the
//     triangle its key names ("taking the position from that row"). pParam keeps no source
//     positions; these are the positions the files keep, after quantising.
//   - "Of the others …": the passing rows are the key-less rows with every vertex known that the
//     test does not call degenerate, which are also the rows "the test above leaves unexplained".
//     A "repeated position" cannot be two corners of one passing row at one place (the test calls
//     such a row degenerate: its cross product is 0), so it is read as a corner whose position
//     another known source vertex index also has (a duplicated source vertex). "The same three
//     positions as a kept row": the row's three positions as a set equal a kept triangle's.
//     Positions are compared by the bits of their floats.
//   - The section test: the sections that hold a row's corner are those of the kept triangles
//     that name its source index (with that triangle's stored slot). "The section that holds most
//     of a row's corners" breaks a tie by the lower section index (the document does not say). A
//     corner the section holds is taken as it stores it; another is moved to the nearest code of
//     the section's grid: its packed grid (codecParms, 11/11/10 bits) when the section packs any
//     vertex, else the mesh domain's shared grid (21/21/22 bits).
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <vector>

#include "engine/mesh/decoded_member.h"

namespace meshproof::verifiers {

struct KeylessRowCounts {
    std::uint64_t rows = 0;                       // pParam rows of a mesh with triangleIndexToShapeKey
    std::uint64_t kept = 0;                       // rows whose word names a triangle
    std::uint64_t keyless = 0;                    // rows without one
    std::uint64_t known = 0;                      // key-less rows whose three source vertices a kept row names
    std::uint64_t degenerate = 0;                 // of those, called degenerate by the stock test
    std::uint64_t passing = 0;                    // of those, not (the rows the test leaves unexplained)
    std::uint64_t unseen_vertex = 0;              // key-less rows naming a vertex no kept row names
    std::uint64_t passing_repeated_index = 0;     // passing rows naming one source index twice
    std::uint64_t passing_same_positions = 0;     // passing rows at the three positions of a kept triangle
    std::uint64_t passing_repeated_position = 0;  // passing rows with a corner another source index shares
    std::uint64_t passing_within_1cm = 0;         // passing rows whose 2nd and 3rd corners are within 1 cm
    std::uint64_t section_test_flags = 0;         // passing rows flagged in the section holding most corners
    std::uint64_t any_section_flags = 0;          // passing rows flagged in some section holding a corner
    // A check of the reading: kept-row corners whose source index the first kept row put elsewhere.
    // A shifted pairing would put most corners there; under the right one only a source vertex that
    // two sections quantise on their own packed grids lands in two places.
    std::uint64_t kept_corners_off_first_position = 0;
    // Over the passing rows (left at ±inf when there is none): the sum of squared cross-product
    // components the test compares with 10⁻⁷ (the smaller of the two from the first two vertices).
    float passing_min_cross_sq = std::numeric_limits<float>::infinity();
    float passing_max_cross_sq = -std::numeric_limits<float>::infinity();
};

// What one thread reuses from mesh to mesh (no allocation per row once warm).
struct KeylessScratch {
    std::vector<std::uint32_t> dense;   // source index → first kept slot (dense form)
    std::vector<std::uint64_t> sorted;  // index << 32 | slot, sorted (sparse form)
    std::vector<std::uint32_t> passing_rows;
    std::vector<std::uint64_t> holders;      // index << 32 | section, for the section test
    std::vector<std::uint32_t> holder_slot;  // parallel to `holders` after sorting
    std::vector<std::array<std::uint64_t, 3>> holder_sort;
    std::vector<std::array<std::uint32_t, 9>> kept_triples;
    std::vector<std::array<std::uint32_t, 4>> known_positions;  // x, y, z bits, index
    std::vector<std::uint32_t> repeated_indices;                // source indices sharing a position with another
    std::vector<std::uint32_t> wanted_indices;                  // source indices the passing rows name
    std::vector<std::uint32_t> candidate_sections;
};

// Adds mesh m's key-less rows to `out` (a mesh without triangleIndexToShapeKey or pParam adds nothing).
void count_keyless_rows(const mesh::DecodedMesh& m, KeylessScratch& scratch, KeylessRowCounts& out);

// The position a section stores for `p` when it holds no such vertex: the nearest code of its grid
// (see above). Exposed for the tests.
std::array<float, 3> nearest_on_section_grid(const mesh::DecodedMesh& m, std::uint32_t section,
                                             const std::array<float, 3>& p);

}  // namespace meshproof::verifiers
