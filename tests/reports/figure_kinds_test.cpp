// The figure kinds of corpus-manifests/FORMAT.md ("Figure kinds"): a value every member shares,
// a list, a minimum, a mean, a median, a distinct count, a bound, and the lowest / highest binder set. Each on a
// hand-built run whose answer the test states, on both sides of its rule; then the loader's rules,
// the JSON report read back, Markdown / HTML, and `diff` on value sets.
#include <gtest/gtest.h>

#include "reports/figures.h"
#include "reports/html_report.h"
#include "reports/markdown_report.h"
#include "reports/report_diff.h"
#include "reports/report_model.h"
#include "reports/report_reader.h"
#include "reports/run_report.h"
#include "tests/reports/report_fixtures.h"

namespace meshproof {
namespace {

using test::manifest;
using test::only;

using test::tally_of;

// A run of Elden Ring h and l members in which `pass` ran (and recorded nothing yet).
RunResult run_with(std::string_view pass) {
    return test::make_run(Game::kEldenRing, {"h", "l"}, {}, {std::string(pass)});
}

const std::string kIsActive =
    R"({"id": "a", "figure": "isActive of every simd node", "pass": "simd", "counter": "node_is_active",
    "kind": "value_set", "scope": {"game": "eldenring"}, "expected": 0, "label": "Proven"})";

TEST(FigureKinds, ValueSetMatchesWhenExactlyTheOneValueIsSeen) {
    RunResult run = run_with("simd");
    Tally& t = tally_of(run, "simd");
    t.begin_unit(TallyScope{"eldenring", "h", {}}, 1);
    t.value("node_is_active", 0, 40);
    t.begin_unit(TallyScope{"eldenring", "l", {}}, 2);
    t.value("node_is_active", 0, 2);
    const FigureResult r = only(manifest(kIsActive), run);
    EXPECT_EQ(r.status, FigureStatus::kMatch);
    EXPECT_EQ(*r.measured, 0);
    ASSERT_EQ(r.values.size(), 1u);
    EXPECT_EQ(r.values[0].second, 42u);  // both sets' nodes
    EXPECT_EQ(values_text(r), "0 ×42");
}

TEST(FigureKinds, ValueSetWithASecondValueIsAMismatchThatShowsEveryValue) {
    RunResult run = run_with("simd");
    Tally& t = tally_of(run, "simd");
    t.begin_unit(TallyScope{"eldenring", "h", {}}, 1);
    t.value("node_is_active", 0, 40);
    t.value("node_is_active", 1, 3);
    const FigureResult r = only(manifest(kIsActive), run);
    EXPECT_EQ(r.status, FigureStatus::kMismatch);
    EXPECT_EQ(*r.measured, 0);  // the value seen most often
    EXPECT_EQ(values_text(r), "0 ×40 · 1 ×3");
    // Only another value: a mismatch measuring it.
    RunResult other = run_with("simd");
    tally_of(other, "simd").begin_unit(TallyScope{"eldenring", "h", {}}, 1);
    tally_of(other, "simd").value("node_is_active", 1, 5);
    const FigureResult o = only(manifest(kIsActive), other);
    EXPECT_EQ(o.status, FigureStatus::kMismatch);
    EXPECT_EQ(*o.measured, 1);
    // Nothing seen: unchecked.
    const FigureResult none = only(manifest(kIsActive), run_with("simd"));
    EXPECT_EQ(none.status, FigureStatus::kUnchecked);
    EXPECT_NE(none.why.find("no value seen"), std::string::npos) << none.why;
}

TEST(FigureKinds, AnOverflowedValueSetIsAMismatchWithoutMeasure) {
    RunResult run = run_with("simd");
    Tally& t = tally_of(run, "simd");
    t.begin_unit(TallyScope{"eldenring", "h", {}}, 1);
    for (std::size_t v = 0; v <= kMaxDistinctValues; ++v) t.value("node_is_active", static_cast<double>(v));
    const FigureResult r = only(manifest(kIsActive), run);
    EXPECT_EQ(r.status, FigureStatus::kMismatch);
    EXPECT_FALSE(r.measured.has_value());
    EXPECT_TRUE(r.values_overflowed);
}

const std::string kPayloads =
    R"({"id": "l", "figure": "payloads in pre-order for n = 4", "pass": "numbering", "counter": "payloads_n4",
    "kind": "list", "scope": {"game": "eldenring"}, "expected": 4, "expected_list": [2, 3, 0, 1], "label": "Proven"})";

