// The run's fan-out state: the selected passes split by the units they take, each thread's
// Tally per pass and its decompression buffer, the clocks, and the joins' tallies. A unit is
// handed to its passes by one of three runners sharing this state: a Havok member of a group
// (havok_unit_runner.cpp), a .sur file with its model (sur_unit_runner.cpp), a join's key
// (wave_fanout.cpp). Internal to the pipeline: run.cpp drives it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <oneapi/tbb/enumerable_thread_specific.h>

#include "engine/core/error.h"
#include "engine/pipeline/kept_member.h"
#include "engine/pipeline/member_group.h"
#include "engine/pipeline/member_status.h"
#include "engine/pipeline/pass.h"
#include "engine/pipeline/run.h"
#include "engine/pipeline/timing_collector.h"

namespace meshproof {

// What one group gave: its member statuses and, per joining pass, its members' extracts.
struct GroupOutcome {
    std::vector<MemberStatus> statuses;
    std::vector<std::vector<JoinItem>> items;  // [joining pass], member (path) order
};

// Fans units out to the passes; each thread keeps one Tally per pass.
class UnitRunner {
public:
    UnitRunner(const RunOptions& options, const DecompressorRegistry& codecs, std::vector<const Pass*> passes);
    // The selected passes that join, in pass order (JoinPlan's pass index).
    std::vector<const Pass*> joining_passes() const;

    // Processes one group; returns its member statuses and, for each joining pass whose key
    // `keys[j]` is not empty, its members' extracts. `listed`: a binder's listing made by the
    // count (open_group); the progress total is corrected when the run finds other statuses.
    // Thread-safe.
    GroupOutcome run_group(const Group& group, std::uint64_t group_index, Game game,
                           const std::vector<std::string>& keys, const std::string& map,
                           std::optional<BinderListing> listed = std::nullopt);
    // Joins one key of joining pass `j` into a Tally of its own (a join may run parallel loops,
    // so it never shares a thread's tally). Thread-safe.
    Tally run_join(std::size_t j, Game game, std::string_view key, std::span<const JoinItem> items,
                   std::uint64_t serial) const;
    // Charges a join step's cost to joining pass j (its thread seconds and the passes stage).
    void charge_join(std::size_t j, double thread_seconds);
    void add_join(std::size_t j, const Tally& t) { join_tallies_[joining_[j]].merge(t); }
    // Decodes one .sur input (and its model) and hands it to the sur passes; returns its status,
    // then the model's when the model is malformed. Thread-safe.
    std::vector<MemberStatus> run_sur(const InputFile& in, std::uint64_t ordinal, Game game);

    // The pass's tally over every thread and join; its counts over distinct contents folded
    // only then, when every unit's content key is in.
    Tally merged(std::size_t pass);
    void merge_timings(RunTimings& out) const { timing_.merge_into(out, passes_); }

private:
    // `extracts` (one slot per joining pass, null when the group is not joined) receives what the
    // joining passes keep of the member; `keys` says which of them join the group.
    void process(const MemberJob& job, std::uint64_t ordinal, const OpenedGroup& group, Game game, MemberStatus& status,
                 const std::vector<std::string>& keys, std::vector<std::unique_ptr<JoinExtract>>* extracts);
    // process() without its last step: true when the passes counted the member and its unit is
    // still open in each thread tally (to be ended under `sub_scopes`, or discarded). `triangles`:
    // the decoded member's, 0 when it was not decoded.
    bool decode_and_run_passes(const MemberJob& job, std::uint64_t ordinal, const OpenedGroup& group, Game game,
                               MemberStatus& status, const std::vector<std::string>& keys,
                               std::vector<std::unique_ptr<JoinExtract>>* extracts, std::vector<TallyScope>& sub_scopes,
                               std::uint64_t& triangles);
    // A .sur input that reached no pass (a decode error): counted under the sur passes' input
    // counters (PassInfo::input_counter) in `scope`, outside any unit. Thread-safe.
    void count_sur_input(const TallyScope& scope);
    // The rules the unit just run broke in `order`'s passes, into status.findings.
    void collect_findings(const std::vector<Tally>& tallies, const std::vector<std::size_t>& order,
                          MemberStatus& status) const;
    // `n` tallies keeping the failing locations the run asks for.
    std::vector<Tally> sample_capped(std::size_t n) const;
    // The file and place sub-scopes of `scope` (SubScopeKind::kFile, kMap) a unit at `path` is also
    // tallied under, as Tally keys.
    std::vector<TallyScope> file_sub_scopes(const TallyScope& scope, std::string_view path) const;

    const RunOptions& options_;
    const DecompressorRegistry& codecs_;
    std::vector<const Pass*> passes_;
    // Units go only to the passes of their kind: a .sur model to family "sur", a Havok member
    // to every other family (each pass also ignores units it has no decoded data for).
    static constexpr std::string_view kSurFamily = "sur";
    std::vector<std::size_t> havok_passes_, sur_passes_, joining_;
    tbb::enumerable_thread_specific<std::vector<Tally>> tallies_{[this] { return sample_capped(passes_.size()); }};
    // Each thread's decompression buffer, reused member after member (member_content): a member's
    // bytes live only while process() runs, and process() never waits on other tasks, so a thread
    // never holds two members at once.
    tbb::enumerable_thread_specific<std::vector<std::uint8_t>> buffers_;
    // Each thread's decoded member, decoded into member after member (kept_member.h).
    tbb::enumerable_thread_specific<KeptMember> decoded_;
    TimingCollector timing_;
    std::vector<Tally> join_tallies_;  // per pass: its joins' tallies, merged wave by wave
};

// A unit abandoned past its time budget: what passes[0..last] of `order` had counted of it is
// discarded, so the report reads as if it had failed to decode.
void discard_unit_through(std::vector<Tally>& tallies, const std::vector<std::size_t>& order, std::size_t last);

// The decode error of a unit abandoned past its time budget of `seconds`, at `stage`.
Error timeout_error(double seconds, std::string_view stage);

}  // namespace meshproof
