// The scopes of corpus-manifests/FORMAT.md that issue 15 added: a figure of both games together
// (scope game "both": the two games' sum, extreme or value-set union; on one game alone, not
// comparable or holding on what was read, never a mismatch that only says the other game is
// missing) and a figure of a place (scope.map, measured in the run's place sub-scope). Each on a
// hand-built run whose answer the test states; then the loader's rules and the JSON report.
#include <gtest/gtest.h>

#include "reports/figures.h"
#include "reports/report_model.h"
#include "reports/report_reader.h"
#include "reports/run_report.h"
#include "tests/reports/report_fixtures.h"

namespace meshproof {
namespace {

using test::manifest;
using test::only;

using test::tally_of;

std::string tagfiles_figure(double expected, const std::string& set = "") {
    return R"({"id": "both.tagfiles", "figure": "tagfiles", "pass": "tagfile", "counter": "tagfiles", "scope": {"game": "both")" +
           (set.empty() ? std::string() : R"(, "set": ")" + set + "\"") + R"(}, "expected": )" +
           std::to_string(expected) + R"(, "label": "Observed"})";
}

const std::vector<test::CounterValue> kTagfiles = {{"tagfile", "tagfiles", TallyScope{"sekiro", "h", {}}, 3},
                                                   {"tagfile", "tagfiles", TallyScope{"eldenring", "h", {}}, 4},
                                                   {"tagfile", "tagfiles", TallyScope{"eldenring", "l", {}}, 2}};

TEST(FigureScopes, BothGamesSumsTheCounterOverTheTwoGames) {
    const RunResult run = test::make_two_game_run({"h", "l"}, kTagfiles);
    const FigureResult r = only(manifest(tagfiles_figure(9)), run);
    EXPECT_EQ(r.status, FigureStatus::kMatch) << r.why;
    EXPECT_EQ(*r.measured, 9);  // 3 + 4 + 2
    const FigureResult h = only(manifest(tagfiles_figure(7, "h")), run);
    EXPECT_EQ(h.status, FigureStatus::kMatch) << h.why;
    EXPECT_EQ(*h.measured, 7);  // each game's h set
    const FigureResult off = only(manifest(tagfiles_figure(8)), run);
    EXPECT_EQ(off.status, FigureStatus::kMismatch);
    EXPECT_EQ(*off.measured, 9);
    EXPECT_EQ(figure_scope_text(off.figure.scope), "both");
}

// "The object meshes of both games": Sekiro's object set and Elden Ring's asset set (Elden Ring's
// own object figures are scoped to its assets), never Elden Ring's h set.
TEST(FigureScopes, BothGamesObjectsAreSekirosObjectsAndEldenRingsAssets) {
    // Only Sekiro has an object set and only Elden Ring an asset set, as in the games.
    RunResult run = test::make_two_game_run({"h", "object", "asset"},
                                            {{"tagfile", "tagfiles", TallyScope{"sekiro", "object", {}}, 3},
                                             {"tagfile", "tagfiles", TallyScope{"sekiro", "h", {}}, 100},
                                             {"tagfile", "tagfiles", TallyScope{"eldenring", "asset", {}}, 5},
                                             {"tagfile", "tagfiles", TallyScope{"eldenring", "h", {}}, 200}});
    std::erase_if(run.members, [](const MemberStatus& m) {
        return (m.game == Game::kEldenRing && m.set == "object") || (m.game == Game::kSekiro && m.set == "asset");
    });
    const FigureResult objects = only(manifest(tagfiles_figure(8, "object")), run);
    EXPECT_EQ(objects.status, FigureStatus::kMatch) << objects.why;
    EXPECT_EQ(*objects.measured, 8);  // 3 Sekiro objects + 5 Elden Ring assets
    const FigureResult h = only(manifest(tagfiles_figure(300, "h")), run);
    EXPECT_EQ(*h.measured, 300);  // other sets are each game's own
}

TEST(FigureScopes, BothGamesOnOneGameIsNotComparableBelowTheSumAndAMismatchAbove) {
    const RunResult sekiro =
        test::make_run(Game::kSekiro, {"h"}, {{"tagfile", "tagfiles", TallyScope{"sekiro", "h", {}}, 3}});
    const FigureResult below = only(manifest(tagfiles_figure(9)), sekiro);
    EXPECT_EQ(below.status, FigureStatus::kNotComparable);
    EXPECT_EQ(*below.measured, 3);
    EXPECT_NE(below.why.find("a figure of both games, measured on sekiro alone"), std::string::npos) << below.why;
    // Equal to a non-zero sum on one game: the other game still adds to it.
    EXPECT_EQ(only(manifest(tagfiles_figure(3)), sekiro).status, FigureStatus::kNotComparable);
    // Above the two games' sum already: the other game cannot undo it.
    EXPECT_EQ(only(manifest(tagfiles_figure(2)), sekiro).status, FigureStatus::kMismatch);
    // None where the document has none: holds on what was read.
    const RunResult zero =
        test::make_run(Game::kSekiro, {"h"}, {{"tagfile", "tagfiles", TallyScope{"sekiro", "h", {}}, 0}});
    const FigureResult none = only(manifest(tagfiles_figure(0)), zero);
    EXPECT_EQ(none.status, FigureStatus::kHoldsOnRead);
    EXPECT_NE(none.why.find("holds on what was read"), std::string::npos) << none.why;
    // The totals count them apart from matches and mismatches.
    const FigureTotals t = count_figures({below, none});
    EXPECT_EQ(t.not_comparable, 1u);
    EXPECT_EQ(t.holds_on_read, 1u);
    EXPECT_EQ(t.mismatch, 0u);
}

const std::string kMaxPrimitives = R"({"id": "both.max", "figure": "most primitives in a section", "pass": "structure",
    "counter": "max_primitives", "scope": {"game": "both"}, "expected": 127, "label": "Proven"})";

