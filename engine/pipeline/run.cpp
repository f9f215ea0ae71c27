#include "engine/pipeline/run.h"

#include <algorithm>

#include <fmt/format.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include "engine/core/path_text.h"
#include "engine/core/scratch_release.h"
#include "engine/pipeline/count_members.h"
#include "engine/pipeline/game_from_tagfiles.h"
#include "engine/pipeline/member_group.h"
#include "engine/pipeline/run_setup.h"
#include "engine/pipeline/several_roots.h"
#include "engine/pipeline/timing_collector.h"
#include "engine/pipeline/unit_runner.h"
#include "engine/pipeline/wave_fanout.h"

namespace meshproof {

std::uint64_t RunResult::count(MemberState s) const {
    return static_cast<std::uint64_t>(
        std::count_if(members.begin(), members.end(), [s](const MemberStatus& m) { return m.state == s; }));
}

std::uint64_t RunResult::not_collision() const {
    return static_cast<std::uint64_t>(
        std::count_if(members.begin(), members.end(), [](const MemberStatus& m) { return m.not_collision; }));
}

bool RunResult::any_violation() const {
    for (const auto& p : passes)
        for (const auto& c : p.pass->info().counters)
            if (c.violation && p.tally.total(c.name) > 0) return true;
    return false;
}

namespace {

namespace fs = std::filesystem;

// The passes a run selects by name (every registered pass when none is named), in name order.
Result<std::vector<const Pass*>> select_passes(const std::vector<std::string>& names) {
    if (names.empty()) return PassRegistry::global().all();
    std::vector<const Pass*> passes;
    for (const auto& name : names) {
        const Pass* p = PassRegistry::global().find(name);
        if (p == nullptr) {
            std::string known;
            for (const Pass* q : PassRegistry::global().all()) known += (known.empty() ? "" : ", ") + q->info().name;
            return make_error(ErrorCode::kUsage, 0, "unknown pass '" + name + "' (known: " + known + ")");
        }
        if (std::find(passes.begin(), passes.end(), p) == passes.end()) passes.push_back(p);
    }
    std::sort(passes.begin(), passes.end(),
              [](const Pass* a, const Pass* b) { return a->info().name < b->info().name; });
    return passes;
}

// The run itself, inside the setup's arena (run_setup.h).
Result<RunResult> run_passes(const std::vector<fs::path>& roots, const RunOptions& options,
                             const std::vector<const Pass*>& passes, const DecompressorRegistry* codecs);

}  // namespace

std::string run_games_text(const RunResult& run) {
    if (run.roots.size() < 2) return std::string(game_name(run.scan.game));
    std::string out;
    for (const RootRun& r : run.roots) {
        if (!out.empty()) out += '+';
        out += game_name(r.game);
    }
    return out;
}

Result<RunResult> run_verify(const fs::path& root, const RunOptions& options) {
    return run_verify(std::vector<fs::path>{root}, options);
}

Result<RunResult> run_verify(const std::vector<fs::path>& roots, const RunOptions& options) {
    if (roots.empty()) return make_error(ErrorCode::kUsage, 0, "no root to verify");
    MP_TRY_ASSIGN(std::vector<const Pass*> passes, select_passes(options.passes));
    if (options.no_passes) passes.clear();
    RunSetup setup;
    set_up_run(options, setup);
    return in_run_arena(setup, [&] { return run_passes(roots, options, passes, setup.codecs); });
}

namespace {

Result<RunResult> run_passes(const std::vector<fs::path>& roots, const RunOptions& options,
                             const std::vector<const Pass*>& passes, const DecompressorRegistry* codecs) {
    Progress* progress = options.progress;
    RunTimings* timings = options.timings;
    Lap phase_clock;
    auto phase_done = [&](const char* phase) {
        const double s = phase_clock.next();
        if (timings) timings->phases.push_back(PhaseTime{phase, s});
    };
    if (progress) progress->phase = RunPhase::kScanning;
    // Every scan is complete before a group points into it: `scans` does not grow after this.
    std::vector<InstallScan> scans;
    scans.reserve(roots.size());
    for (const fs::path& root : roots) {
        MP_TRY_ASSIGN(InstallScan scan, scan_install(root, options.game));
        detect_game_from_tagfiles(scan, *codecs);
        scans.push_back(std::move(scan));
    }
    MP_TRY(check_root_games(roots, scans));
    if (scans.size() > 1)
        for (InstallScan& scan : scans) prefix_paths(scan);
    phase_done("scan");

    RunResult result;
    for (std::size_t r = 0; r < roots.size(); ++r)
        result.roots.push_back(RootRun{path_text(roots[r]), scans[r].game, scans[r].detection});
    // Groups and .sur inputs of every root, root after root, each with its root's game.
    std::vector<Group> groups;
    std::vector<Game> group_games;
    std::vector<std::pair<const InputFile*, Game>> sur_inputs;  // path order within each root
    std::uint64_t total_bytes = 0;
    for (const InstallScan& scan : scans) {
        std::uint64_t binders = 0;
        for (Group& g : plan_groups(scan, binders)) {
            groups.push_back(std::move(g));
            group_games.push_back(scan.game);
        }
        result.binders += binders;
        for (const InputFile& in : scan.inputs) {
            std::error_code ec;
            total_bytes += fs::file_size(in.path, ec);
            if (!in.data_path.empty()) total_bytes += fs::file_size(in.data_path, ec);
            if (in.kind == InputKind::kSur) sur_inputs.push_back({&in, scan.game});
        }
    }
    MemberCount counted;
    if (progress) {
        // The whole count before the first member, so that the total (and the ETA) is right
        // from the start; only a display needs it. Its listings go to the run, which binds them
        // to the bytes it reads instead of listing each binder again.
        progress->phase = RunPhase::kCounting;
        progress->bytes_total = total_bytes;
        counted = count_and_keep_members(groups, *codecs);
        progress->members_total = counted.members + sur_inputs.size();
        progress->phase = RunPhase::kVerifying;
    }
    phase_done("count");

    // The arena's concurrency (the run's own arena with --threads) as set_up_run's global_control
    // limits it.
    const int threads = static_cast<int>(
        std::min<std::size_t>(static_cast<std::size_t>(tbb::this_task_arena::max_concurrency()),
                              tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism)));
    // What each thread keeps between units, shared out over the threads (scratch_release.h).
    const ScratchBoundForThreads scratch_bound(threads);
    UnitRunner runner(options, *codecs, passes);
    // The fan-out in waves (wave_fanout.h): one wave of every group when no joining pass runs.
    WaveOutcome waves = run_in_waves(runner, groups, group_games, timings, std::move(counted.listed));
    std::vector<std::vector<MemberStatus>>& per_group = waves.per_group;
    // .sur files are units of their own; ordinals continue after the groups' (group << 32 | member).
    std::vector<std::vector<MemberStatus>> sur_status(sur_inputs.size());
    const std::uint64_t sur_base = std::uint64_t(groups.size()) << 32;
    tbb::parallel_for(std::size_t{0}, sur_inputs.size(), [&](std::size_t i) {
        sur_status[i] = runner.run_sur(*sur_inputs[i].first, sur_base + i, sur_inputs[i].second);
        if (progress) {
            std::error_code ec;
            progress->members_done += 1;
            progress->bytes_done += fs::file_size(sur_inputs[i].first->path, ec);
        }
    });
    phase_done("verify");
    if (timings) timings->join_wall_seconds = waves.join_wall_seconds;

    for (std::size_t g = 0; g < per_group.size(); ++g)
        for (auto& s : per_group[g]) {
            s.game = group_games[g];
            result.members.push_back(std::move(s));
        }
    for (std::size_t i = 0; i < sur_status.size(); ++i)
        for (auto& s : sur_status[i]) {
            s.game = sur_inputs[i].second;
            result.members.push_back(std::move(s));
        }
    std::stable_sort(result.members.begin(), result.members.end(),
                     [](const MemberStatus& a, const MemberStatus& b) { return a.path < b.path; });
    for (std::size_t p = 0; p < passes.size(); ++p) result.passes.push_back(PassResult{passes[p], runner.merged(p)});
    for (const auto& c : codecs->codecs())
        result.decompressors.push_back(fmt::format("{} ({})", c, codecs->find(c)->library_version()));
    result.scan = merged_scan(scans);
    phase_done("gather");
    if (timings) {
        timings->threads = threads;
        runner.merge_timings(*timings);
    }
    if (progress) progress->finished = true;
    return result;
}

}  // namespace

}  // namespace meshproof
