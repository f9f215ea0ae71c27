#include "engine/pipeline/run_timings.h"

namespace meshproof {

std::string_view stage_name(Stage s) {
    switch (s) {
        case Stage::kOpen: return "open";
        case Stage::kInflate: return "inflate";
        case Stage::kTagfile: return "tagfile";
        case Stage::kMesh: return "mesh";
        case Stage::kSurDecode: return "sur_decode";
        case Stage::kPasses: return "passes";
    }
    return "open";
}

double RunTimings::phase_seconds(std::string_view phase) const {
    for (const PhaseTime& p : phases)
        if (p.phase == phase) return p.wall_seconds;
    return 0;
}

}  // namespace meshproof
