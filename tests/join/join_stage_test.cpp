// The pipeline's join stage (engine/pipeline/join.h, join_waves.h) with a probe pass of its own
// (its own test binary, like the watchdog's, so no other test's registry sees it):
//   - grouping: each key's join receives every extract of the maps the key covers, across the
//     map's h, l and f binders, in path order, once;
//   - memory: extracts alive at once never exceed the largest wave's, not the install's;
//   - determinism: the probe's and fset_join's tallies are the same at 1 and at 2 threads;
//   - the planner: keys tie groups into waves, unkeyed groups form one wave first.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include <unistd.h>

#include "engine/pipeline/join_waves.h"
#include "engine/pipeline/pass.h"
#include "engine/pipeline/place_scope.h"
#include "engine/pipeline/run.h"
#include "engine/synth/install_writer.h"

namespace meshproof {
namespace {

std::atomic<long> g_alive{0}, g_max_alive{0};

struct ProbeExtract final : JoinExtract {
    ProbeExtract() {
        const long now = ++g_alive;
        long seen = g_max_alive.load();
        while (now > seen && !g_max_alive.compare_exchange_weak(seen, now)) {
        }
    }
    ~ProbeExtract() override { --g_alive; }
};

std::mutex g_log_mutex;
std::map<std::string, std::vector<std::string>> g_log;  // key → the paths its join received

// Keys every map by its first three characters ("m10"): the ER demo's m10_00 and m11_00 blocks
// fall in two keys, and a key may cover several maps.
class JoinProbePass final : public Pass {
public:
    JoinProbePass() {
        info_.name = "join_probe";
        info_.family = "havok-test";
        info_.joins = true;
        info_.counters = {{"joined", "members a join received", false}, {"keys", "keys joined", false}};
    }
    const PassInfo& info() const override { return info_; }
    void run(const Unit&, Tally&) const override {}
    std::string join_key(std::string_view map) const override { return std::string(map.substr(0, 3)); }
    std::unique_ptr<JoinExtract> extract(const Unit& unit) const override {
        return unit.mesh != nullptr ? std::make_unique<ProbeExtract>() : nullptr;
    }
    void join(std::string_view key, std::span<const JoinItem> items, JoinTallies& tallies) const override {
        std::vector<std::string> paths;
        for (const JoinItem& it : items) paths.push_back(it.path);
        {
            std::lock_guard lock(g_log_mutex);
            g_log[std::string(key)] = paths;
        }
        std::map<std::pair<std::string, std::string>, std::uint64_t> per;
        for (const JoinItem& it : items) ++per[{it.map, it.set}];
        bool first = true;
        for (const auto& [ms, n] : per) {
            Tally& t = tallies.unit(ms.first, ms.second);
            t.add("joined", n);
            if (first) t.add("keys");
            first = false;
        }
    }

private:
    PassInfo info_;
};
MESHPROOF_REGISTER_PASS(JoinProbePass);

std::filesystem::path write_install(synth::SynthGame game, synth::SynthScale scale, const std::string& name) {
    const auto root =
        std::filesystem::temp_directory_path() / ("meshproof-join-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(root);
    synth::SynthOptions o;
    o.game = game;
    o.scale = scale;
    o.write_json = false;
    auto w = synth::write_synthetic_install(root, o);
    EXPECT_TRUE(w.ok());
    return root;
}

RunResult verify(const std::filesystem::path& root, int threads, std::vector<std::string> passes,
                 std::vector<std::string> map_scopes = {}) {
    RunOptions o;
    o.threads = threads;
    o.passes = std::move(passes);
    o.map_scopes = std::move(map_scopes);
    auto r = run_verify(root, o);
    EXPECT_TRUE(r.ok());
    return r.ok() ? std::move(*r) : RunResult{};
}

TEST(JoinStage, EachKeyReceivesItsMapsMembersAcrossBindersInPathOrder) {
    const auto root = write_install(synth::SynthGame::kEldenRing, synth::SynthScale::kSmall, "grouping");
    g_log.clear();
    g_alive = 0;
    g_max_alive = 0;
    const RunResult run = verify(root, 2, {"join_probe"});
    std::filesystem::remove_all(root);
    // Every decoded member, by key.
    std::map<std::string, std::vector<std::string>> want;
    for (const MemberStatus& m : run.members)
        if (m.state == MemberState::kOk && m.path.find(".compendium") == std::string::npos &&
            !map_of_path(m.path).empty())
            want[map_of_path(m.path).substr(0, 3)].push_back(m.path);
    ASSERT_GE(want.size(), 2u);
    EXPECT_EQ(g_log, want);  // each key once, its members in path order, across h, l and f
    std::set<std::string> sets;
    for (const MemberStatus& m : run.members) sets.insert(m.set);
    EXPECT_TRUE(sets.contains("f") && sets.contains("h") && sets.contains("l"));
    std::uint64_t joined = 0;
    for (const auto& [k, paths] : want) joined += paths.size();
    EXPECT_EQ(run.passes.at(0).tally.total("joined"), joined);
    EXPECT_EQ(run.passes.at(0).tally.total("keys"), want.size());

    // Memory: a wave's extracts are released before the next wave: never more alive than the
    // largest key holds, and fewer than the install's.
    std::size_t largest = 0;
    for (const auto& [k, paths] : want) largest = std::max(largest, paths.size());
    EXPECT_LE(static_cast<std::size_t>(g_max_alive.load()), largest);
    EXPECT_LT(static_cast<std::size_t>(g_max_alive.load()), joined);
    EXPECT_EQ(g_alive.load(), 0);
}

bool same_tallies(const RunResult& a, const RunResult& b) {
    if (a.passes.size() != b.passes.size()) return false;
    for (std::size_t p = 0; p < a.passes.size(); ++p) {
        const Tally &x = a.passes[p].tally, &y = b.passes[p].tally;
        if (x.counts() != y.counts() || x.maxima() != y.maxima() || x.units() != y.units()) return false;
    }
    return true;
}

TEST(JoinStage, OneAndTwoThreadsGiveTheSameTallies) {
    const auto root = write_install(synth::SynthGame::kEldenRing, synth::SynthScale::kDemo, "threads");
    const std::vector<std::string> passes = {"fset_join", "join_probe"};
    const std::vector<std::string> scopes = {"m10", "m11_00_00_00"};
    const RunResult one = verify(root, 1, passes, scopes);
    const RunResult two = verify(root, 2, passes, scopes);
    std::filesystem::remove_all(root);
    ASSERT_EQ(one.passes.size(), 2u);
    EXPECT_GT(one.passes[0].tally.total("paired_vertices"), 0u);
    EXPECT_TRUE(same_tallies(one, two));
    // The place scopes repeat the join's units of their maps.
    EXPECT_EQ(
        one.passes[0].tally.count("f_paired", TallyScope{"eldenring", "f", {SubScopeKind::kMap, "m10"}}) +
            one.passes[0].tally.count("f_paired", TallyScope{"eldenring", "f", {SubScopeKind::kMap, "m11_00_00_00"}}),
        one.passes[0].tally.total("f_paired"));
}

// A pass stand-in for the planner: keys by the map's first `n` characters, or none for "m99".
class KeyBy final : public Pass {
public:
    explicit KeyBy(std::size_t n) : n_(n) { info_.joins = true; }
    const PassInfo& info() const override { return info_; }
    void run(const Unit&, Tally&) const override {}
    std::string join_key(std::string_view map) const override {
        return map.starts_with("m99") ? std::string() : std::string(map.substr(0, n_));
    }

private:
    std::size_t n_;
    PassInfo info_;
};

TEST(JoinWaves, KeysTieGroupsUnkeyedGroupsGoFirst) {
    const std::vector<std::string> maps = {"m10_00_00_00", "", "m11_00_00_00", "m10_01_00_00", "m99_00_00_00",
                                           "m11_00_00_00"};
    const std::vector<Game> games(maps.size(), Game::kEldenRing);
    const KeyBy whole(12), area(3);
    const Pass* const one[] = {&whole};
    const JoinPlan p1 = plan_join_waves(maps, games, one);
    EXPECT_EQ(p1.waves, (std::vector<std::vector<std::size_t>>{{1, 4}, {0}, {2, 5}, {3}}));
    EXPECT_EQ(p1.keys[2][0], "m11_00_00_00");
    EXPECT_EQ(p1.keys[1][0], "");
    // A second pass keying by area ties m10_00 and m10_01 into one wave.
    const Pass* const two[] = {&whole, &area};
    const JoinPlan p2 = plan_join_waves(maps, games, two);
    EXPECT_EQ(p2.waves, (std::vector<std::vector<std::size_t>>{{1, 4}, {0, 3}, {2, 5}}));
    // Another game's map of the same id is another key.
    std::vector<Game> mixed = games;
    mixed[5] = Game::kSekiro;
    const JoinPlan p3 = plan_join_waves(maps, mixed, one);
    EXPECT_EQ(p3.waves, (std::vector<std::vector<std::size_t>>{{1, 4}, {0}, {2}, {3}, {5}}));
    // No joining pass: one wave of everything, as the fan-out was.
    const JoinPlan p0 = plan_join_waves(maps, games, {});
    EXPECT_EQ(p0.waves, (std::vector<std::vector<std::size_t>>{{0, 1, 2, 3, 4, 5}}));
}

}  // namespace
}  // namespace meshproof
