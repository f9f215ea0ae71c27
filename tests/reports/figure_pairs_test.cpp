// The figure kinds lowest_of / highest_of (corpus-manifests/FORMAT.md "Figure kinds"): the lowest
// or highest percentage over a named list of counter pairs, optionally each pair's complement
// ("lacks a stock node's leaf set in 2% to 8%": over the seven leaf-count bands, the share of
// band_nodes_X that band_shared_X does not count). On hand-built tallies whose answer the test
// states; the loader's rules; the JSON report read back and compared by `diff`; and the
// document manifests' figures that these kinds and `bound` compute (tree_rule).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

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

const char* const kBands[] = {"2", "3_4", "5_8", "9_16", "17_32", "33_64", "65up"};

// The tree_rule bands: nodes[b] of band b, shared[b] of those shared (scope eldenring/h).
std::vector<test::CounterValue> bands(const std::vector<std::uint64_t>& nodes, const std::vector<std::uint64_t>& shared,
                                      const TallyScope& scope = TallyScope{"eldenring", "h", {}}) {
    std::vector<test::CounterValue> out;
    for (std::size_t b = 0; b < nodes.size(); ++b) {
        out.push_back({"tree_rule", std::string("band_nodes_") + kBands[b], scope, nodes[b]});
        out.push_back({"tree_rule", std::string("band_shared_") + kBands[b], scope, shared[b]});
    }
    return out;
}

std::string pairs_json(std::size_t n) {
    std::string s;
    for (std::size_t b = 0; b < n; ++b)
        s += std::string(b ? ", " : "") + R"([")" + "band_shared_" + kBands[b] + R"(", "band_nodes_)" + kBands[b] +
             R"("])";
    return "[" + s + "]";
}

std::string lacks(const char* kind, double expected, bool complement = true, std::size_t n = 7) {
    return std::string(
               R"({"id": "lacks", "figure": "share of stock nodes whose leaf set the cut tree lacks", "pass": "tree_rule", "kind": ")") +
           kind + R"(", "pairs": )" + pairs_json(n) + (complement ? R"(, "complement": true)" : "") +
           R"(, "scope": {"game": "eldenring"}, "tolerance": 0.5, "label": "Observed", "expected": )" +
           std::to_string(expected) + "}";
}

// 2: 100 nodes, 98 shared (2 % lack); 3–4: 50, 46 (8 %); 5–8: 0 nodes (left out); 9–16: 20, 19 (5 %).
const std::vector<std::uint64_t> kNodes = {100, 50, 0, 20}, kShared = {98, 46, 0, 19};

TEST(FigurePairs, LowestAndHighestOfTheComplementsLeaveOutEmptyPairs) {
    const RunResult run = test::make_run(Game::kEldenRing, {"h"}, bands(kNodes, kShared));
    const FigureResult low = only(manifest(lacks("lowest_of", 2, true, 4)), run);
    EXPECT_EQ(low.status, FigureStatus::kMatch) << low.why;
    EXPECT_DOUBLE_EQ(*low.measured, 2);
    ASSERT_EQ(low.parts.size(), 3u);  // 5–8 has no node: left out, not 100 % or 0 %
    EXPECT_EQ(low.parts[0].first, "band_shared_2/band_nodes_2");
    EXPECT_DOUBLE_EQ(low.parts[1].second, 8);
    EXPECT_EQ(low.parts[2].first, "band_shared_9_16/band_nodes_9_16");
    EXPECT_DOUBLE_EQ(low.parts[2].second, 5);
    EXPECT_TRUE(low.figure.percent);  // a pair kind ranks percentages

    const FigureResult high = only(manifest(lacks("highest_of", 8, true, 4)), run);
    EXPECT_EQ(high.status, FigureStatus::kMatch);
    EXPECT_DOUBLE_EQ(*high.measured, 8);
    EXPECT_EQ(only(manifest(lacks("highest_of", 11, true, 4)), run).status, FigureStatus::kMismatch);
    EXPECT_EQ(only(manifest(lacks("lowest_of", 5, true, 4)), run).status,
              FigureStatus::kMismatch);  // the mean would be near it
    EXPECT_EQ(
        parts_suffix(high, [](double v) { return std::to_string(static_cast<int>(v)); }),
        " (highest of band_shared_2/band_nodes_2 2, band_shared_3_4/band_nodes_3_4 8, band_shared_9_16/band_nodes_9_16 5)");
    EXPECT_EQ(pairs_text(high.figure).rfind("(band_nodes_2 − band_shared_2) / band_nodes_2, (band_nodes_3_4 − ", 0), 0u)
        << pairs_text(high.figure);

    // Without the complement: each pair's own share (98 %, 92 %, 95 %).
    const FigureResult shared = only(manifest(lacks("lowest_of", 92, false, 4)), run);
    EXPECT_EQ(shared.status, FigureStatus::kMatch);
    EXPECT_DOUBLE_EQ(*shared.measured, 92);
    EXPECT_EQ(pairs_text(shared.figure).rfind("band_shared_2 / band_nodes_2, band_shared_3_4 / ", 0), 0u)
        << pairs_text(shared.figure);

    // No pair with a whole: unchecked, saying why.
    const RunResult empty = test::make_run(Game::kEldenRing, {"h"}, bands({0, 0, 0, 0}, {0, 0, 0, 0}));
    const FigureResult none = only(manifest(lacks("lowest_of", 2, true, 4)), empty);
    EXPECT_EQ(none.status, FigureStatus::kUnchecked);
    EXPECT_NE(none.why.find("every pair's of is 0"), std::string::npos) << none.why;
}

