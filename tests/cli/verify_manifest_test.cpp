// `verify --manifest` and `--md` end to end: an explicit manifest's mismatch exits 1 and leads the
// summary, a malformed one exits 2 naming the entry, a document manifest chosen by game is
// informational, and --md writes a table per pass.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <unistd.h>

#include "tests/cli/run_cli.h"
#include "tests/support/corpus.h"

namespace {
namespace fs = std::filesystem;

using Output = meshproof::test::CliOutput;

// Every test here reads stdout and stderr together.
constexpr auto& run = meshproof::test::run_cli_all;

class VerifyManifest : public ::testing::Test {
protected:
    void SetUp() override {
        MP_REQUIRE_CORPUS();
        dir_ = fs::temp_directory_path() / ("mp_verify_manifest_" + std::to_string(::getpid()));
        fs::create_directories(dir_);
        // The corpus's loose sample: 2 tagfiles in the h set (h.hkx, h.hkx.dcx) and 2 in the l set.
        root_ = meshproof::test::corpus_path("havok").string();
    }
    void TearDown() override {
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }
    std::string write_manifest(const std::string& name, long h_expected, const std::string& counter = "tagfiles") {
        const fs::path p = dir_ / name;
        std::ofstream(p) << R"({"manifest_format": 1, "name": "cli", "game": "eldenring", "figures": [
  {"id": "cli.h", "figure": "h tagfiles", "pass": "tagfile", "counter": ")"
                         << counter << R"(",
   "scope": {"game": "eldenring", "set": "h"}, "expected": )"
                         << h_expected << R"(, "label": "Synthetic"},
  {"id": "cli.l", "figure": "l tagfiles", "pass": "tagfile", "counter": "tagfiles",
   "scope": {"game": "eldenring", "set": "l"}, "expected": 2, "label": "Synthetic"}]})";
        return p.string();
    }
    fs::path dir_;
    std::string root_;
};

TEST_F(VerifyManifest, ExplicitManifestThatMatchesExitsZero) {
    const Output r = run("verify " + root_ + " --game eldenring --manifest " + write_manifest("good.json", 2));
    EXPECT_EQ(r.code, 0) << r.text;
    EXPECT_NE(r.text.find("2 match, 0 differ"), std::string::npos) << r.text;
}

