#include "engine/io/shrink_guard.h"

#ifndef _WIN32  // Windows: shrink_guard_windows.cpp

#include <atomic>
#include <mutex>
#include <string>

#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

namespace meshproof {
namespace {

// One watched mapping. `start` is written last when a slot is filled and cleared first when it
// is emptied, so the handler, which reads `start` then `end`, never matches a half-made slot.
struct Watch {
    std::atomic<std::uintptr_t> start{0};
    std::atomic<std::uintptr_t> end{0};
    std::atomic<std::uintptr_t> first_lost{0};  // the first faulting address, 0 while none
    std::atomic<bool> used{false};
};
static_assert(std::atomic<std::uintptr_t>::is_always_lock_free, "the handler reads the table lock-free");

Watch g_watches[kWatchedMappings];
std::atomic<std::uint64_t> g_faults{0};   // faults the handler took, over the process's life
std::atomic<std::size_t> g_next_slot{0};  // where the next search for a free slot starts
std::uintptr_t g_page = 4096;             // set before the handler is installed (sysconf is not for handlers)
struct sigaction g_previous {};
std::once_flag g_installed;

void on_sigbus(int signal, siginfo_t* info, void* context) {
    const auto addr = reinterpret_cast<std::uintptr_t>(info->si_addr);
    if (info->si_code == BUS_ADRERR) {
        for (Watch& w : g_watches) {
            const std::uintptr_t start = w.start.load(std::memory_order_acquire);
            if (start == 0 || addr < start || addr >= w.end.load(std::memory_order_acquire)) continue;
            void* lost = reinterpret_cast<void*>(addr & ~(g_page - 1));
            // mmap is a plain system call on Linux: safe here although POSIX does not list it.
            if (::mmap(lost, g_page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED) break;
            std::uintptr_t none = 0;
            w.first_lost.compare_exchange_strong(none, addr);
            g_faults.fetch_add(1, std::memory_order_release);
            return;  // the read runs again and finds zeros
        }
    }
    // Not a page of ours: as the process would have handled it. The faulting access runs again
    // and raises the signal anew under the previous action (for SIG_DFL: the process ends).
    ::sigaction(SIGBUS, &g_previous, nullptr);
    (void)signal;
    (void)context;
}

void install_handler() {
    g_page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
    struct sigaction action {};
    action.sa_sigaction = on_sigbus;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGBUS, &action, &g_previous);
}

}  // namespace

std::uint32_t watch_mapping(const std::uint8_t* start, std::size_t size) {
    if (start == nullptr || size == 0) return kUnwatched;
    std::call_once(g_installed, install_handler);
    const std::size_t from = g_next_slot.load(std::memory_order_relaxed);
    for (std::size_t k = 0; k < kWatchedMappings; ++k) {
        const std::size_t i = (from + k) % kWatchedMappings;
        bool free = false;
        if (!g_watches[i].used.compare_exchange_strong(free, true)) continue;
        Watch& w = g_watches[i];
        w.first_lost.store(0, std::memory_order_relaxed);
        w.end.store(reinterpret_cast<std::uintptr_t>(start) + size, std::memory_order_release);
        w.start.store(reinterpret_cast<std::uintptr_t>(start), std::memory_order_release);
        g_next_slot.store(i + 1, std::memory_order_relaxed);
        return static_cast<std::uint32_t>(i);
    }
    return kUnwatched;
}

void unwatch_mapping(std::uint32_t slot) {
    if (slot >= kWatchedMappings) return;
    Watch& w = g_watches[slot];
    w.start.store(0, std::memory_order_release);
    w.end.store(0, std::memory_order_release);
    w.first_lost.store(0, std::memory_order_relaxed);
    w.used.store(false, std::memory_order_release);
}

Status shrank_error(Bytes part) {
    if (g_faults.load(std::memory_order_acquire) == 0 || part.empty()) return ok_status();
    const auto at = reinterpret_cast<std::uintptr_t>(part.data());
    for (const Watch& w : g_watches) {
        const std::uintptr_t start = w.start.load(std::memory_order_acquire);
        if (start == 0 || at < start || at >= w.end.load(std::memory_order_acquire)) continue;
        const std::uintptr_t lost = w.first_lost.load(std::memory_order_acquire);
        if (lost == 0) return ok_status();
        const std::uint64_t offset = lost - start;
        return make_error(ErrorCode::kIo, offset,
                          "the file shrank while it was read (another program changed it during the run): byte " +
                              std::to_string(offset) + " and on are gone; verify it again once it is complete");
    }
    return ok_status();
}

}  // namespace meshproof

#endif  // !_WIN32
