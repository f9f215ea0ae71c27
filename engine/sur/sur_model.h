// The decoded model of a Freelancer .sur file: flat SoA columns shared by every surface of
// the file, with per-part, per-surface and per-ledge index ranges into them. Everything the
// file stores is kept (raw words next to their decoded meaning) so that sur_writer can
// re-encode a model byte for byte; layout offsets are not stored, they follow from the
// layout (notes §2) and the writer recomputes them.
//
// Index conventions (all indices are global in the model):
//   surface s owns ledges surfaces[s].ledges, points surfaces[s].points, nodes surfaces[s].nodes;
//   ledge l owns faces ledges.faces[l]; face f owns edges 3f, 3f + 1, 3f + 2;
//   an edge's point is a global point index inside its surface's point range
//   (for a legacy bare ledge: inside ledges.inline_points[l]).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace meshproof::sur {

struct IndexRange {
    std::uint32_t first = 0;
    std::uint32_t count = 0;
    std::uint32_t end() const { return first + count; }
    friend bool operator==(const IndexRange&, const IndexRange&) = default;
};

enum class SurFormat : std::uint8_t {
    kVers2,   // "vers" 2.0 container of parts (freelancer-surface.md)
    kLegacy,  // pre-vers retail files (notes §12)
};

enum class ChunkTag : std::uint8_t { kNotFixed, kExtents, kSurface, kHardpoints };

// One part of a vers 2.0 file, with its chunks in file order.
struct Part {
    std::uint32_t id = 0;              // CRC32 of the model part name, or 0 (compare unsigned)
    std::array<ChunkTag, 4> chunks{};  // tags in file order (each at most once)
    std::uint8_t chunk_count = 0;
    bool not_fixed = false;  // a '!fxd' chunk is present
    bool has_extents = false;
    std::array<float, 6> extents{};  // 'exts': min.xyz, max.xyz
    std::int32_t surface = -1;       // 'surf': index into SurModel::surfaces, -1 if absent
    bool has_hardpoints = false;     // an 'hpid' chunk is present (possibly empty)
    IndexRange hardpoints;           // into SurModel::hardpoints
};

// One IVP_Compact_Surface (a 'surf' chunk, or one item of a legacy 'surf' record).
struct Surface {
    std::array<float, 3> mass_center{};
    std::array<float, 3> rotation_inertia{};
    float radius = 0;              // upper_limit_radius
    std::uint8_t deviation = 0;    // max_factor_surface_deviation
    std::uint32_t byte_size = 0;   // as stored (= the layout's size on every accepted file)
    std::int32_t root_offset = 0;  // as stored (= 48 + ledge bytes + 16 * points)
    std::array<std::int32_t, 3> dummy{};
    IndexRange ledges;  // storage order: as IVP inserted them (notes §2, §11)
    IndexRange points;
    IndexRange nodes;               // storage order; nodes.first is the root
    std::uint32_t chunk_size = 0;   // the 'surf' chunk's u32 size
    IndexRange extension;           // bytes after byte_size (a Librelancer SHPE block), into extension_bytes
    std::uint32_t shpe_groups = 0;  // decoded SHPE summary (notes §13)
    std::uint32_t shpe_shapes = 0;
};

struct LedgeColumns {
    std::vector<std::int32_t> client_data;   // type 4: hull id; type 5: ledgetree_node_offset (raw)
    std::vector<std::uint8_t> flags;         // low byte: has_children bits 0-1, is_compact bits 2-3
    std::vector<std::uint32_t> size_div_16;  // raw 24-bit field
    std::vector<std::int16_t> reserved;      // for_future_use
    std::vector<IndexRange> faces;
    std::vector<std::int32_t> surface;      // owning surface, -1 for a legacy bare ledge
    std::vector<std::int32_t> node;         // first node (storage order) holding it, -1 if none
    std::vector<IndexRange> inline_points;  // legacy bare ledge: its own points; empty otherwise

    std::size_t size() const { return flags.size(); }
    bool terminal(std::size_t l) const { return (flags[l] & 0x3) == 0; }  // type 4
};

struct FaceColumns {
    std::vector<std::uint16_t> tri_index;  // bits 0-11
    std::vector<std::uint16_t> pierce;     // bits 12-23
    std::vector<std::uint8_t> material;    // bits 24-30
    std::vector<std::uint8_t> is_virtual;  // bit 31
    std::size_t size() const { return tri_index.size(); }
};

struct EdgeColumns {
    std::vector<std::uint32_t> point;          // global point index
    std::vector<std::int16_t> opposite_delta;  // raw signed 15-bit slot delta (what the writer writes)
    std::vector<std::int32_t> opposite;    // decoded: global edge index, -1 if the delta lands on no edge of the ledge
    std::vector<std::uint8_t> is_virtual;  // bit 15
    std::size_t size() const { return point.size(); }
};

struct PointColumns {
    std::vector<float> x, y, z;
    std::vector<std::int32_t> client_data;  // hesse_val slot: the first user's hull id (notes §4)
    std::size_t size() const { return x.size(); }
};

struct NodeColumns {
    std::vector<std::int32_t> right;  // global node index of the right child, -1 = leaf
    std::vector<std::int32_t> ledge;  // global ledge index, -1 = no hull
    std::vector<float> center_x, center_y, center_z, radius;
    std::vector<std::array<std::uint8_t, 3>> box;
    std::vector<std::uint8_t> free_0;
    std::size_t size() const { return right.size(); }
    // The left child of an inner node is the next node (freelancer-surface.md "Node").
    std::int32_t left(std::size_t n) const { return right[n] < 0 ? -1 : static_cast<std::int32_t>(n + 1); }
};

// A legacy record (notes §12): a name, then `count` surfaces or bare ledges.
struct LegacyRecord {
    std::string name;     // raw bytes of the name (length as stored)
    bool ledges = false;  // 'ledg' (bare ledges) or 'surf' (surfaces)
    IndexRange items;     // into surfaces or ledges
};

struct SurModel {
    SurFormat format = SurFormat::kVers2;
    float version = 2.0f;                      // vers 2.0 only
    std::array<float, 6> legacy_box{};         // legacy only: the leading f32[6]
    std::vector<Part> parts;                   // vers 2.0
    std::vector<LegacyRecord> legacy_records;  // legacy
    std::vector<Surface> surfaces;
    std::vector<std::uint32_t> hardpoints;      // 'hpid' ids of all parts
    std::vector<std::uint8_t> extension_bytes;  // SHPE blocks, raw
    LedgeColumns ledges;
    FaceColumns faces;
    EdgeColumns edges;
    PointColumns points;
    NodeColumns nodes;
};

}  // namespace meshproof::sur