// The sum over the figure's scope, pair by pair: both sets of the game add up before the ranking.
TEST(FigurePairs, EachPairIsSummedOverTheScopeFirst) {
    auto counters = bands({100, 50}, {98, 46}, TallyScope{"eldenring", "h", {}});
    for (const auto& c : bands({100, 50}, {90, 50}, TallyScope{"eldenring", "l", {}})) counters.push_back(c);
    const RunResult run = test::make_run(Game::kEldenRing, {"h", "l"}, counters);
    // 2: 188 of 200 shared (6 % lack); 3–4: 96 of 100 (4 %).
    const FigureResult low = only(manifest(lacks("lowest_of", 4, true, 2)), run);
    EXPECT_EQ(low.status, FigureStatus::kMatch);
    EXPECT_DOUBLE_EQ(*low.measured, 4);
    EXPECT_DOUBLE_EQ(*only(manifest(lacks("highest_of", 6, true, 2)), run).measured, 6);
}

TEST(FigurePairs, TheLoaderHoldsTheKindsRules) {
    auto error_of = [](const std::string& fig) {
        auto m = parse_manifest(test::manifest_with(fig), PassRegistry::global());
        return m.ok() ? std::string() : m.error().message;
    };
    const std::string head =
        R"({"id": "x", "figure": "f", "scope": {"game": "eldenring"}, "expected": 2, "label": "Observed", "pass": "tree_rule", )";
    const std::string pairs = R"("pairs": [["band_shared_2", "band_nodes_2"], ["band_shared_3_4", "band_nodes_3_4"]])";
    EXPECT_EQ(error_of(head + R"("kind": "lowest_of", )" + pairs + "}"), "");
    EXPECT_EQ(error_of(head + R"("kind": "highest_of", "complement": true, )" + pairs + "}"), "");
    EXPECT_NE(error_of(head + R"("kind": "lowest_of"})").find("needs 'pairs'"), std::string::npos);
    EXPECT_NE(
        error_of(head + R"("kind": "lowest_of", "counter": "band_shared_2", )" + pairs + "}").find("not 'counter'"),
        std::string::npos);
    EXPECT_NE(error_of(head + R"("kind": "lowest_of", "pairs": [["band_shared_2", "band_nodes_2"]]})")
                  .find("two pairs or more"),
              std::string::npos);
    EXPECT_NE(
        error_of(head + R"("kind": "lowest_of", "pairs": [["band_shared_2"], ["band_shared_3_4", "band_nodes_3_4"]]})")
            .find("[counter, of]"),
        std::string::npos);
    EXPECT_NE(
        error_of(head +
                 R"("kind": "lowest_of", "pairs": [["band_shared_2", 3], ["band_shared_3_4", "band_nodes_3_4"]]})")
            .find("[counter, of]"),
        std::string::npos);
    EXPECT_NE(
        error_of(
            head +
            R"("kind": "lowest_of", "pairs": [["band_shared_2", "no_such"], ["band_shared_3_4", "band_nodes_3_4"]]})")
            .find("no_such"),
        std::string::npos);
    EXPECT_NE(
        error_of(head + R"("kind": "lowest_of", "pairs": [["band_shared_2", "band_nodes_2"], "band_shared_3_4"]})")
            .find("[counter, of]"),
        std::string::npos);
    EXPECT_NE(error_of(head + R"("kind": "lowest_of", "ratio": true, )" + pairs + "}").find("takes no 'ratio'"),
              std::string::npos);
    EXPECT_NE(error_of(head + R"("kind": "lowest_of", "percent": false, )" + pairs + "}").find("ranks percentages"),
              std::string::npos);
    EXPECT_NE(error_of(head + R"("counter": "band_shared_2", "of": "band_nodes_2", "complement": true})")
                  .find("need kind 'lowest_of'"),
              std::string::npos);
    EXPECT_NE(error_of(head + R"("counter": "band_shared_2", "of": "band_nodes_2", )" + pairs + "}")
                  .find("need kind 'lowest_of'"),
              std::string::npos);
    EXPECT_NE(
        error_of(
            R"({"id": "x", "figure": "f", "scope": {"game": "eldenring"}, "expected": 2, "label": "Observed", "pass": null, )" +
            pairs + "}")
            .find("'pairs'"),
        std::string::npos);
}