TEST(FigureKinds, ListMatchesWhenOnlyThatListIsSeen) {
    RunResult run = run_with("numbering");
    Tally& t = tally_of(run, "numbering");
    t.begin_unit(TallyScope{"eldenring", "h", {}}, 1);
    t.values("payloads_n4", {2, 3, 0, 1}, 7);
    const FigureResult r = only(manifest(kPayloads), run);
    EXPECT_EQ(r.status, FigureStatus::kMatch);
    EXPECT_EQ(*r.measured, 4);  // the list's length, as `expected` is
    EXPECT_EQ(values_text(r), "2 3 0 1 ×7");
    t.values("payloads_n4", {0, 1, 2, 3}, 1);
    const FigureResult two = only(manifest(kPayloads), run);
    EXPECT_EQ(two.status, FigureStatus::kMismatch);
    EXPECT_EQ(values_text(two), "0 1 2 3 ×1 · 2 3 0 1 ×7");
}

TEST(FigureKinds, MinimumIsTheSmallestOverTheScopes) {
    RunResult run = run_with("keys");
    Tally& t = tally_of(run, "keys");
    t.begin_unit(TallyScope{"eldenring", "h", {}}, 1);
    t.min("numprimitivekeys_min_excess", 4);
    t.min("numprimitivekeys_min_excess", 2);
    t.begin_unit(TallyScope{"eldenring", "l", {}}, 2);
    t.min("numprimitivekeys_min_excess", 1);
    const std::string head =
        R"({"id": "m", "figure": "smallest excess", "pass": "keys", "counter": "numprimitivekeys_min_excess",
        "scope": {"game": "eldenring"}, "label": "Proven", "expected": )";
    const FigureResult r = only(manifest(head + "1}"), run);
    EXPECT_TRUE(r.figure.minimum);
    EXPECT_EQ(r.status, FigureStatus::kMatch);
    EXPECT_EQ(*r.measured, 1);
    EXPECT_EQ(only(manifest(head + "2}"), run).status, FigureStatus::kMismatch);
    const FigureResult none = only(manifest(head + "1}"), run_with("keys"));
    EXPECT_EQ(none.status, FigureStatus::kUnchecked);
    EXPECT_NE(none.why.find("no minimum"), std::string::npos) << none.why;
}

TEST(FigureKinds, MeanIsTheSumOverTheCount) {
    // 2,292 faces over 33 hulls = 69.45: "averaging 69" (± 0.5) matches, 70 does not.
    const RunResult run = test::make_run(Game::kFreelancer, {"vers"},
                                         {{"sur_read", "faces_skip", TallyScope{"freelancer", "vers", {}}, 2292},
                                          {"sur_read", "skip_hulls", TallyScope{"freelancer", "vers", {}}, 33}});
    const std::string head =
        R"({"id": "avg", "figure": "average faces per type-5 hull", "pass": "sur_read", "counter": "faces_skip",
        "of": "skip_hulls", "kind": "mean", "scope": {"game": "freelancer", "set": "vers"}, "tolerance": 0.5, "label": "Observed", "expected": )";
    const FigureResult r = only(manifest(head + "69}", "freelancer"), run);
    EXPECT_EQ(r.status, FigureStatus::kMatch);
    EXPECT_NEAR(*r.measured, 2292.0 / 33.0, 1e-12);
    EXPECT_FALSE(r.figure.percent);
    EXPECT_EQ(only(manifest(head + "70}", "freelancer"), run).status, FigureStatus::kMismatch);
    const RunResult empty = test::make_run(Game::kFreelancer, {"vers"}, {}, {"sur_read"});
    const FigureResult none = only(manifest(head + "69}", "freelancer"), empty);
    EXPECT_EQ(none.status, FigureStatus::kUnchecked);
    EXPECT_NE(none.why.find("no mean"), std::string::npos) << none.why;
}

