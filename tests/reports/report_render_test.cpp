// The report model rendered as JSON and Markdown: the figures section follows FORMAT.md (the
// diff's reader reads it back), config.threads is the one thread-dependent field, and the
// Markdown has a table per pass with ✓ / ✗.
#include <gtest/gtest.h>

#include "engine/pipeline/run.h"
#include "reports/html_report.h"
#include "reports/markdown_report.h"
#include "reports/report_model.h"
#include "reports/report_reader.h"
#include "reports/run_report.h"
#include "tests/reports/report_fixtures.h"
#include "tests/support/corpus.h"

namespace meshproof {
namespace {

Manifest two_figures() {
    auto m = parse_manifest(
        test::manifest_with(
            R"({"id": "b.page", "figure": "l sections with page 1", "pass": "page", "counter": "sections_page_1",
            "scope": {"game": "eldenring", "set": "l"}, "expected": 89, "label": "Proven", "quote": "89 l-set sections"},
           {"id": "a.keys", "figure": "empty meshes", "pass": "keys", "counter": "empty_meshes",
            "scope": {"game": "eldenring"}, "expected": 3, "label": "Proven"},
           {"id": "c.null", "figure": "a pipe | in a claim", "pass": null, "scope": {"game": "eldenring"},
            "expected": 4, "expected_list": [2, 3, 0, 1], "label": "Observed"})"),
        PassRegistry::global());
    EXPECT_TRUE(m.ok()) << m.error().message;
    return m.ok() ? *m : Manifest{};
}

RunResult sample_run() {
    return test::make_run(Game::kEldenRing, {"l"},
                          {{"page", "sections_page_1", TallyScope{"eldenring", "l", {}}, 89},
                           {"keys", "empty_meshes", TallyScope{"eldenring", "l", {}}, 2}});
}

TEST(ReportRender, JsonFiguresFollowTheFormatAndReadBack) {
    const RunResult run = sample_run();
    ReportModel model{&run, ReportContext{"root", 3},
                      make_figure_section(two_figures(), run, "m.json", ManifestSource::kExplicit)};
    const std::string json = render_json(model);
    EXPECT_NE(json.find(R"("threads": 3)"), std::string::npos);
    EXPECT_NE(json.find(R"("source": "explicit")"), std::string::npos);
    auto back = parse_report(json);
    ASSERT_TRUE(back.ok()) << back.error().message;
    ASSERT_TRUE(back->figures.has_value());
    const auto& f = *back->figures;
    ASSERT_EQ(f.size(), 3u);
    EXPECT_EQ(f[0].id, "a.keys");  // id order, not file order
    EXPECT_EQ(f[0].status, "mismatch");
    EXPECT_EQ(*f[0].measured, 2);
    EXPECT_EQ(f[0].scope, "eldenring");
    EXPECT_EQ(f[1].id, "b.page");
    EXPECT_EQ(f[1].status, "match");
    EXPECT_EQ(f[1].scope, "eldenring/l");
    EXPECT_EQ(f[2].status, "not-computed");
    EXPECT_FALSE(f[2].measured.has_value());
    EXPECT_TRUE(f[2].pass.empty());
}

TEST(ReportRender, JsonWithoutManifestHasEmptyFiguresAndNullManifest) {
    const RunResult run = sample_run();
    const std::string json = render_json(run, ReportContext{"root"});
    EXPECT_NE(json.find(R"("manifest": null)"), std::string::npos);
    EXPECT_NE(json.find(R"("figures": [])"), std::string::npos);
}

TEST(ReportRender, MarkdownHasATablePerPassWithMarks) {
    const RunResult run = sample_run();
    ReportModel model{&run, ReportContext{"root", 0},
                      make_figure_section(two_figures(), run, "m.json", ManifestSource::kDocument)};
    const std::string md = render_markdown(model);
    EXPECT_NE(md.find("### Pass `keys`"), std::string::npos);
    EXPECT_NE(md.find("### Pass `page`"), std::string::npos);
    EXPECT_LT(md.find("### Pass `keys`"), md.find("### Pass `page`"));
    EXPECT_NE(
        md.find(
            "| l sections with page 1 — “89 l-set sections” | eldenring/l | `sections_page_1` | 89 (Proven) | 89 | ✓ |"),
        std::string::npos)
        << md;
    EXPECT_NE(md.find("| empty meshes | eldenring | `empty_meshes` | 3 (Proven) | 2 | ✗ |"), std::string::npos) << md;
    EXPECT_NE(md.find("### Not computed yet (1 figures)"), std::string::npos);
    EXPECT_NE(md.find("a pipe \\| in a claim"), std::string::npos);  // escaped, the row stays one row
    EXPECT_NE(md.find("| 2 3 0 1 |"), std::string::npos);
    EXPECT_NE(md.find("informational"), std::string::npos);
}

// The same install at 1 and 3 threads: byte-identical reports except config.threads.
// A Freelancer report is about Freelancer (issue 20): the Havok passes, handed no unit of a .sur
// run, are named in one line and never described; the sur passes are. The JSON keeps every pass.
TEST(ReportRender, SurRunDescribesOnlyThePassesThatSawUnits) {
    MP_REQUIRE_CORPUS();
    RunOptions o;
    auto run = run_verify(test::corpus_path("sur/retail-sample"), o);
    ASSERT_TRUE(run.ok());
    std::string idle_expected, active_expected;
    for (const auto& p : run->passes) {
        std::string& list = p.pass->info().family == "sur" ? active_expected : idle_expected;
        list += (list.empty() ? "" : ", ") + p.pass->info().name;
    }
    ASSERT_FALSE(idle_expected.empty());
    EXPECT_EQ(idle_pass_names(*run), idle_expected);
    ReportModel model{&*run, ReportContext{"sur", 1}, std::nullopt};
    const std::string md = render_markdown(model);
    EXPECT_NE(md.find("| passes | " + active_expected + " |"), std::string::npos) << md.substr(0, 1200);
    EXPECT_NE(md.find("| passes that saw no unit | " + idle_expected + " |"), std::string::npos) << md.substr(0, 1200);
    const std::string html = render_html(model);
    for (const auto& p : run->passes) {
        const std::string section = "<section id=\"pass-" + p.pass->info().name + "\">";
        EXPECT_EQ(html.find(section) != std::string::npos, p.pass->info().family == "sur") << p.pass->info().name;
        // A Havok pass's claims appear nowhere in a .sur report.
        if (p.pass->info().family != "sur" && !p.pass->info().claims.empty()) {
            EXPECT_EQ(html.find(p.pass->info().claims.front().substr(0, 40)), std::string::npos) << p.pass->info().name;
        }
    }
    EXPECT_NE(html.find("passes that saw no unit"), std::string::npos);
    EXPECT_NE(render_json(model).find("\"custom_prims\""), std::string::npos);  // the JSON keeps every pass
}

TEST(ReportRender, ReportsDifferOnlyInConfigThreadsAcrossThreadCounts) {
    MP_REQUIRE_CORPUS();
    const auto root = test::corpus_path("havok");
    auto manifest = load_manifest(std::filesystem::path(MESHPROOF_SOURCE_DIR) / "corpus-manifests" / "eldenring.json",
                                  PassRegistry::global());
    ASSERT_TRUE(manifest.ok()) << manifest.error().message;
    std::string reports[2];
    std::string markdown[2];
    const int threads[2] = {1, 3};
    for (int i = 0; i < 2; ++i) {
        RunOptions o;
        o.threads = threads[i];
        o.game = Game::kEldenRing;
        auto run = run_verify(root, o);
        ASSERT_TRUE(run.ok());
        ASSERT_GT(run->count(MemberState::kOk), 0u);
        ReportModel model{&*run, ReportContext{"havok", threads[i]},
                          make_figure_section(*manifest, *run, "eldenring.json", ManifestSource::kDocument)};
        reports[i] = render_json(model);
        markdown[i] = render_markdown(model);
        const std::string line = "\"threads\": " + std::to_string(threads[i]) + ",";
        const auto at = reports[i].find(line);
        ASSERT_NE(at, std::string::npos);
        reports[i].replace(at, line.size(), "\"threads\": N,");
        const std::string md_line = "| threads | " + std::to_string(threads[i]) + " |";
        const auto md_at = markdown[i].find(md_line);
        ASSERT_NE(md_at, std::string::npos);
        markdown[i].replace(md_at, md_line.size(), "| threads | N |");
    }
    EXPECT_EQ(reports[0], reports[1]);
    EXPECT_EQ(markdown[0], markdown[1]);
    EXPECT_NE(reports[0].find("\"status\": \"match\""), std::string::npos);  // the figures were measured
}

// Issue 17: an `exceeds` figure reads back as such, and the Markdown says so with its alternatives.
TEST(ReportRender, ExceedsFiguresRenderAndReadBack) {
    auto m = parse_manifest(
        test::manifest_with(
            R"({"id": "e.page", "figure": "l sections with page 1", "pass": "page", "counter": "sections_page_1",
            "scope": {"game": "eldenring", "set": "l"}, "expected": 80, "exceeds": true, "alternatives": ["triangles"],
            "label": "Proven"})"),
        PassRegistry::global());
    ASSERT_TRUE(m.ok()) << m.error().message;
    const RunResult run = test::make_run(Game::kEldenRing, {"l"},
                                         {{"page", "sections_page_1", TallyScope{"eldenring", "l", {}}, 89},
                                          {"page", "triangles", TallyScope{"eldenring", "l", {}}, 1234}});
    ReportModel model{&run, ReportContext{"root", 0},
                      make_figure_section(*m, run, "m.json", ManifestSource::kExplicit)};
    const std::string json = render_json(model);
    EXPECT_NE(json.find(R"("exceeds": 1)"), std::string::npos) << json;
    EXPECT_NE(json.find(R"("alternatives": {)"), std::string::npos) << json;
    EXPECT_NE(json.find(R"("triangles": 1234)"), std::string::npos) << json;
    auto back = parse_report(json);
    ASSERT_TRUE(back.ok()) << back.error().message;
    ASSERT_TRUE(back->figures.has_value());
    EXPECT_EQ((*back->figures)[0].status, "exceeds");
    EXPECT_EQ(*(*back->figures)[0].measured, 89);
    const std::string md = render_markdown(model);
    EXPECT_NE(md.find("▲ exceeds: meshproof reproduces more than the document"), std::string::npos) << md;
    EXPECT_NE(md.find("(alternatives: triangles 1234)"), std::string::npos) << md;
    EXPECT_NE(md.find("1 exceed the document"), std::string::npos) << md;
    const std::string html = render_html(model);
    EXPECT_NE(html.find("class=\"exceeds\""), std::string::npos);
    EXPECT_NE(html.find("▲ meshproof reproduces more than the document"), std::string::npos);
    EXPECT_NE(html.find("0 + 1 exceeding"), std::string::npos);
}

