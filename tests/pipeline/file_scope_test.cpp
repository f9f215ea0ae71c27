// File scopes (engine/pipeline/file_scope.h): which unit paths name a file, and a run that tallies one
// named file's counts again under "game/set#file:NAME" — the figures the documents state of one
// file ("pod_drab.sur's [hull] has 62 [faces]", "computes 72.27 where the file says 122.50").
#include <gtest/gtest.h>

#include "engine/pipeline/file_scope.h"
#include "engine/pipeline/run.h"
#include "tests/support/corpus_run_fixtures.h"

namespace meshproof {
namespace {

TEST(FileScope, PathsNameAFileByAComponentWithOrWithoutExtensions) {
    EXPECT_TRUE(path_names_file("DATA/EQUIPMENT/MODELS/COMMODITIES/CRATES/pod_drab.sur", "pod_drab.sur"));
    EXPECT_TRUE(path_names_file("DATA\\EQUIPMENT\\POD_DRAB.SUR", "pod_drab.sur"));  // the game's case-blind names
    EXPECT_TRUE(
        path_names_file("equipment__models__commodities__crates__pod_drab.sur", "pod_drab.sur"));  // corpus-flattened
    EXPECT_TRUE(path_names_file("pod_drab.sur", "pod_drab"));
    EXPECT_FALSE(path_names_file("pod_drab2.sur", "pod_drab"));
    EXPECT_FALSE(path_names_file("xpod_drab.sur", "pod_drab.sur"));
    EXPECT_FALSE(path_names_file("pod_drab.sur/other.sur", "pod_drab.sur"));  // only the last component
    // A binder member: the binder's file name, or the member's last component.
    EXPECT_TRUE(path_names_file("map/m11_01_00_00/h11_01_00_00.hkxbhd :: h11_01_00_00_000123.hkx.dcx", "h11_01_00_00"));
    EXPECT_TRUE(path_names_file("map/m28_00_00_00/l28_00_00_00.hkxbhd :: m28_00_00_00\\l28_00_00_00_000000.hkx.dcx",
                                "l28_00_00_00_000000.hkx"));
    EXPECT_TRUE(path_names_file("obj/o114903.objbnd.dcx :: N:\\obj\\o114903\\o114903.hkx", "o114903"));
    EXPECT_FALSE(path_names_file("map/m11_01_00_00/h11_01_00_00.hkxbhd :: h11_01_00_00_000123.hkx.dcx", "h11_01"));
    EXPECT_FALSE(path_names_file("anything", ""));
}

TEST(FileScope, AListNamesAnyOfItsFilesAndABangNoneOfThem) {
    const std::string_view o93 = "obj/o009093.objbnd.dcx :: N:\\obj\\o009093\\o009093.hkx";
    const std::string_view o97 = "obj/o009097.objbnd.dcx :: N:\\obj\\o009097\\o009097.hkx";
    EXPECT_TRUE(path_names_file(o93, "o009093,o009092,o009101"));
    EXPECT_TRUE(path_names_file(o93, "o009092,o009101,o009093"));
    EXPECT_FALSE(path_names_file(o97, "o009093,o009092,o009101"));
    EXPECT_FALSE(path_names_file(o93, "!o009093,o009092,o009101"));
    EXPECT_TRUE(path_names_file(o97, "!o009093,o009092,o009101"));
    EXPECT_TRUE(path_names_file(o97, "!o009093"));
    EXPECT_FALSE(path_names_file(o93, "o0090"));  // a name is whole, in a list too
    EXPECT_FALSE(path_names_file(o93, "!"));      // no name: names nothing
    EXPECT_FALSE(path_names_file(o93, ","));
    EXPECT_FALSE(path_names_file(o97, "!o009093,"));  // an empty name: the scope names nothing
}

TEST(FileScope, ARunTalliesANamedFileAgainInItsFileScope) {
    MP_REQUIRE_CORPUS();
    RunOptions o;
    o.passes = {"sur_read", "sur_derive"};
    o.file_scopes = {"pod_drab.sur", "no_such_file.sur"};
    auto run = run_verify(test::corpus_path("sur/retail-sample"), o);
    ASSERT_TRUE(run.ok()) << run.error().message;
    const TallyScope pod = TallyScope{"freelancer", "vers", {SubScopeKind::kFile, "pod_drab.sur"}};
    const Tally& read = test::tally_of(*run, "sur_read");
    EXPECT_EQ(read.count("files", pod), 1u);
    EXPECT_EQ(read.count("faces", pod), 62u);          // "pod_drab.sur's has 62"
    EXPECT_EQ(read.count("terminal_hulls", pod), 1u);  // its hull
    EXPECT_EQ(read.count("files", TallyScope{"freelancer", "vers", {SubScopeKind::kFile, "no_such_file.sur"}}), 0u);
    EXPECT_EQ(read.total("files"), 196u);  // file scopes repeat counts; totals leave them out
    const Tally& derive = test::tally_of(*run, "sur_derive");
    // "pod_drab.sur computes 72.27 where the file says 122.50"
    EXPECT_NEAR(derive.maxima().at({"inertia_stored_largest", pod}), 122.50, 0.005);
    EXPECT_NEAR(derive.maxima().at({"inertia_derived_largest", pod}), 72.27, 0.005);
    EXPECT_NEAR(derive.maxima().at({"inertia_miss_largest_pct", pod}), 41.0, 0.5);  // "misses by 41%"
    // Without file scopes nothing is repeated.
    o.file_scopes.clear();
    auto plain = run_verify(test::corpus_path("sur/retail-sample"), o);
    ASSERT_TRUE(plain.ok());
    EXPECT_EQ(test::tally_of(*plain, "sur_read").count("faces", pod), 0u);
}

TEST(FileScope, ABangScopeHoldsEveryOtherFile) {
    MP_REQUIRE_CORPUS();
    RunOptions o;
    o.passes = {"sur_read"};
    o.file_scopes = {"pod_drab.sur", "!pod_drab.sur"};
    auto run = run_verify(test::corpus_path("sur/retail-sample"), o);
    ASSERT_TRUE(run.ok()) << run.error().message;
    const Tally& read = test::tally_of(*run, "sur_read");
    EXPECT_EQ(read.count("files", TallyScope{"freelancer", "vers", {SubScopeKind::kFile, "!pod_drab.sur"}}),
              read.count("files", TallyScope{"freelancer", "vers", {}}) - 1);
    EXPECT_EQ(read.count("faces", TallyScope{"freelancer", "vers", {SubScopeKind::kFile, "!pod_drab.sur"}}) + 62u,
              read.count("faces", TallyScope{"freelancer", "vers", {}}));
}

}  // namespace
}  // namespace meshproof
