#include "engine/core/thread_memory.h"

#include <atomic>

namespace meshproof {

namespace {
std::atomic<ThreadMemoryTrim> g_trim{nullptr};
std::atomic<FreedMemoryHold> g_hold{nullptr};
}  // namespace

void set_thread_memory_trim(ThreadMemoryTrim trim) noexcept { g_trim.store(trim, std::memory_order_relaxed); }

void trim_thread_memory() noexcept {
    if (const ThreadMemoryTrim trim = g_trim.load(std::memory_order_relaxed)) trim();
}

void set_freed_memory_hold(FreedMemoryHold hold) noexcept { g_hold.store(hold, std::memory_order_relaxed); }

void hold_freed_memory_briefly(bool brief) noexcept {
    if (const FreedMemoryHold hold = g_hold.load(std::memory_order_relaxed)) hold(brief);
}

}  // namespace meshproof
