// The triangleIsInterior pass of havok-compressed-mesh.txt, reproduced: "A mesh that has any bit
// set has them from one pass over the finished mesh, run on the vertices as their codes decode".
// Its four steps, as the document states them:
//
//  1. Neighbours. Triangles in key order, edges in vertex order (a b, b c, c a; a quad's halves
//     a b c and a c d). An edge pairs with the latest still-unpaired edge over the same two
//     vertices in the opposite direction; an edge nobody pairs waits. Vertices are identified by
//     section and slot when packed, by shared-index entry (page not counted) when shared. A quad's
//     inner edge is paired directly. A flat quad (flat byte AND its second slot > its fourth) is
//     one polygon a b c d, its bit kept under its first half's key. A face with a missing
//     neighbour is never set.
//  2. Convex edges. Raw normal n = (b − a) × (c − a) (a polygon: its first three corners); the
//     edge p → q with e = unit(q − p) and m the unit normal across it is convex when
//     e · (n × m) > 2⁻²³.
//  3. Order. Faces with all their neighbours get the weight |n| + 10 × (convex edges) and are
//     sorted ascending by the Havok quicksort (havok_quicksort.h): equal weights keep the order
//     that procedure gives.
//  4. Marking. In that order a face is set unless a convex edge of it meets a face already set,
//     or one whose unit normal makes more than 70° with its own (n · m below cos 70° in f32).
//
// Everything is single precision in the order written (-ffp-contract=off), unit vectors through
// rsqrt_estimate.h. The API is spans over flat columns so the synthetic writer can call it without
// a mesh::DecodedMesh; a reusable InteriorWorkspace holds every scratch array, so a mesh costs no
// allocation once the workspace has grown to the largest mesh seen.
//
// Without a mesh::DecodedMesh (the synthetic writer storing the bits it builds): fill a view with the
// vertices exactly as the decoder makes them (code × scale + offset in f32), their identities
// (packed_vertex_identity / shared_vertex_identity), every triangle in key order with its three
// slots and half flag, and flat flags only when primitiveStoresIsFlatConvex is not 0; then
// interior_bits(view, {}, workspace, bits) and set bit key[t] of triangleIsInterior where bits[t].
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "engine/core/cpu_path.h"
#include "engine/core/error.h"
#include "engine/core/free_vectors.h"
#include "engine/rules/rsqrt_estimate.h"

namespace meshproof::mesh {
struct DecodedMesh;
}  // namespace meshproof::mesh

