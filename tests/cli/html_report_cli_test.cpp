// `meshproof verify --html FILE` end to end: one self-contained file, written beside the JSON
// report of the same run, naming what the run found.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "tests/cli/run_cli.h"
#include "tests/support/file_text.h"

namespace {
namespace fs = std::filesystem;

// Only the exit codes and the written page matter here.
constexpr auto& run_quiet = meshproof::test::run_cli_code;

using meshproof::test::read_text;

TEST(HtmlReportCli, VerifyWritesOneSelfContainedPage) {
    const fs::path dir = fs::temp_directory_path() / "meshproof-cli-html";
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string install = (dir / "install").string();
    ASSERT_EQ(run_quiet("synth " + install + " --game eldenring --scale demo --defects truncated:1"), 0);
    const fs::path html = dir / "report.html";
    // A decode error and nothing else: a partial run.
    EXPECT_EQ(run_quiet("verify " + install + " --quiet --html " + html.string()), 3);
    const std::string page = read_text(html);
    EXPECT_TRUE(page.starts_with("<!DOCTYPE html>")) << page.substr(0, 200);
    EXPECT_NE(page.find("but 1 member did not decode"), std::string::npos);
    EXPECT_NE(page.find("<section id=\"pass-leafbox\">"), std::string::npos);
    for (const char* external : {"<script", "src=", "http://", "https://", "<link"})
        EXPECT_EQ(page.find(external), std::string::npos) << external;
    EXPECT_EQ(run_quiet("verify " + install + " --quiet --html " + (dir / "no-such-dir" / "r.html").string()), 2);
    fs::remove_all(dir);
}

// Which files fail and where (issue 41): the HTML names the failing file with its place and
// draws the m60 overworld as tiles, a failing tile red. The demo install's Stormveil binder
// (with one planted leaf-box defect) is laid out as the m60 tile m60_34_43_00, and a sound one
// (Leyndell's) as m60_35_43_00.
TEST(HtmlReportCli, FailingFilesAndTheOverworldTiles) {
    const fs::path dir = fs::temp_directory_path() / "meshproof-cli-html-tiles";
    fs::remove_all(dir);
    const fs::path install = dir / "install";
    ASSERT_EQ(run_quiet("synth " + install.string() + " --game eldenring --scale demo --defects leafbox:1"), 0);
    auto tile = [&](const std::string& from, const std::string& name) {
        const fs::path to = install / "map/m60" / name;
        fs::create_directories(to);
        const std::string stem = "h" + name.substr(1);
        for (const char* ext : {".hkxbhd", ".hkxbdt"})
            fs::copy_file(install / from / ("h" + from.substr(from.size() - 11) + ext), to / (stem + ext));
    };
    tile("map/m10/m10_00_00_00", "m60_34_43_00");
    tile("map/m11/m11_00_00_00", "m60_35_43_00");
    fs::remove(install / "manifest.json");  // the copies are not what synth built
    fs::remove(install / "defects.json");
    const fs::path html = dir / "r.html";
    EXPECT_EQ(run_quiet("verify " + install.string() + " --html " + html.string()), 1);
    const std::string page = read_text(html);
    EXPECT_NE(page.find("<h2 id=\"files\">Files that fail</h2>"), std::string::npos);
    EXPECT_NE(page.find("<td class=\"path\">map/m10/m10_00_00_00/h10_00_00_00.hkxbhd</td><td>Stormveil Castle</td>"),
              std::string::npos)
        << page;
    EXPECT_NE(page.find("<td class=\"path\">map/m60/m60_34_43_00/h60_34_43_00.hkxbhd</td><td>Lands Between tile</td>"),
              std::string::npos);
    EXPECT_NE(page.find("The Lands Between (m60), by small tile"), std::string::npos);
    EXPECT_NE(
        page.find(
            "<rect class=\"error\" x=\"36\" y=\"4\" width=\"13\" height=\"13\"><title>small tile x 34 z 43: 1 of "),
        std::string::npos);
    EXPECT_NE(
        page.find("<rect class=\"ok\" x=\"50\" y=\"4\" width=\"13\" height=\"13\"><title>small tile x 35 z 43: 0 of "),
        std::string::npos);
    EXPECT_LT(page.find("id=\"files\""), page.find("id=\"maps\""));
    EXPECT_LT(page.find("id=\"maps\""), page.find("id=\"configuration\""));
    fs::remove_all(dir);
}

}  // namespace
