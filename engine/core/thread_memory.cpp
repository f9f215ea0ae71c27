#include "engine/core/thread_memory.h"

#include <atomic>
#include <mutex>

namespace meshproof {

namespace {
std::atomic<ThreadMemoryTrim> g_trim{nullptr};
std::atomic<FreedMemoryHold> g_hold{nullptr};
// Runs holding freed memory briefly now: the hook hears the first begin and the last end only, so
// a run that ends while another still runs leaves the other's hold in force.
std::mutex g_brief_mutex;
int g_brief_runs = 0;
}  // namespace

void set_thread_memory_trim(ThreadMemoryTrim trim) noexcept { g_trim.store(trim, std::memory_order_relaxed); }

void trim_thread_memory() noexcept {
    if (const ThreadMemoryTrim trim = g_trim.load(std::memory_order_relaxed)) trim();
}

void set_freed_memory_hold(FreedMemoryHold hold) noexcept { g_hold.store(hold, std::memory_order_relaxed); }

void hold_freed_memory_briefly(bool brief) noexcept {
    const std::lock_guard lock(g_brief_mutex);
    const bool change = brief ? g_brief_runs++ == 0 : g_brief_runs > 0 && --g_brief_runs == 0;
    if (!change) return;
    if (const FreedMemoryHold hold = g_hold.load(std::memory_order_relaxed)) hold(brief);
}

}  // namespace meshproof
