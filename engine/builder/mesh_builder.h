// The compressed-mesh builder (issue 14): source triangles → every array an
// fsnpCustomParamCompressedMeshShape stores (compressed_mesh.h), by the rules of
// havok-compressed-mesh.txt in single precision and the order written:
//
//   rows the stock degenerate test rejects are dropped (rules/degenerate_triangle.h) →
//   the document's quad pairing (primitive_list.h) → leaves (quads in pairing order, then the
//   other rows in row order; a leaf's box its vertices' box grown by convexRadius) → the stock
//   tree rule's insertion, rebuild and refinement (stock_tree.h) → the cut into sections (≤ 127
//   leaves, ≤ 255 distinct vertices, queue order) → each section's primitives numbered by the
//   quicksort ranks → vertex slots (packed: this section's alone; shared: used by several) →
//   packed codes per section, shared codes over the mesh domain in pages of 65,536 → section
//   domains (decoded vertices' box grown by convexRadius) → Codec3Axis4 section trees and the
//   Codec3Axis5 mesh tree by the floor rule → keys (section << 8 | primitive << 1 | half) → the
//   simd tree → triangleIsInterior (the interior-bit pass's own computation, on the vertices as
//   a reader decodes them) → pParam rows, primitive data (one per material) and
//   triangleIndexToShapeKey.
//
// The stages are exposed (MeshLayout carries what one stage hands the next) so the synthetic
// writer (engine/synth) can inject its known defects between them; build_mesh runs them all.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "engine/builder/compressed_mesh.h"
#include "engine/builder/interior_store.h"
#include "engine/builder/preorder_tree.h"
#include "engine/builder/primitive_list.h"
#include "engine/builder/static_tree_build.h"
#include "engine/rules/stock_tree.h"
#include "engine/core/error.h"
#include "engine/mesh/vertex_codec.h"

namespace meshproof::builder {

// One mesh's source triangles: pParam's triangleDataArray rows, in order.
struct MeshInput {
    std::vector<float> x, y, z;
    std::vector<std::array<std::uint32_t, 3>> rows;
    std::vector<std::uint32_t> row_material;  // per row: hit material id (materialNameData); empty: all 0
};

// What the builder reads of a mesh's source, which it never writes: views, so that a caller
// holding the columns in arrays of its own (`build`'s welded OBJ, synth's source meshes) hands
// them over without copying them. A MeshInput converts to one.
struct MeshInputView {
    std::span<const float> x, y, z;
    std::span<const std::array<std::uint32_t, 3>> rows;
    std::span<const std::uint32_t> row_material;  // empty: all 0

    MeshInputView(std::span<const float> x, std::span<const float> y, std::span<const float> z,
                  std::span<const std::array<std::uint32_t, 3>> rows, std::span<const std::uint32_t> row_material)
        : x(x), y(y), z(z), rows(rows), row_material(row_material) {}
    MeshInputView(const MeshInput& in)
        : MeshInputView(in.x, in.y, in.z, in.rows, in.row_material) {}  // implicit: a MeshInput is a view
};

struct MeshOptions {
    SimdNumbering numbering = SimdNumbering::kEldenRing;
    float convex_radius = 0.015f;
    bool all_shared = false;  // every vertex shared (an l-set style mesh)
    // A vertex one section alone uses is packed (11/11/10 bits over the box of the section's
    // packed vertices) unless half that codec's step exceeds this on some axis (metres): then the
    // section shares all its vertices (21/21/22 bits over the mesh domain). The document does not
    // give the stock tool's choice ("Shared vertices are not limited to those several sections
    // use": Sekiro's h sets share none used by one section, Elden Ring's some); infinity packs
    // every one-section vertex, as Sekiro's h sets do.
    float max_packed_error = std::numeric_limits<float>::infinity();
    // What the format can hold (lowered by tests to reach the errors): sections (a 16-bit
    // leafIndex into a mesh tree of 2 × sections − 1 nodes) and pages of 65,536 shared vertices
    // (an 8-bit page).
    std::uint32_t max_sections = 32768;
    std::uint32_t max_pages = 256;
};

struct MeshStats {
    std::uint64_t rows_in = 0, rows_dropped_degenerate = 0, rows_invalid = 0;
    std::uint64_t triangles = 0, quads = 0, sections = 0, pages = 0, shared_vertices = 0, packed_vertices = 0;
    double max_position_error = 0;  // largest |decoded − source| coordinate over the stored vertices (m)
    double stock_surface = 0;       // inner-node surface of the whole-mesh tree (stock_tree.h inner_surface)
};

// What one stage hands the next.
struct MeshLayout {
    PrimitiveList prims;
    std::vector<std::uint32_t> kept;  // rows that became primitives
    rules::BinaryTree tree;
    rules::Cut cut;
    std::vector<std::uint32_t> stored;                        // primitive (in prims) at each stored index
    std::vector<std::uint32_t> index_in_section, section_of;  // per primitive
    std::vector<PreorderTree> section_trees;                  // payload = primitive in section
    std::vector<std::uint32_t> first_slot;                    // per section and one past: into slot_vertex
    std::vector<std::uint32_t> slot_vertex;  // source vertex of each slot, packed then shared per section
    std::vector<float> sx, sy, sz;           // per slot: the position a reader decodes
    mesh::Box used = mesh::unfilled_box();   // the stored vertices' box
    mesh::SharedVertexCodec shared_codec{};
    std::vector<std::uint8_t> gap_before;  // per section: a one-word gap before its packed run
    std::vector<BuiltStaticTree> encoded;  // per section, when keep_encoded (synth's defects read them)
    bool keep_encoded = true;
    std::vector<std::uint32_t> leaf_keys;  // simd leaves in key order
    std::vector<mesh::Box> leaf_exact;     // their exact boxes
    std::uint32_t triangle_sections = 0;   // sections holding the source primitives

