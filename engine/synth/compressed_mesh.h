// One synthetic compressed mesh: the builder's stages (engine/builder/mesh_builder.h: the
// document's quad pairing, the stock tree rule, the cut, the numbering, vertices, trees, keys,
// the simd tree, triangleIsInterior) run on a source mesh, with the writer's known defects
// injected between them and their effects on every figure stated from what was stored.
//
// Rules that hold by construction (the builder's): run tiling; slot and primitive limits; every
// vertex inside its leaf box and every section domain inside its mesh-tree leaf (the decoder's
// own f32 box arithmetic is used); stored nibbles = the floor rule; one data run {0xFFFF, 0,
// count} per section; leafIndex; page = the shared entries' page; numShapeKeyBits = bitsPerKey =
// bitlen(maxKeyValue + 1); numPrimitiveKeys = keys; simd leaf boxes exact, child boxes unions;
// triangleIsInterior has maxKeyValue + 1 bits, those of the interior-bit pass (rules/interior_bits.h)
// run last, on the vertices as a reader decodes the stored file (after every defect that moves
// one), with primitiveStoresIsFlatConvex 0 (no flat quads).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/builder/collision_tagfile.h"
#include "engine/builder/compressed_mesh.h"
#include "engine/synth/build_names.h"
#include "engine/synth/source_mesh.h"

