#include "cli/large_pages.h"

#include <cstdint>
#include <cstdlib>

#ifndef _WIN32
#include <sys/mman.h>
#endif

#ifdef MESHPROOF_WITH_MIMALLOC
#include <mimalloc.h>
#endif

#include "engine/core/thread_memory.h"

namespace meshproof::cli {

#ifdef MESHPROOF_WITH_MIMALLOC
namespace {
// How long freed pages are kept: by a run, and by a run of many threads (use_large_pages).
constexpr long kDecommitDelayMs = 10000;
constexpr long kBriefDecommitDelayMs = 50;
}  // namespace
#endif

// Large OS pages on Windows need the "lock pages in memory" privilege, which a modder's account
// lacks; mimalloc would print a warning on every run. Only the decommit delay applies there.
#if defined(MESHPROOF_WITH_MIMALLOC) && !defined(_WIN32)
namespace {

// mimalloc maps its first segment while the process loads, before any code of ours runs, so that
// segment (32 MiB, aligned to its size: mimalloc 2.0's MI_SEGMENT_SIZE, as strace shows) misses
// the advice the option gives every later one. It is the one the main thread's small and medium
// blocks come from and go back to, so it is touched and handed back over and over: in a cold
// build of a large mesh it took most of the process's page faults, which setting the option in
// the environment instead (read before the first segment) avoids. The segment is found from a block allocated in it and advised as a later one would be. Were the segment not
// where this assumes, the advice would fall on other pages of our own heap or on none (madvise
// then fails, which is ignored): it is a hint, never a change of contents.
void advise_first_segment() {
    if (!mi_option_is_enabled(mi_option_large_os_pages)) return;
    constexpr std::uintptr_t kSegment = std::uintptr_t{32} << 20;
    void* probe = mi_malloc(16);
    const std::uintptr_t start = reinterpret_cast<std::uintptr_t>(probe) & ~(kSegment - 1);
    mi_free(probe);
    (void)madvise(reinterpret_cast<void*>(start), kSegment, MADV_HUGEPAGE);
}

}  // namespace
#endif

void use_large_pages() {
#ifdef MESHPROOF_WITH_MIMALLOC
    // MIMALLOC_LARGE_OS_PAGES=0 in the environment still turns it off (mimalloc reads it first).
#ifndef _WIN32
    if (std::getenv("MIMALLOC_LARGE_OS_PAGES") == nullptr) mi_option_enable(mi_option_large_os_pages);
#endif
    // A run frees each member's arrays and makes the next member's at once; after mimalloc's default
    // 25 ms it hands freed pages back, and the next member faults them in again (the kernel zeroes
    // each 2 MiB page). Keeping them longer cuts a run's page faults and system time, and leaves
    // its peak memory as it was. Ten seconds, not one: a mesh that takes a second to build frees
    // arrays the next build wants later than one second.
    if (std::getenv("MIMALLOC_DECOMMIT_DELAY") == nullptr) {
        mi_option_set(mi_option_decommit_delay, kDecommitDelayMs);
        // A run of many threads on few cores keeps them a twentieth of a second (thread_memory.h): its
        // peak memory was every thread's kept pages, and shorter still (mimalloc's own 25 ms)
        // made it slower.
        set_freed_memory_hold([](bool brief) {
            mi_option_set(mi_option_decommit_delay, brief ? kBriefDecommitDelayMs : kDecommitDelayMs);
        });
    }
    // How a run of many threads hands a thread's freed pages back after a large unit, at once
    // rather than after the delay (engine/core/thread_memory.h).
    set_thread_memory_trim([] { mi_collect(true); });
#ifndef _WIN32
    advise_first_segment();
#endif
#endif
}

}  // namespace meshproof::cli
