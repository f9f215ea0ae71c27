// An install is complete when it holds every collision input its document counts (the manifest's
// `install`, issue 41), whatever its figures' denominators read; a partial one says what it lacks.
// The manifest's install object is read strictly.
#include <gtest/gtest.h>

#include <string>

#include "reports/html_report.h"
#include "reports/install_completeness.h"
#include "reports/markdown_report.h"
#include "reports/run_report.h"
#include "reports/report_model.h"
#include "tests/reports/report_fixtures.h"

namespace meshproof {
namespace {

// Sekiro's f set as the document states it: 9 binders, 1,145 files; 5,642 tagfiles in all.
ManifestInstall sekiro_install() {
    ManifestInstall i;
    i.game = "sekiro";
    i.files = 5642;
    i.sets.push_back({"f", InputCounts{9, 1145}});
    return i;
}

HeldInputs held(std::uint64_t files, std::uint64_t f_binders, std::uint64_t f_files) {
    HeldInputs h;
    h.files = files;
    h.sets["f"] = HeldInputs::Set{f_binders, f_files};
    return h;
}

TEST(InstallCompleteness, AHavokSetHoldingTheDocumentsCountsIsComplete) {
    const InstallCompleteness c = install_completeness(sekiro_install(), held(5642, 9, 1145));
    EXPECT_TRUE(c.complete);
    EXPECT_EQ(c.lacks, "");
    EXPECT_EQ(install_text(c), "complete install");
}

TEST(InstallCompleteness, MoreThanTheDocumentCountsIsComplete) {  // the DLC, or mod files beside retail
    EXPECT_TRUE(install_completeness(sekiro_install(), held(6000, 10, 1200)).complete);
}

TEST(InstallCompleteness, AHavokSetShortOfTheDocumentSaysWhatItLacks) {
    const InstallCompleteness c = install_completeness(sekiro_install(), held(5642, 8, 1145));
    EXPECT_FALSE(c.complete);
    EXPECT_EQ(c.lacks, "8 of 9 f binders");
    const InstallCompleteness few = install_completeness(sekiro_install(), held(312, 0, 0));
    EXPECT_EQ(few.lacks, "312 of 5,642 tagfiles; 0 of 9 f binders; 0 of 1,145 f files");
    EXPECT_EQ(install_text(few), "partial install: 312 of 5,642 tagfiles; 0 of 9 f binders; 0 of 1,145 f files");
}

TEST(InstallCompleteness, ASetTheRunNeverSawLacksAll) {
    const InstallCompleteness c = install_completeness(sekiro_install(), HeldInputs{});
    EXPECT_EQ(c.lacks, "0 of 5,642 tagfiles; 0 of 9 f binders; 0 of 1,145 f files");
}

TEST(InstallCompleteness, FreelancerCountsSurFilesBySet) {
    ManifestInstall i;
    i.game = "freelancer";
    i.files = 798;
    i.sets = {{"vers", InputCounts{std::nullopt, 781}}, {"legacy", InputCounts{std::nullopt, 17}}};
    HeldInputs h;
    h.files = 196;
    h.sets["vers"].files = 196;
    EXPECT_EQ(install_completeness(i, h).lacks,
              "196 of 798 .sur files; 196 of 781 vers .sur files; 0 of 17 legacy .sur files");
}

// The run's side: binders from the scan, files from the members whatever their state; no
// compendium, no character member in the total.
TEST(InstallCompleteness, HeldInputsCountBindersAndFilesReadOrNot) {
    RunResult run;
    run.scan.game = Game::kSekiro;
    run.scan.inputs.push_back(InputFile{InputKind::kSplitBinder, "map/m10/f10.hkxbhd", {}, {}, "f", {}});
    run.scan.inputs.push_back(InputFile{InputKind::kCompendium, "map/m10/f10.compendium", {}, {}, "f", {}});
    auto member = [&](std::string path, std::string set, MemberState state) {
        MemberStatus m;
        m.path = std::move(path);
        m.set = std::move(set);
        m.state = state;
        run.members.push_back(m);
    };
    member("map/m10/f10.hkxbhd :: f10_0001.hkx", "f", MemberState::kOk);
    member("map/m10/f10.hkxbhd :: f10_0002.hkx", "f", MemberState::kDecodeError);
    member("map/m10/f10.hkxbhd :: f10.compendium.dcx", "f", MemberState::kOk);
    member("chr/c0000.chrbnd.dcx :: c0000.hkx", "character", MemberState::kSkipped);
    const HeldInputs h = held_inputs(run, "sekiro");
    EXPECT_EQ(h.files, 2u);
    EXPECT_EQ(h.sets.at("f").binders, 1u);
    EXPECT_EQ(h.sets.at("f").files, 2u);
    EXPECT_EQ(h.sets.at("character").files, 1u);
    EXPECT_EQ(held_inputs(run, "eldenring").files, 0u);
}

// A document manifest with an install decides partial by it: the figures' denominators do not.
TEST(InstallCompleteness, ADocumentManifestsInstallDecidesPartial) {
    Manifest m = test::manifest(R"({"id": "t", "figure": "triangles", "pass": "page", "counter": "triangles",
        "scope": {"game": "sekiro"}, "expected": 100, "label": "Proven"})",
                                "sekiro");
    m.install.push_back(sekiro_install());
    RunResult run = test::make_run(Game::kSekiro, {"h"}, {{"page", "triangles", TallyScope{"sekiro", "h", {}}, 60}});
    const FigureSection partial = make_figure_section(m, run, "sekiro.json", ManifestSource::kDocument);
    ASSERT_TRUE(partial.install);
    EXPECT_FALSE(partial.install->complete);
    EXPECT_TRUE(partial.partial_install);
    EXPECT_EQ(partial.results[0].status, FigureStatus::kNotComparable);
    // An explicit manifest, or one of a synthetic install, states this install's counts: no judgement.
    EXPECT_FALSE(make_figure_section(m, run, "sekiro.json", ManifestSource::kExplicit).install);
    EXPECT_FALSE(make_figure_section(m, run, "manifest.json", ManifestSource::kInstall).install);
    // Without the install object, no figure with a denominator: not partial, a plain mismatch.
    m.install.clear();
    const FigureSection old = make_figure_section(m, run, "sekiro.json", ManifestSource::kDocument);
    EXPECT_FALSE(old.install);
    EXPECT_FALSE(old.partial_install);
    EXPECT_EQ(old.results[0].status, FigureStatus::kMismatch);
}

