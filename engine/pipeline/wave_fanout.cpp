#include "engine/pipeline/wave_fanout.h"

#include <map>
#include <span>
#include <string>
#include <tuple>

#include <fmt/format.h>
#include <oneapi/tbb/parallel_for.h>

#include "engine/pipeline/join_waves.h"
#include "engine/pipeline/place_scope.h"
#include "engine/pipeline/timing_collector.h"
#include "engine/pipeline/unit_runner.h"

namespace meshproof {

namespace {

// The units of a join (join.h): each unit(map, set) ends the previous one with its place
// sub-scopes and begins the next; ordinals follow every member's and .sur file's.
class JoinUnits final : public JoinTallies {
public:
    JoinUnits(Tally& tally, Game game, const std::vector<std::string>& map_scopes, std::uint64_t first_ordinal)
        : tally_(tally), game_(game), map_scopes_(map_scopes), ordinal_(first_ordinal) {}
    Tally& unit(std::string_view map_id, std::string_view set) override {
        finish();
        TallyScope own{std::string(game_name(game_)), std::string(set), {}};
        for (const std::string& key : map_scopes_)
            if (map_in_place(map_id, key)) sub_scopes_.push_back(own.with(SubScopeKind::kMap, key));
        tally_.begin_unit(std::move(own), ordinal_++, !sub_scopes_.empty());
        open_ = true;
        return tally_;
    }
    void finish() {
        if (open_ && !sub_scopes_.empty()) tally_.end_unit(sub_scopes_);
        sub_scopes_.clear();
        open_ = false;
    }

private:
    Tally& tally_;
    Game game_;
    const std::vector<std::string>& map_scopes_;
    std::uint64_t ordinal_;
    std::vector<TallyScope> sub_scopes_;
    bool open_ = false;
};

// Join units are numbered after every member (group << 32 | member) and .sur file.
constexpr std::uint64_t kJoinOrdinalBase = std::uint64_t{1} << 62;

}  // namespace

Tally UnitRunner::run_join(std::size_t j, Game game, std::string_view key, std::span<const JoinItem> items,
                           std::uint64_t serial) const {
    Tally out;
    out.set_sample_cap(options_.samples_per_counter);
    JoinUnits units(out, game, options_.map_scopes, kJoinOrdinalBase | (serial << 24));
    passes_[joining_[j]]->join(key, items, units);
    units.finish();
    return out;
}

WaveOutcome run_in_waves(UnitRunner& runner, const std::vector<Group>& groups, const std::vector<Game>& group_games,
                         const RunTimings* timings, std::vector<std::optional<BinderListing>> listed) {
    WaveOutcome out;
    listed.resize(groups.size());
    std::vector<std::vector<MemberStatus>>& per_group = out.per_group;
    per_group.resize(groups.size());
    double& join_wall = out.join_wall_seconds;
    std::vector<std::string> group_maps(groups.size());
    for (std::size_t g = 0; g < groups.size(); ++g) group_maps[g] = map_of_path(groups[g].path);
    const std::vector<const Pass*> joining = runner.joining_passes();
    const JoinPlan plan = plan_join_waves(group_maps, group_games, joining);
    std::uint64_t join_serial = 0;
    for (const std::vector<std::size_t>& wave : plan.waves) {
        std::vector<GroupOutcome> outcomes(wave.size());
        tbb::parallel_for(std::size_t{0}, wave.size(), [&](std::size_t i) {
            const std::size_t g = wave[i];
            outcomes[i] =
                runner.run_group(groups[g], g, group_games[g], plan.keys[g], group_maps[g], std::move(listed[g]));
        });
        // The wave's keys, each with its extracts in path order (groups ascending, members in order).
        std::map<std::tuple<std::size_t, Game, std::string>, std::vector<JoinItem>> keyed;
        for (std::size_t i = 0; i < wave.size(); ++i) {
            const std::size_t g = wave[i];
            per_group[g] = std::move(outcomes[i].statuses);
            for (std::size_t j = 0; j < outcomes[i].items.size(); ++j)
                for (JoinItem& item : outcomes[i].items[j])
                    keyed[{j, group_games[g], plan.keys[g][j]}].push_back(std::move(item));
        }
        outcomes.clear();
        std::vector<std::pair<const std::tuple<std::size_t, Game, std::string>*, std::vector<JoinItem>*>> joins;
        for (auto& [k, items] : keyed) joins.push_back({&k, &items});
        std::vector<Tally> joined(joins.size());
        std::vector<double> join_seconds(joins.size());
        Lap join_clock;
        const double step_cpu_start = timings ? process_cpu_seconds() : 0.0;
        tbb::parallel_for(std::size_t{0}, joins.size(), [&](std::size_t i) {
            const auto& [j, game, key] = *joins[i].first;
            Lap own;
            joined[i] = runner.run_join(j, game, key, *joins[i].second, join_serial + i);
            join_seconds[i] = own.next();
        });
        // Only the joins run during the step (the wave after it waits), so the CPU time the process
        // spent in it is theirs, shared among the joining passes by their joins' wall time (a join
        // may spread over several threads, so its own thread's clock would not see all of it).
        const double step_wall = join_clock.next();
        const double step_cpu = timings ? process_cpu_seconds() - step_cpu_start : 0.0;
        join_wall += step_wall;
        double all = 0;
        for (double t : join_seconds) all += t;
        for (std::size_t i = 0; i < joins.size(); ++i)
            if (all > 0) runner.charge_join(std::get<0>(*joins[i].first), step_cpu * join_seconds[i] / all);
        for (std::size_t i = 0; i < joins.size(); ++i) runner.add_join(std::get<0>(*joins[i].first), joined[i]);
        join_serial += joins.size();
    }  // the wave's extracts are released here
    return out;
}

}  // namespace meshproof
