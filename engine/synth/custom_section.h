// A section of custom primitives (havok-compressed-mesh.txt, "Pattern / Interpretation";
// containers-and-tagfiles.md §8.3 rule 2), appended to a compressed mesh after its ordinary
// sections, as object and asset collision holds them: point sets first, then (Elden Ring asset
// meshes) extern references.
//   point set: primitive [k, n, c, n]: k = the record's slot (numPackedVertices + its first word in
//     the section's shared-index run), n = the primitive's own leaf node in the section tree,
//     c = n (Sekiro 2016.2) or 3 (Elden Ring 2018.1);
//     record [h, slot, tag]: h = (points << 8) | 0x52, `slot` = the first sharedVertices entry,
//     tag = 0x3D4D (Sekiro) or 0x3C24 (Elden Ring);
//     points: 32-bit 11/11/10 codes quantised over the primitive's decoded leaf box (scale = leaf
//     extent ⁄ (2047, 2047, 1023), offset = leaf minimum), two to an entry, the even one high;
//   extern reference: primitive [k, k, 4, k], record [0x92, w, lo, hi] naming externShapes entry
//     lo | hi << 16 (extern_shape_set.h gives w, the index and the box its leaf covers);
//   the records take consecutive words; the section's flags 1, page 0, no packed vertices, one
//   data run.
// The section tree is encoded by the floor rule over each point set's box grown by the convex
// radius and each extern reference's placed shape box, its leaves numbered by the quicksort rank
// permutation like every section.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/synth/compressed_mesh.h"
#include "engine/synth/build_names.h"
#include "engine/synth/extern_shape_set.h"
#include "engine/builder/preorder_tree.h"

namespace meshproof::synth {

struct CustomSection {
    builder::PreorderTree tree;  // the section tree (payload = primitive in section)
    // per primitive: its simd leaf box (a point set's decoded points, an extern reference's shape box)
    std::vector<mesh::Box> leaf_exact;
};

// Appends section m.page.size() with `point_sets` point sets (8-point boxes and 12-point prisms
// placed inside `inside`, from `seed`) and the records of `externs` to every per-section array of
// `m` and to its primitives, shared vertices and shared-index words. The caller adds the section
// to the mesh tree and the keys.
CustomSection append_custom_section(CompressedMesh& m, std::uint32_t point_sets, std::span<const ExternRecord> externs,
                                    const mesh::Box& inside, std::uint64_t seed, bool sekiro);

}  // namespace meshproof::synth
