// The plan of a synthetic install: its size by game and scale, and every map binder and member
// (model, target triangle count, seed, place) before any is built. Defects are assigned to the
// plan afterwards (defect_assignment.h); the binders are built from it (map_binders.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/synth/defect_spec.h"
#include "engine/synth/install_writer.h"

namespace meshproof::synth {

// The install's size by game and scale.
struct ScaleParams {
    std::uint32_t blocks, models;
    std::uint32_t h_min, h_max, l_divisor;
    std::uint32_t large_cells;  // the all-shared terrain of block 0's l set
    std::uint32_t objects;      // object (Sekiro) or asset (Elden Ring) binders
    std::uint32_t characters;   // character binders
};

// The asset copied byte for byte into the first character binder (Elden Ring).
inline constexpr std::uint32_t kCopiedAsset = 1;

ScaleParams scale_params(SynthGame g, SynthScale s);

// The map block's name: m10_00_00_00, or an Elden Ring open-world tile m60_30_30_00.
std::string block_name(SynthGame g, std::uint32_t b);

struct MemberPlan {
    std::uint32_t model = 0;
    std::uint32_t target = 0;
    bool large = false;
    std::uint64_t seed = 0;
    float x0 = 0, z0 = 0;
    DefectCounts defects{};
    std::uint32_t interior_serial = 0;  // MeshBuildOptions::interior_serial
    int container = -1;                 // DefectKind of a container defect, or −1
};

struct BinderPlan {
    std::uint32_t block = 0;
    char set = 'h';
    std::vector<MemberPlan> members;
};

// Every map binder of the install, block after block (h, l, f), each member with its own seed
// derived from the install's; block 0's l binder also holds the large all-shared terrain.
std::vector<BinderPlan> plan_map_binders(const SynthOptions& o, const ScaleParams& sp);

}  // namespace meshproof::synth
