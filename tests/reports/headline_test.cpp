// The headline the reports open with (reports/headline.h): the claims in the document's order,
// each holds / fails / measured / nothing checked by counts the test states, the figures farthest
// from the document in a stated order (ties by id), and every human report starting with it.
#include <gtest/gtest.h>

#include <limits>

#include "reports/figure_distance.h"
#include "reports/headline.h"
#include "reports/html_report.h"
#include "reports/markdown_report.h"
#include "tests/reports/report_fixtures.h"

namespace meshproof {
namespace {

// Lead passes, two other passes with rules, one with a violation; leaf-box containment fails with
// 5 primitives outside (and 5 again in a sub-scope, which repeats counts and is never summed).
RunResult headline_run() {
    RunResult run = test::make_run(
        Game::kEldenRing, {"l"},
        {{"page", "sections", TallyScope{"eldenring", "l", {}}, 10},
         {"leafbox", "prims", TallyScope{"eldenring", "l", {}}, 100},
         {"leafbox", "prims_outside", TallyScope{"eldenring", "l", {}}, 5},
         {"leafbox", "prims_outside", TallyScope{"eldenring", "l", {SubScopeKind::kSeverity, "ivp-exact"}}, 5},
         {"nibble", "roots", TallyScope{"eldenring", "l", {}}, 2},
         {"nibble", "inner_nodes", TallyScope{"eldenring", "l", {}}, 3},
         {"nibble", "leaves", TallyScope{"eldenring", "l", {}}, 5},
         {"nibble", "differing_nodes", TallyScope{"eldenring", "l", {}}, 1},
         {"interior", "meshes", TallyScope{"eldenring", "l", {}}, 3},
         {"keys", "meshes", TallyScope{"eldenring", "l", {}}, 4},
         {"keys", "key_bits_differ", TallyScope{"eldenring", "l", {}}, 1},
         {"structure", "meshes", TallyScope{"eldenring", "l", {}}, 4}});
    // A pass handed no unit (a .sur pass in a Havok run) is no claim of this run.
    PassResult idle;
    idle.pass = PassRegistry::global().find("sur_hull");
    run.passes.push_back(std::move(idle));
    return run;
}

Manifest nibble_manifest(int expected) {
    auto m = parse_manifest(test::manifest_with(R"({"id": "n.differ", "figure": "nodes off the rule", "pass": "nibble",
        "counter": "differing_nodes", "scope": {"game": "eldenring"}, "expected": )" +
                                                std::to_string(expected) + R"(, "label": "Observed"})"),
                            PassRegistry::global());
    EXPECT_TRUE(m.ok()) << m.error().message;
    return m.ok() ? *m : Manifest{};
}

TEST(Headline, LeadClaimsComeFirstInTheDocumentsOrderThenTheOtherRulesByPass) {
    const RunResult run = headline_run();
    const Headline h = make_headline(ReportModel{&run, ReportContext{"root"}, std::nullopt});
    std::vector<std::string> titles;
    for (const auto& c : h.claims) titles.push_back(c.title);
    // interior and nibble have no rule left after their lead claim, page none: no "rules" line.
    EXPECT_EQ(titles, (std::vector<std::string>{"shared-vertex page", "leaf-box containment", "nibble floor rule",
                                                "interior-bit reproduction", "keys rules", "leafbox rules",
                                                "structure rules"}));
    for (const auto& c : h.claims) EXPECT_EQ(c.anchor, "pass-" + c.pass);
    EXPECT_TRUE(h.farthest.empty());  // no manifest
}

TEST(Headline, StatesAndCountsFollowTheCounters) {
    const RunResult run = headline_run();
    const Headline h = make_headline(ReportModel{&run, ReportContext{"root"}, std::nullopt});
    ASSERT_EQ(h.claims.size(), 7u);
    const HeadlineClaim& page = h.claims[0];
    EXPECT_EQ(page.state, ClaimState::kHolds);
    EXPECT_EQ(page.rules, 4u);  // every violation counter of the page pass
    EXPECT_EQ(claim_count_text(page), "0 violations in 10 sections");
    const HeadlineClaim& leafbox = h.claims[1];
    EXPECT_EQ(leafbox.state, ClaimState::kFails);
    EXPECT_EQ(leafbox.violations, 5u);  // the sub-scope's repeat is not added
    EXPECT_EQ(leafbox.checked, 100u);
    EXPECT_EQ(claim_count_text(leafbox), "5 violations in 100 triangles and quads: prims_outside 5");
    const HeadlineClaim& nibble = h.claims[2];
    EXPECT_TRUE(nibble.rate);
    EXPECT_EQ(nibble.state, ClaimState::kMeasured);  // no manifest figure judges the rate
    EXPECT_EQ(claim_count_text(nibble), "1 of 10 tree nodes differ from the rule (10 %)");
    EXPECT_EQ(h.claims[3].state, ClaimState::kNothingChecked);  // interior: no mesh with bits
    EXPECT_EQ(claim_count_text(h.claims[3]), "no triangle keys of meshes with bits to check");
    const HeadlineClaim& keys = h.claims[4];
    EXPECT_EQ(keys.state, ClaimState::kFails);
    EXPECT_EQ(claim_count_text(keys), "1 violation in 4 compressed meshes (10 rules): key_bits_differ 1");
    const HeadlineClaim& leafbox_rest = h.claims[5];  // the leafbox rules leaf-box containment did not take
    EXPECT_EQ(leafbox_rest.state, ClaimState::kHolds);
    EXPECT_EQ(leafbox_rest.rules, 3u);
    EXPECT_EQ(h.claims[6].state, ClaimState::kHolds);
}

TEST(Headline, TheNibbleRateHoldsOrFailsByTheManifestsFigures) {
    const RunResult run = headline_run();
    for (const auto& [expected, state] : {std::pair{1, ClaimState::kHolds}, std::pair{2, ClaimState::kFails}}) {
        const ReportModel model{
            &run, ReportContext{"root"},
            make_figure_section(nibble_manifest(expected), run, "m.json", ManifestSource::kExplicit)};
        const Headline h = make_headline(model);
        ASSERT_GE(h.claims.size(), 3u);
        EXPECT_EQ(h.claims[2].state, state) << expected;
        EXPECT_EQ(h.farthest.size(), expected == 1 ? 0u : 1u);
    }
}

FigureResult figure(std::string id, FigureStatus status, std::optional<double> measured, double expected) {
    FigureResult r;
    r.figure.id = std::move(id);
    r.status = status;
    r.measured = measured;
    r.figure.expected = expected;
    return r;
}

TEST(FigureDistance, FarthestFirstNumericBeforeOthersTiesById) {
    std::vector<FigureResult> results;
    results.push_back(figure("z", FigureStatus::kMismatch, 90, 100));          // 0.1
    results.push_back(figure("n", FigureStatus::kMismatch, std::nullopt, 3));  // no number: last
    results.push_back(figure("a", FigureStatus::kMismatch, 110, 100));         // 0.1, ties with z
    results.push_back(figure("m", FigureStatus::kMatch, 5, 5));                // matches: not listed
    results.push_back(figure("e", FigureStatus::kExceeds, 900, 5));            // exceeds: not a mismatch
    results.push_back(figure("h", FigureStatus::kHoldsOnRead, 0, 7));          // partial: not a mismatch
    results.push_back(figure("b", FigureStatus::kMismatch, 0, 0.5));           // |0 − 0.5| / max(0.5, 1) = 0.5
    FigureResult den = figure("d", FigureStatus::kMismatch, 5, 5);             // right count over the wrong whole
    den.measured_denominator = 50;
    den.figure.denominator = 100;  // 0.5, ties with b
    results.push_back(den);
    results.push_back(figure("big", FigureStatus::kMismatch, 3e6, 0));  // 3e6
    const auto far = farthest_figures(results, false);
    std::vector<std::string> ids;
    for (const auto& f : far) ids.push_back(f.result->figure.id);
    EXPECT_EQ(ids, (std::vector<std::string>{"big", "b", "d", "a", "z", "n"}));
    EXPECT_DOUBLE_EQ(far[0].distance, 3e6);
    EXPECT_DOUBLE_EQ(far[1].distance, 0.5);
    EXPECT_DOUBLE_EQ(far[3].distance, 0.1);
    EXPECT_FALSE(far[5].numeric);
    EXPECT_EQ(relative_distance(std::numeric_limits<double>::quiet_NaN(), 1), std::numeric_limits<double>::infinity());
    // On a partial install every denominator is below the document's: the value alone counts.
    const auto partial = farthest_figures(results, true);
    ids.clear();
    for (const auto& f : partial) ids.push_back(f.result->figure.id);
    EXPECT_EQ(ids, (std::vector<std::string>{"big", "b", "a", "z", "d", "n"}));
    EXPECT_EQ(partial[4].distance, 0);
}

// A run with a manifest: two figures off the document, one matching.
struct HeadlineReports {
    RunResult run = headline_run();
    ReportModel model;
    HeadlineReports() {
        auto m = parse_manifest(
            test::manifest_with(
                R"({"id": "f.near", "figure": "keys meshes", "pass": "keys", "counter": "meshes", "scope": {"game": "eldenring"},
                "expected": 5, "label": "Proven"},
               {"id": "f.far", "figure": "structure meshes", "pass": "structure", "counter": "meshes", "scope": {"game": "eldenring"},
                "expected": 400, "label": "Proven"},
               {"id": "f.ok", "figure": "page sections", "pass": "page", "counter": "sections", "scope": {"game": "eldenring"},
                "expected": 10, "label": "Proven"})"),
            PassRegistry::global());
        EXPECT_TRUE(m.ok()) << m.error().message;
        model =
            ReportModel{&run, ReportContext{"root"}, make_figure_section(*m, run, "m.json", ManifestSource::kDocument)};
    }
};

