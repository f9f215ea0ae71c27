// Figures measured against a run: sums over scope, percentages, denominators, tolerance, and the
// unchecked / not-computed cases, on hand-built runs whose numbers the tests state.
#include <gtest/gtest.h>

#include "reports/figures.h"
#include "reports/report_model.h"
#include "tests/reports/report_fixtures.h"

namespace meshproof {
namespace {

using test::manifest;
using test::only;

const char* kPagedL = R"({"id": "p", "figure": "l sections with page 1", "pass": "page", "counter": "sections_page_1",
    "scope": {"game": "eldenring", "set": "l"}, "expected": 89, "label": "Proven"})";

TEST(Figures, CounterInTheFiguresSetMatches) {
    const RunResult run = test::make_run(Game::kEldenRing, {"l", "h"},
                                         {{"page", "sections_page_1", TallyScope{"eldenring", "l", {}}, 89},
                                          {"page", "sections_page_1", TallyScope{"eldenring", "h", {}}, 5}});
    const FigureResult r = only(manifest(kPagedL), run);
    EXPECT_EQ(r.status, FigureStatus::kMatch);
    EXPECT_EQ(*r.measured, 89);  // the h scope's 5 is not the l set's
}

TEST(Figures, ADifferentCountIsAMismatchWithTheMeasuredValue) {
    const RunResult run =
        test::make_run(Game::kEldenRing, {"l"}, {{"page", "sections_page_1", TallyScope{"eldenring", "l", {}}, 88}});
    const FigureResult r = only(manifest(kPagedL), run);
    EXPECT_EQ(r.status, FigureStatus::kMismatch);
    EXPECT_EQ(*r.measured, 88);
}

TEST(Figures, NoSetSumsEverySetOfTheGame) {
    const RunResult run = test::make_run(Game::kSekiro, {"h", "object"},
                                         {{"page", "triangles", TallyScope{"sekiro", "h", {}}, 1000},
                                          {"page", "triangles", TallyScope{"sekiro", "object", {}}, 234}});
    const Manifest m = manifest(R"({"id": "t", "figure": "triangles", "pass": "page", "counter": "triangles",
        "scope": {"game": "sekiro"}, "expected": 1234, "label": "Proven"})",
                                "sekiro");
    const FigureResult r = only(m, run);
    EXPECT_EQ(r.status, FigureStatus::kMatch);
    EXPECT_EQ(*r.measured, 1234);
}

// "Named collision binders": a figure of no set leaves the character set out; set "every" (the
// document's "every distinct tagfile read") takes it in; set "character" is the character binders.
TEST(Figures, NoSetLeavesCharacterOutAndSetEveryTakesItIn) {
    const RunResult run =
        test::make_run(Game::kEldenRing, {"h", "asset", "character"},
                       {{"structure", "distinct_sections", TallyScope{"eldenring", "h", {}}, 1000},
                        {"structure", "distinct_sections", TallyScope{"eldenring", "asset", {}}, 200},
                        {"structure", "distinct_sections", TallyScope{"eldenring", "character", {}}, 34}});
    auto figure = [](const std::string& set, int expected) {
        return manifest(R"({"id": "d", "figure": "sections", "pass": "structure", "counter": "distinct_sections",
            "scope": {"game": "eldenring")" +
                        set + R"(}, "expected": )" + std::to_string(expected) + R"(, "label": "Observed"})");
    };
    EXPECT_EQ(*only(figure("", 1200), run).measured, 1200);
    EXPECT_EQ(only(figure("", 1200), run).status, FigureStatus::kMatch);
    EXPECT_EQ(*only(figure(R"(, "set": "every")", 1234), run).measured, 1234);
    EXPECT_EQ(*only(figure(R"(, "set": "character")", 34), run).measured, 34);
    EXPECT_EQ(only(figure(R"(, "set": "character")", 34), run).status, FigureStatus::kMatch);
}

