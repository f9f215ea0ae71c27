// What every fan-out over an install sets up from RunOptions before it starts (run_verify and
// inflate_every_member): the decompressors, the caller's or the defaults, and the thread limit.
#pragma once

#include <memory>

#include <oneapi/tbb/global_control.h>

#include "engine/containers/decompressor.h"
#include "engine/pipeline/run.h"

namespace meshproof {

// Kept alive for the run: `codecs` may point into it, and `limit` holds for as long as it lives.
struct RunSetup {
    DecompressorRegistry default_codecs;
    const DecompressorRegistry* codecs = nullptr;
    std::unique_ptr<tbb::global_control> limit;
};

void set_up_run(const RunOptions& options, RunSetup& setup);

}  // namespace meshproof
