// The verify run: scan an install, open every binder, parse compendiums, then fan the
// members out over oneTBB tasks to the selected passes, each thread with its own tallies,
// merged once. Members are processed in a nested parallel_for per binder, each task holding
// only its own decompressed bytes, so memory stays bounded by the thread count (plus the
// decompressed body of the DCX-wrapped binders being worked on). Freelancer .sur files are units
// of their own (engine/sur decodes them; set "vers" or "legacy"), handed only to the passes of
// family "sur"; Havok members go only to the other families.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/error.h"
#include "engine/io/install_scan.h"
#include "engine/pipeline/member_status.h"
#include "engine/pipeline/pass.h"
#include "engine/pipeline/progress.h"
#include "engine/pipeline/run_timings.h"

namespace meshproof {

class DecompressorRegistry;

struct RunOptions {
    int threads = 0;  // 0 = every core
    // Names whose units are also tallied under their file scope (see path_names_file); from
    // the manifests' figures scoped to one file.
    std::vector<std::string> file_scopes;
    // Place keys whose units are also tallied under their place scope ("game/set#map:KEY";
    // engine/pipeline/place_scope.h); from the manifests' figures scoped to a place.
    std::vector<std::string> map_scopes;
    std::optional<Game> game;         // overrides layout detection (every root's)
    std::vector<std::string> passes;  // empty = every registered pass
    // Decode every member but run no pass (`verify --passes none`): the decode-only baseline a
    // user benchmarks decoding with, and bench/pipeline_bench.cpp's.
    bool no_passes = false;
    // Each member's time budget in seconds (0 = none): a member still being worked on after it
    // is abandoned at the next check point (between stages and passes, and inside the loops
    // that file-controlled counts drive), counted as a decode error "timeout", and the run goes
    // on. What passes had counted of it is discarded, so the report reads as if it had failed
    // to decode; it stays deterministic for every input that does not time out.
    double member_timeout = kDefaultMemberTimeout;
    static constexpr double kDefaultMemberTimeout = 60.0;
    // Failing locations each counter keeps for the reports (`verify --samples N`); a member's
    // first location of each rule it broke is kept whatever this is (MemberStatus::findings).
    std::size_t samples_per_counter = kSamplesPerCounter;
    const DecompressorRegistry* decompressors = nullptr;  // null = the default registry
    Progress* progress = nullptr;
    // Where to put what the run spent (run_timings.h); null = nobody asked. Kept apart from
    // RunResult so that nothing a report prints can depend on a clock.
    RunTimings* timings = nullptr;
};

struct PassResult {
    const Pass* pass = nullptr;
    Tally tally;  // merged over every thread
};

// One root of a run: as the caller gave it, with the game its layout (or --game) says.
struct RootRun {
    std::string root;
    Game game = Game::kUnknown;
    std::string detection;
};

struct RunResult {
    // The roots' scans in one: with one root, its scan; with several, every input, stray and
    // packed archive under "GAME/" (its root's game) so that paths stay apart, the counts summed,
    // `game` unknown and `detection` each root's ("sekiro: …; eldenring: …").
    InstallScan scan;
    std::vector<RootRun> roots;              // in the order given
    std::vector<MemberStatus> members;       // path order
    std::vector<PassResult> passes;          // name order
    std::vector<std::string> decompressors;  // "DFLT (libdeflate 1.14)", ...
    std::uint64_t binders = 0;
    std::uint64_t count(MemberState s) const;
    std::uint64_t not_collision() const;  // members read and found not collision (kOk)
    bool any_violation() const;           // a violation counter is non-zero
};

// The run's game as the reports print it: the one root's game ("sekiro"), or the roots' games
// joined by '+' ("sekiro+eldenring").
std::string run_games_text(const RunResult& run);

// Errors only for configuration problems (unknown pass, missing root); bad data is counted.
Result<RunResult> run_verify(const std::filesystem::path& root, const RunOptions& options);
// Several roots, each with its own game (one Sekiro and one Elden Ring install, for the figures
// of both games together): every root is scanned and its game told as for one root; the roots'
// games must be known and distinct (an error otherwise). Each member is tallied under its own
// root's game ("sekiro/h", "eldenring/h"), and its path starts with "GAME/" when there are
// several roots. One root is the same run as run_verify(root, options).
Result<RunResult> run_verify(const std::vector<std::filesystem::path>& roots, const RunOptions& options);

}  // namespace meshproof