TEST(FigureScopes, BothGamesTakesTheLargestMaximumOfTheTwoGames) {
    RunResult run = test::make_two_game_run({"h"}, {});
    run.passes.push_back(PassResult{PassRegistry::global().find("structure"), {}});
    Tally& t = run.passes.back().tally;
    t.begin_unit(TallyScope{"sekiro", "h", {}}, 1);
    t.max("max_primitives", 100);
    t.begin_unit(TallyScope{"eldenring", "h", {}}, 2);
    t.max("max_primitives", 127);
    const FigureResult r = only(manifest(kMaxPrimitives), run);
    EXPECT_EQ(r.status, FigureStatus::kMatch) << r.why;
    EXPECT_EQ(*r.measured, 127);
    // One game: below the document's maximum not comparable, reaching it holds, above it a mismatch.
    for (const auto& [value, status] : std::vector<std::pair<double, FigureStatus>>{
             {100, FigureStatus::kNotComparable}, {127, FigureStatus::kHoldsOnRead}, {130, FigureStatus::kMismatch}}) {
        RunResult one = test::make_run(Game::kSekiro, {"h"}, {}, {"structure"});
        tally_of(one, "structure").begin_unit(TallyScope{"sekiro", "h", {}}, 1);
        tally_of(one, "structure").max("max_primitives", value);
        EXPECT_EQ(only(manifest(kMaxPrimitives), one).status, status) << value;
    }
}

const std::string kSdkVersion = R"({"id": "both.sdk", "figure": "SDK version of every tagfile", "pass": "tagfile",
    "counter": "sdk_version", "kind": "value_set", "scope": {"game": "both"}, "expected": 20160200, "label": "Observed"})";

TEST(FigureScopes, BothGamesUnitesTheValueSetsOfTheTwoGames) {
    RunResult run = test::make_two_game_run({"h"}, {});
    run.passes.push_back(PassResult{PassRegistry::global().find("tagfile"), {}});
    Tally& t = run.passes.back().tally;
    t.begin_unit(TallyScope{"sekiro", "h", {}}, 1);
    t.value("sdk_version", 20160200, 3);
    t.begin_unit(TallyScope{"eldenring", "h", {}}, 2);
    t.value("sdk_version", 20180100, 4);
    t.value("sdk_version", 20160200, 1);
    const FigureResult r = only(manifest(kSdkVersion), run);
    EXPECT_EQ(r.status, FigureStatus::kMismatch);  // two values seen over both games
    EXPECT_EQ(values_text(r), "20160200 ×4 · 20180100 ×4");
    // One game that sees only the document's value: holds on what was read; another value: a mismatch.
    RunResult one = test::make_run(Game::kSekiro, {"h"}, {}, {"tagfile"});
    tally_of(one, "tagfile").begin_unit(TallyScope{"sekiro", "h", {}}, 1);
    tally_of(one, "tagfile").value("sdk_version", 20160200, 3);
    EXPECT_EQ(only(manifest(kSdkVersion), one).status, FigureStatus::kHoldsOnRead);
    tally_of(one, "tagfile").value("sdk_version", 7, 1);
    EXPECT_EQ(only(manifest(kSdkVersion), one).status, FigureStatus::kMismatch);
}

