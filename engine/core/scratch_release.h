// Scratch a thread keeps from unit to unit (a pass's thread_local workspace, a mesh product's)
// grows to the largest unit its thread has met and would keep that size to the end of the run.
// Every pass keeps its own, so after one large mesh each pass held its largest arrays at once and
// the run's peak memory was their sum, several times that of decoding alone at full scale.
//
// ReleaseAfterLargeUnit resets the scratch to a new, empty object at the end of its scope when
// the unit was large: the arrays are reused over the many ordinary units (no allocation per unit
// there) and handed back after a large one, so the peak is that of the dearest single pass on the
// largest unit, not the sum over the passes. A large unit then grows its arrays anew, which its
// own work dwarfs.
//
// What ordinary units leave behind is still kept by every thread, so it grows with the thread
// count, not with the work: a run of many threads on few cores (16 on 2, issue 45's memory bound)
// held sixteen threads' worth. A run of more threads than kScratchThreads lowers the bound in
// proportion (ScratchBoundForThreads), so that what the threads keep together stays about what
// kScratchThreads keep at kLargeUnitTriangles; its runner also hands each thread's freed memory
// back to the system after a large unit, and the allocator keeps freed pages only briefly while
// it runs (engine/core/thread_memory.h).
#pragma once

#include <atomic>
#include <cstdint>

#include "engine/core/thread_memory.h"

namespace meshproof {

// Units of more triangles than this are large (an ordinary member has a few thousand), at up to
// kScratchThreads threads.
inline constexpr std::uint64_t kLargeUnitTriangles = std::uint64_t{1} << 16;
inline constexpr int kScratchThreads = 2;

// The bound for a run of `threads` threads: kLargeUnitTriangles shared out over them.
constexpr std::uint64_t large_unit_triangles_for(int threads) {
    return threads <= kScratchThreads ? kLargeUnitTriangles
                                      : kLargeUnitTriangles * kScratchThreads / static_cast<std::uint64_t>(threads);
}

// The bound in force. One for the process: it decides only what is kept between units, never a
// result. Runs may overlap in one process, at different thread counts: the least bound of the runs
// going on is in force (the one that keeps least), kLargeUnitTriangles when none is.
inline std::atomic<std::uint64_t> g_large_unit_triangles{kLargeUnitTriangles};

inline std::uint64_t large_unit_triangles() noexcept { return g_large_unit_triangles.load(std::memory_order_relaxed); }

// Whether a unit of `triangles` triangles is large under the bound in force: what is kept of it
// (a pass's scratch, the thread's decoded member) is handed back after it.
inline bool is_large_unit(std::uint64_t triangles) noexcept { return triangles > large_unit_triangles(); }

// True while a run of more than kScratchThreads threads has lowered the bound.
inline bool scratch_bound_lowered() noexcept { return large_unit_triangles() < kLargeUnitTriangles; }

// A run of `threads` threads, for as long as it lives: its bound among those in force, and freed
// memory held briefly when it has more than kScratchThreads threads (thread_memory.h). When it
// ends, the bound is that of the runs still going on, whatever order they end in.
class ScratchBoundForThreads {
public:
    explicit ScratchBoundForThreads(int threads);
    ~ScratchBoundForThreads();
    ScratchBoundForThreads(const ScratchBoundForThreads&) = delete;
    ScratchBoundForThreads& operator=(const ScratchBoundForThreads&) = delete;

private:
    std::uint64_t bound_;
    bool brief_;
};

template <class Scratch>
class ReleaseAfterLargeUnit {
public:
    ReleaseAfterLargeUnit(Scratch& scratch, std::uint64_t triangles) noexcept
        : scratch_(scratch), large_(is_large_unit(triangles)) {}
    ~ReleaseAfterLargeUnit() {
        if (large_) scratch_ = Scratch{};
    }
    ReleaseAfterLargeUnit(const ReleaseAfterLargeUnit&) = delete;
    ReleaseAfterLargeUnit& operator=(const ReleaseAfterLargeUnit&) = delete;

private:
    Scratch& scratch_;
    bool large_;
};

}  // namespace meshproof
