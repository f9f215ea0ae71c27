#include "engine/pipeline/progress.h"

namespace meshproof {

std::string_view run_phase_name(RunPhase p) {
    switch (p) {
        case RunPhase::kStarting: return "starting";
        case RunPhase::kScanning: return "scanning";
        case RunPhase::kCounting: return "counting members";
        case RunPhase::kVerifying: return "verifying";
        case RunPhase::kWritingReport: return "writing the report";
    }
    return "starting";
}

}  // namespace meshproof
