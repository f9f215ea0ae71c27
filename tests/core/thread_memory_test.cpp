// The calling thread's memory handed back through the hook the executable sets (thread_memory.h).
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace meshproof
