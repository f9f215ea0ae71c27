// The regression diff (reports/report_diff.h): reading reports back (strictly, naming the JSON
// path of what is wrong), what counts as a change and as a regression, and both renderings.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "engine/core/json_writer.h"
#include "reports/report_diff.h"
#include "reports/report_diff_render.h"
#include "reports/report_reader.h"
#include "reports/run_report.h"
#include "tests/reports/report_fixtures.h"
#include "tests/support/corpus.h"

namespace {

using namespace meshproof;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A report as `verify --json` writes it (reports/run_report.cpp), from a LoadedReport.
std::string write_report(const LoadedReport& r) {
    JsonWriter w;
    w.begin_object();
    w.field("report_format", r.report_format);
    w.key("config").begin_object();
    w.field("meshproof_version", "0.1.0");
    w.field("game", r.game);
    w.field("game_detection", "test");
    w.field("root", r.root);
    w.key("passes").begin_array();
    for (const auto& p : r.passes) w.value(p);
    w.end_array();
    w.key("decompressors").begin_array().end_array();
    w.end_object();
    w.key("inputs").begin_object();
    w.field("members", r.inputs.members);
    w.field("ok", r.inputs.ok);
    w.field("decode_error", r.inputs.decode_error);
    w.field("skipped", r.inputs.skipped);
    w.end_object();
    w.key("passes").begin_array();
    for (const auto& pass : r.passes) {
        w.begin_object();
        w.field("name", pass);
        for (CounterKind kind : {CounterKind::kCount, CounterKind::kMaximum}) {
            w.key(kind == CounterKind::kCount ? "counters" : "maxima").begin_array();
            for (const auto& c : r.counters) {
                if (c.pass != pass || c.kind != kind) continue;
                w.begin_object();
                w.field("counter", c.counter);
                w.field("scope", c.scope);
                // As the real writer: counts as integers, maxima as any number.
                if (kind == CounterKind::kCount) w.field("value", static_cast<std::uint64_t>(c.value));
                else w.field("value", c.value);
                if (kind == CounterKind::kCount) w.field("violation", c.violation);
                w.end_object();
            }
            w.end_array();
        }
        w.key("failures").begin_object();
        std::string open;
        for (const auto& s : r.failures) {
            if (s.pass != pass) continue;
            if (s.counter != open) {
                if (!open.empty()) w.end_array();
                w.key(s.counter).begin_array();
                open = s.counter;
            }
            w.begin_object().field("location", s.location).field("detail", s.detail).end_object();
        }
        if (!open.empty()) w.end_array();
        w.end_object();
        w.end_object();
    }
    w.end_array();
    w.key("errors").begin_array();
    for (const auto& e : r.errors)
        w.begin_object()
            .field("path", e.path)
            .field("code", e.code)
            .field("offset", e.offset)
            .field("message", e.message)
            .end_object();
    w.end_array();
    w.key("skipped").begin_array();
    for (const auto& s : r.skipped)
        w.begin_object().field("path", s.path).field("reason", s.reason).field("remedy", "x").end_object();
    w.end_array();
    w.key("manifest");
    if (r.manifest.empty()) w.null();
    else w.begin_object().field("name", r.manifest).field("path", "x.json").end_object();
    if (r.figures) {
        w.key("figures").begin_array();
        for (const auto& f : *r.figures) {
            w.begin_object();
            w.field("id", f.id);
            w.key("pass");
            if (f.pass.empty()) w.null();
            else w.value(f.pass);
            if (!f.counter.empty()) w.field("counter", f.counter);
            w.key("of").null();
            const auto slash = f.scope.find('/');
            w.key("scope").begin_object().field("game", f.scope.substr(0, slash));
            if (slash != std::string::npos) w.field("set", f.scope.substr(slash + 1));
            w.field("dlc", false).end_object();
            w.key("measured");
            if (f.measured) w.value(*f.measured);
            else w.null();
            w.field("expected", f.expected);
            w.field("tolerance", f.tolerance);
            w.field("label", f.label);
            w.field("status", f.status);
            w.end_object();
        }
        w.end_array();
    }
    w.end_object();
    return w.take();
}

ReportFigure figure(std::string id, std::optional<double> measured, double expected, double tolerance = 0) {
    ReportFigure f;
    f.id = std::move(id);
    f.pass = "page";
    f.counter = "sections_page1";
    f.scope = "eldenring/l";
    f.measured = measured;
    f.expected = expected;
    f.tolerance = tolerance;
    f.label = "Proven";
    f.status = !measured ? "unchecked" : (std::abs(*measured - expected) <= tolerance ? "match" : "mismatch");
    return f;
}

// Two passes, a few counters (one of them a violation counter), a maximum, a failure sample,
// one failed and one skipped member, and figures.
LoadedReport base_report() {
    LoadedReport r;
    r.report_format = 1;
    r.game = "eldenring";
    r.root = "/installs/a";
    r.passes = {"leafbox", "page"};
    r.manifest = "eldenring";
    r.inputs = {10, 8, 1, 1};
    r.counters = {
        {"leafbox", "vertices_outside_leaf", "eldenring/h", CounterKind::kCount, 2, true},
        {"leafbox", "vertices", "eldenring/h", CounterKind::kCount, 1000, false},
        {"leafbox", "outside_ulps", "eldenring/h", CounterKind::kMaximum, 7, false},
        {"page", "sections_page1", "eldenring/l", CounterKind::kCount, 89, false},
        {"page", "primitives_outside_page", "eldenring/l", CounterKind::kCount, 0, false},
    };
    r.failures = {{"leafbox", "vertices_outside_leaf", "map/m10 :: a.hkx", "vertex 3 | 4 ulps"}};
    r.errors = {{"map/m10 :: broken.hkx", "truncated", 120, "read past the end"}};
    r.skipped = {{"map/m10 :: kraken.hkx", "unsupported compression KRAK"}};
    r.figures = std::vector<ReportFigure>{figure("a.close", 89, 89), figure("b.off", 95, 90),
                                          figure("c.unchecked", std::nullopt, 5)};
    return r;
}

ReportCounterValue& counter(LoadedReport& r, const std::string& name) {
    for (auto& c : r.counters)
        if (c.counter == name) return c;
    throw std::logic_error("no counter " + name);
}

ReportFigure& figure_of(LoadedReport& r, const std::string& id) {
    for (auto& f : *r.figures)
        if (f.id == id) return f;
    throw std::logic_error("no figure " + id);
}

void set_measured(ReportFigure& f, std::optional<double> v) { f = figure(f.id, v, f.expected, f.tolerance); }

// ---- reading

TEST(ReportReader, ReadsBackEverySectionTheDiffUses) {
    const LoadedReport written = base_report();
    auto read = parse_report(write_report(written));
    ASSERT_TRUE(read.ok()) << read.error().message;
    EXPECT_EQ(read->game, "eldenring");
    EXPECT_EQ(read->root, "/installs/a");
    EXPECT_EQ(read->passes, written.passes);
    EXPECT_EQ(read->manifest, "eldenring");
    EXPECT_EQ(read->inputs.members, 10u);
    EXPECT_EQ(read->inputs.decode_error, 1u);
    ASSERT_EQ(read->counters.size(), written.counters.size());
    const auto& max = read->counters[2];
    EXPECT_EQ(max.counter, "outside_ulps");
    EXPECT_EQ(max.kind, CounterKind::kMaximum);
    EXPECT_EQ(max.value, 7u);
    EXPECT_TRUE(read->counters[0].violation);
    ASSERT_EQ(read->failures.size(), 1u);
    EXPECT_EQ(read->failures[0].detail, "vertex 3 | 4 ulps");
    ASSERT_EQ(read->errors.size(), 1u);
    EXPECT_EQ(read->errors[0].offset, 120u);
    ASSERT_EQ(read->skipped.size(), 1u);
    ASSERT_TRUE(read->figures.has_value());
    ASSERT_EQ(read->figures->size(), 3u);
    EXPECT_EQ((*read->figures)[1].measured, 95.0);
    EXPECT_EQ((*read->figures)[1].scope, "eldenring/l");
    EXPECT_EQ((*read->figures)[1].status, "mismatch");
    EXPECT_FALSE((*read->figures)[2].measured.has_value());
}

TEST(ReportReader, AReportWithoutFiguresReadsAsHavingNone) {
    LoadedReport r = base_report();
    r.figures.reset();
    auto read = parse_report(write_report(r));
    ASSERT_TRUE(read.ok()) << read.error().message;
    EXPECT_FALSE(read->figures.has_value());
}

// Replaces the first occurrence of `from` in the written base report.
std::string corrupted(const std::string& from, const std::string& to) {
    std::string text = write_report(base_report());
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
}

void expect_rejected(const std::string& text, const std::string& message_part) {
    auto r = parse_report(text);
    ASSERT_FALSE(r.ok()) << "accepted; expected: " << message_part;
    EXPECT_TRUE(contains(r.error().message, message_part)) << r.error().message;
}

// ctest-labels: hostile
TEST(ReportReader, CorruptReportsAreRejectedNamingTheJsonPath) {
    expect_rejected("{\"report_format\": 1, ", "not valid JSON");
    expect_rejected("[1, 2]", "expected an object");
    expect_rejected("", "not valid JSON");
    expect_rejected(corrupted("\"report_format\": 1", "\"report_format\": 2"), "report_format: version 2");
    expect_rejected(corrupted("\"value\": 2", "\"value\": \"2\""),
                    "passes[0].counters[0].value: expected an unsigned integer");
    expect_rejected(corrupted("\"value\": 2", "\"value\": -2"),
                    "passes[0].counters[0].value: expected an unsigned integer");
    expect_rejected(corrupted("\"violation\": true", "\"violation\": 1"),
                    "passes[0].counters[0].violation: expected true or false");
    expect_rejected(corrupted("\"errors\"", "\"errorz\""), "errors: missing");
    expect_rejected(corrupted("\"offset\": 120", "\"offset\": null"), "errors[0].offset");
    expect_rejected(corrupted("\"detail\": \"vertex", "\"detale\": \"vertex"),
                    "passes[0].failures.vertices_outside_leaf[0].detail: missing");
    expect_rejected(corrupted("\"status\": \"match\"", "\"status\": \"fine\""),
                    "figures[0].status: unknown status 'fine'");
    expect_rejected(corrupted("\"measured\": 89", "\"measured\": null"), "figures[0].measured: null for a match");
    expect_rejected(corrupted("\"measured\": null", "\"measured\": 3"), "figures[2].measured: set for a unchecked");
    expect_rejected(corrupted("\"id\": \"b.off\"", "\"id\": \"a.close\""), "figures[1]: duplicate figure id a.close");
    expect_rejected(corrupted("\"manifest\": {", "\"manifest\": 3, \"was\": {"), "manifest: expected an object");
    expect_rejected(corrupted("\"figures\": [", "\"figures\": 3, \"more\": ["), "figures: expected an array");
    expect_rejected(corrupted("\"counter\": \"vertices\"", "\"counter\": \"vertices_outside_leaf\""),
                    "passes[0].counters[1]: duplicate vertices_outside_leaf");
    expect_rejected(corrupted("\"path\": \"map/m10 :: kraken.hkx\"", "\"path\": \"map/m10 :: broken.hkx\""),
                    "skipped[0]: member listed twice");
}

// ctest-labels: hostile
TEST(ReportReader, EveryTruncatedPrefixIsRejected) {
    const std::string text = write_report(base_report());
    ASSERT_TRUE(parse_report(text).ok());
    // The writer ends the document with a newline: without it the text is still whole.
    const std::size_t whole = text.find_last_not_of('\n') + 1;
    for (std::size_t n : test::prefix_lengths(whole)) {
        auto r = parse_report(std::string_view(text).substr(0, n));
        EXPECT_FALSE(r.ok()) << "prefix of " << n << " bytes accepted";
    }
}

// ---- the diff

TEST(ReportDiff, AReportAgainstItselfIsEmpty) {
    const LoadedReport r = base_report();
    const ReportDiff d = diff_reports(r, r);
    EXPECT_TRUE(d.empty());
    EXPECT_FALSE(d.regressed());
    EXPECT_EQ(d.figure_presence, FigurePresence::kBoth);
    EXPECT_EQ(render_diff_text(d, {"a.json", "b.json"}), "meshproof diff: a.json -> b.json: no differences\n");
    EXPECT_TRUE(contains(render_diff_markdown(d, {"a.json", "b.json"}), "no regression"));
}

TEST(ReportDiff, AViolationCounterThatGrewIsARegressionOtherCountersAreChanges) {
    const LoadedReport old_report = base_report();
    LoadedReport grown = base_report();
    counter(grown, "vertices_outside_leaf").value = 5;
    ReportDiff d = diff_reports(old_report, grown);
    ASSERT_EQ(d.counters.size(), 1u);
    EXPECT_EQ(d.counters[0].old_value, 2u);
    EXPECT_EQ(d.counters[0].new_value, 5u);
    EXPECT_TRUE(d.counters[0].violation_grew);
    EXPECT_TRUE(d.regressed());

    LoadedReport shrunk = base_report();
    counter(shrunk, "vertices_outside_leaf").value = 1;
    d = diff_reports(old_report, shrunk);
    ASSERT_EQ(d.counters.size(), 1u);
    EXPECT_FALSE(d.counters[0].violation_grew);
    EXPECT_FALSE(d.regressed());

    LoadedReport plain = base_report();
    counter(plain, "vertices").value = 900;
    counter(plain, "outside_ulps").value = 9;
    d = diff_reports(old_report, plain);
    ASSERT_EQ(d.counters.size(), 2u);
    EXPECT_EQ(d.counters[0].counter, "outside_ulps");  // (pass, counter, scope, kind) order
    EXPECT_EQ(d.counters[0].kind, CounterKind::kMaximum);
    EXPECT_FALSE(d.regressed());
    const std::string text = render_diff_text(d, {"a", "b"});
    EXPECT_TRUE(contains(text, "leafbox.vertices [eldenring/h]  1000 -> 900 (-100)")) << text;
    EXPECT_TRUE(contains(text, "leafbox.outside_ulps (maximum) [eldenring/h]  7 -> 9 (+2)")) << text;
}

TEST(ReportDiff, AViolationCounterThatWasZeroIsRecognisedWhenItGrows) {
    // The report marks `violation` only on non-zero values; the new report's flag tells.
    LoadedReport old_report = base_report();
    counter(old_report, "primitives_outside_page").violation = false;
    LoadedReport new_report = base_report();
    counter(new_report, "primitives_outside_page").value = 3;
    counter(new_report, "primitives_outside_page").violation = true;
    const ReportDiff d = diff_reports(old_report, new_report);
    ASSERT_EQ(d.counters.size(), 1u);
    EXPECT_TRUE(d.counters[0].violation_grew);
    EXPECT_EQ(d.violation_counters_grown(), 1u);
}

TEST(ReportDiff, CountersOfAPassInOneReportOnlyAreSummarisedAsThePass) {
    LoadedReport without_page = base_report();
    without_page.passes = {"leafbox"};
    std::erase_if(without_page.counters, [](const ReportCounterValue& c) { return c.pass == "page"; });
    const ReportDiff d = diff_reports(without_page, base_report());
    EXPECT_EQ(d.passes_added, std::vector<std::string>{"page"});
    EXPECT_TRUE(d.counters.empty());
    EXPECT_FALSE(d.regressed());
}

TEST(ReportDiff, AScopeThatAppearsAtZeroIsNoChangeAtANonZeroValueItIs) {
    LoadedReport new_report = base_report();
    new_report.counters.push_back({"page", "sections_page1", "eldenring/h", CounterKind::kCount, 0, false});
    EXPECT_TRUE(diff_reports(base_report(), new_report).counters.empty());
    new_report.counters.back().value = 4;
    const ReportDiff d = diff_reports(base_report(), new_report);
    ASSERT_EQ(d.counters.size(), 1u);
    EXPECT_FALSE(d.counters[0].old_value.has_value());
    EXPECT_TRUE(contains(render_diff_text(d, {"a", "b"}), "[eldenring/h]  - -> 4 (+4)"));
}

TEST(ReportDiff, AFigureMovesAwayWhenItStartsToMismatchOrGetsFartherFromExpected) {
    const LoadedReport old_report = base_report();
    struct Case {
        const char* id;
        std::optional<double> measured;
        bool moved_away;
    };
    for (const Case& c : {Case{"a.close", 92, true},             // match -> mismatch
                          Case{"a.close", std::nullopt, false},  // match -> unchecked: changed, not moved
                          Case{"b.off", 93, false},              // mismatch, closer (95 -> 93, expected 90)
                          Case{"b.off", 90, false},              // mismatch -> match
                          Case{"b.off", 97, true},               // mismatch, farther
                          Case{"b.off", 85, false},              // mismatch, as far on the other side
                          Case{"c.unchecked", 4, true}, Case{"c.unchecked", 5, false}}) {
        SCOPED_TRACE(std::string(c.id) + " -> " + (c.measured ? std::to_string(*c.measured) : "null"));
        LoadedReport new_report = base_report();
        set_measured(figure_of(new_report, c.id), c.measured);
        const ReportDiff d = diff_reports(old_report, new_report);
        ASSERT_EQ(d.figures.size(), 1u);
        EXPECT_EQ(d.figures[0].id, c.id);
        EXPECT_EQ(d.figures[0].moved_away, c.moved_away);
        EXPECT_EQ(d.regressed(), c.moved_away);
    }
    LoadedReport new_report = base_report();
    set_measured(figure_of(new_report, "a.close"), 92);
    const std::string text = render_diff_text(diff_reports(old_report, new_report), {"a", "b"});
    EXPECT_TRUE(contains(text, "! a.close [eldenring/l]  89 -> 92 (+3), expected 89 ± 0, match -> mismatch")) << text;
}

TEST(ReportDiff, AFigureWhoseExpectedValueChangedShowsBoth) {
    LoadedReport new_report = base_report();
    ReportFigure& f = figure_of(new_report, "a.close");
    f.expected = 92;
    set_measured(f, 92);
    const ReportDiff d = diff_reports(base_report(), new_report);
    ASSERT_EQ(d.figures.size(), 1u);
    EXPECT_EQ(d.figures[0].old_expected, 89.0);
    EXPECT_FALSE(d.figures[0].moved_away);
    const std::string text = render_diff_text(d, {"a", "b"});
    EXPECT_TRUE(contains(text, "a.close [eldenring/l]  89 -> 92 (+3), expected 89 -> 92 ± 0, match -> match")) << text;
}

TEST(ReportDiff, ANewFigureThatMismatchesIsARegressionOnlyWhenTheOldReportHadFigures) {
    LoadedReport new_report = base_report();
    new_report.figures->push_back(figure("d.new", 7, 3));
    ReportDiff d = diff_reports(base_report(), new_report);
    ASSERT_EQ(d.figures.size(), 1u);
    EXPECT_EQ(d.figures[0].old_status, "");
    EXPECT_TRUE(d.figures[0].moved_away);

    LoadedReport old_report = base_report();
    old_report.figures.reset();
    d = diff_reports(old_report, new_report);
    EXPECT_EQ(d.figure_presence, FigurePresence::kNewOnly);
    EXPECT_EQ(d.figures.size(), 4u);
    EXPECT_EQ(d.figures_moved_away(), 0u);
    EXPECT_TRUE(contains(render_diff_text(d, {"a", "b"}), "the old report has no figures"));
}

TEST(ReportDiff, FiguresOfAnotherManifestAreNoted) {
    LoadedReport new_report = base_report();
    new_report.manifest = "sekiro";
    const ReportDiff d = diff_reports(base_report(), new_report);
    EXPECT_FALSE(d.empty());
    EXPECT_TRUE(contains(render_diff_text(d, {"a", "b"}),
                         "note: the figures were measured against different manifests (eldenring -> sekiro)"));
    LoadedReport none = base_report();
    none.manifest.clear();
    EXPECT_TRUE(contains(render_diff_markdown(diff_reports(none, base_report()), {"a", "b"}),
                         "Note: the figures were measured against different manifests (none -> eldenring)."));
}

TEST(ReportDiff, MembersThatNewlyFailRecoverOrChangeTheirError) {
    LoadedReport new_report = base_report();
    new_report.errors = {
        {"map/m10 :: broken.hkx", "bad-magic", 0, "not a tagfile"},     // still an error, another one
        {"map/m10 :: kraken.hkx", "decompress", 16, "corrupt stream"},  // skipped -> error: newly failed
        {"map/m11 :: fresh.hkx", "truncated", 8, "read past the end"},  // not listed -> error: newly failed
    };
    new_report.skipped = {};
    ReportDiff d = diff_reports(base_report(), new_report);
    ASSERT_EQ(d.members.size(), 3u);
    EXPECT_FALSE(d.members[0].newly_failed());
    EXPECT_TRUE(d.members[1].newly_failed());
    EXPECT_TRUE(d.members[2].newly_failed());
    EXPECT_EQ(d.members_newly_failed(), 2u);
    EXPECT_TRUE(d.regressed());

    d = diff_reports(new_report, base_report());
    EXPECT_EQ(d.members_newly_failed(), 0u);
    EXPECT_TRUE(d.members[2].recovered());
    EXPECT_FALSE(d.regressed());
    const std::string text = render_diff_text(d, {"a", "b"});
    EXPECT_TRUE(
        contains(text, "old: error truncated at offset 8: read past the end\n      new: not listed (ok or absent)"))
        << text;
}

TEST(ReportDiff, FailureSamplesThatAppearAndDisappear) {
    LoadedReport new_report = base_report();
    new_report.failures = {{"leafbox", "vertices_outside_leaf", "map/m10 :: b.hkx", "vertex 9"}};
    const ReportDiff d = diff_reports(base_report(), new_report);
    ASSERT_EQ(d.failures.size(), 2u);  // location order
    EXPECT_FALSE(d.failures[0].appeared);
    EXPECT_EQ(d.failures[0].sample.location, "map/m10 :: a.hkx");
    EXPECT_TRUE(d.failures[1].appeared);
    EXPECT_EQ(d.failures[1].sample.location, "map/m10 :: b.hkx");
    const std::string text = render_diff_text(d, {"a", "b"});
    EXPECT_TRUE(contains(text, "1 appeared, 1 disappeared")) << text;
    EXPECT_TRUE(contains(text, "+ leafbox.vertices_outside_leaf at map/m10 :: b.hkx: vertex 9")) << text;
}

TEST(ReportDiffMarkdown, RegressionsComeFirstCellsAreEscapedLongTablesAreCut) {
    LoadedReport new_report = base_report();
    counter(new_report, "vertices").value = 1;
    counter(new_report, "vertices_outside_leaf").value = 9;
    new_report.failures = {{"leafbox", "vertices_outside_leaf", "map/m10 :: a.hkx", "vertex 3 | 5 ulps"}};
    const ReportDiff d = diff_reports(base_report(), new_report);
    const std::string md = render_diff_markdown(d, {"old.json", "new.json"}, 1);
    EXPECT_TRUE(contains(md, "### meshproof diff: regression\n")) << md;
    EXPECT_TRUE(contains(md, "`old.json` → `new.json`: regression: 1 violation counter grew.")) << md;
    // vertices_outside_leaf (a regression) is shown, vertices (listed first by name) is cut.
    EXPECT_TRUE(contains(md, "| ❌ | `leafbox.vertices_outside_leaf` | eldenring/h | 2 | 9 | +7 |")) << md;
    EXPECT_FALSE(contains(md, "`leafbox.vertices` |")) << md;
    EXPECT_TRUE(contains(md, "1 more not shown")) << md;
    EXPECT_TRUE(contains(md, "vertex 3 \\| 4 ulps")) << md;  // disappeared; sorts before "5 ulps", which is cut
}

}  // namespace