// The JSON report carries the pairs, the complement and each pair's value; the reader reads them
// back; Markdown and HTML name the pairs; `diff` sees a band that moved even where the extreme did not.
TEST(FigurePairs, ReportsRoundTripThroughDiff) {
    auto report = [](const std::vector<std::uint64_t>& shared) {
        RunResult run = test::make_run(Game::kEldenRing, {"h"}, bands(kNodes, shared));
        const Manifest m = manifest(lacks("highest_of", 8, true, 4));
        ReportModel model{&run, ReportContext{"root", 0},
                          make_figure_section(m, run, "m.json", ManifestSource::kExplicit)};
        const std::string json = render_json(model);
        EXPECT_NE(json.find(R"("kind": "highest_of")"), std::string::npos) << json;
        EXPECT_NE(json.find(R"("complement": true)"), std::string::npos) << json;
        EXPECT_NE(json.find(R"("pair_values": {)"), std::string::npos) << json;
        EXPECT_NE(render_markdown(model).find("(band_nodes_2 − band_shared_2) / band_nodes_2"), std::string::npos);
        EXPECT_NE(render_html(model).find("(highest of band_shared_2/band_nodes_2 "), std::string::npos);
        auto loaded = parse_report(json);
        EXPECT_TRUE(loaded.ok()) << loaded.error().message;
        return *loaded;
    };
    const LoadedReport a = report(kShared);
    const ReportFigure& f = (*a.figures)[0];
    EXPECT_EQ(f.kind, "highest_of");
    EXPECT_TRUE(f.complement);
    ASSERT_EQ(f.pairs.size(), 4u);
    EXPECT_EQ(f.pairs[3], (std::pair<std::string, std::string>{"band_shared_9_16", "band_nodes_9_16"}));
    ASSERT_EQ(f.parts.size(), 3u);
    EXPECT_DOUBLE_EQ(f.parts[1].second, 8);
    EXPECT_EQ(f.status, "match");
    EXPECT_TRUE(diff_reports(a, a).empty());

    // 2 moves from 2 % to 3 % lacking: the highest (8 %) stays, the figure still changed.
    const LoadedReport b = report({97, 46, 0, 19});
    const ReportDiff moved = diff_reports(a, b);
    ASSERT_EQ(moved.figures.size(), 1u);
    EXPECT_FALSE(moved.figures[0].moved_away);
    EXPECT_EQ(moved.figures[0].old_measured, moved.figures[0].new_measured);  // 8 % both: only a band moved
    // 3–4 to 20 % lacking: a mismatch that moved away.
    const LoadedReport c = report({98, 40, 0, 19});
    const ReportDiff away = diff_reports(a, c);
    ASSERT_EQ(away.figures.size(), 1u);
    EXPECT_EQ(away.figures[0].new_status, "mismatch");
    EXPECT_TRUE(away.figures[0].moved_away);

    // A report with pairs on a figure of another kind is refused.
    std::string json = R"({"report_format": 1, "config": {"game": "eldenring", "root": "r", "passes": []},
        "inputs": {"members": 0, "ok": 0, "decode_error": 0, "skipped": 0}, "passes": [], "errors": [], "skipped": [],
        "figures": [{"id": "x", "pass": "tree_rule", "counter": "band_shared_2", "of": "band_nodes_2", "pairs": [],
        "scope": {"game": "eldenring"}, "measured": null, "expected": 1, "label": "Observed", "status": "unchecked"}]})";
    EXPECT_FALSE(parse_report(json).ok());
}

