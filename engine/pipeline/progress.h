// Progress of a run, read by the CLI from another thread while the pipeline works.
#pragma once

#include <atomic>
#include <cstdint>
#include <string_view>

namespace meshproof {

// What the run is doing. The pipeline sets every phase up to kVerifying; the caller sets
// kWritingReport when it renders what the run returned.
enum class RunPhase : std::uint8_t { kStarting, kScanning, kCounting, kVerifying, kWritingReport };
std::string_view run_phase_name(RunPhase p);  // "starting", "scanning", "counting members", ...

struct Progress {
    std::atomic<RunPhase> phase{RunPhase::kStarting};
    std::atomic<std::uint64_t> members_done{0};
    // Every member the run will process, counted from the binders' headers before the fan-out
    // (count_members.h), so the total is right from the first member on; 0 until then. Corrected
    // when the run finds a group's statuses other than counted (a body corrupt past its table).
    std::atomic<std::uint64_t> members_total{0};
    std::atomic<std::uint64_t> bytes_done{0};   // stored bytes of finished members and inputs
    std::atomic<std::uint64_t> bytes_total{0};  // file sizes of every input, known after the scan
    std::atomic<bool> finished{false};
};

}  // namespace meshproof