// A ratio figure (counter / of, "1.34 times"): JSON carries "ratio": true and the ratio itself,
// the reader reads it back, Markdown and HTML print four decimals and "×", never "%".
TEST(ReportRender, RatioFiguresRenderAndReadBack) {
    auto m = parse_manifest(
        test::manifest_with(
            R"({"id": "r.cost", "figure": "median split cost", "pass": "tree_rule", "counter": "median_split_surface_um2",
            "of": "stock_inner_surface_um2", "ratio": true, "scope": {"game": "eldenring"}, "expected": 1.32,
            "tolerance": 0.005, "label": "Observed"})"),
        PassRegistry::global());
    ASSERT_TRUE(m.ok()) << m.error().message;
    const RunResult run =
        test::make_run(Game::kEldenRing, {"l"},
                       {{"tree_rule", "median_split_surface_um2", TallyScope{"eldenring", "l", {}}, 1183},
                        {"tree_rule", "stock_inner_surface_um2", TallyScope{"eldenring", "l", {}}, 1000}});
    ReportModel model{&run, ReportContext{"root", 0},
                      make_figure_section(*m, run, "m.json", ManifestSource::kExplicit)};
    const std::string json = render_json(model);
    EXPECT_NE(json.find(R"("ratio": true)"), std::string::npos) << json;
    auto back = parse_report(json);
    ASSERT_TRUE(back.ok()) << back.error().message;
    ASSERT_TRUE(back->figures.has_value());
    EXPECT_TRUE((*back->figures)[0].ratio);
    EXPECT_DOUBLE_EQ(*(*back->figures)[0].measured, 1.183);
    EXPECT_EQ((*back->figures)[0].status, "mismatch");
    const std::string md = render_markdown(model);
    EXPECT_NE(md.find("1.18 ×"), std::string::npos) << md;  // the document's two decimals
    EXPECT_EQ(md.find("1.18 %"), std::string::npos) << md;
    const std::string html = render_html(model);
    EXPECT_NE(html.find("1.18 ×"), std::string::npos);
    // A figure without "ratio" writes no such field: reports of other figures read as before.
    ReportModel plain{&run, ReportContext{"root", 0},
                      make_figure_section(two_figures(), sample_run(), "m.json", ManifestSource::kExplicit)};
    EXPECT_EQ(render_json(plain).find(R"("ratio")"), std::string::npos);
}

}  // namespace
}  // namespace meshproof