TEST(FigureScopes, BothGamesLowestSetRanksEachGamesSets) {
    const RunResult run =
        test::make_two_game_run({"h", "l"}, {{"interior", "bits_stored", TallyScope{"sekiro", "h", {}}, 40},
                                             {"interior", "triangle_keys", TallyScope{"sekiro", "h", {}}, 100},
                                             {"interior", "bits_stored", TallyScope{"eldenring", "h", {}}, 32},
                                             {"interior", "triangle_keys", TallyScope{"eldenring", "h", {}}, 100},
                                             {"interior", "bits_stored", TallyScope{"eldenring", "l", {}}, 48},
                                             {"interior", "triangle_keys", TallyScope{"eldenring", "l", {}}, 100}});
    const FigureResult r =
        only(manifest(R"({"id": "both.low", "figure": "lowest set", "pass": "interior", "counter": "bits_stored",
        "of": "triangle_keys", "kind": "lowest_set", "scope": {"game": "both"}, "expected": 32, "tolerance": 0.5,
        "label": "Observed"})"),
             run);
    EXPECT_EQ(r.status, FigureStatus::kMatch) << r.why;
    ASSERT_EQ(r.parts.size(), 3u);
    EXPECT_EQ(r.parts[0].first, "eldenring/h");
    EXPECT_EQ(r.parts[2].first, "sekiro/h");
    EXPECT_EQ(r.parts[2].second, 40);
}

// A Sekiro run with members in two maps, the place sub-scope holding the counts of one.
RunResult run_in_two_maps() {
    RunResult run =
        test::make_run(Game::kSekiro, {},
                       {{"tagfile", "tagfiles", TallyScope{"sekiro", "h", {}}, 8},
                        {"tagfile", "tagfiles", TallyScope{"sekiro", "h", {SubScopeKind::kMap, "m11_01_00_00"}}, 5}});
    for (const char* path : {"map/m10_00_00_00/h10_00_00_00.hkxbhd :: h10_00_00_00_000001.hkx.dcx",
                             "map/m11_01_00_00/h11_01_00_00.hkxbhd :: h11_01_00_00_000001.hkx.dcx"}) {
        MemberStatus m;
        m.path = path;
        m.set = "h";
        m.game = Game::kSekiro;
        run.members.push_back(m);
    }
    return run;
}

std::string place_figure(const std::string& map_json) {
    return R"({"id": "place", "figure": "h files of Ashina Castle", "pass": "tagfile", "counter": "tagfiles",
        "scope": {"game": "sekiro", "set": "h", "map": )" +
           map_json + R"(}, "expected": 5, "label": "Observed"})";
}

TEST(FigureScopes, APlaceIsMeasuredInItsSubScopeOnly) {
    const RunResult run = run_in_two_maps();
    const Manifest m = manifest(place_figure(R"("m11_01_00_00")"), "sekiro");
    EXPECT_EQ(m.figures[0].scope.map, "m11_01_00_00");
    EXPECT_EQ(map_scopes_of(m), std::vector<std::string>{"m11_01_00_00"});
    const FigureResult r = only(m, run);
    EXPECT_EQ(r.status, FigureStatus::kMatch) << r.why;
    EXPECT_EQ(*r.measured, 5);  // not the whole h set's 8
    EXPECT_EQ(figure_scope_text(r.figure.scope), "sekiro/h m11_01_00_00");
    // A place the run read no member of is unchecked, not a mismatch against 0.
    const FigureResult absent = only(manifest(place_figure(R"(["m20", "m25_00"])"), "sekiro"), run);
    EXPECT_EQ(absent.figure.scope.map, "m20,m25_00");
    EXPECT_EQ(absent.status, FigureStatus::kUnchecked);
    EXPECT_NE(absent.why.find("m20,m25_00"), std::string::npos) << absent.why;
}

