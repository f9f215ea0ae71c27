// What every fan-out over an install sets up from RunOptions before it starts (run_verify and
// inflate_every_member): the decompressors, the caller's or the defaults, and the thread count.
#pragma once

#include <memory>
#include <optional>

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/task_arena.h>

#include "engine/containers/decompressor.h"
#include "engine/pipeline/run.h"

namespace meshproof {

// Kept alive for the run: `codecs` may point into it, and `limit` holds for as long as it lives.
// With a thread count asked for, the run's work goes into `arena`, of exactly that many threads:
// oneTBB's default arena never has more threads than the machine has cores, and `--threads 16`
// on a small machine is how the memory bound at 16 threads is checked (issue 45).
struct RunSetup {
    DecompressorRegistry default_codecs;
    const DecompressorRegistry* codecs = nullptr;
    std::unique_ptr<tbb::global_control> limit;
    std::unique_ptr<tbb::task_arena> arena;
};

void set_up_run(const RunOptions& options, RunSetup& setup);

// Calls `work()` inside the setup's arena when there is one, else on the calling thread's.
template <class Work>
auto in_run_arena(RunSetup& setup, Work&& work) -> decltype(work()) {
    if (!setup.arena) return work();
    std::optional<decltype(work())> out;
    setup.arena->execute([&] { out.emplace(work()); });
    return std::move(*out);
}

}  // namespace meshproof
