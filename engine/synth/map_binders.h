// The map binders of a synthetic install (split .hkxbhd + .hkxbdt, sets h, l and f): each
// member's mesh built from its plan with its defects injected between the builder's stages,
// DCX-wrapped, and the binder written with its compendium. Binders are built in parallel (each a
// nested parallel_for over its members, writing its own two files), their counts and locations
// gathered in binder order afterwards, so the output does not depend on the schedule.
#pragma once

#include <filesystem>
#include <vector>

#include <tbb/task_arena.h>

#include "engine/builder/collision_tagfile.h"
#include "engine/core/error.h"
#include "engine/synth/defects_json.h"
#include "engine/synth/install_plan.h"

namespace meshproof::synth {

// Adds the binders' counts to result.by_set (h, l, f), their injected defects to result.injected,
// and their defects' locations to `locations`, in binder order.
Status write_map_binders(const std::filesystem::path& out, const SynthOptions& o, const ScaleParams& sp,
                         const builder::CollisionTypeContext& types, const std::vector<BinderPlan>& binders,
                         tbb::task_arena& arena, SynthResult& result, std::vector<DefectLocation>& locations);

}  // namespace meshproof::synth
