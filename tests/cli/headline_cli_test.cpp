// The headline end to end (issue 15 item 4): a synthetic install with 5 leaf-box defects
// injected, verified to Markdown and HTML. The terminal summary, the Markdown and the HTML all
// open with the claims, leaf-box containment failing with the injected count, and the Markdown's
// headline fits its first 40 lines.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "tests/cli/run_cli.h"
#include "tests/support/file_text.h"

namespace {
namespace fs = std::filesystem;

using meshproof::test::read_text;

std::size_t line_of(const std::string& text, std::size_t pos) {
    return static_cast<std::size_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(pos), '\n')) +
           1;
}

TEST(HeadlineCli, EveryHumanReportOpensWithTheHeadline) {
    const fs::path dir = fs::temp_directory_path() / ("meshproof-cli-headline-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string install = (dir / "install").string();
    ASSERT_EQ(meshproof::test::run_cli_code("synth " + install + " --game eldenring --scale demo --defects leafbox:5"),
              0);
    const fs::path md = dir / "report.md", html = dir / "report.html";
    const auto r =
        meshproof::test::run_cli_all("verify " + install + " --md " + md.string() + " --html " + html.string());
    EXPECT_EQ(r.code, 1) << r.text;  // 5 primitives outside their leaf box

    // The terminal: the verdict, the game, then the rules before any other line; -v adds the
    // failing counters with their samples.
    EXPECT_TRUE(r.text.starts_with("FAIL: 1 rule broken in 5 members (5 violations)")) << r.text.substr(0, 400);
    const auto game_end = r.text.find('\n', r.text.find("game: "));
    ASSERT_NE(game_end, std::string::npos) << r.text;
    EXPECT_EQ(r.text.compare(game_end + 1, 7, "rules:\n"), 0) << r.text.substr(0, 1500);
    const auto fails = r.text.find("FAILS    leaf-box containment: 5 violations in ");
    EXPECT_NE(fails, std::string::npos) << r.text.substr(0, 1500);
    EXPECT_LT(r.text.find("holds    shared-vertex page: 0 violations in "), fails);
    EXPECT_EQ(r.text.find("MISMATCH leafbox.prims_outside"), std::string::npos);
    const auto verbose = meshproof::test::run_cli_all("verify " + install + " -v");
    EXPECT_LT(verbose.text.find("FAILS    leaf-box containment"), verbose.text.find("MISMATCH leafbox.prims_outside"))
        << verbose.text;

    const std::string markdown = read_text(md);
    EXPECT_TRUE(markdown.starts_with(
        "# meshproof verify report\n\n**FAIL: 1 rule broken in 5 members (5 violations); every failing member "
        "holds one of the 5 defects synth planted ("))
        << markdown.substr(0, 600);
    EXPECT_NE(markdown.find(")**\n\n## Headline\n\n- ✓ holds — shared-vertex page: "), std::string::npos)
        << markdown.substr(0, 600);
    const auto leafbox = markdown.find("- ✗ **fails** — leaf-box containment: 5 violations in ");
    ASSERT_NE(leafbox, std::string::npos) << markdown.substr(0, 2000);
    EXPECT_NE(markdown.find("prims_outside 5 ([leafbox](#pass-leafbox))", leafbox), std::string::npos);
    // After the headline, which files fail: the first table of the report.
    const auto files = markdown.find("## Files that fail");
    ASSERT_NE(files, std::string::npos);
    EXPECT_LE(line_of(markdown, files), 40u) << markdown.substr(0, files);
    EXPECT_LT(files, markdown.find("\n|"));  // no table before the headline ends
    EXPECT_LT(files, markdown.find("## Maps"));
    EXPECT_LT(markdown.find("## Maps"), markdown.find("## Configuration"));

    const std::string page = read_text(html);
    const auto headline = page.find("<section id=\"headline\">");
    ASSERT_NE(headline, std::string::npos);
    EXPECT_LT(headline, page.find("<table"));
    EXPECT_LT(page.find("shared-vertex page", headline), page.find("leaf-box containment", headline));
    EXPECT_NE(page.find("5 violations in ", headline), std::string::npos);
    fs::remove_all(dir);
}

}  // namespace
