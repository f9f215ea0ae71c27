// `--defects SPEC`: "kind:count,kind:count,..." or "all" (one of each kind). Kinds:
// page0, leafbox, nibble, interior, run_gap, key_width, truncated, dcx_header, and (Elden Ring
// asset meshes only) extern_missing, extern_twice, extern_outside (compressed_mesh.h names the
// unit each counts).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "engine/core/error.h"
#include "engine/synth/compressed_mesh.h"

namespace meshproof::synth {

using DefectCounts = std::array<std::uint32_t, kDefectKindCount>;

// Empty text → no defects. Unknown kinds, bad counts and repeated kinds are kUsage errors.
Result<DefectCounts> parse_defect_spec(std::string_view spec);

}  // namespace meshproof::synth