TEST(InstallCompleteness, ACompleteInstallsMismatchStaysAMismatch) {
    Manifest m = test::manifest(R"({"id": "k", "figure": "keys wrong", "pass": "interior", "counter": "keys_wrong",
        "denominator_counter": "keys_checked", "denominator": 65846233, "scope": {"game": "sekiro"},
        "expected": 0, "label": "Proven"})",
                                "sekiro");
    m.install.push_back(sekiro_install());
    RunResult run = test::make_run(Game::kSekiro, {},
                                   {{"interior", "keys_wrong", TallyScope{"sekiro", "h", {}}, 3},
                                    {"interior", "keys_checked", TallyScope{"sekiro", "h", {}}, 60}});
    for (std::string set : {"h", "f"})  // a member in h (the figure's scope) and the f set's files
        for (int i = 0; i < (set == "f" ? 1145 : 5642 - 1145); ++i) {
            MemberStatus s;
            s.path = set + "/b.hkxbhd :: " + std::to_string(i) + ".hkx";
            s.set = set;
            s.game = Game::kSekiro;
            run.members.push_back(s);
        }
    for (int i = 0; i < 9; ++i)
        run.scan.inputs.push_back(InputFile{InputKind::kSplitBinder, "f" + std::to_string(i), {}, {}, "f", {}});
    const FigureSection s = make_figure_section(m, run, "sekiro.json", ManifestSource::kDocument);
    ASSERT_TRUE(s.install);
    EXPECT_TRUE(s.install->complete) << s.install->lacks;
    EXPECT_FALSE(s.partial_install);
    // 60 keys checked of the document's 65,846,233 would have made the install partial before.
    EXPECT_EQ(s.results[0].status, FigureStatus::kMismatch);
    EXPECT_EQ(s.totals.holds_on_read + s.totals.not_comparable, 0u);
}

// Several roots (verify merges their document manifests): each game's install is judged on that
// game's inputs, and a partial one's lacks name the game.
TEST(InstallCompleteness, SeveralRootsAreJudgedGameByGame) {
    RunResult run = test::make_two_game_run({"h"}, {});
    ManifestInstall er;
    er.game = "eldenring";
    er.files = 1;
    std::vector<ManifestInstall> installs = {sekiro_install(), er};
    for (auto& m : run.members) m.path += ".hkx";
    const std::optional<InstallCompleteness> c = judge_install(installs, run);
    ASSERT_TRUE(c);
    EXPECT_FALSE(c->complete);
    EXPECT_EQ(c->lacks,
              "sekiro: 1 of 5,642 tagfiles; 0 of 9 f binders; 0 of 1,145 f files");  // Elden Ring's 1 of 1 is whole
    EXPECT_FALSE(judge_install({}, run));
}