namespace meshproof::synth {

enum class DefectKind : std::uint8_t {
    kPage0,      // a section with page > 0 stored as page 0 (unit: section)
    kLeafBox,    // a packed vertex moved out of its section-tree leaf box (unit: vertex, one primitive)
    kNibble,     // a section-tree leaf nibble one below the floor rule (unit: node)
    kInterior,   // a computed triangleIsInterior bit flipped on a triangle key (unit: bit)
    kRunGap,     // a one-word gap before a section's packed-vertex run (unit: section)
    kKeyWidth,   // numShapeKeyBits = bitsPerKey + 1 (unit: mesh)
    kTruncated,  // a member's DCX cut to half its length (unit: member)
    kDcxHeader,  // a member's DCX "DCS" magic corrupted (unit: member)
    // Elden Ring asset meshes with extern shapes (extern_shape_set.h); Sekiro holds none, so a
    // Sekiro install injects none of these (defects.json shows them requested, not injected).
    kExternMissing,  // one more extern reference, naming an entry past externShapes (unit: reference)
    kExternTwice,    // one more extern reference, naming an entry another already names (unit: reference)
    kExternOutside,  // an entry's translation moved so its shape lies outside the section domain (unit: shape)
};
inline constexpr int kDefectKindCount = 11;
std::string_view defect_name(DefectKind kind);  // "page0", "leafbox", ...

// A defect as injected: where, in the mesh's own terms.
struct InjectedDefect {
    DefectKind kind{};
    std::uint32_t section = 0xFFFFFFFFu;
    std::uint32_t primitive = 0xFFFFFFFFu;  // leafbox, interior: the primitive in its section
    std::uint32_t node = 0xFFFFFFFFu;       // nibble: the node within the section's tree; interior: the bit now stored
    std::uint32_t detail = 0xFFFFFFFFu;     // leafbox: slot; interior: the key; key_width: stored bits
};

// What the verifier passes should count in this mesh beyond a clean one, computed by the writer
// from what it stored (not guessed): every defect is injected where its effects can be stated
// exactly, and each effect a defect has on another figure is counted here.
//   leafbox: the vertex moves onto a packed vertex of the leaf's sibling subtree, so it leaves
//     its own leaf box (by ≥ 1 mm) but no ancestor's, the section domain or the simd boxes
//     (built after the move); the floor-rule nibbles of its section are recounted.
//   page0: only a section whose every vertex, read with page 0, lies ≥ 1 cm outside the section
//     domain: every primitive is then outside its leaf box and short of its simd leaf lane, and
//     every triangle outside the domain; its tree's floor rule is recounted.
//   nibble: one leaf nibble one below the rule (recounted, one node in each reading).
//   key_width: triangleIndexToShapeKey is written with the stored numShapeKeyBits, so only the
//     width figure changes.
//   interior: one computed bit flipped per defect, on distinct triangle keys, alternately a set bit
//     cleared (only while another stays set, so the mesh is still compared) and a clear bit set.
struct MeshEffects {
    std::uint64_t prims_outside = 0;                                   // leafbox.prims_outside
    std::uint64_t simd_leaf_short = 0;                                 // leafbox.simd_leaf_short_beyond_tolerance
    std::uint64_t triangles_outside_domain = 0;                        // page.triangles_outside_domain
    std::uint64_t nibble_differing = 0, nibble_one = 0;                // nibble.differing_nodes, differ_one_nibble
    std::uint64_t nibble_differing_stored = 0, nibble_one_stored = 0;  // …_stored_parent
    std::uint64_t interior_keys_wrong = 0;                             // interior.keys_wrong
    std::uint64_t interior_set_not_stored = 0;  // interior.keys_set_not_stored (a computed bit cleared)
    std::uint64_t interior_stored_not_set = 0;  // interior.keys_stored_not_set (a clear bit set)
    std::uint64_t runs_not_tiling = 0;          // structure.runs_not_tiling
    std::uint64_t key_bits_differ = 0;          // keys.key_bits_differ
    // extern defects (custom_prims): a reference to a missing entry; entries named by no or
    // several references; placed shapes outside their record's leaf box / their section domain
    std::uint64_t extern_missing = 0, extern_not_once = 0, extern_outside_leaf = 0, extern_outside_domain = 0;
    void add(const MeshEffects& o) {
        prims_outside += o.prims_outside, simd_leaf_short += o.simd_leaf_short;
        triangles_outside_domain += o.triangles_outside_domain;
        nibble_differing += o.nibble_differing, nibble_one += o.nibble_one;
        nibble_differing_stored += o.nibble_differing_stored, nibble_one_stored += o.nibble_one_stored;
        interior_keys_wrong += o.interior_keys_wrong, interior_set_not_stored += o.interior_set_not_stored;
        interior_stored_not_set += o.interior_stored_not_set, runs_not_tiling += o.runs_not_tiling,
            key_bits_differ += o.key_bits_differ;
        extern_missing += o.extern_missing, extern_not_once += o.extern_not_once;
        extern_outside_leaf += o.extern_outside_leaf, extern_outside_domain += o.extern_outside_domain;
    }
};

// What the interior and keys passes count of the stored triangleIsInterior, from what the writer
// computed and stored (a mesh is compared when any stored bit is set).
struct InteriorFigures {
    std::uint64_t meshes_with_bits = 0, meshes_no_bit = 0;  // interior.meshes_with_bits / meshes_no_bit
    std::uint64_t meshes_no_bit_with_triangles = 0;         // keys.meshes_no_interior_bits
    std::uint64_t keys_checked = 0;                         // triangle keys of the meshes with bits
    std::uint64_t bits_stored = 0;                          // interior.bits_stored = keys.interior_set_bits
    std::uint64_t bits_set = 0;                             // computed bits of the meshes with bits
    std::uint64_t meshes_exact = 0, meshes_wrong = 0;       // meshes with bits, without / with a flipped bit
    std::uint64_t complete_faces = 0, convex_edges = 0;     // of the meshes with bits
    void add(const InteriorFigures& o) {
        meshes_with_bits += o.meshes_with_bits, meshes_no_bit += o.meshes_no_bit;
        meshes_no_bit_with_triangles += o.meshes_no_bit_with_triangles, keys_checked += o.keys_checked;
        bits_stored += o.bits_stored, bits_set += o.bits_set, meshes_exact += o.meshes_exact,
            meshes_wrong += o.meshes_wrong;
        complete_faces += o.complete_faces, convex_edges += o.convex_edges;
    }
};

struct MeshBuildOptions {
    SimdNumbering numbering = SimdNumbering::kEldenRing;
    float convex_radius = 0.015f;
    bool all_shared = false;          // every vertex shared (an l-set style mesh)
    std::uint64_t seed = 0;           // for choosing defect targets
    std::uint32_t point_sets = 0;     // object / asset meshes: a last section of point-set custom primitives
    std::uint32_t extern_shapes = 0;  // Elden Ring asset meshes: extern shapes referenced from that section
    bool sekiro = false;              // the 2016.2 point-set form (third index n, not 3)
    std::array<std::uint32_t, kDefectKindCount> defects{};  // mesh-level kinds only
    std::uint32_t interior_serial =
        0;  // install-wide number of this mesh's first interior defect: even clears, odd sets
};

// A built mesh (engine/builder) with what the writer injected into it and what that changes.
struct CompressedMesh : builder::CompressedMesh {
    // externShapes entries (written by builder::write_collision_tag0) and what the custom_prims pass
    // counts of them: references, their w of 0, consecutive record pairs of the custom section
    std::vector<builder::ExternShape> extern_shapes;
    std::uint32_t extern_refs = 0, extern_w_zero = 0, record_pairs = 0;
    std::vector<InjectedDefect> injected;
    MeshEffects effects;
    InteriorFigures interior;
    std::string error;  // not empty: the interior-bit pass refused the mesh (a writer bug)
};

CompressedMesh build_compressed_mesh(const SourceMesh& source, const MeshBuildOptions& options);

}  // namespace meshproof::synth