// ---- reports the real writer (reports/run_report.cpp) wrote

// The leafbox maximum of a defective install is a fraction of an ulp away from a whole number
// (1765376.5 on the demo install with --defects all); a maximum that is not finite is written as
// null. Both must read back, and the diff must show them; a reader that wants every value to be
// an unsigned integer rejects the whole report (issue 15).
TEST(ReportReader, WrittenMaximaThatAreNotWholeNumbersReadBack) {
    auto run_with = [](double prims_max, double sections_max) {
        RunResult run = test::make_run(Game::kEldenRing, {"l"},
                                       {{"leafbox", "prims_outside", TallyScope{"eldenring", "l", {}}, 1}});
        Tally& t = run.passes[0].tally;
        t.begin_unit(TallyScope{"eldenring", "l", {}}, 0);
        t.max("prims_max_excess_ulps", prims_max);
        t.max("sections_max_excess_ulps", sections_max);
        return run;
    };
    const RunResult old_run = run_with(2.25, std::numeric_limits<double>::infinity());
    const RunResult new_run = run_with(1765376.5, std::numeric_limits<double>::infinity());
    const std::string old_text = render_json(old_run, ReportContext{"old"});
    const std::string new_text = render_json(new_run, ReportContext{"new"});
    ASSERT_TRUE(contains(new_text, "\"value\": 1765376.5")) << new_text;
    ASSERT_TRUE(contains(new_text, "\"value\": null")) << new_text;
    auto old_report = parse_report(old_text);
    auto new_report = parse_report(new_text);
    ASSERT_TRUE(old_report.ok()) << old_report.error().message;
    ASSERT_TRUE(new_report.ok()) << new_report.error().message;
    double prims = 0;
    bool sections_nan = false;
    for (const auto& c : new_report->counters) {
        if (c.counter == "prims_max_excess_ulps") prims = c.value;
        if (c.counter == "sections_max_excess_ulps") sections_nan = std::isnan(c.value);
    }
    EXPECT_EQ(prims, 1765376.5);
    EXPECT_TRUE(sections_nan);

    const ReportDiff d = diff_reports(*old_report, *new_report);
    ASSERT_EQ(d.counters.size(), 1u);  // the null maximum is unchanged; the fractional one moved
    EXPECT_EQ(d.counters[0].counter, "prims_max_excess_ulps");
    EXPECT_EQ(d.counters[0].kind, CounterKind::kMaximum);
    const std::string text = render_diff_text(d, DiffLabels{"old.json", "new.json"});
    EXPECT_TRUE(contains(text, "2.25 -> 1765376.5 (+1765374.25)")) << text;
}

