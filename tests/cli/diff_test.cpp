// `meshproof diff` end to end: two synthetic demo installs, one with known defects injected
// (synth's defects.json lists where), verified to JSON and diffed.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include <unistd.h>

#include "tests/cli/run_cli.h"
#include "tests/support/file_text.h"
#include "tests/support/corpus.h"

namespace {
namespace fs = std::filesystem;

// The diff on stdout alone (compared whole), or with the error messages of stderr.
constexpr auto& run_stdout = meshproof::test::run_cli_stdout;
constexpr auto& run_all = meshproof::test::run_cli_all;

using meshproof::test::read_text;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Two demo installs (clean, and with 5 leaf-box defects and one truncated member) and their reports.
class DiffCli : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        // One folder per process: ctest runs each test in its own process, several at once.
        dir_ = fs::temp_directory_path() / ("meshproof-cli-diff-" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
        const std::string d = dir_.string();
        ASSERT_EQ(run_all("synth " + d + "/clean --game eldenring --scale demo").code, 0);
        ASSERT_EQ(run_all("synth " + d + "/defects --game eldenring --scale demo --defects leafbox:5,truncated:1").code,
                  0);
        ASSERT_EQ(run_all("verify " + d + "/clean --quiet --json " + d + "/clean.json").code, 0);
        ASSERT_EQ(run_all("verify " + d + "/defects --quiet --json " + d + "/defects.json").code, 1);
    }
    static void TearDownTestSuite() { fs::remove_all(dir_); }
    static std::string at(const std::string& name) { return (dir_ / name).string(); }
    static fs::path dir_;
};
fs::path DiffCli::dir_;

TEST_F(DiffCli, AReportAgainstItselfIsEmptyAndExitsZero) {
    auto r = run_stdout("diff " + at("clean.json") + " " + at("clean.json"));
    EXPECT_EQ(r.code, 0) << r.text;
    EXPECT_EQ(r.text, "meshproof diff: " + at("clean.json") + " -> " + at("clean.json") + ": no differences\n");
}

