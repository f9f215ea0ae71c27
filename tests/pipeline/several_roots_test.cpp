// run_verify over several roots (a Sekiro and an Elden Ring install, for the figures of both
// games): each member tallied under its own root's game, paths kept apart under "GAME/", the
// roots' scans summed, the same result at any thread count; and the roots a run refuses.
#include <gtest/gtest.h>

#include <unistd.h>

#include "engine/pipeline/run.h"
#include "reports/run_report.h"
#include "tests/pipeline/map_install.h"
#include "tests/support/corpus.h"

namespace meshproof {
namespace {
namespace fs = std::filesystem;

class SeveralRoots : public ::testing::Test {
protected:
    void SetUp() override {
        MP_REQUIRE_CORPUS();
        base_ = fs::temp_directory_path() / ("meshproof-roots-" + std::to_string(::getpid()));
        fs::remove_all(base_);
        test::write_maps(base_ / "sekiro", false, {{"m10_00_00_00", 3}, {"m11_01_00_00", 2}});
        test::write_maps(base_ / "er", true, {{"m10_00_00_00", 4}});
    }
    void TearDown() override {
        if (!base_.empty()) fs::remove_all(base_);
    }
    std::vector<fs::path> roots() const { return {base_ / "sekiro", base_ / "er"}; }
    fs::path base_;
};

const PassResult& pass_of(const RunResult& run, std::string_view name) {
    for (const auto& p : run.passes)
        if (p.pass->info().name == name) return p;
    ADD_FAILURE() << "no pass " << name;
    return run.passes.front();
}

TEST_F(SeveralRoots, EachMemberIsTalliedUnderItsOwnRootsGame) {
    RunOptions o;
    o.threads = 2;
    o.passes = {"tagfile"};
    o.map_scopes = {"m10_00_00_00"};
    auto run = run_verify(roots(), o);
    ASSERT_TRUE(run.ok()) << run.error().message;
    ASSERT_EQ(run->roots.size(), 2u);
    EXPECT_EQ(run->roots[0].game, Game::kSekiro);
    EXPECT_EQ(run->roots[1].game, Game::kEldenRing);
    EXPECT_EQ(run_games_text(*run), "sekiro+eldenring");
    EXPECT_EQ(run->scan.game, Game::kUnknown);
    EXPECT_EQ(run->binders, 3u);
    const Tally& t = pass_of(*run, "tagfile").tally;
    EXPECT_EQ(t.count("tagfiles", TallyScope{"sekiro", "h", {}}), 5u);
    EXPECT_EQ(t.count("tagfiles", TallyScope{"eldenring", "h", {}}), 4u);
    // A place is each game's own: m10_00_00_00 is Hirata Estate in Sekiro, Stormveil in Elden Ring.
    EXPECT_EQ(t.count("tagfiles", TallyScope{"sekiro", "h", {SubScopeKind::kMap, "m10_00_00_00"}}), 3u);
    EXPECT_EQ(t.count("tagfiles", TallyScope{"eldenring", "h", {SubScopeKind::kMap, "m10_00_00_00"}}), 4u);
    // 9 tagfiles and 3 compendiums, each path under its game, each member with its game.
    ASSERT_EQ(run->members.size(), 12u);
    for (const MemberStatus& m : run->members) {
        EXPECT_EQ(m.state, MemberState::kOk) << m.path;
        EXPECT_TRUE(m.path.starts_with(std::string(game_name(m.game)) + "/map/")) << m.path;
    }
    EXPECT_TRUE(std::is_sorted(run->members.begin(), run->members.end(),
                               [](const MemberStatus& a, const MemberStatus& b) { return a.path < b.path; }));
    EXPECT_NE(run->scan.detection.find("sekiro: "), std::string::npos) << run->scan.detection;
    EXPECT_NE(run->scan.detection.find("; eldenring: "), std::string::npos) << run->scan.detection;
}

TEST_F(SeveralRoots, TheReportIsTheSameAtOneAndManyThreads) {
    std::string reports[2];
    for (int i = 0; i < 2; ++i) {
        RunOptions o;
        o.threads = i == 0 ? 1 : 4;
        auto run = run_verify(roots(), o);
        ASSERT_TRUE(run.ok()) << run.error().message;
        reports[i] = render_json(*run, ReportContext{"roots", 0});
    }
    EXPECT_EQ(reports[0], reports[1]);
}

TEST_F(SeveralRoots, OneRootIsTheSameRunAsBefore) {
    RunOptions o;
    o.threads = 2;
    auto one = run_verify(base_ / "sekiro", o);
    auto listed = run_verify(std::vector<fs::path>{base_ / "sekiro"}, o);
    ASSERT_TRUE(one.ok() && listed.ok());
    EXPECT_EQ(render_json(*one, ReportContext{"r", 2}), render_json(*listed, ReportContext{"r", 2}));
    EXPECT_EQ(one->roots.size(), 1u);
    EXPECT_EQ(one->scan.game, Game::kSekiro);
    EXPECT_TRUE(one->members.front().path.starts_with("map/"));  // no "GAME/" with one root
}

TEST_F(SeveralRoots, TwoRootsOfOneGameOrOfNoGameAreRefused) {
    test::write_maps(base_ / "sekiro2", false, {{"m20_00_00_00", 1}});
    auto same = run_verify(std::vector<fs::path>{base_ / "sekiro", base_ / "sekiro2"}, RunOptions{});
    ASSERT_FALSE(same.ok());
    EXPECT_NE(same.error().message.find("are both sekiro: give one root per game"), std::string::npos)
        << same.error().message;
    fs::create_directories(base_ / "empty");
    auto unknown = run_verify(std::vector<fs::path>{base_ / "sekiro", base_ / "empty"}, RunOptions{});
    ASSERT_FALSE(unknown.ok());
    EXPECT_NE(unknown.error().message.find("cannot tell the game of"), std::string::npos) << unknown.error().message;
    RunOptions forced;
    forced.game = Game::kEldenRing;  // --game makes every root that game
    EXPECT_FALSE(run_verify(roots(), forced).ok());
}

}  // namespace
}  // namespace meshproof
