// The triangleIsInterior bits the writer stores: the interior-bit pass (rules/interior_bits.h,
// havok-compressed-mesh.txt "triangleIsInterior") run on a built mesh as a reader decodes it,
// without a DecodedMesh. The view is what the decoder makes of the stored arrays: vertex slots
// per section, packed first then shared (the positions the caller decoded with the decoder's own
// codecs, after every defect that moves a vertex or changes a page), identities by section and
// slot (packed) or shared-index entry (shared, page not counted), triangles in key order (a
// quad's halves a b c, a c d; a primitive with c ≠ d is a quad, as the decoder classifies it),
// no flat quads (the writer stores primitiveStoresIsFlatConvex 0).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/core/error.h"
#include "engine/builder/compressed_mesh.h"

namespace meshproof::builder {

struct ComputedInterior {
    // per triangle, key order
    std::vector<std::uint32_t> key;
    std::vector<std::uint8_t> bit;
    std::vector<std::uint32_t> section_first_triangle;  // per triangle section, and one past the last
    std::uint64_t bits_set = 0;
    std::uint64_t complete_faces = 0, convex_edges = 0;  // the pass's own figures of this mesh
};

// Sections 0 .. `triangle_sections` − 1 of `m` (the point-set section, if any, follows them);
// `first_slot` has one entry per such section and one past the last; x, y, z one per slot.
// One workspace per thread, reused from mesh to mesh and handed back after a large one.
Status compute_stored_interior(const CompressedMesh& m, std::uint32_t triangle_sections,
                               std::span<const std::uint32_t> first_slot, std::span<const float> x,
                               std::span<const float> y, std::span<const float> z, ComputedInterior& out);

}  // namespace meshproof::builder
