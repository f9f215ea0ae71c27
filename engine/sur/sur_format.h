// On-disk structures of a Freelancer .sur file (spec freelancer-surface.md, corrected by
// ivp-surface-notes.md). Every structure is little-endian and read with load_le after a range
// check; the structs exist for their sizes and field order, never to be cast onto file bytes.
#pragma once

#include <cstddef>
#include <cstdint>

namespace meshproof::sur {

// FourCCs as little-endian u32 (freelancer-surface.md "Part": chunk table).
inline constexpr std::uint32_t kTagVers = 0x73726576;        // "vers"
inline constexpr std::uint32_t kTagNotFixed = 0x64786621;    // "!fxd"
inline constexpr std::uint32_t kTagExtents = 0x73747865;     // "exts"
inline constexpr std::uint32_t kTagSurface = 0x66727573;     // "surf"
inline constexpr std::uint32_t kTagHardpoints = 0x64697068;  // "hpid"
inline constexpr std::uint32_t kTagLedge = 0x6764656C;       // "ledg" (legacy files only, notes §12)
inline constexpr std::uint32_t kTagShpe = 0x45504853;        // "SHPE" (Librelancer, notes §13)

// freelancer-surface.md "Extent": min.xyz then max.xyz.
struct ExtentDisk {
    float minimum[3];
    float maximum[3];
};
static_assert(sizeof(ExtentDisk) == 24);

// IVP_Compact_Surface header (freelancer-surface.md "Surface"; offsets: notes §1, §2).
struct CompactSurfaceHeaderDisk {
    float mass_center[3];
    float rotation_inertia[3];
    float upper_limit_radius;
    std::uint32_t deviation_and_byte_size;  // low byte max_factor_surface_deviation, upper 24 byte_size
    std::int32_t offset_ledgetree_root;     // relative to the surface start (notes §1)
    std::int32_t dummy[3];
};
static_assert(sizeof(CompactSurfaceHeaderDisk) == 48);
inline constexpr std::size_t kSurfaceRootOffsetField = 32;

// IVP_Compact_Ledge header (freelancer-surface.md "Hull"; notes §3).
struct CompactLedgeDisk {
    std::int32_t c_point_offset;          // relative to the ledge start (notes §1)
    std::int32_t client_data;             // hull id (type 4) / ledgetree_node_offset (type 5)
    std::uint32_t flags_and_size_div_16;  // bits 0-1 has_children, 2-3 is_compact, 8-31 size_div_16
    std::int16_t n_triangles;
    std::int16_t for_future_use;
};
static_assert(sizeof(CompactLedgeDisk) == 16);

// IVP_Compact_Edge (freelancer-surface.md "Face"): u16 start_point_index, u16 with
// is_virtual in bit 15 and a signed 15-bit opposite_index (slots of 4 bytes, notes §1).
struct CompactEdgeDisk {
    std::uint16_t start_point_index;
    std::uint16_t opposite_and_virtual;
};
static_assert(sizeof(CompactEdgeDisk) == 4);

// IVP_Compact_Triangle (freelancer-surface.md "Face"; notes §5): u32 with tri_index bits 0-11,
// pierce_index 12-23, material_index 24-30, is_virtual 31; then three edges.
struct CompactTriangleDisk {
    std::uint32_t packed;
    CompactEdgeDisk edges[3];
};
static_assert(sizeof(CompactTriangleDisk) == 16);

// IVP_Compact_Poly_Point (freelancer-surface.md "Point"; notes §4).
struct CompactPointDisk {
    float x, y, z;
    std::int32_t client_data;  // hesse_val slot
};
static_assert(sizeof(CompactPointDisk) == 16);

// IVP_Compact_Ledgetree_Node (freelancer-surface.md "Node"; offsets notes §1).
struct LedgetreeNodeDisk {
    std::int32_t offset_right_node;     // relative to the node start; 0 = leaf
    std::int32_t offset_compact_ledge;  // relative to the node start; 0 = no hull
    float center[3];
    float radius;
    std::uint8_t box_sizes[3];
    std::uint8_t free_0;
};
static_assert(sizeof(LedgetreeNodeDisk) == 28);

}  // namespace meshproof::sur
