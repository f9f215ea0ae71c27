// One compressed mesh built from a source mesh: everything an hknpCompressedMeshShape and its
// fsnp wrapper store, as flat arrays ready for the tagfile (collision_tagfile.h).
//
// Steps (count first, reserve once, fill): quad pairing → one tree over all primitives →
// the cut into sections (≤ 127 primitives, ≤ 255 vertex slots) → per section the primitives
// numbered by the Havok quicksort of the pre-order (mesh/havok_quicksort.h) → vertex slots
// (packed: used by this section alone; shared: used by several, or every vertex when
// `all_shared`) → packed codes per section, shared codes over the mesh domain with pages →
// section domains (decoded vertex box grown by convexRadius) → section trees (Codec3Axis4) and
// the mesh tree (Codec3Axis5) by the floor rule → keys → simd tree → triangleIndexToShapeKey.
//
// Rules that hold by construction: run tiling; slot and primitive limits; every vertex inside
// its leaf box and every section domain inside its mesh-tree leaf (the decoder's own f32 box
// arithmetic is used); stored nibbles = the floor rule; one data run {0xFFFF, 0, count} per
// section; leafIndex; page = the shared entries' page; numShapeKeyBits = bitsPerKey =
// bitlen(maxKeyValue + 1); numPrimitiveKeys = keys; simd leaf boxes exact, child boxes unions;
// triangleIsInterior has maxKeyValue + 1 bits (all clear: the interior pass is not run).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/synth/aabb.h"
#include "engine/synth/simd_tree_build.h"
#include "engine/synth/source_mesh.h"

namespace meshproof::synth {

enum class DefectKind : std::uint8_t {
    kPage0,        // a section with page > 0 stored as page 0 (unit: section)
    kLeafBox,      // a packed vertex moved out of its section-tree leaf box (unit: vertex, one primitive)
    kNibble,       // a section-tree leaf nibble one below the floor rule (unit: node)
    kInterior,     // a triangleIsInterior bit set on a key no triangle has (unit: bit)
    kRunGap,       // a one-word gap before a section's packed-vertex run (unit: section)
    kKeyWidth,     // numShapeKeyBits = bitsPerKey + 1 (unit: mesh)
    kTruncated,    // a member's DCX cut to half its length (unit: member)
    kDcxHeader,    // a member's DCX "DCS" magic corrupted (unit: member)
};
inline constexpr int kDefectKindCount = 8;
std::string_view defect_name(DefectKind kind);  // "page0", "leafbox", ...

// A defect as injected: where, in the mesh's own terms.
struct InjectedDefect {
    DefectKind kind{};
    std::uint32_t section = 0xFFFFFFFFu;
    std::uint32_t primitive = 0xFFFFFFFFu;  // leafbox: the primitive; interior: the triangle
    std::uint32_t node = 0xFFFFFFFFu;       // nibble: the node within the section's tree
    std::uint32_t detail = 0xFFFFFFFFu;     // leafbox: slot; interior: the key; key_width: stored bits
};

struct MeshBuildOptions {
    SimdNumbering numbering = SimdNumbering::kEldenRing;
    float convex_radius = 0.015f;
    bool all_shared = false;  // every vertex shared (an l-set style mesh)
    std::uint64_t seed = 0;   // for choosing defect targets
    std::array<std::uint32_t, kDefectKindCount> defects{};  // mesh-level kinds only
};

struct CompressedMesh {
    float convex_radius = 0.015f;
    Aabb domain;
    // sections
    std::vector<std::uint32_t> first_packed, num_packed, first_shared, num_shared, first_primitive, num_primitives;
    std::vector<std::uint8_t> page;
    std::vector<std::uint16_t> leaf_index;
    std::vector<Aabb> section_domain;
    std::vector<std::array<float, 6>> codec_parms;
    std::vector<std::uint32_t> first_node_byte, node_byte_count;  // into section_node_bytes
    std::vector<std::uint8_t> section_node_bytes;                 // Axis4 nodes, section after section
    std::vector<std::uint8_t> mesh_node_bytes;                    // Axis5 nodes
    // mesh tree arrays
    std::vector<std::array<std::uint8_t, 4>> primitives;
    std::vector<std::uint32_t> packed_vertices;
    std::vector<std::uint64_t> shared_vertices;
    std::vector<std::uint16_t> shared_vertices_index;
    // keys
    std::uint32_t max_key_value = 0;
    std::uint8_t bits_per_key = 0;
    std::uint8_t num_shape_key_bits = 0;  // = bits_per_key unless a key_width defect
    std::int64_t num_primitive_keys = 0;
    std::vector<std::uint32_t> interior_words;
    std::int64_t interior_bits = 0;
    // fsnp
    std::vector<std::uint32_t> row_key_word;                  // per source row, left-aligned
    std::vector<std::array<std::uint32_t, 3>> row_vertices;   // pParam triangleDataArray
    // simd
    std::vector<SimdNode> simd_nodes;
    // counts
    std::uint64_t triangles = 0, quads = 0, paged_sections = 0, section_tree_nodes = 0;
    std::vector<InjectedDefect> injected;
};

CompressedMesh build_compressed_mesh(const SourceMesh& source, const MeshBuildOptions& options);

}  // namespace meshproof::synth
