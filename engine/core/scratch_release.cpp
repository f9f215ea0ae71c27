// See scratch_release.h.
#include "engine/core/scratch_release.h"

#include <algorithm>
#include <mutex>
#include <vector>

namespace meshproof {

namespace {

std::mutex g_runs_mutex;
std::vector<std::uint64_t> g_run_bounds;  // one per run going on

// The least bound of the runs going on (the caller holds g_runs_mutex).
void set_bound_in_force() {
    const auto least = std::min_element(g_run_bounds.begin(), g_run_bounds.end());
    g_large_unit_triangles.store(least == g_run_bounds.end() ? kLargeUnitTriangles : *least, std::memory_order_relaxed);
}

}  // namespace

ScratchBoundForThreads::ScratchBoundForThreads(int threads)
    : bound_(large_unit_triangles_for(threads)), brief_(threads > kScratchThreads) {
    {
        const std::lock_guard lock(g_runs_mutex);
        g_run_bounds.push_back(bound_);
        set_bound_in_force();
    }
    if (brief_) hold_freed_memory_briefly(true);
}

ScratchBoundForThreads::~ScratchBoundForThreads() {
    {
        const std::lock_guard lock(g_runs_mutex);
        g_run_bounds.erase(std::find(g_run_bounds.begin(), g_run_bounds.end(), bound_));
        set_bound_in_force();
    }
    if (brief_) hold_freed_memory_briefly(false);
}

}  // namespace meshproof