TEST(Figures, PercentageOfAnotherCounterWithinTheDocumentsRounding) {
    // 93 of 101 = 92.08 %: "92%" (tolerance 0.5) matches, "93%" does not.
    const RunResult run =
        test::make_run(Game::kSekiro, {"object"},
                       {{"nibble", "inner_match_stored_parent", TallyScope{"sekiro", "object", {}}, 93},
                        {"nibble", "inner_nodes_stored_parent", TallyScope{"sekiro", "object", {}}, 101}});
    const std::string head = R"({"id": "s", "figure": "share", "pass": "nibble", "counter": "inner_match_stored_parent",
        "of": "inner_nodes_stored_parent", "scope": {"game": "sekiro", "set": "object"}, "tolerance": 0.5, "label": "Observed", "expected": )";
    const FigureResult near = only(manifest(head + "92}", "sekiro"), run);
    EXPECT_EQ(near.status, FigureStatus::kMatch);
    EXPECT_NEAR(*near.measured, 9300.0 / 101.0, 1e-12);
    EXPECT_EQ(only(manifest(head + "93}", "sekiro"), run).status, FigureStatus::kMismatch);
}

TEST(Figures, RatioOfAnotherCounterIsNotTimesAHundred) {
    // 134 / 100 = 1.34 (tolerance 0.005, "1.34"); without "ratio" the same counters read 134 %.
    const RunResult run =
        test::make_run(Game::kSekiro, {"object"},
                       {{"tree_rule", "median_split_surface_um2", TallyScope{"sekiro", "object", {}}, 134},
                        {"tree_rule", "stock_inner_surface_um2", TallyScope{"sekiro", "object", {}}, 100}});
    const std::string head =
        R"({"id": "r", "figure": "cost", "pass": "tree_rule", "counter": "median_split_surface_um2",
        "of": "stock_inner_surface_um2", "ratio": true, "scope": {"game": "sekiro"}, "tolerance": 0.005, "label": "Observed", "expected": )";
    const FigureResult near = only(manifest(head + "1.34}", "sekiro"), run);
    EXPECT_EQ(near.status, FigureStatus::kMatch);
    EXPECT_DOUBLE_EQ(*near.measured, 1.34);
    EXPECT_FALSE(near.figure.percent);
    EXPECT_EQ(only(manifest(head + "1.32}", "sekiro"), run).status, FigureStatus::kMismatch);
    const RunResult no_whole = test::make_run(Game::kSekiro, {"object"}, {}, {"tree_rule"});
    const FigureResult none = only(manifest(head + "1.34}", "sekiro"), no_whole);
    EXPECT_FALSE(none.measured.has_value());
    EXPECT_NE(none.why.find("no ratio"), std::string::npos) << none.why;
}

TEST(Figures, RatioNeedsOfAndIsNoPercentage) {
    auto error = [](const std::string& fields) {
        auto m = parse_manifest(
            test::manifest_with(R"({"id": "r", "figure": "f", "pass": "tree_rule",
            "counter": "median_split_surface_um2", )" +
                                fields + R"(, "scope": {"game": "sekiro"}, "expected": 1, "label": "Observed"})"),
            PassRegistry::global());
        return m.ok() ? std::string() : m.error().message;
    };
    EXPECT_NE(error(R"("ratio": true)").find("'ratio' needs 'of'"), std::string::npos);
    EXPECT_NE(error(R"("of": "stock_inner_surface_um2", "ratio": true, "percent": true)").find("not a percentage"),
              std::string::npos);
    EXPECT_EQ(error(R"("of": "stock_inner_surface_um2", "ratio": true)"), "");
    EXPECT_NE(error(R"("of": "stock_inner_surface_um2", "ratio": "yes")"), "");
}

