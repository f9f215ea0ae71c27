// The run's clocks (RunTimings), kept per thread and merged once after the fan-out, as the
// pass tallies are: no lock or shared counter is touched per member. The clocks run whether
// or not the caller asked for timings (a few steady_clock reads per member and pass, nothing
// next to decoding one); merge_into is called only when it did.
#pragma once

#include <chrono>
#include <cstdint>
#include <ctime>
#include <string_view>
#include <vector>

#include <oneapi/tbb/enumerable_thread_specific.h>

#include "engine/pipeline/pass.h"
#include "engine/pipeline/run_timings.h"

namespace meshproof {

class TimingCollector {
public:
    struct Local {
        std::array<double, kStageCount> stage{};
        std::vector<double> pass;  // by the run's pass index (sized by the constructor)
        std::uint64_t members = 0, bytes = 0, triangles = 0;
        std::vector<MemberTime> slowest;  // a heap whose front is the fastest kept
    };

    // `cpu`: the stages and passes are charged the calling thread's CPU time (the caller asked for
    // timings); else the steady clock, which costs a tenth as much to read and is never reported.
    TimingCollector(std::size_t passes, std::size_t slowest_wanted, bool cpu = false);
    Local& local() { return locals_.local(); }
    bool cpu() const { return cpu_; }
    // Keeps the member among the slowest if it is one; builds its record only then.
    void offer(Local& local, std::string_view path, const std::array<double, kStageCount>& stages, std::uint64_t bytes,
               std::uint64_t triangles);
    // Adds every thread's record to `out` (stages, passes by name, the counts, the slowest).
    void merge_into(RunTimings& out, const std::vector<const Pass*>& passes) const;

private:
    std::size_t passes_;
    std::size_t slowest_wanted_;
    bool cpu_;
    tbb::enumerable_thread_specific<Local> locals_;
};

// Seconds on a POSIX clock (a CPU-time clock here).
inline double clock_seconds(clockid_t clock) {
    timespec ts{};
    clock_gettime(clock, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// The CPU seconds every thread of the process has used so far.
inline double process_cpu_seconds() { return clock_seconds(CLOCK_PROCESS_CPUTIME_ID); }

// Seconds since the last lap (or since construction): wall seconds, or with `cpu` the CPU seconds
// of the calling thread (CLOCK_THREAD_CPUTIME_ID: time the OS gives another process is not
// counted, so the figures do not grow with the machine's load). A lap is read on the thread that
// started it. The CPU clock is a system call here, far dearer than a read of the wall clock.
class Lap {
public:
    explicit Lap(bool cpu = false) : cpu_(cpu), last_(now()) {}
    double next() {
        const double t = now();
        const double s = t - last_;
        last_ = t;
        return s;
    }

private:
    double now() const {
        if (cpu_) return clock_seconds(CLOCK_THREAD_CPUTIME_ID);
        return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
    }
    bool cpu_;
    double last_;
};

// One unit's clock: stage() and pass() charge the time since the previous call; when the unit
// is done, however it ends (decoded, failed, timed out), the destructor offers it to the slowest.
class UnitClock {
public:
    UnitClock(TimingCollector& collector, std::string_view path)
        : collector_(collector), local_(collector.local()), path_(path), lap_(collector.cpu()) {}
    ~UnitClock() { collector_.offer(local_, path_, stages_, bytes_, triangles_); }
    UnitClock(const UnitClock&) = delete;
    UnitClock& operator=(const UnitClock&) = delete;

    void stage(Stage s) { add(s, lap_.next()); }
    void pass(std::size_t p) {
        const double s = lap_.next();
        add(Stage::kPasses, s);
        local_.pass[p] += s;
    }
    void skip() { lap_.next(); }  // time that belongs to no stage
    // The unit was decoded and is handed to the passes.
    void decoded(std::uint64_t bytes, std::uint64_t triangles) {
        bytes_ = bytes;
        triangles_ = triangles;
        ++local_.members;
        local_.bytes += bytes;
        local_.triangles += triangles;
    }

private:
    void add(Stage s, double seconds) {
        stages_[static_cast<std::size_t>(s)] += seconds;
        local_.stage[static_cast<std::size_t>(s)] += seconds;
    }
    TimingCollector& collector_;
    TimingCollector::Local& local_;
    std::string_view path_;
    Lap lap_;
    std::array<double, kStageCount> stages_{};
    std::uint64_t bytes_ = 0, triangles_ = 0;
};

}  // namespace meshproof
