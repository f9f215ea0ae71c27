// Where a synthetic install's defects go, decided on the plan before anything is built, so the
// same options put every defect in the same member whatever the schedule.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/error.h"
#include "engine/synth/defect_spec.h"
#include "engine/synth/install_plan.h"

namespace meshproof::synth {

// The map binders' defects: the container kinds (truncated, dcx_header) to the last ordinary
// members, page0 to the large terrain, the other mesh kinds round-robin over the remaining
// members (f binders take none: defects go into compressed meshes and their DCX). A usage error
// when the plan has too few members for the counts asked.
Status assign_map_defects(std::vector<BinderPlan>& binders, const DefectCounts& defects);

// The object or asset binders' extern shapes and defects: extern shapes in every other Elden
// Ring asset (the h ones), 4 to 6 each, the extern defects round-robin over them (Sekiro has no
// extern shapes: none injected there). Per object binder.
struct AssetExterns {
    std::vector<std::uint32_t> extern_count;
    std::vector<DefectCounts> defects;
};
AssetExterns assign_asset_externs(bool eldenring, std::uint32_t objects, const DefectCounts& defects);

}  // namespace meshproof::synth