TEST(Figures, DenominatorCounterMustMatchTheDocumentsY) {
    const std::string fig = R"({"id": "d", "figure": "x of y", "pass": "keys", "counter": "tri2key_len_equal",
        "denominator_counter": "meshes_with_tri2key", "denominator": 10, "scope": {"game": "eldenring"},
        "expected": 7, "label": "Proven"})";
    const RunResult good = test::make_run(Game::kEldenRing, {"l"},
                                          {{"keys", "tri2key_len_equal", TallyScope{"eldenring", "l", {}}, 7},
                                           {"keys", "meshes_with_tri2key", TallyScope{"eldenring", "l", {}}, 10}});
    const FigureResult r = only(manifest(fig), good);
    EXPECT_EQ(r.status, FigureStatus::kMatch);
    EXPECT_EQ(*r.measured_denominator, 10);
    const RunResult bad = test::make_run(Game::kEldenRing, {"l"},
                                         {{"keys", "tri2key_len_equal", TallyScope{"eldenring", "l", {}}, 7},
                                          {"keys", "meshes_with_tri2key", TallyScope{"eldenring", "l", {}}, 11}});
    EXPECT_EQ(only(manifest(fig), bad).status, FigureStatus::kMismatch);
}

TEST(Figures, AMaximumIsTheLargestOverTheFiguresScope) {
    RunResult run =
        test::make_run(Game::kEldenRing, {"l", "h"}, {{"structure", "sections", TallyScope{"eldenring", "l", {}}, 1}});
    Tally& t = run.passes[0].tally;
    t.begin_unit(TallyScope{"eldenring", "l", {}}, 0);
    t.max("max_primitives", 127);
    t.begin_unit(TallyScope{"eldenring", "h", {}}, 1);
    t.max("max_primitives", 90);
    const std::string head = R"({"id": "m", "figure": "most primitives in a section", "pass": "structure",
        "counter": "max_primitives", "label": "Proven", "expected": 127, "scope": {"game": "eldenring")";
    const FigureResult all = only(manifest(head + "}}"), run);
    EXPECT_EQ(all.status, FigureStatus::kMatch);
    EXPECT_EQ(*all.measured, 127);
    const FigureResult h = only(manifest(head + R"(, "set": "h"}})"), run);
    EXPECT_EQ(h.status, FigureStatus::kMismatch);
    EXPECT_EQ(*h.measured, 90);
}

TEST(Figures, AMaximumCannotBeAPercentage) {
    auto m = parse_manifest(
        test::manifest_with(R"({"id": "m", "figure": "f", "pass": "structure", "counter": "max_primitives",
        "of": "sections", "scope": {"game": "eldenring"}, "expected": 1, "label": "Proven"})"),
        PassRegistry::global());
    ASSERT_FALSE(m.ok());
    EXPECT_NE(m.error().message.find("maximum"), std::string::npos) << m.error().message;
}

TEST(Figures, UncheckedWhenThePassDidNotRun) {
    const RunResult run =
        test::make_run(Game::kEldenRing, {"l"}, {{"keys", "meshes", TallyScope{"eldenring", "l", {}}, 3}});
    const FigureResult r = only(manifest(kPagedL), run);
    EXPECT_EQ(r.status, FigureStatus::kUnchecked);
    EXPECT_FALSE(r.measured.has_value());
    EXPECT_NE(r.why.find("not selected"), std::string::npos);
}

TEST(Figures, UncheckedWhenTheRunHoldsNothingInTheScope) {
    // An install without l members says nothing about l-set figures, not "0".
    const RunResult no_l =
        test::make_run(Game::kEldenRing, {"h"}, {{"page", "sections_page_1", TallyScope{"eldenring", "h", {}}, 0}});
    EXPECT_EQ(only(manifest(kPagedL), no_l).status, FigureStatus::kUnchecked);
    const RunResult other_game =
        test::make_run(Game::kSekiro, {"l"}, {{"page", "sections_page_1", TallyScope{"sekiro", "l", {}}, 89}});
    EXPECT_EQ(only(manifest(kPagedL), other_game).status, FigureStatus::kUnchecked);
}