TEST(FigureKinds, MedianOfTheHistogram) {
    RunResult run = test::make_run(Game::kFreelancer, {"vers"}, {}, {"sur_derive"});
    Tally& t = tally_of(run, "sur_derive");
    t.begin_unit(TallyScope{"freelancer", "vers", {}}, 1);
    t.value("maxlancer_error_pct", 10, 2);
    t.value("maxlancer_error_pct", 46, 1);
    t.value("maxlancer_error_pct", 900, 2);  // odd count 5: the third value, 46
    const std::string head =
        R"({"id": "med", "figure": "median error", "pass": "sur_derive", "counter": "maxlancer_error_pct",
        "kind": "median", "percent": true, "scope": {"game": "freelancer", "set": "vers"}, "tolerance": 0.5, "label": "Observed", "expected": )";
    const FigureResult r = only(manifest(head + "46}", "freelancer"), run);
    EXPECT_EQ(r.status, FigureStatus::kMatch);
    EXPECT_EQ(*r.measured, 46);
    EXPECT_EQ(only(manifest(head + "47}", "freelancer"), run).status, FigureStatus::kMismatch);
    t.value("maxlancer_error_pct", 50, 1);  // even count 6: the mean of 46 and 50
    EXPECT_EQ(*only(manifest(head + "48}", "freelancer"), run).measured, 48);
    for (std::size_t v = 0; v <= kMaxDistinctValues; ++v)
        t.value("maxlancer_error_pct", 1000.0 + static_cast<double>(v));
    const FigureResult many = only(manifest(head + "46}", "freelancer"), run);
    EXPECT_EQ(many.status, FigureStatus::kUnchecked);
    EXPECT_NE(many.why.find("no exact median"), std::string::npos) << many.why;
}

TEST(FigureKinds, DistinctCountsTheValuesSeen) {
    RunResult run = test::make_run(Game::kFreelancer, {"vers"}, {}, {"sur_read"});
    Tally& t = tally_of(run, "sur_read");
    t.begin_unit(TallyScope{"freelancer", "vers", {}}, 1);
    t.value("hull_type", 4, 30);
    t.value("hull_type", 5, 2);
    const std::string head = R"({"id": "d", "figure": "hull type values", "pass": "sur_read", "counter": "hull_type",
        "kind": "distinct", "scope": {"game": "freelancer", "set": "vers"}, "label": "Observed", "expected": )";
    const FigureResult r = only(manifest(head + "2}", "freelancer"), run);
    EXPECT_EQ(r.status, FigureStatus::kMatch);
    EXPECT_EQ(*r.measured, 2);
    EXPECT_EQ(values_text(r), "4 ×30 · 5 ×2");
    // One value more, or one fewer, is another count.
    t.begin_unit(TallyScope{"freelancer", "vers", {}}, 2);
    t.value("hull_type", 6, 1);
    const FigureResult three = only(manifest(head + "2}", "freelancer"), run);
    EXPECT_EQ(three.status, FigureStatus::kMismatch);
    EXPECT_EQ(*three.measured, 3);
    EXPECT_EQ(only(manifest(head + "3}", "freelancer"), run).status, FigureStatus::kMatch);
    ReportModel model{
        &run, ReportContext{"root", 0},
        make_figure_section(manifest(head + "3}", "freelancer"), run, "m.json", ManifestSource::kExplicit)};
    EXPECT_NE(render_markdown(model).find("3 (distinct values of 4 ×30 · 5 ×2 · 6 ×1)"), std::string::npos);
    for (std::size_t v = 0; v <= kMaxDistinctValues; ++v) t.value("hull_type", 1000.0 + static_cast<double>(v));
    const FigureResult many = only(manifest(head + "2}", "freelancer"), run);
    EXPECT_EQ(many.status, FigureStatus::kUnchecked);
    EXPECT_NE(many.why.find("no exact count"), std::string::npos) << many.why;
}

TEST(FigureKinds, BoundMatchesWithinItAndNotAbove) {
    RunResult run = run_with("page");
    Tally& t = tally_of(run, "page");
    t.begin_unit(TallyScope{"eldenring", "h", {}}, 1);
    t.max("triangle_max_outside_domain_um", 12.5);
    const std::string fig =
        R"({"id": "b", "figure": "largest distance outside the domain in µm, a bound", "pass": "page",
        "counter": "triangle_max_outside_domain_um", "kind": "bound", "scope": {"game": "eldenring"}, "expected": 16, "label": "Proven"})";
    const FigureResult r = only(manifest(fig), run);
    EXPECT_EQ(r.status, FigureStatus::kMatch);  // 12.5 ≤ 16, though not equal
    EXPECT_EQ(*r.measured, 12.5);
    t.max("triangle_max_outside_domain_um", 16.0);
    EXPECT_EQ(only(manifest(fig), run).status, FigureStatus::kMatch);  // on the bound
    t.max("triangle_max_outside_domain_um", 16.5);
    EXPECT_EQ(only(manifest(fig), run).status, FigureStatus::kMismatch);
}