TEST(FigureScopes, TheReportWritesAndReadsBackAPlaceAndBothGames) {
    const RunResult run = run_in_two_maps();
    ReportModel model{&run, ReportContext{"root", 1}, std::nullopt};
    model.figures = make_figure_section(manifest(place_figure(R"(["m11_01", "m10_00"])"), "sekiro"), run, "m.json",
                                        ManifestSource::kExplicit);
    const std::string json = render_json(model);
    std::string compact = json;
    std::erase_if(compact, [](char c) { return c == ' ' || c == '\n'; });
    EXPECT_NE(compact.find(R"("map":["m11_01","m10_00"])"), std::string::npos) << json;
    auto back = parse_report(json);
    ASSERT_TRUE(back.ok()) << back.error().message;
    ASSERT_TRUE(back->figures.has_value());
    EXPECT_EQ(back->figures->front().scope, "sekiro/h m11_01,m10_00");
    EXPECT_EQ(back->game, "sekiro");
    // Several roots: config.game names each game, config.roots each root.
    const RunResult two = test::make_two_game_run({"h"}, kTagfiles);
    const std::string both = render_json(ReportModel{&two, ReportContext{"a b", 1}, std::nullopt});
    EXPECT_NE(both.find(R"("game": "sekiro+eldenring")"), std::string::npos) << both;
    EXPECT_NE(both.find(R"("roots": [)"), std::string::npos) << both;
    // One root: no roots array (a report of one root reads as before).
    EXPECT_EQ(render_json(ReportModel{&run, ReportContext{"root", 1}, std::nullopt}).find("\"roots\""),
              std::string::npos);
}

Result<Manifest> parse_scope(const std::string& scope) {
    return parse_manifest(
        test::manifest_with(R"({"id": "s", "figure": "f", "pass": "tagfile", "counter": "tagfiles", "scope": )" +
                            scope + R"(, "expected": 1, "label": "Observed"})"),
        PassRegistry::global());
}

TEST(FigureScopes, TheLoaderRejectsMalformedScopes) {
    struct Case {
        const char* scope;
        const char* message;
    };
    for (const Case& c : {
             Case{R"({"game": "all"})", "unknown game 'all'"},
             Case{R"({"game": "both", "set": "vers"})", "set 'vers' is Freelancer's"},
             Case{R"({"game": "sekiro", "map": "x10_00"})", "map 'x10_00' is not a map id"},
             Case{R"({"game": "sekiro", "map": "m1"})", "map 'm1' is not a map id"},
             Case{R"({"game": "sekiro", "map": "m10_00_00_00_00"})", "is not a map id"},
             Case{R"({"game": "sekiro", "map": "m10-00"})", "is not a map id"},
             Case{R"({"game": "sekiro", "map": 10})", "'map' must be a map id or an array"},
             Case{R"({"game": "sekiro", "map": []})", "'map' names no map"},
             Case{R"({"game": "sekiro", "map": ["m10", 3]})", "'map' must hold map ids only"},
             Case{R"({"game": "sekiro", "map": "m10", "file": "h10_00_00_00"})", "a 'file' or a 'map', not both"},
             Case{R"({"game": "freelancer", "map": "m10"})", "Freelancer has no maps"},
             Case{R"({"game": "sekiro", "dlc": true})", "'dlc' is Elden Ring's"},
         }) {
        auto m = parse_scope(c.scope);
        ASSERT_FALSE(m.ok()) << "accepted " << c.scope;
        EXPECT_NE(m.error().message.find(c.message), std::string::npos) << c.scope << ": " << m.error().message;
        EXPECT_NE(m.error().message.find("figures[0] (s).scope"), std::string::npos) << m.error().message;
    }
    for (const char* good :
         {R"({"game": "both"})", R"({"game": "both", "set": "f", "dlc": true})",
          R"({"game": "eldenring", "map": "m60_34_5"})", R"({"game": "eldenring", "map": ["m60_34_5", "m60_41_3"]})",
          R"({"game": "sekiro", "map": "m11_01_00_00"})"}) {
        auto m = parse_scope(good);
        EXPECT_TRUE(m.ok()) << good << ": " << m.error().message;
    }
}

}  // namespace
}  // namespace meshproof
