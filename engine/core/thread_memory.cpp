#include "engine/core/thread_memory.h"

#include <atomic>

namespace meshproof {

namespace {
std::atomic<ThreadMemoryTrim> g_trim{nullptr};
}  // namespace

void set_thread_memory_trim(ThreadMemoryTrim trim) noexcept { g_trim.store(trim, std::memory_order_relaxed); }

void trim_thread_memory() noexcept {
    if (const ThreadMemoryTrim trim = g_trim.load(std::memory_order_relaxed)) trim();
}

}  // namespace meshproof
