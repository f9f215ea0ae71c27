// A run of many threads keeps less per thread (issue 45's memory bound at 16 threads): the bound
// of a large unit shared out over the threads, and each thread's freed memory handed back after
// a unit above it (scratch_release.h, thread_memory.h). The report is the same at any count.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <string>

#include "engine/core/scratch_release.h"
#include "engine/core/thread_memory.h"
#include "engine/pipeline/run.h"
#include "engine/pipeline/run_timings.h"
#include "tests/synth/temp_install.h"

namespace meshproof::synth {
namespace {

std::atomic<int> g_trims{0};

// The largest member's triangles (the timings' slowest members, all of them), every pass's
// counters, and how many times a thread handed its memory back, from a run at `threads`.
struct ThreadRun {
    std::uint64_t most_triangles = 0;
    std::string counts;
    int trims = 0;
};

ThreadRun run_at(const std::filesystem::path& root, int threads) {
    g_trims = 0;
    RunTimings timings;
    timings.slowest_wanted = 1 << 20;
    RunOptions ro;
    ro.threads = threads;
    ro.timings = &timings;
    auto run = run_verify(root, ro);
    EXPECT_TRUE(run.ok());
    ThreadRun out;
    if (!run.ok()) return out;
    for (const MemberTime& m : timings.slowest) out.most_triangles = std::max(out.most_triangles, m.triangles);
    for (const PassResult& p : run->passes)
        for (const auto& c : p.pass->info().counters)
            out.counts += p.pass->info().name + "." + c.name + "=" + std::to_string(p.tally.total(c.name)) + "\n";
    out.trims = g_trims;
    return out;
}

TEST(ManyThreads, HandBackMemoryAfterUnitsAboveTheirBoundAndReportTheSame) {
    const std::filesystem::path root = test::temp_install_root("many-threads");
    SynthOptions o;
    o.game = SynthGame::kEldenRing;
    o.write_json = false;
    ASSERT_TRUE(write_synthetic_install(root, o).ok());
    set_thread_memory_trim([] { ++g_trims; });

    const ThreadRun two = run_at(root, kScratchThreads);
    EXPECT_EQ(two.trims, 0);  // a run of few threads keeps its memory as before
    ASSERT_GT(two.most_triangles, 1u);
    // Enough threads that the largest member is above their bound.
    int threads = kScratchThreads + 1;
    while (large_unit_triangles_for(threads) >= two.most_triangles) ++threads;
    const ThreadRun many = run_at(root, threads);
    EXPECT_GT(many.trims, 0);
    EXPECT_EQ(many.counts, two.counts);
    EXPECT_FALSE(two.counts.empty());
    EXPECT_EQ(large_unit_triangles(), kLargeUnitTriangles);  // the run's bound ended with it

    set_thread_memory_trim(nullptr);
    std::filesystem::remove_all(root);
}

}  // namespace
}  // namespace meshproof::synth
