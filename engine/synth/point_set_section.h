// A section of point-set custom primitives (havok-compressed-mesh.txt, "Pattern / Interpretation";
// containers-and-tagfiles.md §1.4 rule 2), appended to a compressed mesh after its ordinary
// sections, as object and asset collision holds them:
//   primitive [k, n, c, n]: k = the record's slot (numPackedVertices + its first word in the
//     section's shared-index run), n = the primitive's own leaf node in the section tree,
//     c = n (Sekiro 2016.2) or 3 (Elden Ring 2018.1);
//   record [h, slot, tag]: h = (points << 8) | 0x52, `slot` = the first sharedVertices entry,
//     tag = 0x3D4D (Sekiro) or 0x3C24 (Elden Ring), the records taking consecutive words;
//   points: 32-bit 11/11/10 codes quantised over the primitive's decoded leaf box (scale = leaf
//     extent ⁄ (2047, 2047, 1023), offset = leaf minimum), two to an entry, the even one high;
//   the section's flags 1, page 0, no packed vertices, one data run.
// The section tree is encoded by the floor rule over each point set's box grown by the convex
// radius, its leaves numbered by the quicksort rank permutation like every section.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/synth/compressed_mesh.h"
#include "engine/synth/build_names.h"
#include "engine/build/preorder_tree.h"

namespace meshproof::synth {

struct PointSetSection {
    build::PreorderTree tree;                  // the section tree (payload = primitive in section)
    std::vector<Aabb> decoded_points;   // per primitive: the box of its decoded points (its simd leaf box)
};

// Appends section m.page.size() with `count` point sets (8-point boxes and 12-point prisms placed
// inside `inside`, from `seed`) to every per-section array of `m` and to its primitives, shared
// vertices and shared-index words. The caller adds the section to the mesh tree and the keys.
PointSetSection append_point_set_section(CompressedMesh& m, std::uint32_t count, const Aabb& inside, std::uint64_t seed,
                                         bool sekiro);

}  // namespace meshproof::synth
