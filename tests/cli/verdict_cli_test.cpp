// One verdict (issue 41): the exit code, the summary's first line (on stdout), the JSON report's
// `verdict` and the HTML headline agree on a clean, a defective and a partially read install; the
// failing members of `synth --defects all` installs of both games are exactly the planted ones,
// with the rule each defect breaks; `--failures` lists them one line per (member, rule).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>

#include <simdjson.h>
#include <unistd.h>

#include "tests/cli/run_cli.h"
#include "tests/support/file_text.h"

namespace {
namespace fs = std::filesystem;
using meshproof::test::read_text;
using meshproof::test::run_cli_all;
using meshproof::test::run_cli_code;
using meshproof::test::run_cli_stdout;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

class Verdict : public ::testing::Test {
protected:
    static fs::path dir() { return fs::temp_directory_path() / ("meshproof-verdict-" + std::to_string(::getpid())); }
    // A demo install of `game` with `defects` ("" for none), made once per name.
    static fs::path install(const std::string& name, const std::string& game, const std::string& defects) {
        const fs::path out = dir() / name;
        if (!fs::exists(out / "manifest.json")) {
            const std::string args = "synth " + out.string() + " --game " + game + " --scale demo --force" +
                                     (defects.empty() ? "" : " --defects " + defects);
            EXPECT_EQ(run_cli_code(args), 0) << args;
        }
        return out;
    }
    static void TearDownTestSuite() { fs::remove_all(dir()); }