// The document manifests' figures these kinds compute: taken from the checked-in manifests, so
// the counters.tsv mapping is tested with the kind.
const ManifestFigure& document_figure(const Manifest& m, std::string_view id) {
    for (const auto& f : m.figures)
        if (f.id == id) return f;
    ADD_FAILURE() << "no figure " << id;
    return m.figures.front();
}

Manifest document_manifest(const char* name) {
    auto m =
        load_manifest(std::filesystem::path(MESHPROOF_SOURCE_DIR) / "corpus-manifests" / (std::string(name) + ".json"),
                      PassRegistry::global());
    EXPECT_TRUE(m.ok()) << m.error().message;
    return m.ok() ? *m : Manifest{};
}

FigureResult evaluate_one(const ManifestFigure& f, const RunResult& run) {
    Manifest one;
    one.name = "one";
    one.game = "eldenring";
    one.figures = {f};
    return only(one, run);
}

TEST(FigurePairs, DocumentLacksLeafsetFiguresRankTheSevenBands) {
    // Every band: 2, 3, 4, 5, 6, 7, 11 % lacking of 100 nodes.
    const std::vector<std::uint64_t> nodes(7, 100), shared = {98, 97, 96, 95, 94, 93, 89};
    const RunResult er = test::make_run(Game::kEldenRing, {"h"}, bands(nodes, shared));
    const Manifest m = document_manifest("eldenring");
    const FigureResult low = evaluate_one(document_figure(m, "havok.tree_rule.eldenring.lacks_leafset_min"), er);
    EXPECT_EQ(low.status, FigureStatus::kMatch) << low.why;  // the document's 2 %
    EXPECT_DOUBLE_EQ(*low.measured, 2);
    EXPECT_EQ(low.parts.size(), 7u);
    const FigureResult high = evaluate_one(document_figure(m, "havok.tree_rule.eldenring.lacks_leafset_max"), er);
    EXPECT_EQ(high.status, FigureStatus::kMatch) << high.why;  // the document's 11 %
    EXPECT_DOUBLE_EQ(*high.measured, 11);
    // Sekiro's highest is 8 %: 11 % there is a mismatch.
    const RunResult sekiro = test::make_run(Game::kSekiro, {"h"}, bands(nodes, shared, TallyScope{"sekiro", "h", {}}));
    const Manifest s = document_manifest("sekiro");
    EXPECT_EQ(evaluate_one(document_figure(s, "havok.tree_rule.sekiro.lacks_leafset_max"), sekiro).status,
              FigureStatus::kMismatch);
    EXPECT_EQ(evaluate_one(document_figure(s, "havok.tree_rule.sekiro.lacks_leafset_min"), sekiro).status,
              FigureStatus::kMatch);
}

TEST(FigurePairs, DocumentMergeRate33IsABoundOverBothGames) {
    const Manifest m = document_manifest("eldenring");
    const ManifestFigure& f = document_figure(m, "havok.tree_rule.both.merge_rate_33_leaves");
    EXPECT_EQ(f.kind, FigureKind::kBound);
    EXPECT_EQ(f.expected, 1);
    // 1 of 150 Sekiro and 0 of 50 Elden Ring 33-leaf subtrees exact: 0.5 %, under 1 %.
    auto run = [](std::uint64_t sekiro_exact, std::uint64_t er_exact) {
        return test::make_two_game_run(
            {"h"}, {{"tree_rule", "subtrees_33", TallyScope{"sekiro", "h", {}}, 150},
                    {"tree_rule", "subtrees_33_exact", TallyScope{"sekiro", "h", {}}, sekiro_exact},
                    {"tree_rule", "subtrees_33", TallyScope{"eldenring", "h", {}}, 50},
                    {"tree_rule", "subtrees_33_exact", TallyScope{"eldenring", "h", {}}, er_exact}});
    };
    const FigureResult under = evaluate_one(f, run(1, 0));
    EXPECT_EQ(under.status, FigureStatus::kMatch) << under.why;
    EXPECT_DOUBLE_EQ(*under.measured, 0.5);
    EXPECT_EQ(evaluate_one(f, run(1, 1)).status, FigureStatus::kMatch);     // 2 of 200: on the bound
    EXPECT_EQ(evaluate_one(f, run(2, 1)).status, FigureStatus::kMismatch);  // 1.5 %
}

}  // namespace
}  // namespace meshproof