// A document manifest's figures on a partial install carry two more statuses (holds-on-read,
// not-comparable; corpus-manifests/FORMAT.md): the reader takes them with their measured
// value, and a figure that left `mismatch` for one of them is a change, not a regression.
TEST(ReportReader, PartialInstallStatusesReadBackAndAreNoRegression) {
    const std::string text = corrupted("\"status\": \"mismatch\"", "\"status\": \"holds-on-read\"");
    auto read = parse_report(text);
    ASSERT_TRUE(read.ok()) << read.error().message;
    EXPECT_EQ((*read->figures)[1].status, "holds-on-read");
    EXPECT_EQ((*read->figures)[1].measured, 95.0);
    const ReportDiff d = diff_reports(base_report(), *read);
    ASSERT_EQ(d.figures.size(), 1u);
    EXPECT_EQ(d.figures[0].new_status, "holds-on-read");
    EXPECT_FALSE(d.regressed());
    auto comparable = parse_report(corrupted("\"status\": \"mismatch\"", "\"status\": \"not-comparable\""));
    ASSERT_TRUE(comparable.ok()) << comparable.error().message;
    std::string no_value = text;
    const std::string measured = "\"measured\": 95";
    no_value.replace(no_value.find(measured), measured.size(), "\"measured\": null");
    expect_rejected(no_value, "figures[1].measured: null for a holds-on-read");
}
