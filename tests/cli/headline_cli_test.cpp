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
    return static_cast<std::size_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(pos), '\n')) + 1;
}

TEST(HeadlineCli, EveryHumanReportOpensWithTheHeadline) {
    const fs::path dir = fs::temp_directory_path() / ("meshproof-cli-headline-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string install = (dir / "install").string();
    ASSERT_EQ(meshproof::test::run_cli_code("synth " + install + " --game eldenring --scale demo --defects leafbox:5"), 0);
    const fs::path md = dir / "report.md", html = dir / "report.html";
    const auto r = meshproof::test::run_cli_all("verify " + install + " --quiet --md " + md.string() + " --html " + html.string());
    EXPECT_EQ(r.code, 1) << r.text;   // 5 primitives outside their leaf box

    // The terminal: the game, then the headline before any other line.
    const auto game_end = r.text.find('\n', r.text.find("game: "));
    ASSERT_NE(game_end, std::string::npos) << r.text;
    EXPECT_EQ(r.text.compare(game_end + 1, 10, "headline:\n"), 0) << r.text.substr(0, 1500);
    const auto fails = r.text.find("FAILS    leaf-box containment: 5 violations in ");
    EXPECT_NE(fails, std::string::npos) << r.text.substr(0, 1500);
    EXPECT_LT(r.text.find("holds    shared-vertex page: 0 violations in "), fails);
    EXPECT_LT(fails, r.text.find("MISMATCH leafbox.prims_outside"));

    const std::string markdown = read_text(md);
    EXPECT_TRUE(markdown.starts_with("# meshproof verify report\n\n## Headline\n\n- ✓ holds — shared-vertex page: ")) << markdown.substr(0, 600);
    const auto leafbox = markdown.find("- ✗ **fails** — leaf-box containment: 5 violations in ");
    ASSERT_NE(leafbox, std::string::npos) << markdown.substr(0, 2000);
    EXPECT_NE(markdown.find("prims_outside 5 ([leafbox](#pass-leafbox))", leafbox), std::string::npos);
    const auto configuration = markdown.find("## Configuration");
    ASSERT_NE(configuration, std::string::npos);
    EXPECT_LE(line_of(markdown, configuration), 40u) << markdown.substr(0, configuration);
    EXPECT_LT(configuration, markdown.find("\n|"));   // no table before the headline ends

    const std::string page = read_text(html);
    const auto headline = page.find("<section id=\"headline\">");
    ASSERT_NE(headline, std::string::npos);
    EXPECT_LT(headline, page.find("<table"));
    EXPECT_LT(page.find("shared-vertex page", headline), page.find("leaf-box containment", headline));
    EXPECT_NE(page.find("5 violations in ", headline), std::string::npos);
    fs::remove_all(dir);
}

}  // namespace
