// The calling thread's memory handed back, and freed memory held briefly by a run of many threads,
// through the hooks the executable sets (thread_memory.h).
#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "engine/core/scratch_release.h"
#include "engine/core/thread_memory.h"

namespace meshproof {
namespace {

int g_calls = 0;

TEST(ThreadMemory, TrimsThroughTheHookSetAndNothingWithout) {
    set_thread_memory_trim(nullptr);
    trim_thread_memory();
    EXPECT_EQ(g_calls, 0);
    set_thread_memory_trim([] { ++g_calls; });
    trim_thread_memory();
    EXPECT_EQ(g_calls, 1);
    set_thread_memory_trim(nullptr);
}

std::vector<bool> g_holds;

TEST(ThreadMemory, ARunOfManyThreadsHoldsFreedMemoryBrieflyWhileItRuns) {
    set_freed_memory_hold([](bool brief) { g_holds.push_back(brief); });
    {
        const ScratchBoundForThreads run(kScratchThreads);  // few threads: the allocator as set
        EXPECT_TRUE(g_holds.empty());
    }
    EXPECT_TRUE(g_holds.empty());
    {
        const ScratchBoundForThreads run(16);
        EXPECT_EQ(g_holds, std::vector<bool>{true});
    }
    EXPECT_EQ(g_holds, (std::vector<bool>{true, false}));  // as set again once the run ends
    set_freed_memory_hold(nullptr);
    hold_freed_memory_briefly(true);  // without a hook: nothing
    EXPECT_EQ(g_holds.size(), 2u);
    hold_freed_memory_briefly(false);
}

// Two runs of many threads in one process, the first ending while the second runs: the second
// keeps the brief hold until it ends too.
TEST(ThreadMemory, OverlappingRunsHoldBrieflyUntilTheLastEnds) {
    g_holds.clear();
    set_freed_memory_hold([](bool brief) { g_holds.push_back(brief); });
    auto first = std::make_unique<ScratchBoundForThreads>(16);
    {
        const ScratchBoundForThreads second(16);
        first.reset();
        EXPECT_EQ(g_holds, std::vector<bool>{true});  // the second still runs
    }
    EXPECT_EQ(g_holds, (std::vector<bool>{true, false}));
    set_freed_memory_hold(nullptr);
}

}  // namespace
}  // namespace meshproof