TEST(Figures, ZeroCountInAHeldScopeIsMeasured) {
    const RunResult run = test::make_run(Game::kEldenRing, {"l"}, {}, {"page"});
    const FigureResult r = only(manifest(kPagedL), run);
    EXPECT_EQ(r.status, FigureStatus::kMismatch);
    EXPECT_EQ(*r.measured, 0);
}

TEST(Figures, NullPassIsNotComputedAndResultsAreInIdOrder) {
    const Manifest m = manifest(std::string(R"({"id": "z", "figure": "f", "pass": null, "scope": {"game": "eldenring"},
        "expected": 1, "label": "Observed"}, )") +
                                kPagedL);
    const RunResult run =
        test::make_run(Game::kEldenRing, {"l"}, {{"page", "sections_page_1", TallyScope{"eldenring", "l", {}}, 89}});
    const auto results = evaluate_figures(m, run);
    ASSERT_EQ(results.size(), 2u);
    EXPECT_EQ(results[0].figure.id, "p");
    EXPECT_EQ(results[1].figure.id, "z");
    EXPECT_EQ(results[1].status, FigureStatus::kNotComputed);
    const FigureTotals t = count_figures(results);
    EXPECT_EQ(t.match, 1u);
    EXPECT_EQ(t.not_computed, 1u);
}

TEST(Figures, SeveritySubScopesSplitAFigureAndNeverJoinItsSum) {
    // A .sur run: 12 faces in IVP-exact files, 5 in structurally valid ones (engine/pipeline/tally.h).
    const RunResult run = test::make_run(
        Game::kFreelancer, {"vers"},
        {{"sur_read", "faces", TallyScope{"freelancer", "vers", {}}, 17},
         {"sur_read", "faces", TallyScope{"freelancer", "vers", {SubScopeKind::kSeverity, "ivp-exact"}}, 12},
         {"sur_read", "faces", TallyScope{"freelancer", "vers", {SubScopeKind::kSeverity, "structurally-valid"}}, 5},
         {"sur_read", "files", TallyScope{"freelancer", "vers", {}}, 4},
         {"sur_read", "files", TallyScope{"freelancer", "vers", {SubScopeKind::kSeverity, "ivp-exact"}}, 1},
         {"sur_read", "files", TallyScope{"freelancer", "vers", {SubScopeKind::kSeverity, "structurally-valid"}}, 3}});
    for (const char* scope : {R"({"game": "freelancer", "set": "vers"})", R"({"game": "freelancer"})"}) {
        const FigureResult r =
            only(manifest(std::string(R"({"id": "f", "figure": "faces", "pass": "sur_read", "counter": "faces",
            "scope": )") + scope +
                              R"(, "expected": 17, "label": "Unlabelled"})",
                          "freelancer"),
                 run);
        EXPECT_EQ(r.status, FigureStatus::kMatch) << scope;
        EXPECT_EQ(*r.measured, 17) << scope;
        ASSERT_EQ(r.split.size(), 2u) << scope;
        EXPECT_EQ(r.split[0], (std::pair<std::string, double>{"ivp-exact", 12}));
        EXPECT_EQ(r.split[1], (std::pair<std::string, double>{"structurally-valid", 5}));
        EXPECT_EQ(split_suffix(r, [](double v) { return std::to_string(int(v)); }),
                  " (IVP-exact 12 · structurally valid 5)");
    }
    // A percentage splits as percentages of each class's own whole.
    const FigureResult p =
        only(manifest(R"({"id": "p", "figure": "faces per file", "pass": "sur_read", "counter": "files",
        "of": "faces", "scope": {"game": "freelancer", "set": "vers"}, "expected": 23.5, "tolerance": 0.1, "label": "Unlabelled"})",
                      "freelancer"),
             run);
    ASSERT_EQ(p.split.size(), 2u);
    EXPECT_NEAR(p.split[0].second, 100.0 / 12.0, 1e-12);
    EXPECT_NEAR(p.split[1].second, 300.0 / 5.0, 1e-12);
    // No sub-scope in the run: no split.
    const FigureResult plain = only(
        manifest(kPagedL),
        test::make_run(Game::kEldenRing, {"l"}, {{"page", "sections_page_1", TallyScope{"eldenring", "l", {}}, 89}}));
    EXPECT_TRUE(plain.split.empty());
    EXPECT_EQ(split_suffix(plain, [](double) { return std::string("x"); }), "");
}

