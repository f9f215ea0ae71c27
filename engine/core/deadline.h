// A cooperative time budget for the unit the calling thread is working on (issue 19: a hostile
// member must never stop a run). The pipeline arms it per member (RunOptions::member_timeout);
// long loops over file-controlled counts call `deadline_passed()` every few thousand steps and
// return ErrorCode::kTimeout; the pipeline checks it between stages and passes, abandons the
// member there, and counts it as a decode error "timeout". Thread-local: a member is worked on
// by one thread from its decompression to its last pass (no nested parallelism inside), so
// the deadline of one member never leaks into another's.
#pragma once

#include <chrono>

namespace meshproof {

using DeadlineClock = std::chrono::steady_clock;

namespace detail {
inline thread_local DeadlineClock::time_point t_deadline = DeadlineClock::time_point::max();
}

// A budget longer than this is none: the clock counts nanoseconds in 64 bits from boot, about
// 292 years, and a budget past that (1e12 s) overflowed into the past, so every member timed out
// at once. A billion seconds (31 years) is far inside the clock's range.
inline constexpr double kLongestDeadlineSeconds = 1e9;

// Arms the calling thread's deadline `seconds` from now (<= 0, NaN, or beyond
// kLongestDeadlineSeconds: none).
inline void arm_deadline(double seconds) {
    detail::t_deadline = seconds > 0 && seconds <= kLongestDeadlineSeconds
                             ? DeadlineClock::now() + std::chrono::duration_cast<DeadlineClock::duration>(
                                                          std::chrono::duration<double>(seconds))
                             : DeadlineClock::time_point::max();
}
inline void disarm_deadline() { detail::t_deadline = DeadlineClock::time_point::max(); }

// True once the armed deadline has passed (never when none is armed). A clock read, cheap but
// not free: call it per stage, or every few thousand iterations of a loop.
inline bool deadline_passed() {
    return detail::t_deadline != DeadlineClock::time_point::max() && DeadlineClock::now() >= detail::t_deadline;
}

// Arms a deadline for one scope and disarms it when the scope ends.
class ScopedDeadline {
public:
    explicit ScopedDeadline(double seconds) { arm_deadline(seconds); }
    ~ScopedDeadline() { disarm_deadline(); }
    ScopedDeadline(const ScopedDeadline&) = delete;
    ScopedDeadline& operator=(const ScopedDeadline&) = delete;
};

}  // namespace meshproof