// Each report says it: the Markdown figures paragraph, the HTML figures overview, the JSON field.
TEST(InstallCompleteness, TheReportsSayWhatAPartialInstallLacks) {
    Manifest m = test::manifest(R"({"id": "t", "figure": "triangles", "pass": "page", "counter": "triangles",
        "scope": {"game": "sekiro"}, "expected": 100, "label": "Proven"})",
                                "sekiro");
    m.install.push_back(sekiro_install());
    const RunResult run =
        test::make_run(Game::kSekiro, {"h"}, {{"page", "triangles", TallyScope{"sekiro", "h", {}}, 60}});
    ReportModel model{&run, ReportContext{"root", 0},
                      make_figure_section(m, run, "sekiro.json", ManifestSource::kDocument)};
    const std::string lacks = "0 of 5,642 tagfiles; 0 of 9 f binders; 0 of 1,145 f files";
    EXPECT_NE(render_markdown(model).find("A partial install (it holds " + lacks + "): a rule"), std::string::npos);
    EXPECT_NE(render_html(model).find("1 figure of a partial install: " + lacks + ", "), std::string::npos);
    EXPECT_NE(render_json(model).find("\"lacks\": \"" + lacks + "\""), std::string::npos);
    // A complete install says so, and a report of a manifest without install reads as before.
    model.figures->install = InstallCompleteness{};
    EXPECT_NE(render_markdown(model).find("A complete install (it holds every collision input the document counts)"),
              std::string::npos);
    EXPECT_NE(render_html(model).find("1 figure of a complete install, "), std::string::npos);
    EXPECT_NE(render_json(model).find("\"install\": {\n      \"complete\": true,\n      \"lacks\": null"),
              std::string::npos);
    model.figures->install.reset();
    EXPECT_EQ(render_markdown(model).find(" install (it holds"), std::string::npos);
    EXPECT_EQ(render_json(model).find("\"install\""), std::string::npos);
}

std::string install_error(const std::string& install, const std::string& game = "freelancer") {
    const std::string text = R"({"manifest_format": 1, "name": "t", "game": ")" + game + R"(", "install": )" + install +
                             R"(, "figures": [{"id": "sur.corpus.files", "figure": "f", "pass": null,
                              "scope": {"game": ")" +
                             game + R"("}, "expected": 798, "label": "Unlabelled"}]})";
    auto m = parse_manifest(text, PassRegistry::global());
    return m.ok() ? std::string() : m.error().message;
}

TEST(InstallCompleteness, TheManifestsInstallIsReadStrictly) {
    const std::string ok =
        R"({"files": 798, "sets": {"vers": {"files": 781}, "legacy": {"files": 17}}, "from": ["sur.corpus.files"]})";
    EXPECT_EQ(install_error(ok), "");
    auto m = parse_manifest(
        R"({"manifest_format": 1, "name": "t", "game": "freelancer", "install": )" + ok + R"(, "figures": [
        {"id": "sur.corpus.files", "figure": "f", "pass": null, "scope": {"game": "freelancer"}, "expected": 798,
         "label": "Unlabelled"}]})",
        PassRegistry::global());
    ASSERT_TRUE(m.ok()) << m.error().message;
    ASSERT_EQ(m->install.size(), 1u);
    EXPECT_EQ(m->install[0].game, "freelancer");
    EXPECT_EQ(m->install[0].files, 798u);
    ASSERT_EQ(m->install[0].sets.size(), 2u);
    EXPECT_EQ(m->install[0].sets[0].first, "vers");  // the manifest's order
    EXPECT_EQ(m->install[0].sets[1].second.files, 17u);
    EXPECT_FALSE(m->install[0].sets[1].second.binders);

    EXPECT_NE(install_error(R"({"file": 798})").find("install.file: unknown field"), std::string::npos);
    EXPECT_NE(install_error(R"({})").find("states no count"), std::string::npos);
    EXPECT_NE(install_error(R"({"files": -1})").find("install.files"), std::string::npos);
    EXPECT_NE(install_error(R"({"sets": {"h": {"files": 1}}})").find("not a set of freelancer"), std::string::npos);
    EXPECT_NE(install_error(R"({"sets": {"vers": {"files": 1}}})", "sekiro").find("not a set of sekiro"),
              std::string::npos);
    EXPECT_NE(install_error(R"({"sets": {"vers": {}}})").find("states no count"), std::string::npos);
    EXPECT_NE(install_error(R"({"sets": {"vers": {"meshes": 3}}})").find("unknown field"), std::string::npos);
    EXPECT_NE(install_error(R"({"files": 798, "from": ["sur.corpus.nothing"]})").find("no figure of the manifest"),
              std::string::npos);
}

}  // namespace
}  // namespace meshproof