TEST(Figures, AFileScopedFigureIsMeasuredInItsFileScopeOnly) {
    RunResult run = test::make_run(
        Game::kFreelancer, {"vers"},
        {{"sur_read", "faces", TallyScope{"freelancer", "vers", {}}, 1000},
         {"sur_read", "faces", TallyScope{"freelancer", "vers", {SubScopeKind::kFile, "pod_drab.sur"}}, 62},
         {"sur_read", "faces", TallyScope{"freelancer", "vers", {SubScopeKind::kSeverity, "ivp-exact"}}, 1000}});
    run.members[0].path = "DATA/EQUIPMENT/pod_drab.sur";
    const std::string figure = R"({"id": "f", "figure": "faces of its hull", "pass": "sur_read", "counter": "faces",
        "scope": {"game": "freelancer", "set": "vers", "file": "pod_drab.sur"}, "expected": 62, "label": "Unlabelled"})";
    const FigureResult r = only(manifest(figure, "freelancer"), run);
    EXPECT_EQ(r.status, FigureStatus::kMatch);
    EXPECT_EQ(*r.measured, 62);
    EXPECT_TRUE(r.split.empty());  // a file has one severity; no split
    EXPECT_EQ(figure_scope_text(r.figure.scope), "freelancer/vers pod_drab.sur");
    EXPECT_EQ(file_scopes_of(manifest(figure, "freelancer")), (std::vector<std::string>{"pod_drab.sur"}));
    // A run that holds no such file leaves the figure unchecked rather than 0.
    run.members[0].path = "DATA/EQUIPMENT/crate_grey.sur";
    const FigureResult none = only(manifest(figure, "freelancer"), run);
    EXPECT_EQ(none.status, FigureStatus::kUnchecked);
    EXPECT_NE(none.why.find("pod_drab.sur"), std::string::npos) << none.why;
    // A file scope names one file.
    auto bad = parse_manifest(test::manifest_with(R"({"id": "f", "figure": "x", "pass": "sur_read", "counter": "faces",
        "scope": {"game": "freelancer", "file": "a/b.sur"}, "expected": 1, "label": "Unlabelled"})",
                                                  "freelancer"),
                              PassRegistry::global());
    EXPECT_FALSE(bad.ok());
}

// Issue 17: a figure marked `exceeds` that measures more than the document (over the document's
// denominator) is status exceeds, never a mismatch; less stays a mismatch; alternatives are
// measured beside it.
TEST(Figures, MoreThanTheDocumentIsExceedsWhereTheFigureAllowsIt) {
    const std::string head =
        R"({"id": "x", "figure": "stored keys reproduced", "pass": "keys", "counter": "tri2key_len_equal",
        "denominator_counter": "meshes_with_tri2key", "denominator": 10, "scope": {"game": "eldenring"},
        "alternatives": ["empty_meshes"], "expected": 7, "label": "Proven")";
    auto run_with = [](std::uint64_t x, std::uint64_t y) {
        return test::make_run(Game::kEldenRing, {"l"},
                              {{"keys", "tri2key_len_equal", TallyScope{"eldenring", "l", {}}, x},
                               {"keys", "meshes_with_tri2key", TallyScope{"eldenring", "l", {}}, y},
                               {"keys", "empty_meshes", TallyScope{"eldenring", "l", {}}, 6}});
    };
    const Manifest allowed = manifest(head + R"(, "exceeds": true})");
    const Manifest plain = manifest(head + "}");
    const FigureResult more = only(allowed, run_with(8, 10));
    EXPECT_EQ(more.status, FigureStatus::kExceeds);
    EXPECT_EQ(*more.measured, 8);
    ASSERT_EQ(more.alternatives.size(), 1u);
    EXPECT_EQ(more.alternatives[0].first, "empty_meshes");
    EXPECT_EQ(more.alternatives[0].second, 6);
    EXPECT_EQ(only(plain, run_with(8, 10)).status, FigureStatus::kMismatch);  // not marked: a mismatch
    EXPECT_EQ(only(allowed, run_with(7, 10)).status, FigureStatus::kMatch);
    EXPECT_EQ(only(allowed, run_with(6, 10)).status, FigureStatus::kMismatch);  // fewer: a mismatch
    EXPECT_EQ(only(allowed, run_with(8, 11)).status, FigureStatus::kMismatch);  // another denominator
    const FigureTotals t = count_figures({more});
    EXPECT_EQ(t.exceeds, 1u);
    EXPECT_EQ(t.mismatch, 0u);
    EXPECT_EQ(figure_status_name(FigureStatus::kExceeds), "exceeds");
}

