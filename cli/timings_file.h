// `verify --timings FILE`: what the run spent, as JSON, written beside the reports and never
// into them (the reports stay byte-identical with and without it). The format is in the README
// ("Timings file").
#pragma once

#include <string>

#include "engine/pipeline/run_timings.h"

namespace meshproof::cli {

struct TimingsContext {
    std::string root;           // as the user gave it
    int threads_requested = 0;  // --threads; 0 = every core
    std::string passes;         // "every pass", "none (decode only)", or the list given
};

std::string render_timings(const RunTimings& t, const TimingsContext& context);

}  // namespace meshproof::cli
