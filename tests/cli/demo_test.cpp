// scripts/demo as a new user runs it (issue 15): the summary on the terminal, the three reports
// in files whose paths it prints — not the 17,000-line JSON report on the terminal.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <unistd.h>

#include "tests/cli/run_cli.h"
#include "tests/support/file_text.h"

namespace {
namespace fs = std::filesystem;

using meshproof::test::read_text;

TEST(DemoScript, PrintsTheSummaryAndWritesTheReportsToFilesItNames) {
    const fs::path dir = fs::temp_directory_path() / ("meshproof-demo-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const fs::path reports = dir / "reports";
    // The demo's own binary (no setup, no build: MESHPROOF_BINARY), its demo install in `dir`.
    const auto r = meshproof::test::run_shell("MESHPROOF_BINARY=" + std::string(MESHPROOF_BINARY) +
                                              " BUILD=" + dir.string() + " MESHPROOF_DEMO_REPORTS=" + reports.string() +
                                              " " + MESHPROOF_SOURCE_DIR "/scripts/demo 2>&1");
    EXPECT_EQ(r.code, 0) << r.text;
    // The summary: the figures line of the install's manifest (every figure matches), a few lines in all.
    EXPECT_NE(r.text.find("figures, the install's own ("), std::string::npos) << r.text;
    EXPECT_NE(r.text.find(" match, 0 differ, 0 unchecked"), std::string::npos) << r.text;
    EXPECT_LT(std::count(r.text.begin(), r.text.end(), '\n'), 40) << r.text;
    EXPECT_EQ(r.text.find("\"report_format\""), std::string::npos) << "the JSON report reached the terminal";
    for (const char* name : {"report.json", "report.md", "report.html"}) {
        const fs::path p = reports / name;
        EXPECT_NE(r.text.find(p.string()), std::string::npos) << name << " not named:\n" << r.text;
        ASSERT_TRUE(fs::is_regular_file(p)) << p;
        EXPECT_GT(fs::file_size(p), 1000u) << p;
    }
    EXPECT_NE(read_text(reports / "report.json").find("\"report_format\": 1"), std::string::npos);
    EXPECT_EQ(read_text(reports / "report.html").rfind("<!DOCTYPE html>", 0), 0u);
    fs::remove_all(dir);
}

}  // namespace