TEST_F(DiffCli, InjectedDefectsAreListedAndExitOne) {
    auto r = run_stdout("diff " + at("clean.json") + " " + at("defects.json"));
    EXPECT_EQ(r.code, 1) << r.text;
    EXPECT_TRUE(contains(r.text, "! leafbox.prims_outside [eldenring/h]  0 -> 5 (+5)  violation")) << r.text;
    EXPECT_TRUE(contains(r.text, "regression: 1 member newly failed, 1 violation counter grew\n")) << r.text;

    // Every location synth says it injected shows up: the truncated member as newly failed,
    // each leaf-box primitive as a failure sample that appeared.
    const std::string defects = read_text(dir_ / "defects" / "defects.json");
    const std::regex location(
        R"re(\{"kind": "(\w+)", "path": "([^"]+)", "mesh": \d+, "section": (\w+), "primitive": (\w+))re");
    int leafbox = 0, truncated = 0;
    for (auto it = std::sregex_iterator(defects.begin(), defects.end(), location); it != std::sregex_iterator(); ++it) {
        const std::smatch& m = *it;
        SCOPED_TRACE(m.str());
        if (m[1] == "truncated") {
            ++truncated;
            EXPECT_TRUE(contains(
                r.text,
                "! " + m[2].str() + "\n      old: not listed (ok or absent)\n      new: error truncated at offset "))
                << r.text;
        } else if (m[1] == "leafbox") {
            ++leafbox;
            EXPECT_TRUE(contains(r.text, "+ leafbox.prims_outside at " + m[2].str() + " / ")) << r.text;
            EXPECT_TRUE(contains(r.text, "/ section " + m[3].str() + " / primitive " + m[4].str() + ": ")) << r.text;
        }
    }
    EXPECT_EQ(leafbox, 5);
    EXPECT_EQ(truncated, 1);

    // Backwards, nothing regressed: the member recovered and the violation counter fell.
    auto back = run_stdout("diff " + at("defects.json") + " " + at("clean.json"));
    EXPECT_EQ(back.code, 0) << back.text;
    EXPECT_TRUE(contains(back.text, "  leafbox.prims_outside [eldenring/h]  5 -> 0 (-5)  violation")) << back.text;
    EXPECT_TRUE(contains(back.text, "no regression\n")) << back.text;
}

TEST_F(DiffCli, MarkdownForAPullRequestComment) {
    auto r = run_stdout("diff " + at("clean.json") + " " + at("defects.json") + " --md -");
    EXPECT_EQ(r.code, 1);
    EXPECT_TRUE(r.text.starts_with("### meshproof diff: regression\n")) << r.text;
    EXPECT_TRUE(contains(r.text, "| ❌ | `leafbox.prims_outside` | eldenring/h | 0 | 5 | +5 |")) << r.text;
    EXPECT_TRUE(contains(r.text, "| ❌ | `map/m11/")) << r.text;

    // To a file, with the text on stdout as well.
    const fs::path md = dir_ / "diff.md";
    auto both = run_stdout("diff " + at("clean.json") + " " + at("defects.json") + " --md " + md.string());
    EXPECT_EQ(both.code, 1);
    EXPECT_TRUE(both.text.starts_with("meshproof diff: ")) << both.text;
    EXPECT_TRUE(read_text(md).starts_with("### meshproof diff: regression\n"));

    // Never over a report it compares: before, `--md OLD` replaced the baseline with the Markdown.
    const std::string clean_before = read_text(dir_ / "clean.json");
    for (const std::string& target : {at("clean.json"), at("defects.json")}) {
        auto refused = run_all("diff " + at("clean.json") + " " + at("defects.json") + " --md " + target);
        EXPECT_EQ(refused.code, 2) << refused.text;
        EXPECT_TRUE(contains(refused.text, "a report the diff reads")) << refused.text;
    }
    EXPECT_EQ(read_text(dir_ / "clean.json"), clean_before);
}

TEST_F(DiffCli, AnUnreadableOrMalformedReportIsAUsageErrorNamingTheFile) {
    auto missing = run_all("diff " + at("clean.json") + " " + at("no-such.json"));
    EXPECT_EQ(missing.code, 2);
    EXPECT_TRUE(contains(missing.text, at("no-such.json") + ": cannot read the file")) << missing.text;

    std::string text = read_text(dir_ / "clean.json");
    const auto value = text.find("\"value\": ");
    ASSERT_NE(value, std::string::npos);
    text.replace(value, 9, "\"value\": \"x\", \"was\": ");
    std::ofstream(dir_ / "broken.json", std::ios::binary) << text;
    auto broken = run_all("diff " + at("broken.json") + " " + at("clean.json"));
    EXPECT_EQ(broken.code, 2);
    EXPECT_TRUE(
        contains(broken.text, at("broken.json") + ": passes[0].counters[0].value: expected an unsigned integer"))
        << broken.text;

    std::ofstream(dir_ / "truncated.json", std::ios::binary) << read_text(dir_ / "clean.json").substr(0, 100);
    auto truncated = run_all("diff " + at("clean.json") + " " + at("truncated.json"));
    EXPECT_EQ(truncated.code, 2);
    EXPECT_TRUE(contains(truncated.text, at("truncated.json") + ": (document): not valid JSON")) << truncated.text;
}

}  // namespace

// Every report `verify` writes is one `diff` reads (issue 15: a maximum that is not a whole
// number — the .sur passes' percentages, a leaf box's excess in ulps — made `diff` exit 2):
// reports of a clean and a fully defective synthetic install, the real Elden Ring sample and
// the retail .sur sample, each diffed against each.
TEST(DiffCliReports, EveryReportVerifyWritesIsReadByDiff) {
    MP_REQUIRE_CORPUS();
    const fs::path dir = fs::temp_directory_path() / ("meshproof-cli-diff-all-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string d = dir.string();
    ASSERT_EQ(run_all("synth " + d + "/clean --game eldenring --scale demo --seed 1").code, 0);
    ASSERT_EQ(run_all("synth " + d + "/defective --game eldenring --scale demo --seed 1 --defects all").code, 0);
    const std::vector<std::pair<std::string, std::string>> roots = {
        {"clean", d + "/clean"},
        {"defective", d + "/defective"},
        {"havok", meshproof::test::corpus_path("havok").string()},
        {"sur", meshproof::test::corpus_path("sur/retail-sample").string()},
    };
    for (const auto& [name, root] : roots) {
        const int code = run_all("verify " + root + " --quiet --json " + d + "/" + name + ".json").code;
        EXPECT_TRUE(code == 0 || code == 1) << name << " exited " << code;
    }
    for (const auto& [a, ra] : roots)
        for (const auto& [b, rb] : roots) {
            auto r = run_all("diff " + d + "/" + a + ".json " + d + "/" + b + ".json");
            EXPECT_TRUE(r.code == 0 || r.code == 1) << a << " -> " << b << " exited " << r.code << ": " << r.text;
        }
    fs::remove_all(dir);
}