TEST(Figures, ExceedsAndAlternativesAreCheckedOnLoad) {
    auto parse = [](const std::string& fig) {
        return parse_manifest(test::manifest_with(fig), PassRegistry::global());
    };
    EXPECT_FALSE(
        parse(R"({"id": "a", "figure": "f", "pass": "keys", "counter": "empty_meshes", "scope": {"game": "eldenring"},
        "alternatives": ["no_such_counter"], "expected": 1, "label": "Proven"})")
            .ok());
    EXPECT_FALSE(parse(R"({"id": "a", "figure": "f", "pass": null, "scope": {"game": "eldenring"}, "exceeds": true,
        "expected": 1, "label": "Proven"})")
                     .ok());
    EXPECT_FALSE(
        parse(R"({"id": "a", "figure": "f", "pass": "keys", "counter": "empty_meshes", "scope": {"game": "eldenring"},
        "exceeds": "yes", "expected": 1, "label": "Proven"})")
            .ok());
}

// ---- a document manifest against a partial install (issue 15)

// The Elden Ring sample's interior figures: 60 keys read of the document's 65,846,233, none
// wrong; 12 bits set of the document's 25,136,262; 60 triangles of 66,239,498; a share.
Manifest partial_manifest() {
    const auto m = parse_manifest(test::manifest_with(R"json(
      {"id": "a.keys_wrong", "figure": "keys wrong", "pass": "interior", "counter": "keys_wrong",
       "denominator_counter": "keys_checked", "denominator": 65846233, "scope": {"game": "eldenring"},
       "expected": 0, "label": "Proven"},
      {"id": "b.bits_set", "figure": "bits set", "pass": "interior", "counter": "bits_set",
       "denominator_counter": "keys_checked", "denominator": 65846233, "scope": {"game": "eldenring"},
       "expected": 25136262, "label": "Proven"},
      {"id": "c.all_checked", "figure": "keys checked of keys", "pass": "interior", "counter": "keys_checked",
       "denominator_counter": "keys_checked", "denominator": 65846233, "scope": {"game": "eldenring"},
       "expected": 65846233, "label": "Proven"},
      {"id": "d.triangles", "figure": "triangles", "pass": "page", "counter": "triangles",
       "scope": {"game": "eldenring"}, "expected": 66239498, "label": "Proven"},
      {"id": "e.share", "figure": "share of keys with the bit", "pass": "interior", "counter": "bits_set", "of": "keys_checked",
       "scope": {"game": "eldenring"}, "expected": 38.2, "tolerance": 0.05, "label": "Proven"},
      {"id": "f.too_many", "figure": "wrong keys (a count above the whole install's)", "pass": "interior",
       "counter": "keys_wrong_exact_rsqrt", "scope": {"game": "eldenring"}, "expected": 3, "label": "Observed"})json"),
                                  PassRegistry::global());
    EXPECT_TRUE(m.ok()) << m.error().message;
    return *m;
}