TEST_F(VerifyManifest, ExplicitManifestMismatchExitsOneAndLeadsTheSummary) {
    const Output r = run("verify " + root_ + " --game eldenring -v --manifest " + write_manifest("bad.json", 3));
    EXPECT_EQ(r.code, 1) << r.text;
    // The verdict first (a figure of an explicit manifest decides), then the game and the rules;
    // -v lists the figures farthest from the manifest.
    EXPECT_TRUE(r.text.starts_with("FAIL: 1 figure of cli differs\ngame: ")) << r.text;
    const auto game_line_end = r.text.find('\n', r.text.find("game: "));
    ASSERT_NE(game_line_end, std::string::npos);
    EXPECT_EQ(r.text.compare(game_line_end + 1, 7, "rules:\n"), 0) << r.text;
    const auto farthest = r.text.find("farthest from the manifest (1 of 1 figures that differ");
    ASSERT_NE(farthest, std::string::npos) << r.text;
    EXPECT_NE(r.text.find("   1. distance 0.333: cli.", farthest), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("measured 2, expected 3"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("a figure that differs fails the run"), std::string::npos) << r.text;
}

TEST_F(VerifyManifest, MalformedManifestExitsTwoNamingTheEntry) {
    const Output r =
        run("verify " + root_ + " --game eldenring --manifest " + write_manifest("typo.json", 2, "tagfilez"));
    EXPECT_EQ(r.code, 2) << r.text;
    EXPECT_NE(r.text.find("figures[0] (cli.h)"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("tagfilez"), std::string::npos) << r.text;
}

TEST_F(VerifyManifest, DocumentManifestChosenByGameIsInformational) {
    const Output r = run("verify " + root_ + " --game eldenring");
    EXPECT_EQ(r.code, 0) << r.text;  // the sample is far from a whole install: its figures differ
    EXPECT_NE(r.text.find("figures, the document's (havok-compressed-mesh.txt, built-in eldenring.json)"),
              std::string::npos)
        << r.text;
    EXPECT_NE(r.text.find("informational"), std::string::npos) << r.text;
}

// Without --game: the folder has no install layout, its loose tagfiles' SDK version (20180100)
// says Elden Ring, and the document manifest follows (issue 15: it got none).
TEST_F(VerifyManifest, LooseEldenRingTagfilesGetTheDocumentManifestWithoutGame) {
    const Output r = run("verify " + root_ + "");
    EXPECT_EQ(r.code, 0) << r.text;
    EXPECT_NE(r.text.find("game: eldenring (SDK version of the loose tagfiles"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("figures, the document's"), std::string::npos) << r.text;
    EXPECT_EQ(r.text.find("no manifest for this game"), std::string::npos) << r.text;
}

// The sample is one corner of an install: "no key wrong" holds on its 60 keys, and the document's
// whole-install counts are not comparable — neither is listed as a figure that differs.
TEST_F(VerifyManifest, PartialInstallRulesHoldOnWhatWasRead) {
    const fs::path json = dir_ / "partial.json";
    const Output r = run("verify " + root_ + " --json " + json.string());
    EXPECT_EQ(r.code, 0) << r.text;
    EXPECT_NE(r.text.find(" hold on what was read, "), std::string::npos) << r.text;
    EXPECT_NE(r.text.find(" not comparable on a partial install, "), std::string::npos) << r.text;
    EXPECT_EQ(r.text.find("havok.interior.eldenring.keys_wrong"), std::string::npos) << r.text;
    std::ifstream in(json);
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_NE(text.str().find("\"why\": \"holds on what was read: 0 of 60 keys_checked\""), std::string::npos);
    EXPECT_NE(text.str().find("\"partial_install\": true"), std::string::npos);
}

// The document states the whole install's inputs (issue 41): the sample's 4 loose tagfiles are a
// partial install, and the summary's figures line and the JSON report say what it lacks.
TEST_F(VerifyManifest, APartialInstallSaysWhatItLacks) {
    const fs::path json = dir_ / "lacks.json";
    const Output r = run("verify " + root_ + " --json " + json.string());
    EXPECT_EQ(r.code, 0) << r.text;
    EXPECT_NE(
        r.text.find("; partial install: 4 of 25,130 tagfiles; 0 of 603 f binders; 0 of 1,850 f files; informational"),
        std::string::npos)
        << r.text;
    std::stringstream text;
    text << std::ifstream(json).rdbuf();
    EXPECT_NE(text.str().find(
                  "\"install\": {\n      \"complete\": false,\n      \"lacks\": \"4 of 25,130 tagfiles; 0 of 603 f "
                  "binders; 0 of 1,850 f files\"\n    }"),
              std::string::npos)
        << text.str().substr(0, 2000);
}

// An explicit manifest states this install's counts: no completeness is judged, none is written.
TEST_F(VerifyManifest, AnExplicitManifestJudgesNoInstall) {
    const fs::path json = dir_ / "explicit.json";
    const Output r = run("verify " + root_ + " --game eldenring --json " + json.string() + " --manifest " +
                         write_manifest("m.json", 2));
    EXPECT_EQ(r.code, 0) << r.text;
    EXPECT_EQ(r.text.find("complete install"), std::string::npos) << r.text;
    EXPECT_EQ(r.text.find("partial install:"), std::string::npos) << r.text;
    std::stringstream text;
    text << std::ifstream(json).rdbuf();
    EXPECT_EQ(text.str().find("\"install\""), std::string::npos);
}

TEST_F(VerifyManifest, MarkdownReportHasATablePerPass) {
    const std::string md = (dir_ / "report.md").string();
    const Output r =
        run("verify " + root_ + " --game eldenring --md " + md + " --manifest " + write_manifest("m.json", 3));
    EXPECT_EQ(r.code, 1) << r.text;
    std::stringstream text;
    text << std::ifstream(md).rdbuf();
    EXPECT_NE(text.str().find("### Pass `tagfile`"), std::string::npos) << text.str();
    EXPECT_NE(text.str().find("| h tagfiles | eldenring/h | `tagfiles` | 3 (Synthetic) | 2 | ✗ |"), std::string::npos)
        << text.str();
    EXPECT_NE(text.str().find("| l tagfiles | eldenring/l | `tagfiles` | 2 (Synthetic) | 2 | ✓ |"), std::string::npos)
        << text.str();
}

}  // namespace