namespace meshproof::rules {

// Step 1's vertex identity, as mesh::DecodedVertices::identity holds it: "by its section and slot when
// it is packed, by its entry in the shared-vertex index (the page not counted) when it is shared".
inline constexpr std::uint32_t packed_vertex_identity(std::uint32_t section, std::uint32_t slot) {
    return 0x80000000u | section << 8 | slot;
}
inline constexpr std::uint32_t shared_vertex_identity(std::uint16_t entry) { return entry; }

// One mesh as the pass reads it. Triangles are in key order (a quad's halves consecutive, the
// second with half = 1). Corner slots index the vertex columns.
struct InteriorMeshView {
    std::span<const float> x, y, z;           // per vertex slot, as the codes decode
    std::span<const std::uint32_t> identity;  // per vertex slot: packed_vertex_identity or shared_vertex_identity
    std::array<std::span<const std::uint32_t>, 3> corner;  // per triangle: vertex slots a b c (a c d for a second half)
    std::span<const std::uint8_t> half;                    // per triangle: 1 for a quad's second triangle
    std::span<const std::uint8_t> flat;  // per triangle: non-zero on the first half of a flat quad; may be empty
};

// "A quad is flat when the tree's primitiveStoresIsFlatConvex byte ANDed with the quad's second
// vertex slot is more than its fourth" (slots as the primitive stores them, section-local).
inline bool quad_is_flat(std::uint8_t primitive_stores_is_flat_convex, std::uint8_t b, std::uint8_t d) {
    return (primitive_stores_is_flat_convex & b) > d;
}

// How |n| of the weight is formed. The document leaves it open ("the form of the square root" is
// among the variants tried). The real sample settles it: its three weights (reading-notes.md:
// 0x4387D9FF, 0x4508079E, 0x466898AA) come out of s × refine(estimate(s)); sqrtf gives the last
// one ulp higher (see tests/rules/interior_bits_test.cpp).
enum class NormalLength : std::uint8_t {
    kTimesRefinedRsqrt,  // s × refine(estimate(s)): the unit normal's own factor, reused
    kSqrt,               // sqrtf(s), correctly rounded (an alternative)
};

struct InteriorOptions {
    RsqrtMode rsqrt = RsqrtMode::kTable;
    NormalLength length = NormalLength::kTimesRefinedRsqrt;
    // The call that first computes the normals after find_interior_neighbours also notes which
    // faces' convex edges and 70° test no estimate can change (InteriorWorkspace::estimate_free),
    // so that later calls on the same neighbours under another estimate copy them for those faces
    // (for a caller that runs several estimates; a little dearer for one that runs one).
    bool note_estimate_free = false;
    // Whether later calls on the same neighbours (another estimate or length form, or
    // recompute_interior_bits_with_sqrt_length) are to reuse this call's raw normals and edge
    // vectors. A caller that makes one call per mesh (the builder) sets it false: the 60 bytes a
    // face they take are not kept (each is formed again where it is read, by the same operations
    // on the same floats), and a later compute_interior_bits forms them anew.
    bool keep_for_later_calls = true;
    // The kernels' CPU path (engine/core/cpu_path.h); nothing: the process's active_cpu_path().
    // Every path gives the same bits; tests set it to run each on the same mesh.
    std::optional<CpuPath> cpu_path;
};

inline constexpr float kConvexEpsilon = 0x1p-23f;       // "the single-precision epsilon 2⁻²³"
inline constexpr float kCos70 = 0.342020143325668733f;  // cos 70° rounded to single precision
// Every estimate refined by one Newton step, newton_refine(estimate(s), s), is within this
// relative distance of 1 ⁄ √s for s in [kEstimateFreeLeast, kEstimateFreeMost] (the table and the
// exact root checked exhaustively on [1, 4), where every other octave pair scales by a power of
// two; rsqrtss by its specified 1.5 × 2⁻¹² before the step). tests/rules/interior_bits_test.cpp
// holds every mode to it; the margin of estimate_free (interior_bits.cpp) is derived from it.
inline constexpr float kRefinedEstimateBound = 0x1p-20f;
inline constexpr float kEstimateFreeLeast = 0x1p-100f, kEstimateFreeMost = 0x1p100f;

// Scratch and results of one call. Reuse one per thread; arrays only grow.
class InteriorWorkspace {
public:
    // ---- results (valid after interior_bits / compute_interior_bits) ----
    // Faces: a triangle, or a flat quad's polygon, in key order. Edge k of face f is f × 4 + k.
    std::uint32_t face_count() const { return static_cast<std::uint32_t>(face_triangle.size()); }
    std::vector<std::uint32_t> face_triangle;   // first triangle of the face
    std::vector<std::uint8_t> face_corners;     // 3, or 4 for a flat quad
    std::vector<std::uint32_t> edge_neighbour;  // per edge: the face across, kNoFace if unpaired
    std::vector<std::uint8_t> face_complete;    // every edge has a neighbour
    std::vector<std::uint8_t> convex_mask;      // per face: bit k = edge k convex (complete faces)
    std::vector<std::uint8_t> blocked;          // per face: a convex edge meets a face more than 70° away
    std::vector<float> weight;                  // per face: |n| + 10 × convex edges (complete faces; |n| on others)
    struct Weighted {
        float weight;
        std::uint32_t face;
    };
    std::vector<Weighted> order;  // complete faces: in marking order when order_is_quicksorts,
                                  // else in key order (ReferenceUse::kBitsOnly; see there)
    bool order_is_quicksorts = true;
    std::vector<std::uint8_t> face_set;        // per face: the computed bit
    std::vector<std::uint32_t> triangle_face;  // per triangle: its face

    static constexpr std::uint32_t kNoFace = 0xFFFFFFFFu;

    // Convex edges in a convex_mask (four bits): a nibble table, not std::popcount, which without
    // -mpopcnt is a libgcc call per face.
    static constexpr std::uint32_t convex_count(std::uint8_t mask) {
        return static_cast<std::uint32_t>((0x4332322132212110ull >> (4u * (mask & 15u))) & 15u);
    }

    // ---- scratch ----
    std::array<std::vector<std::uint32_t>, 4> face_slot;  // corner slots (kNoFace for a triangle's 4th; no 4th at all
                                                          // when the view has no flat flags)
    std::vector<std::uint32_t> dense;                     // per vertex slot: the identity as a dense id
    std::vector<std::uint32_t> shared_first;  // per shared entry: first slot with it (kept kNoFace between meshes)
    // An edge waiting in the bucket of its smaller dense vertex: `edge` (bit 31: paired), and
    // `key` = the other vertex × 2 + 1 when the edge runs towards the bucket's vertex.
    struct BucketEdge {
        std::uint32_t edge, key;
    };
    std::vector<std::uint32_t> bucket_start;
    std::vector<BucketEdge> bucket_edges;        // edges by smaller dense vertex, visiting order within
    std::vector<Vec3f> raw_normal, unit_normal;  // per face, interleaved: a neighbour's normal is one fetch
    std::vector<Vec3f> edge_vector;              // per edge of a complete face: q − p, which no estimate changes
    bool raw_normals_ready = false;              // raw_normal and edge_vector hold these faces' (set by steps 2–4
                                                 // unless keep_for_later_calls is false, cleared by step 1)
    // Per face, noted by a call with InteriorOptions::note_estimate_free (estimate_free_ready):
    // kNormalInRange when the raw normal's squared length is in [kEstimateFreeLeast,
    // kEstimateFreeMost]; kSameUnderAnyEstimate on a complete face whose convex edges and 70° test
    // come out the same under any estimate within kRefinedEstimateBound, so convex_mask and
    // blocked, once computed, hold for every estimate (interior_bits.cpp states why).
    static constexpr std::uint8_t kNormalInRange = 1, kSameUnderAnyEstimate = 2;
    std::vector<std::uint8_t> estimate_free;
    bool estimate_free_ready = false;
    // The margin's factor (see estimate_free in interior_bits.cpp). Only tests change it: a factor
    // too small must make the alternatives differ from their plain runs.
    float estimate_margin = 0x1p-16f;
    std::vector<std::uint8_t> decided;  // per face: its bit decided by the marking by weights
    std::vector<std::uint32_t> stack;   // faces waiting for a smaller-weight neighbour's bit

