// The IVP compact surface inside a 'surf' chunk, and the stand-alone compact ledge of legacy
// 'ledg' records (freelancer-surface.md "Surface", "Hull", "Face", "Point", "Node"; offset bases
// and layout per ivp-surface-notes.md §1-§5; SHPE per §13).
//
// Decoding is two steps so a file is counted before anything is allocated: scan_* validates
// the layout and counts, decode_* appends to a model whose columns were reserved from the sums.
// The accepted layout is IVP's (notes §2): header, ledges back to back from +48, the shared
// point array they all point at, ledgetree nodes up to byte_size; anything else is an error, so
// every accepted block re-encodes byte for byte (sur_writer).
#pragma once

#include <cstdint>

#include "engine/core/bytes.h"
#include "engine/core/error.h"
#include "engine/sur/sur_model.h"

namespace meshproof::sur {

struct CompactSurfaceCounts {
    std::uint32_t byte_size = 0;
    std::uint32_t root_offset = 0;
    std::uint32_t points_offset = 0;  // start of the shared point array
    std::uint32_t ledges = 0;
    std::uint32_t faces = 0;
    std::uint32_t points = 0;
    std::uint32_t nodes = 0;
    std::uint32_t extension_size = 0;  // bytes after byte_size (a SHPE block)
    std::uint32_t shpe_groups = 0;
    std::uint32_t shpe_shapes = 0;
};

// `chunk` is the whole 'surf' payload (the u32 size already consumed): the IVP block and an
// optional SHPE block after it. `unit_offset` is chunk[0]'s offset in the file, for errors.
Result<CompactSurfaceCounts> scan_compact_surface(Bytes chunk, std::uint64_t unit_offset);

// Appends one Surface with its ledges, faces, edges, points and nodes. `counts` must come from
// scan_compact_surface on the same bytes.
Status decode_compact_surface(Bytes chunk, std::uint64_t unit_offset, const CompactSurfaceCounts& counts,
                              SurModel& model);

struct BareLedgeCounts {
    std::uint32_t faces = 0;
    std::uint32_t points = 0;
};

// A legacy stand-alone ledge (notes §12): header, triangles, then its own points inline
// (c_point_offset = 16 + 16 F, payload size = 16 * size_div_16).
Result<BareLedgeCounts> scan_bare_ledge(Bytes payload, std::uint64_t unit_offset);
Status decode_bare_ledge(Bytes payload, std::uint64_t unit_offset, const BareLedgeCounts& counts, SurModel& model);

// Reserves every column of `model` for `add` more elements on top of what it holds.
struct ModelCounts {
    std::uint64_t surfaces = 0, ledges = 0, faces = 0, points = 0, nodes = 0, hardpoints = 0, extension_bytes = 0;
};
void reserve_model(SurModel& model, const ModelCounts& add);

}  // namespace meshproof::sur
