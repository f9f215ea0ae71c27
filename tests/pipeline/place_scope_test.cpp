// Place scopes (engine/pipeline/place_scope.h): a unit's map from its path in each game's layout,
// the prefixes a place names, and a run that tallies the members of a place under its sub-scope
// on an install whose maps' member counts the test chose.
#include <gtest/gtest.h>

#include <unistd.h>

#include "engine/pipeline/place_scope.h"
#include "engine/pipeline/run.h"
#include "tests/pipeline/map_install.h"
#include "tests/support/corpus.h"

namespace meshproof {
namespace {
namespace fs = std::filesystem;

TEST(PlaceScope, AUnitsMapIsItsFolderOrItsBindersName) {
    EXPECT_EQ(map_of_path("map/m11_01_00_00/h11_01_00_00.hkxbhd :: h11_01_00_00_000123.hkx.dcx"), "m11_01_00_00");
    EXPECT_EQ(map_of_path("map/m10/m10_00_00_00/l10_00_00_00.hkxbhd :: l10_00_00_00_000001.hkx.dcx"), "m10_00_00_00");
    EXPECT_EQ(map_of_path("map/m60/m60_34_50_00/f60_34_50_00.hkxbhd :: m60_34_50_00\\f60_34_50_00_000004.hkx"),
              "m60_34_50_00");
    EXPECT_EQ(map_of_path("sekiro/map/m11_01_00_00/h11_01_00_00.hkxbhd :: x"), "m11_01_00_00");  // several roots
    // No map folder: the binder's or member's name ({h,l,f}AA_BB_CC_DD).
    EXPECT_EQ(map_of_path("loose/h14_00_00_00.hkxbhd :: h14_00_00_00_000001.hkx.dcx"), "m14_00_00_00");
    EXPECT_EQ(map_of_path("collision__f15_00_00_00_000002.hkx"), "m15_00_00_00");
    // Objects, assets and loose files named otherwise have no map.
    EXPECT_EQ(map_of_path("obj/o114903.objbnd.dcx :: o114903.hkx"), "");
    EXPECT_EQ(map_of_path("asset/aeg/aeg217/aeg217_036_h.geomhkxbnd.dcx :: AEG217_036.hkx"), "");
    EXPECT_EQ(map_of_path("h.hkx"), "");
    EXPECT_EQ(map_of_path("h10_00_00.hkx"), "");  // too few digits for a map
    EXPECT_EQ(map_of_path("m10_00_00_00x/h.hkx"), "");
}

// ctest-labels: hostile
TEST(PlaceScope, APlaceIsOneOrSeveralMapIdPrefixes) {
    for (const char* good : {"m10", "m10_", "m11_01_00_00", "m60_34_5", "m60_41_3", "m16_00"})
        EXPECT_TRUE(is_map_prefix(good)) << good;
    for (const char* bad :
         {"", "m", "m1", "x10_00", "M10", "m10_0a", "m10-00", "m10_00_00_00_", "m10_00_00_000", "m1000"})
        EXPECT_FALSE(is_map_prefix(bad)) << bad;
    EXPECT_EQ(map_prefixes("m60_34_5,m60_41_3"), (std::vector<std::string>{"m60_34_5", "m60_41_3"}));
    EXPECT_TRUE(map_in_place("m60_34_52_00", "m60_34_5,m60_41_3"));
    EXPECT_TRUE(map_in_place("m60_41_30_01", "m60_34_5,m60_41_3"));
    EXPECT_FALSE(map_in_place("m60_34_40_00", "m60_34_5,m60_41_3"));
    EXPECT_TRUE(map_in_place("m11_01_00_00", "m11_01_00_00"));
    EXPECT_FALSE(map_in_place("m11_00_00_00", "m11_01_00_00"));
    EXPECT_FALSE(map_in_place("", "m1"));
}

const PassResult& pass_of(const RunResult& run, std::string_view name) {
    for (const auto& p : run.passes)
        if (p.pass->info().name == name) return p;
    ADD_FAILURE() << "no pass " << name;
    return run.passes.front();
}

TEST(PlaceScope, ARunTalliesAPlacesMembersUnderItsSubScope) {
    MP_REQUIRE_CORPUS();
    const fs::path root = fs::temp_directory_path() / ("meshproof-place-" + std::to_string(::getpid()));
    fs::remove_all(root);
    test::write_maps(root, false, {{"m10_00_00_00", 3}, {"m11_01_00_00", 5}, {"m11_02_00_00", 2}});
    for (int threads : {1, 3}) {
        RunOptions o;
        o.threads = threads;
        o.passes = {"tagfile"};
        o.map_scopes = {"m11_01_00_00", "m11", "m10,m11_02", "m60"};
        auto run = run_verify(root, o);
        ASSERT_TRUE(run.ok()) << run.error().message;
        const Tally& t = pass_of(*run, "tagfile").tally;
        EXPECT_EQ(t.count("tagfiles", TallyScope{"sekiro", "h", {}}), 10u);
        EXPECT_EQ(t.count("tagfiles", TallyScope{"sekiro", "h", {SubScopeKind::kMap, "m11_01_00_00"}}),
                  5u);  // Ashina Castle's binder alone
        EXPECT_EQ(t.count("tagfiles", TallyScope{"sekiro", "h", {SubScopeKind::kMap, "m11"}}), 7u);
        EXPECT_EQ(t.count("tagfiles", TallyScope{"sekiro", "h", {SubScopeKind::kMap, "m10,m11_02"}}),
                  5u);  // each member once, whichever prefix names it
        EXPECT_EQ(t.count("tagfiles", TallyScope{"sekiro", "h", {SubScopeKind::kMap, "m60"}}), 0u);
        EXPECT_EQ(t.total("tagfiles"), 10u);  // a sub-scope repeats counts, never adds to the total
    }
    fs::remove_all(root);
}

}  // namespace
}  // namespace meshproof