TEST(FigureKinds, LowestAndHighestBinderSet) {
    // h: 40 of 100 = 40 %, l: 32 of 100 = 32 %.
    const RunResult run = test::make_run(Game::kEldenRing, {"h", "l"},
                                         {{"interior", "bits_stored", TallyScope{"eldenring", "h", {}}, 40},
                                          {"interior", "triangle_keys", TallyScope{"eldenring", "h", {}}, 100},
                                          {"interior", "bits_stored", TallyScope{"eldenring", "l", {}}, 32},
                                          {"interior", "triangle_keys", TallyScope{"eldenring", "l", {}}, 100}});
    auto fig = [](const char* kind, int expected) {
        return std::string(
                   R"({"id": "s", "figure": "share with the interior bit", "pass": "interior", "counter": "bits_stored",
            "of": "triangle_keys", "kind": ")") +
               kind + R"(", "scope": {"game": "eldenring"}, "tolerance": 0.5, "label": "Proven", "expected": )" +
               std::to_string(expected) + "}";
    };
    const FigureResult low = only(manifest(fig("lowest_set", 32)), run);
    EXPECT_EQ(low.status, FigureStatus::kMatch);
    EXPECT_EQ(*low.measured, 32);
    ASSERT_EQ(low.parts.size(), 2u);
    EXPECT_EQ(low.parts[0], (std::pair<std::string, double>{"h", 40}));
    EXPECT_EQ(only(manifest(fig("lowest_set", 36)), run).status,
              FigureStatus::kMismatch);  // the sum over sets would be 36 %
    const FigureResult high = only(manifest(fig("highest_set", 48)), run);
    EXPECT_EQ(high.status, FigureStatus::kMismatch);
    EXPECT_EQ(*high.measured, 40);
    EXPECT_EQ(only(manifest(fig("highest_set", 40)), run).status, FigureStatus::kMatch);
    EXPECT_EQ(parts_suffix(high, [](double v) { return std::to_string(static_cast<int>(v)); }),
              " (highest of h 40, l 32)");
}

// Each kind's loader rule, and that a figure breaking it names the rule.
TEST(FigureKinds, TheLoaderHoldsEachKindsRules) {
    auto error_of = [](const std::string& fig) {
        auto m = parse_manifest(test::manifest_with(fig), PassRegistry::global());
        return m.ok() ? std::string() : m.error().message;
    };
    const std::string head =
        R"({"id": "x", "figure": "f", "scope": {"game": "eldenring"}, "expected": 0, "label": "Proven", )";
    EXPECT_NE(error_of(head + R"("pass": "simd", "counter": "node_is_active"})").find("needs kind"), std::string::npos);
    EXPECT_NE(error_of(head + R"("pass": "simd", "counter": "meshes", "kind": "value_set"})").find("needs a value set"),
              std::string::npos);
    EXPECT_NE(error_of(head + R"("pass": "simd", "counter": "node_is_active", "kind": "colour"})").find("unknown kind"),
              std::string::npos);
    EXPECT_NE(error_of(head + R"("pass": null, "kind": "bound"})").find("'kind'"), std::string::npos);
    EXPECT_NE(
        error_of(head + R"("pass": "numbering", "counter": "payloads_n4", "kind": "list"})").find("expected_list"),
        std::string::npos);
    EXPECT_NE(error_of(head + R"("pass": "sur_read", "counter": "faces_skip", "kind": "mean"})").find("mean"),
              std::string::npos);
    EXPECT_NE(
        error_of(
            R"({"id": "x", "figure": "f", "scope": {"game": "eldenring", "set": "h"}, "expected": 0, "label": "Proven",
        "pass": "interior", "counter": "bits_stored", "of": "triangle_keys", "kind": "lowest_set"})")
            .find("every binder set"),
        std::string::npos);
    EXPECT_NE(error_of(head + R"("pass": "keys", "counter": "numprimitivekeys_min_excess", "exceeds": true})")
                  .find("minimum"),
              std::string::npos);
    EXPECT_EQ(error_of(head + R"("pass": "simd", "counter": "node_is_active", "kind": "value_set"})"), "");
    EXPECT_EQ(error_of(head + R"("pass": "page", "counter": "max_page", "kind": "bound"})"), "");
    EXPECT_NE(error_of(head + R"("pass": "simd", "counter": "meshes", "kind": "distinct"})").find("needs a value set"),
              std::string::npos);
    EXPECT_EQ(error_of(head + R"("pass": "simd", "counter": "node_is_active", "kind": "distinct"})"), "");
}