RunResult partial_run() {
    return test::make_run(Game::kEldenRing, {"h"},
                          {{"interior", "keys_wrong", TallyScope{"eldenring", "h", {}}, 0},
                           {"interior", "keys_checked", TallyScope{"eldenring", "h", {}}, 60},
                           {"interior", "bits_set", TallyScope{"eldenring", "h", {}}, 12},
                           {"interior", "keys_wrong_exact_rsqrt", TallyScope{"eldenring", "h", {}}, 5},
                           {"page", "triangles", TallyScope{"eldenring", "h", {}}, 60}});
}

TEST(FiguresPartialInstall, RulesThatHoldOnWhatWasReadSaySoAndWholeInstallCountsAreNotComparable) {
    const RunResult run = partial_run();
    const FigureSection s = make_figure_section(partial_manifest(), run, "eldenring.json", ManifestSource::kDocument);
    ASSERT_EQ(s.results.size(), 6u);
    EXPECT_TRUE(s.partial_install);
    EXPECT_EQ(s.results[0].status, FigureStatus::kHoldsOnRead);  // 0 of 60 wrong; the document: 0 of 65,846,233
    EXPECT_EQ(s.results[0].why, "holds on what was read: 0 of 60 keys_checked");
    EXPECT_EQ(s.results[1].status, FigureStatus::kNotComparable);  // 12 of 60 set: a whole-install count
    EXPECT_EQ(s.results[1].why, "a whole-install count: not comparable on a partial install");
    EXPECT_EQ(s.results[2].status, FigureStatus::kHoldsOnRead);    // all of them, as the document's all
    EXPECT_EQ(s.results[3].status, FigureStatus::kNotComparable);  // 60 triangles of 66,239,498
    EXPECT_EQ(s.results[4].status, FigureStatus::kMismatch);       // 20 % is a share: comparable
    EXPECT_EQ(s.results[5].status, FigureStatus::kMismatch);       // 5 on a part, 3 on the whole: a real mismatch
    EXPECT_EQ(s.totals.holds_on_read, 2u);
    EXPECT_EQ(s.totals.not_comparable, 2u);
    EXPECT_EQ(s.totals.mismatch, 2u);
    EXPECT_EQ(partial_totals_text(s.totals), "2 hold on what was read, 2 not comparable on a partial install, ");
}

TEST(FiguresPartialInstall, AnExplicitManifestKeepsItsMismatches) {
    const RunResult run = partial_run();
    const FigureSection s = make_figure_section(partial_manifest(), run, "eldenring.json", ManifestSource::kExplicit);
    EXPECT_FALSE(s.partial_install);
    EXPECT_EQ(s.totals.mismatch, 6u);
    EXPECT_EQ(partial_totals_text(s.totals), "");
}

TEST(FiguresPartialInstall, AWholeInstallIsNotPartial) {
    // Every denominator as the document's: the statuses are the ones a report always had.
    const RunResult run = test::make_run(Game::kEldenRing, {"h"},
                                         {{"interior", "keys_wrong", TallyScope{"eldenring", "h", {}}, 1},
                                          {"interior", "keys_checked", TallyScope{"eldenring", "h", {}}, 65846233},
                                          {"interior", "bits_set", TallyScope{"eldenring", "h", {}}, 25136262},
                                          {"page", "triangles", TallyScope{"eldenring", "h", {}}, 60}});
    const FigureSection s = make_figure_section(partial_manifest(), run, "eldenring.json", ManifestSource::kDocument);
    EXPECT_FALSE(s.partial_install);
    EXPECT_EQ(s.results[0].status, FigureStatus::kMismatch);
    EXPECT_EQ(s.results[1].status, FigureStatus::kMatch);
    EXPECT_EQ(s.results[3].status, FigureStatus::kMismatch);
    EXPECT_EQ(s.totals.holds_on_read + s.totals.not_comparable, 0u);
}

}  // namespace
}  // namespace meshproof
