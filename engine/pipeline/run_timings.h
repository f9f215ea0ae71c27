// What a verify run spent its time on, measured only when the caller asks (RunOptions::timings)
// and returned beside the RunResult, never in it: no report can depend on a clock.
//
// Two kinds of time:
//   wall seconds of the run's phases, one after another (scan, count, verify, gather; steady clock);
//   thread seconds of the stages inside the fan-out and of each pass: the CPU time of every call
//   on the thread that made it (CLOCK_THREAD_CPUTIME_ID), summed over the threads (with 2 threads
//   busy for 10 s, up to 20 thread seconds). Time the OS gives other processes is not counted, so
//   the figures hold on a loaded machine. A join step's CPU time (every thread's) goes to its
//   passes by their joins' wall time.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace meshproof {

// The stages a member goes through inside the fan-out, in order.
enum class Stage : std::uint8_t {
    kOpen,       // a group opened: files mapped, binder parsed (a DCX-wrapped one inflated), compendiums parsed
    kInflate,    // a member's bytes decompressed (DCX DFLT / ZSTD / KRAK, or a binder entry's DEFLATE)
    kTagfile,    // the TAG0 parsed against its compendiums
    kMesh,       // the compressed meshes (and extern meshes) decoded to SoA columns
    kSurDecode,  // a Freelancer .sur file and its sibling model decoded
    kPasses,     // every selected pass on the unit
};
inline constexpr std::size_t kStageCount = 6;
std::string_view stage_name(Stage s);  // "open", "inflate", "tagfile", "mesh", "sur_decode", "passes"

struct PhaseTime {
    std::string phase;  // "scan", "count", "verify", "gather"; callers append their own ("report")
    double wall_seconds = 0;
};

// One member's time from its first byte decompressed to its last pass.
struct MemberTime {
    std::string path;                          // game terms, as in the report
    double seconds = 0;                        // the sum of `stages`
    std::array<double, kStageCount> stages{};  // thread seconds by Stage (kOpen is a group's, so 0)
    std::uint64_t bytes = 0;                   // decompressed bytes
    std::uint64_t triangles = 0;               // decoded triangles (compressed and extern meshes)
};

struct RunTimings {
    // In: how many of the slowest members to keep.
    std::size_t slowest_wanted = 20;

    // Out.
    int threads = 0;                                  // oneTBB's concurrency during the run
    std::vector<PhaseTime> phases;                    // in run order
    double join_wall_seconds = 0;                     // the join steps between waves (within "verify")
    std::array<double, kStageCount> stage_seconds{};  // thread seconds by Stage
    // Thread seconds by pass, name order; a joining pass's include its extracts and its join steps
    // (each step's wall time on every thread: the step holds them all).
    std::vector<std::pair<std::string, double>> pass_seconds;
    std::uint64_t members_decoded = 0;  // Havok members decoded and .sur files read, each handed to the passes
    std::uint64_t bytes_decoded = 0;    // their decompressed bytes
    std::uint64_t triangles = 0;        // their decoded triangles (compressed-mesh and extern-mesh)
    std::vector<MemberTime> slowest;    // longest first (ties: path order)

    double phase_seconds(std::string_view phase) const;  // 0 when the phase did not run
};

}  // namespace meshproof
