// The object (Sekiro) or asset (Elden Ring) binders of a synthetic install: one DCX-wrapped BND4
// each holding one tagfile with its own TYPE section and point sets; Elden Ring's h assets also
// hold extern shapes (extern_shape_set.h) and the extern defects. Elden Ring's asset kCopiedAsset
// (an l asset: no extern shapes, no defect) is kept to be copied into a character binder.
#pragma once

#include <filesystem>
#include <vector>

#include <tbb/task_arena.h>

#include "engine/builder/collision_tagfile.h"
#include "engine/core/error.h"
#include "engine/synth/character_binders.h"
#include "engine/synth/compressed_mesh.h"
#include "engine/synth/defects_json.h"
#include "engine/synth/install_plan.h"

namespace meshproof::synth {

// What the object binders leave for the character binders: the copied asset, whose mesh points
// into `meshes`.
struct ObjectBinders {
    std::vector<CompressedMesh> meshes;
    CopiedTagfile copied_asset;
};

// Adds the binders' counts to result.by_set[3], their injected defects to result.injected and
// their locations to `locations`, in binder order. `convex_types`: the TYPE context declaring the
// §7.3 convex classes, for the assets with extern shapes.
Status write_object_binders(const std::filesystem::path& out, const SynthOptions& o, const ScaleParams& sp,
                            const builder::CollisionTypeContext& types,
                            const builder::CollisionTypeContext& convex_types, tbb::task_arena& arena,
                            SynthResult& result, std::vector<DefectLocation>& locations, ObjectBinders& objects);

}  // namespace meshproof::synth