    std::uint32_t corners(std::uint32_t primitive) const { return prims.is_quad[primitive] ? 4u : 3u; }
    // The decoded box of the primitive at index p of section s (no convex radius).
    mesh::Box primitive_box(const CompressedMesh& m, std::uint32_t s, std::uint32_t p) const;
    // The rule's leaf box of primitive g: its source vertices' box grown by `convex_radius`.
    mesh::Box source_leaf_box(const MeshInputView& in, std::uint32_t g, float convex_radius) const;
};

// The rows the stock degenerate test keeps, in row order (rows naming a vertex out of range are
// left out too and counted in stats->rows_invalid).
std::vector<std::uint32_t> kept_rows(const MeshInputView& in, MeshStats* stats);

// Stage 1: pairing, the tree, the cut, numbering, vertex slots, primitives, the mesh domain.
void lay_out(const MeshInputView& in, const MeshOptions& opt, MeshLayout& L, CompressedMesh& m);
// Stage 2: packed vertices per section (layout.gap_before honoured), shared vertices in pages.
void quantise_vertices(const MeshInputView& in, MeshLayout& L, CompressedMesh& m);
// Stage 3: section domains and Codec3Axis4 section trees.
void encode_section_trees(MeshLayout& L, CompressedMesh& m);
// Stage 4: the Codec3Axis5 mesh tree over the section domains and every section's leafIndex. A
// mesh with one section more than the cut made (a section the caller appended) has it joined to
// the cut's mesh tree by a new root.
void encode_mesh_tree(MeshLayout& L, CompressedMesh& m);
// Stage 5: keys of the layout's primitives: counts and maxKeyValue (count_keys), then the simd
// tree's leaves, layout.leaf_keys / leaf_exact (simd_leaves: read from the stored primitives and
// the decoded slots alone, a triangle's fourth index being its third, so the layout's primitive
// list may be gone by then).
void count_keys(const MeshLayout& L, CompressedMesh& m);
void simd_leaves(MeshLayout& L, const CompressedMesh& m);
void assign_keys(MeshLayout& L, CompressedMesh& m);
// Stage 6: bitsPerKey = numShapeKeyBits = bitlen(maxKeyValue + 1), the interior words' size.
void set_key_widths(CompressedMesh& m);
// Stage 7: pParam rows, primitive data and triangleIndexToShapeKey (left-aligned to the stored
// numShapeKeyBits). Materials become primitive data in order of first use.
void write_rows(const MeshInputView& in, const MeshLayout& L, CompressedMesh& m);
// Stage 8: the simd tree over layout.leaf_keys / leaf_exact.
void build_simd(const MeshLayout& L, SimdNumbering numbering, CompressedMesh& m);
// Stage 9: the interior-bit pass over the layout's triangle sections as a reader decodes them.
Status compute_interior(const MeshLayout& L, const CompressedMesh& m, ComputedInterior& out);
// Stores the computed bits (bit values 1 and 3: set; see interior_store.h).
void store_interior(const ComputedInterior& ci, CompressedMesh& m);

// Every stage, clean. Errors (ErrorCode::kLimit) when the format cannot hold the mesh: more than
// 256 pages of shared vertices, a mesh tree beyond 65,535 nodes, keys beyond 32 bits; or an empty
// mesh (no row kept).
// `layout`, when given, keeps what the stages handed each other (the tree, the cut, the leaf of
// each stored primitive): tests and the tree_rule figures compare a stored mesh with it.
Result<CompressedMesh> build_mesh(const MeshInputView& in, const MeshOptions& opt, MeshStats* stats = nullptr,
                                  MeshLayout* layout = nullptr);

}  // namespace meshproof::builder
