// Which files fail (reports/member_results.h): the failing members, the worst files, the per-map
// table and `verify --failures`' lines, from a run's member statuses.
#include <gtest/gtest.h>

#include "reports/member_results.h"
#include "reports/place_names.h"

namespace meshproof {
namespace {

MemberStatus member(std::string path, Game game, std::vector<MemberFinding> findings = {}) {
    MemberStatus m;
    m.path = std::move(path);
    m.game = game;
    m.findings = std::move(findings);
    return m;
}

RunResult sample_run() {
    RunResult run;
    run.members.push_back(member("asset/aeg100.geomhkxbnd.dcx :: aeg100.hkx", Game::kEldenRing,
                                 {{"leafbox", "prims_outside", 1, "", ""}}));
    MemberStatus broken =
        member("map/m10/m10_00_00_00/h10_00_00_00.hkxbhd :: h10_00_00_00_000100.hkx.dcx", Game::kEldenRing);
    broken.state = MemberState::kDecodeError;
    broken.error = make_error(ErrorCode::kTruncated, 9719, "DCX:\tcut\nshort");
    run.members.push_back(broken);
    run.members.push_back(member("map/m10/m10_00_00_00/l10_00_00_00.hkxbhd :: l10_00_00_00_900000.hkx.dcx",
                                 Game::kEldenRing,
                                 {{"page", "triangles_outside_domain", 210, "l10 / body 0 / section 806", "vertex 3"},
                                  {"structure", "runs_not_tiling", 2, "l10 / body 0", ""}}));
    run.members.push_back(
        member("map/m10/m10_00_00_00/l10_00_00_00.hkxbhd :: l10_00_00_00_900001.hkx.dcx", Game::kEldenRing));
    run.members.push_back(
        member("map/m60/m60_34_50_00/h60_34_50_00.hkxbhd :: h60_34_50_00_000100.hkx.dcx", Game::kEldenRing));
    return run;
}

TEST(MemberResults, FailingMembersAreThoseThatBrokeARuleOrDidNotDecodeInPathOrder) {
    const RunResult run = sample_run();
    const auto failing = failing_members(run);
    ASSERT_EQ(failing.size(), 3u);
    EXPECT_EQ(failing[0]->path, run.members[0].path);
    EXPECT_EQ(failing[1]->path, run.members[1].path);
    EXPECT_EQ(failing[2]->path, run.members[2].path);
}

TEST(MemberResults, WorstFilesRankByViolationsThenDecodeErrors) {
    const auto files = worst_files(sample_run());
    ASSERT_EQ(files.size(), 3u);
    EXPECT_EQ(files[0].path, "map/m10/m10_00_00_00/l10_00_00_00.hkxbhd");
    EXPECT_EQ(files[0].violations, 212u);
    EXPECT_EQ(files[0].failing_members, 1u);
    EXPECT_EQ(files[0].by_rule.at("page.triangles_outside_domain"), 210u);
    EXPECT_EQ(files[1].path, "asset/aeg100.geomhkxbnd.dcx");
    EXPECT_EQ(files[2].path, "map/m10/m10_00_00_00/h10_00_00_00.hkxbhd");
    EXPECT_EQ(files[2].decode_errors, 1u);
    EXPECT_EQ(files[2].violations, 0u);
}

TEST(MemberResults, TheMapTableHasARowAMapWithItsPlaceAndTheRowOfNoMapLast) {
    const auto rows = map_table(sample_run());
    ASSERT_EQ(rows.size(), 3u);
    EXPECT_EQ(rows[0].map, "m10_00_00_00");
    EXPECT_EQ(rows[0].place, "Stormveil Castle");
    EXPECT_EQ(rows[0].members, 3u);
    EXPECT_EQ(rows[0].failing_members, 2u);
    EXPECT_EQ(rows[0].violations, 212u);
    EXPECT_EQ(rows[0].by_rule.at("structure.runs_not_tiling"), 2u);
    EXPECT_EQ(rows[1].map, "m60_34_50_00");
    EXPECT_EQ(rows[1].place, "Lands Between tile");
    EXPECT_EQ(rows[1].failing_members, 0u);
    EXPECT_EQ(rows[2].map, "");
    EXPECT_EQ(rows[2].members, 1u);
}

TEST(MemberResults, FailuresAreOneTabSeparatedLinePerMemberAndRule) {
    EXPECT_EQ(
        render_failures(sample_run()),
        "# meshproof verify failures\n"
        "# path\tmap\tplace\tstate\trule\tcount\twhere\tdetail\n"
        "asset/aeg100.geomhkxbnd.dcx :: aeg100.hkx\t\t\tok\tleafbox.prims_outside\t1\t\t\n"
        "map/m10/m10_00_00_00/h10_00_00_00.hkxbhd :: h10_00_00_00_000100.hkx.dcx\tm10_00_00_00\tStormveil Castle\tdecode_error\t"
        "decode:truncated\t1\tbyte 9719\tDCX: cut short\n"
        "map/m10/m10_00_00_00/l10_00_00_00.hkxbhd :: l10_00_00_00_900000.hkx.dcx\tm10_00_00_00\tStormveil Castle\tok\t"
        "page.triangles_outside_domain\t210\tl10 / body 0 / section 806\tvertex 3\n"
        "map/m10/m10_00_00_00/l10_00_00_00.hkxbhd :: l10_00_00_00_900000.hkx.dcx\tm10_00_00_00\tStormveil Castle\tok\t"
        "structure.runs_not_tiling\t2\tl10 / body 0\t\n");
}

TEST(MemberResults, PlaceNamesFollowPlacesMd) {
    EXPECT_EQ(place_name(Game::kSekiro, "m11_01_00_00"), "Ashina Castle");
    EXPECT_EQ(place_name(Game::kEldenRing, "m11_01_00_00"), "");
    EXPECT_EQ(place_name(Game::kEldenRing, "m14_00_00_00"), "Academy of Raya Lucaria");
    EXPECT_EQ(place_name(Game::kEldenRing, "m61_44_45_00"), "Land of Shadow tile");
    EXPECT_EQ(place_name(Game::kEldenRing, "m31_02_00_00"), "dungeon");
    EXPECT_EQ(place_name(Game::kFreelancer, "m10_00_00_00"), "");
}

}  // namespace
}  // namespace meshproof