    struct Verified {
        int code = -1;
        std::string summary;  // stdout
        std::string json, html;
    };
    static Verified verify(const fs::path& root, const std::string& extra = "") {
        const fs::path json = dir() / (root.filename().string() + ".json"),
                       html = dir() / (root.filename().string() + ".html");
        const auto r = run_cli_stdout("verify " + root.string() + " --json " + json.string() + " --html " +
                                      html.string() + " " + extra);
        return {r.code, r.text, read_text(json), read_text(html)};
    }
    // The JSON verdict's state, exit code and line.
    static std::tuple<std::string, std::int64_t, std::string> json_verdict(const std::string& json) {
        simdjson::dom::parser parser;
        simdjson::dom::element doc = parser.parse(json);
        return {std::string(std::string_view(doc["verdict"]["state"])), std::int64_t(doc["verdict"]["exit_code"]),
                std::string(std::string_view(doc["verdict"]["line"]))};
    }
    static void expect_agree(const Verified& v, const std::string& state, int code, const std::string& html_class) {
        EXPECT_EQ(v.code, code) << v.summary;
        const auto [json_state, json_code, json_line] = json_verdict(v.json);
        EXPECT_EQ(json_state, state);
        EXPECT_EQ(json_code, code);
        EXPECT_EQ(first_line(v.summary), json_line) << v.summary;
        EXPECT_TRUE(contains(v.html, "<p class=\"verdict\"><span class=\"" + html_class + "\">"))
            << v.html.substr(0, 4000);
    }
};

TEST_F(Verdict, ACleanInstallIsOneGreenLineAndExitZero) {
    const fs::path root = install("clean", "eldenring", "");
    const Verified v = verify(root);
    expect_agree(v, "pass", 0, "good");
    EXPECT_TRUE(first_line(v.summary).starts_with("PASS: every rule holds in ")) << v.summary;
    const auto q = run_cli_stdout("verify " + root.string() + " -q");
    EXPECT_EQ(q.code, 0);
    EXPECT_EQ(q.text, first_line(v.summary) + "\n");  // --quiet: the verdict line only
}

TEST_F(Verdict, ADefectiveInstallFailsAndSaysTheDefectsWerePlanted) {
    const Verified v = verify(install("all", "eldenring", "all"));
    expect_agree(v, "fail", 1, "bad");
    const std::string line = first_line(v.summary);
    EXPECT_TRUE(line.starts_with("FAIL: 9 rules broken in 6 members")) << line;
    EXPECT_TRUE(contains(line, "every failing member holds one of the 11 defects synth planted")) << line;
    // The figures the install's manifest holds match, and the figures line says whose they are.
    EXPECT_TRUE(contains(v.summary, "figures, the install's own")) << v.summary;
    EXPECT_TRUE(contains(v.summary, "files that fail (4, most violations first):")) << v.summary;
}

TEST_F(Verdict, APartialReadIsPartialWithExitThree) {
    const Verified v = verify(install("truncated", "sekiro", "truncated:1"));
    expect_agree(v, "partial", 3, "warn");
    EXPECT_TRUE(first_line(v.summary).starts_with("PARTIAL: every rule holds in the ")) << v.summary;
    EXPECT_TRUE(contains(first_line(v.summary), "but 1 member did not decode")) << v.summary;
}

TEST_F(Verdict, AFailureInAFileWithNoPlantedDefectIsCalledOut) {
    const fs::path root = install("unplanted", "eldenring", "interior:1");
    std::string defects = read_text(root / "defects.json");
    const std::size_t at = defects.find("\"path\": \"");
    ASSERT_NE(at, std::string::npos);
    const std::size_t end = defects.find('"', at + 9);
    const std::string member = defects.substr(at + 9, end - at - 9);
    defects.replace(at + 9, end - at - 9, "somewhere/else.hkx");
    std::ofstream(root / "defects.json", std::ios::binary) << defects;
    const Verified v = verify(root);
    expect_agree(v, "fail", 1, "bad");
    EXPECT_TRUE(contains(first_line(v.summary),
                         "1 failing member with no planted defect (1 violation there), the first " + member))
        << v.summary;
}

TEST_F(Verdict, DecodeOnlyPassesWithoutClaimingRules) {
    const auto r = run_cli_stdout("verify " + install("clean", "eldenring", "").string() + " --passes none -q");
    EXPECT_EQ(r.code, 0);
    EXPECT_TRUE(contains(r.text, "decoded; no pass was run (--passes none)")) << r.text;
}

TEST_F(Verdict, NothingToCheckWritesNoReportAndExitsTwo) {
    const fs::path empty = dir() / "empty";
    fs::create_directories(empty);
    const auto r = run_cli_all("verify " + empty.string() + " --json " + (dir() / "empty.json").string());
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(contains(r.text, "nothing to check")) << r.text;
    EXPECT_FALSE(fs::exists(dir() / "empty.json"));
}

// The rule each kind of planted defect breaks (synth's defect_spec.h); nibble and extern_twice
// plant a figure (a rate, a count), not a rule violation, and so make no member fail.
const std::map<std::string, std::string>& rule_of_kind() {
    static const std::map<std::string, std::string> rules = {
        {"page0", "page.triangles_outside_domain"},
        {"leafbox", "leafbox.prims_outside"},
        {"interior", "interior.keys_wrong"},
        {"run_gap", "structure.runs_not_tiling"},
        {"key_width", "keys.key_bits_differ"},
        {"truncated", "decode:truncated"},
        {"dcx_header", "decode:bad-magic"},
        {"extern_missing", "custom_prims.extern_refs_missing_shape"},
        {"extern_outside", "custom_prims.extern_box_outside_leaf"},
    };
    return rules;
}

// Every planted defect's member is in --failures with the defect's rule, and no other member is.
void expect_failures_are_the_planted(const fs::path& root, const fs::path& failures) {
    const auto r = run_cli_stdout("verify " + root.string() + " -q --failures " + failures.string());
    EXPECT_EQ(r.code, 1) << r.text;
    std::map<std::string, std::set<std::string>> rules_by_member;  // from --failures
    std::istringstream lines(read_text(failures));
    std::string line;
    std::getline(lines, line);
    EXPECT_EQ(line, "# meshproof verify failures");
    std::getline(lines, line);
    EXPECT_EQ(line, "# path\tmap\tplace\tstate\trule\tcount\twhere\tdetail");
    while (std::getline(lines, line)) {
        std::vector<std::string> f;
        for (std::size_t at = 0;;) {
            const std::size_t tab = line.find('\t', at);
            f.push_back(line.substr(at, tab == std::string::npos ? std::string::npos : tab - at));
            if (tab == std::string::npos) break;
            at = tab + 1;
        }
        ASSERT_EQ(f.size(), 8u) << line;
        rules_by_member[f[0]].insert(f[4]);
        EXPECT_GE(std::stoull(f[5]), 1u) << line;
    }
    simdjson::dom::parser parser;
    simdjson::dom::element defects = parser.load((root / "defects.json").string());
    std::set<std::string> planted;
    for (simdjson::dom::element l : defects["locations"].get_array()) {
        const std::string kind{std::string_view(l["kind"])}, member{std::string_view(l["path"])};
        planted.insert(member);
        const auto rule = rule_of_kind().find(kind);
        if (rule == rule_of_kind().end()) continue;
        EXPECT_EQ(rules_by_member[member].count(rule->second), 1u) << kind << " in " << member;
    }
    ASSERT_FALSE(rules_by_member.empty());
    for (const auto& [member, rules] : rules_by_member)
        EXPECT_EQ(planted.count(member), 1u) << member << " fails with no planted defect";
}

TEST_F(Verdict, FailuresListEveryPlantedDefectsMemberAndNothingElseEldenRing) {
    expect_failures_are_the_planted(install("all", "eldenring", "all"), dir() / "er.tsv");
}

TEST_F(Verdict, FailuresListEveryPlantedDefectsMemberAndNothingElseSekiro) {
    expect_failures_are_the_planted(install("sekiro-all", "sekiro", "all"), dir() / "sekiro.tsv");
}

TEST_F(Verdict, FailuresToStdoutAndSamplesLiftTheCap) {
    const fs::path root = install("all", "eldenring", "all");
    const auto r = run_cli_stdout("verify " + root.string() + " --failures -");
    EXPECT_EQ(r.code, 1);
    EXPECT_TRUE(r.text.starts_with("# meshproof verify failures\n"))
        << r.text.substr(0, 200);  // the summary went to stderr
    EXPECT_FALSE(contains(r.text, "FAIL:")) << r.text.substr(0, 400);
    auto samples = [&](const std::string& extra) {
        const fs::path json = dir() / "samples.json";
        EXPECT_EQ(run_cli_code("verify " + root.string() + " -q --json " + json.string() + " " + extra), 1);
        simdjson::dom::parser parser;
        simdjson::dom::element doc = parser.load(json.string());
        for (simdjson::dom::element p : doc["passes"].get_array())
            if (std::string_view(p["name"]) == "page")
                return simdjson::dom::array(p["failures"]["triangles_outside_domain"]).size();
        return std::size_t{0};
    };
    EXPECT_EQ(samples(""), 20u);
    EXPECT_EQ(samples("--samples 100"), 100u);
    EXPECT_EQ(samples("--samples 0"), 0u);
}

TEST_F(Verdict, BadFailuresAndSamplesAreRefusedBeforeTheRun) {
    const fs::path root = install("clean", "eldenring", "");
    auto r = run_cli_all("verify " + root.string() + " --failures " + dir().string());
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(contains(r.text, "--failures: " + dir().string() + " is a folder")) << r.text;
    r = run_cli_all("verify " + root.string() + " --samples -3");
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(contains(r.text, "--samples")) << r.text;
    r = run_cli_all("verify " + root.string() + " -q -v");
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(contains(r.text, "--quiet and -v")) << r.text;
    // Never over a file the run reads.
    r = run_cli_all("verify " + root.string() + " --failures " + (root / "defects.json").string());
    EXPECT_EQ(r.code, 2) << r.text;
}

TEST_F(Verdict, TheSummaryEndsWithTheTimeAndTheReportsWritten) {
    const fs::path root = install("clean", "eldenring", "");
    const fs::path json = dir() / "ends.json";
    const auto r = run_cli_stdout("verify " + root.string() + " --json " + json.string());
    EXPECT_EQ(r.code, 0);
    const std::size_t last = r.text.rfind("took ");
    ASSERT_NE(last, std::string::npos) << r.text;
    EXPECT_TRUE(contains(r.text.substr(last), " s; report written: " + json.string() + "\n")) << r.text;
}

}  // namespace
