// `meshproof diff` end to end: two synthetic demo installs, one with known defects injected
// (synth's defects.json lists where), verified to JSON and diffed.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>

#include <unistd.h>

namespace {
namespace fs = std::filesystem;

struct Output {
    int code = -1;
    std::string out;
};

Output run_with(const std::string& args, const char* stderr_to) {
    Output o;
    const std::string cmd = std::string(MESHPROOF_BINARY) + " " + args + stderr_to;
    FILE* p = ::popen(cmd.c_str(), "r");
    if (p == nullptr) return o;
    std::array<char, 4096> buf{};
    std::size_t n;
    while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) o.out.append(buf.data(), n);
    const int status = ::pclose(p);
    o.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return o;
}

Output run_stdout(const std::string& args) { return run_with(args, " 2>/dev/null"); }
Output run_all(const std::string& args) { return run_with(args, " 2>&1"); }   // stdout and stderr

std::string read_text(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

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
        ASSERT_EQ(run_all("synth " + d + "/defects --game eldenring --scale demo --defects leafbox:5,truncated:1").code, 0);
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
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_EQ(r.out, "meshproof diff: " + at("clean.json") + " -> " + at("clean.json") + ": no differences\n");
}

TEST_F(DiffCli, InjectedDefectsAreListedAndExitOne) {
    auto r = run_stdout("diff " + at("clean.json") + " " + at("defects.json"));
    EXPECT_EQ(r.code, 1) << r.out;
    EXPECT_TRUE(contains(r.out, "! leafbox.prims_outside [eldenring/h]  0 -> 5 (+5)  violation")) << r.out;
    EXPECT_TRUE(contains(r.out, "regression: 1 member newly failed, 1 violation counter grew\n")) << r.out;

    // Every location synth says it injected shows up: the truncated member as newly failed,
    // each leaf-box primitive as a failure sample that appeared.
    const std::string defects = read_text(dir_ / "defects" / "defects.json");
    const std::regex location(R"re(\{"kind": "(\w+)", "path": "([^"]+)", "mesh": \d+, "section": (\w+), "primitive": (\w+))re");
    int leafbox = 0, truncated = 0;
    for (auto it = std::sregex_iterator(defects.begin(), defects.end(), location); it != std::sregex_iterator(); ++it) {
        const std::smatch& m = *it;
        SCOPED_TRACE(m.str());
        if (m[1] == "truncated") {
            ++truncated;
            EXPECT_TRUE(contains(r.out, "! " + m[2].str() + "\n      old: not listed (ok or absent)\n      new: error truncated at offset "))
                << r.out;
        } else if (m[1] == "leafbox") {
            ++leafbox;
            EXPECT_TRUE(contains(r.out, "+ leafbox.prims_outside at " + m[2].str() + " / ")) << r.out;
            EXPECT_TRUE(contains(r.out, "/ section " + m[3].str() + " / primitive " + m[4].str() + ": ")) << r.out;
        }
    }
    EXPECT_EQ(leafbox, 5);
    EXPECT_EQ(truncated, 1);

    // Backwards, nothing regressed: the member recovered and the violation counter fell.
    auto back = run_stdout("diff " + at("defects.json") + " " + at("clean.json"));
    EXPECT_EQ(back.code, 0) << back.out;
    EXPECT_TRUE(contains(back.out, "  leafbox.prims_outside [eldenring/h]  5 -> 0 (-5)  violation")) << back.out;
    EXPECT_TRUE(contains(back.out, "no regression\n")) << back.out;
}

TEST_F(DiffCli, MarkdownForAPullRequestComment) {
    auto r = run_stdout("diff " + at("clean.json") + " " + at("defects.json") + " --md -");
    EXPECT_EQ(r.code, 1);
    EXPECT_TRUE(r.out.starts_with("### meshproof diff: regression\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "| ❌ | `leafbox.prims_outside` | eldenring/h | 0 | 5 | +5 |")) << r.out;
    EXPECT_TRUE(contains(r.out, "| ❌ | `map/m11/")) << r.out;

    // To a file, with the text on stdout as well.
    const fs::path md = dir_ / "diff.md";
    auto both = run_stdout("diff " + at("clean.json") + " " + at("defects.json") + " --md " + md.string());
    EXPECT_EQ(both.code, 1);
    EXPECT_TRUE(both.out.starts_with("meshproof diff: ")) << both.out;
    EXPECT_TRUE(read_text(md).starts_with("### meshproof diff: regression\n"));
}

TEST_F(DiffCli, AnUnreadableOrMalformedReportIsAUsageErrorNamingTheFile) {
    auto missing = run_all("diff " + at("clean.json") + " " + at("no-such.json"));
    EXPECT_EQ(missing.code, 2);
    EXPECT_TRUE(contains(missing.out, at("no-such.json") + ": cannot read the file")) << missing.out;

    std::string text = read_text(dir_ / "clean.json");
    const auto value = text.find("\"value\": ");
    ASSERT_NE(value, std::string::npos);
    text.replace(value, 9, "\"value\": \"x\", \"was\": ");
    std::ofstream(dir_ / "broken.json", std::ios::binary) << text;
    auto broken = run_all("diff " + at("broken.json") + " " + at("clean.json"));
    EXPECT_EQ(broken.code, 2);
    EXPECT_TRUE(contains(broken.out, at("broken.json") + ": passes[0].counters[0].value: expected an unsigned integer")) << broken.out;

    std::ofstream(dir_ / "truncated.json", std::ios::binary) << read_text(dir_ / "clean.json").substr(0, 100);
    auto truncated = run_all("diff " + at("clean.json") + " " + at("truncated.json"));
    EXPECT_EQ(truncated.code, 2);
    EXPECT_TRUE(contains(truncated.out, at("truncated.json") + ": (document): not valid JSON")) << truncated.out;
}

}  // namespace
