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

}  // namespace