    // Hands back the arrays only find_interior_neighbours reads (dense, bucket_start,
    // bucket_edges), for a caller done with a large mesh's neighbours before steps 2 to 4.
    void release_neighbour_search() { free_vectors(dense, bucket_start, bucket_edges); }
};

// What a call must leave besides the bits.
//  kEverything: ws.order is the quicksort's order, whether the quicksort ran or not.
//  kBitsOnly:   the marking may run by the weights alone, without sorting, where that provably
//               gives the same bits (mark_by_weights in interior_bits.cpp states why): the bits
//               depend on the order only through which of two faces comes first where one can be
//               set and has a convex edge to the other, which can be set too; the quicksort's
//               order is sorted when no weight is NaN, so between distinct weights the weights
//               alone say which. Where a tie (or a NaN) would decide a bit, the quicksort runs as
//               in a plain call. ws.order_is_quicksorts says which happened: when false, ws.order
//               holds the complete faces in key order with their weights, and
//               sort_in_quicksort_order makes it the quicksort's order. bits, face_set, weight,
//               convex_mask and blocked are as a plain run leaves them either way.
enum class ReferenceUse : std::uint8_t { kEverything, kBitsOnly };

// Step 1 alone (it does not depend on the rsqrt mode): faces and their neighbours. Checks the
// view: column sizes agree, every corner slot names a vertex, every identity is well-formed.
Status find_interior_neighbours(const InteriorMeshView& mesh, InteriorWorkspace& ws);

// Steps 2 to 4 on the neighbours already found for the same `mesh`; writes one bit per triangle
// (a flat quad's second half 0). Of `mesh` they read the vertex columns x, y, z alone (the faces'
// corners are in ws.face_slot). `bits` must hold one byte per triangle. A second call after the
// first (another estimate or length form) reuses the raw normals the first computed.
//
// `reference_order` (may be empty): ws.order as an earlier call left it on the same mesh and
// neighbours (under another estimate or length form) while it was the quicksort's order
// (order_is_quicksorts). Where the quicksort has to run and the new weights order every pair of
// faces as that order's weights did (checked along it in one pass: rising and equal at the same
// places, no NaN), the quicksort would make the same permutation, so it is not run and the order
// is taken from the reference; the bits, ws.order and every result are the same either way.
// With ReferenceUse::kBitsOnly the marking may run by the weights alone (see there).
void compute_interior_bits(const InteriorMeshView& mesh, const InteriorOptions& options, InteriorWorkspace& ws,
                           std::span<std::uint8_t> bits,
                           std::span<const InteriorWorkspace::Weighted> reference_order = {},
                           ReferenceUse use = ReferenceUse::kEverything);

// Steps 3 and 4 again with |n| = sqrtf(s) (NormalLength::kSqrt), reusing step 2 as the last
// compute_interior_bits left it in `ws` (a call that kept its raw normals: keep_for_later_calls): the same as compute_interior_bits with that call's
// estimate and kSqrt, since the length form changes the weights only (not the unit vectors, the
// convex edges or the 70° test). `bits` must hold one byte per triangle. An error (kInternal, and
// nothing written) when no such call has run since the last find_interior_neighbours: the raw
// normals in `ws` would be another mesh's or none (ws.raw_normals_ready says which).
Status recompute_interior_bits_with_sqrt_length(InteriorWorkspace& ws, std::span<std::uint8_t> bits,
                                                std::span<const InteriorWorkspace::Weighted> reference_order = {},
                                                ReferenceUse use = ReferenceUse::kEverything);

// Makes ws.order the quicksort's order after a ReferenceUse::kBitsOnly call that did not sort
// (for a reader of the order: positions, ties); nothing when it already is.
void sort_in_quicksort_order(InteriorWorkspace& ws);

// All four steps.
Status interior_bits(const InteriorMeshView& mesh, const InteriorOptions& options, InteriorWorkspace& ws,
                     std::span<std::uint8_t> bits);

// A view over a decoded mesh; `flat` receives the per-triangle flat-quad flags it points at.
InteriorMeshView interior_view(const mesh::DecodedMesh& mesh, std::vector<std::uint8_t>& flat);

// All four steps on a decoded mesh; `bits` is resized to one byte per triangle.
Status interior_bits(const mesh::DecodedMesh& mesh, const InteriorOptions& options, InteriorWorkspace& ws,
                     std::vector<std::uint8_t>& bits);

}  // namespace meshproof::rules