// The JSON report carries kind, seen and sets; the reader reads them back; Markdown and HTML say them.
TEST(FigureKinds, ReportsWriteAndReadEveryKind) {
    RunResult run = run_with("simd");
    Tally& t = tally_of(run, "simd");
    t.begin_unit(TallyScope{"eldenring", "h", {}}, 1);
    t.value("node_is_active", 0, 40);
    t.value("node_is_active", 1, 3);
    const Manifest m = manifest(kIsActive);
    ReportModel model{&run, ReportContext{"root", 0}, make_figure_section(m, run, "m.json", ManifestSource::kExplicit)};
    const std::string json = render_json(model);
    EXPECT_NE(json.find(R"("kind": "value_set")"), std::string::npos) << json;
    EXPECT_NE(json.find(R"("value_sets": [)"), std::string::npos) << json;
    auto back = parse_report(json);
    ASSERT_TRUE(back.ok()) << back.error().message;
    const ReportFigure& f = (*back->figures)[0];
    EXPECT_EQ(f.kind, "value_set");
    EXPECT_EQ(f.status, "mismatch");
    ASSERT_EQ(f.seen.size(), 2u);
    EXPECT_EQ(f.seen[1], (std::pair<std::vector<double>, std::uint64_t>{{1}, 3}));
    ASSERT_EQ(back->value_sets.size(), 1u);
    EXPECT_EQ(back->value_sets[0].values.size(), 2u);
    EXPECT_NE(render_markdown(model).find("seen 0 ×40 · 1 ×3"), std::string::npos);
    EXPECT_NE(render_html(model).find("seen 0 ×40 · 1 ×3"), std::string::npos);

    // A bound prints "≤" before the document's value; a report without kinds has no "kind" field.
    RunResult plain = run_with("page");
    tally_of(plain, "page").begin_unit(TallyScope{"eldenring", "h", {}}, 1);
    tally_of(plain, "page").max("max_page", 3);
    const Manifest bound =
        manifest(R"({"id": "b", "figure": "largest page", "pass": "page", "counter": "max_page", "kind": "bound",
        "scope": {"game": "eldenring"}, "expected": 4, "label": "Proven"})");
    ReportModel bound_model{&plain, ReportContext{"root", 0},
                            make_figure_section(bound, plain, "m.json", ManifestSource::kExplicit)};
    EXPECT_NE(render_markdown(bound_model).find("≤ 4"), std::string::npos);
    EXPECT_EQ(render_json(ReportModel{&plain, ReportContext{"root", 0}, std::nullopt}).find("\"kind\""),
              std::string::npos);
}

// `diff`: a value set whose values changed is a figure change and per-value counter changes; a
// mismatch with more members off the one value moved away.
TEST(FigureKinds, DiffComparesValueSets) {
    auto report = [](std::uint64_t off) {
        RunResult run = run_with("simd");
        Tally& t = tally_of(run, "simd");
        t.begin_unit(TallyScope{"eldenring", "h", {}}, 1);
        t.value("node_is_active", 0, 40);
        if (off) t.value("node_is_active", 1, off);
        const Manifest m = manifest(kIsActive);
        auto loaded = parse_report(render_json(ReportModel{
            &run, ReportContext{"root", 0}, make_figure_section(m, run, "m.json", ManifestSource::kExplicit)}));
        EXPECT_TRUE(loaded.ok()) << loaded.error().message;
        return *loaded;
    };
    const LoadedReport clean = report(0), some = report(2), more = report(5);
    const ReportDiff a = diff_reports(clean, some);
    ASSERT_EQ(a.figures.size(), 1u);
    EXPECT_TRUE(a.figures[0].moved_away);  // match -> mismatch
    EXPECT_EQ(a.figures[0].new_seen, "0 ×40 · 1 ×2");
    ASSERT_EQ(a.counters.size(), 1u);
    EXPECT_EQ(a.counters[0].counter, "node_is_active = 1");
    EXPECT_EQ(a.counters[0].kind, CounterKind::kValueCount);
    EXPECT_TRUE(diff_reports(some, more).figures[0].moved_away);   // 5 members off, not 2
    EXPECT_FALSE(diff_reports(more, some).figures[0].moved_away);  // closer
    EXPECT_TRUE(diff_reports(clean, clean).empty());
}

}  // namespace
}  // namespace meshproof
