// An "x of y" figure measured as a share (corpus-manifests/FORMAT.md `share`): the document
// manifests' two such figures (the nibble pass's "in about four cases of five" and the numbering
// pass's "at most 10 of 2,610 … for any of the simple ones") on hand-built runs whose answer the
// test states, and the loader's rules.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "reports/figures.h"
#include "reports/html_report.h"
#include "reports/markdown_report.h"
#include "reports/report_model.h"
#include "tests/reports/report_fixtures.h"

namespace meshproof {
namespace {

using test::only;

Manifest document(const char* name) {
    auto m =
        load_manifest(std::filesystem::path(MESHPROOF_SOURCE_DIR) / "corpus-manifests" / (std::string(name) + ".json"),
                      PassRegistry::global());
    EXPECT_TRUE(m.ok()) << m.error().message;
    return m.ok() ? *m : Manifest{};
}

FigureResult evaluate(const char* manifest, const std::string& id, const RunResult& run) {
    Manifest one = document(manifest);
    std::erase_if(one.figures, [&](const ManifestFigure& f) { return f.id != id; });
    EXPECT_EQ(one.figures.size(), 1u) << id;
    return only(one, run);
}

TEST(FigureShare, AboutFourOfFiveIsSeventyToNinetyPercentOfBothGames) {
    auto run = [](std::uint64_t sekiro_one, std::uint64_t er_one) {
        return test::make_two_game_run({"h"},
                                       {{"nibble", "differing_nodes", TallyScope{"sekiro", "h", {}}, 100},
                                        {"nibble", "differ_one_nibble", TallyScope{"sekiro", "h", {}}, sekiro_one},
                                        {"nibble", "differing_nodes", TallyScope{"eldenring", "h", {}}, 100},
                                        {"nibble", "differ_one_nibble", TallyScope{"eldenring", "h", {}}, er_one}});
    };
    const std::string id = "havok.nibble.both.one_nibble_diff";
    const FigureResult near = evaluate("sekiro", id, run(80, 70));  // 150 of 200: 75 %
    EXPECT_EQ(near.status, FigureStatus::kMatch) << near.why;
    EXPECT_DOUBLE_EQ(*near.measured, 75);
    EXPECT_EQ(near.figure.expected, 80);
    EXPECT_EQ(near.figure.tolerance, 10);
    EXPECT_TRUE(near.figure.share);
    // Markdown and HTML state the document's "x of y" beside the share, not "80 % of 5".
    RunResult r = run(80, 70);
    Manifest one = document("sekiro");
    std::erase_if(one.figures, [&](const ManifestFigure& f) { return f.id != id; });
    const ReportModel model{&r, ReportContext{"root", 0},
                            make_figure_section(one, r, "m.json", ManifestSource::kExplicit)};
    EXPECT_NE(render_markdown(model).find("80 % ± 10 (4 of 5)"), std::string::npos);
    EXPECT_NE(render_html(model).find("80 % ± 10 (4 of 5)"), std::string::npos);
    EXPECT_EQ(evaluate("sekiro", id, run(90, 90)).status, FigureStatus::kMatch);     // 90 %: on the edge
    EXPECT_EQ(evaluate("sekiro", id, run(60, 70)).status, FigureStatus::kMismatch);  // 65 %
}

TEST(FigureShare, MostSectionsOfOneSimpleOrderIsTenOf2610Exactly) {
    const std::string id = "havok.numbering.sekiro.object_simple_keys_max";
    auto run = [](std::uint64_t box, std::uint64_t row) {
        return test::make_run(Game::kSekiro, {"object"},
                              {{"numbering", "order_trees", TallyScope{"sekiro", "object", {}}, 2610},
                               {"numbering", "order_box_min_x", TallyScope{"sekiro", "object", {}}, box},
                               {"numbering", "order_first_row", TallyScope{"sekiro", "object", {}}, row},
                               {"numbering", "order_preorder", TallyScope{"sekiro", "object", {}}, 0}});
    };
    const FigureResult ten = evaluate("sekiro", id, run(3, 10));  // the first row's 10 is the most
    EXPECT_EQ(ten.status, FigureStatus::kMatch) << ten.why;
    EXPECT_DOUBLE_EQ(*ten.measured, 100.0 * 10 / 2610);
    EXPECT_EQ(ten.figure.kind, FigureKind::kHighestOf);
    EXPECT_EQ(evaluate("sekiro", id, run(11, 10)).status, FigureStatus::kMismatch);  // one order reaches 11
    EXPECT_EQ(evaluate("sekiro", id, run(9, 9)).status, FigureStatus::kMismatch);    // none reaches 10
}

TEST(FigureShare, TheLoaderHoldsItsRules) {
    auto error_of = [](const std::string& fig) {
        auto m = parse_manifest(test::manifest_with(fig), PassRegistry::global());
        return m.ok() ? std::string() : m.error().message;
    };
    const std::string head =
        R"({"id": "x", "figure": "f", "scope": {"game": "eldenring"}, "expected": 80, "label": "Observed", "pass": "nibble", "counter": "differ_one_nibble", )";
    EXPECT_EQ(error_of(head + R"("of": "differing_nodes", "share": true, "denominator": 5})"), "");
    EXPECT_NE(error_of(head + R"("of": "differing_nodes", "share": true})").find("'share'"),
              std::string::npos);  // no denominator
    EXPECT_NE(error_of(head + R"("share": true, "denominator": 5})").find("'share'"), std::string::npos);  // no of
    EXPECT_NE(
        error_of(
            head +
            R"("of": "differing_nodes", "share": true, "denominator": 5, "denominator_counter": "differing_nodes"})")
            .find("'share'"),
        std::string::npos);
}

}  // namespace
}  // namespace meshproof