TEST(Headline, MarkdownOpensWithTheClaimsThenTheFarthestFigures) {
    HeadlineReports r;
    const std::string md = render_markdown(r.model);
    // The verdict line (verdict.h), then the headline.
    EXPECT_TRUE(md.starts_with(
        "# meshproof verify report\n\n**FAIL: 2 rules broken in 0 members (6 violations)**\n\n## Headline\n\n"
        "- ✓ holds — shared-vertex page: 0 violations in 10 sections "
        "([page](#pass-page))\n- ✗ **fails** — leaf-box containment: 5 violations in 100 triangles and quads: "
        "prims_outside 5 ([leafbox](#pass-leafbox))\n"))
        << md.substr(0, 800);
    // The farthest first (|4 − 400| / 400 before |4 − 5| / 5), before any table.
    const auto far = md.find("1. `f.far` structure meshes");
    const auto near = md.find("2. `f.near` keys meshes");
    ASSERT_NE(far, std::string::npos) << md.substr(0, 2000);
    ASSERT_NE(near, std::string::npos);
    EXPECT_LT(far, near);
    ASSERT_NE(md.find("| page sections |"), std::string::npos);
    EXPECT_EQ(md.find("page sections"),
              md.find("| page sections |") + 2);  // a matching figure: only in its pass's table
    EXPECT_LT(near, md.find("\n|"));
    EXPECT_NE(md.find("[All 2 figures that differ](#figures)"), std::string::npos);
    // Every anchor the headline links to exists.
    for (const char* anchor :
         {"figures", "pass-page", "pass-leafbox", "pass-nibble", "pass-interior", "pass-keys", "pass-structure"})
        EXPECT_NE(md.find(std::string("<a id=\"") + anchor + "\"></a>"), std::string::npos) << anchor;
}

TEST(Headline, HtmlOpensWithTheClaimsThenTheFarthestFigures) {
    HeadlineReports r;
    const std::string html = render_html(r.model);
    const auto headline = html.find("<section id=\"headline\">");
    ASSERT_NE(headline, std::string::npos);
    EXPECT_LT(headline, html.find("<table"));  // the first table is the headline's
    EXPECT_LT(headline, html.find("<h2 id=\"configuration\">"));
    EXPECT_LT(html.find("shared-vertex page"), html.find("leaf-box containment"));
    EXPECT_LT(html.find("<a href=\"#figure-f.far\">"), html.find("<a href=\"#figure-f.near\">"));
    EXPECT_NE(html.find("<tr id=\"figure-f.far\">"), std::string::npos);  // the link's target
    EXPECT_NE(html.find("<a href=\"#pass-leafbox\">leafbox</a>"), std::string::npos);
    EXPECT_NE(html.find("<section id=\"pass-leafbox\">"), std::string::npos);
}

}  // namespace
}  // namespace meshproof
