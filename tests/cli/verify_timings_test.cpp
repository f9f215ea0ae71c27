// `verify --timings FILE` and `verify --passes none` end to end (issue 18), on a demo-scale
// synthetic Elden Ring install written once: the timings file holds the phases, stages, passes,
// decode throughput and slowest members of the run; the report is the same bytes with and
// without it, at 1 and 2 threads; `--passes none` decodes every member, runs no pass, leaves
// every figure unchecked, says so, and exits 0 on a clean install; "none" beside a pass name is
// a usage error.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <simdjson.h>
#include <unistd.h>

#include "engine/core/cpu_path.h"
#include "tests/cli/run_cli.h"
#include "tests/support/file_text.h"

namespace {
namespace fs = std::filesystem;
using meshproof::test::run_cli_all;
using meshproof::test::run_cli_code;

using meshproof::test::read_text;

class VerifyTimings : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        dir_ = new fs::path(fs::temp_directory_path() / ("mp_verify_timings_" + std::to_string(::getpid())));
        fs::remove_all(*dir_);
        fs::create_directories(*dir_);
        install_ = new std::string((*dir_ / "install").string());
        synth_code_ = run_cli_code("synth " + *install_ + " --game eldenring --scale demo --seed 3");
    }
    static void TearDownTestSuite() {
        std::error_code ec;
        fs::remove_all(*dir_, ec);
        delete dir_;
        delete install_;
    }
    void SetUp() override { ASSERT_EQ(synth_code_, 0) << "meshproof synth failed"; }
    static std::string at(const std::string& name) { return (*dir_ / name).string(); }

    static fs::path* dir_;
    static std::string* install_;
    static int synth_code_;
};
fs::path* VerifyTimings::dir_ = nullptr;
std::string* VerifyTimings::install_ = nullptr;
int VerifyTimings::synth_code_ = -1;

TEST_F(VerifyTimings, ReportIsTheSameBytesWithAndWithoutTimingsAtOneAndTwoThreads) {
    for (int threads : {1, 2}) {
        const std::string t = std::to_string(threads);
        const std::string common = "verify " + *install_ + " --threads " + t;
        ASSERT_EQ(run_cli_code(common + " --json " + at("plain" + t + ".json") + " --md " + at("plain" + t + ".md")),
                  0);
        ASSERT_EQ(run_cli_code(common + " --json " + at("timed" + t + ".json") + " --md " + at("timed" + t + ".md") +
                               " --timings " + at("timings" + t + ".json")),
                  0);
        EXPECT_EQ(read_text(at("plain" + t + ".json")), read_text(at("timed" + t + ".json")));
        EXPECT_EQ(read_text(at("plain" + t + ".md")), read_text(at("timed" + t + ".md")));
        EXPECT_TRUE(fs::is_regular_file(at("timings" + t + ".json")));
    }
    // And the timings differ from run to run while the reports do not: nothing flows back.
    std::string one = read_text(at("plain1.json")), two = read_text(at("plain2.json"));
    const auto drop_threads = [](std::string s) {
        const auto pos = s.find("\"threads\": ");
        return pos == std::string::npos ? s : s.erase(pos, s.find('\n', pos) - pos);
    };
    EXPECT_EQ(drop_threads(one), drop_threads(two));
}

TEST_F(VerifyTimings, TimingsFileDescribesTheRun) {
    ASSERT_EQ(
        run_cli_code("verify " + *install_ + " --threads 2 --json " + at("r.json") + " --timings " + at("t.json")), 0);
    simdjson::dom::parser report_parser, parser;
    simdjson::dom::element report, t;
    ASSERT_EQ(report_parser.load(at("r.json")).get(report), simdjson::SUCCESS);
    ASSERT_EQ(parser.load(at("t.json")).get(t), simdjson::SUCCESS);

    EXPECT_EQ(std::string_view(t["format"]), "meshproof-timings-1");
    EXPECT_EQ(int64_t(t["threads"]), 2);
    EXPECT_EQ(std::string_view(t["passes_selected"]), "every pass");
    std::vector<std::string> phases;
    double phase_sum = 0;
    for (auto p : t["phases"].get_array()) {
        phases.emplace_back(std::string_view(p["phase"]));
        phase_sum += double(p["wall_seconds"]);
    }
    EXPECT_EQ(phases, (std::vector<std::string>{"scan", "count", "verify", "gather", "report"}));
    EXPECT_EQ(std::string_view(t["cpu_path"]), meshproof::cpu_path_name(meshproof::active_cpu_path()));
    EXPECT_NEAR(double(t["wall_seconds"]), phase_sum, 1e-5);

    std::vector<std::string> stages;
    for (auto s : t["stages"].get_array()) stages.emplace_back(std::string_view(s["stage"]));
    EXPECT_EQ(stages, (std::vector<std::string>{"open", "inflate", "tagfile", "mesh", "sur_decode", "passes"}));

    // The passes of the timings file are the report's, in its order.
    std::vector<std::string> report_passes, timed_passes;
    for (auto p : report["config"]["passes"].get_array()) report_passes.emplace_back(std::string_view(p));
    for (auto p : t["passes"].get_array()) timed_passes.emplace_back(std::string_view(p["pass"]));
    EXPECT_EQ(timed_passes, report_passes);
    EXPECT_FALSE(timed_passes.empty());

    const auto decode = t["decode"];
    const uint64_t members = uint64_t(decode["members"]);
    EXPECT_GT(members, 0u);
    EXPECT_LE(members, uint64_t(report["inputs"]["ok"]));
    EXPECT_GT(uint64_t(decode["decompressed_bytes"]), 0u);
    EXPECT_GT(uint64_t(decode["triangles"]), 0u);

    // The slowest members: at most 20, slowest first, each named in the game's own terms.
    auto slowest = t["slowest_members"].get_array();
    EXPECT_GT(slowest.size(), 0u);
    EXPECT_LE(slowest.size(), 20u);
    double previous = 1e300;
    for (auto m : slowest) {
        const std::string_view path = m["path"];
        EXPECT_NE(path.find(" :: "), std::string_view::npos) << path;
        EXPECT_LE(double(m["seconds"]), previous);
        previous = double(m["seconds"]);
    }
}

TEST_F(VerifyTimings, PassesNoneDecodesEveryMemberAndRunsNoPass) {
    const auto r = run_cli_all("verify " + *install_ + " --passes none --json " + at("none.json") + " --timings " +
                               at("none-t.json"));
    EXPECT_EQ(r.code, 0) << r.text;
    EXPECT_NE(r.text.find("passes: none run (decode only"), std::string::npos) << r.text;
    simdjson::dom::parser parser, tparser;
    simdjson::dom::element report, t;
    ASSERT_EQ(parser.load(at("none.json")).get(report), simdjson::SUCCESS);
    EXPECT_EQ(report["config"]["passes"].get_array().size(), 0u);
    EXPECT_EQ(report["passes"].get_array().size(), 0u);
    EXPECT_EQ(uint64_t(report["inputs"]["decode_error"]), 0u);
    EXPECT_GT(uint64_t(report["inputs"]["ok"]), 0u);
    // The install's own manifest: every figure it holds is unchecked ("pass ... not selected").
    EXPECT_EQ(uint64_t(report["manifest"]["match"]), 0u);
    EXPECT_EQ(uint64_t(report["manifest"]["mismatch"]), 0u);
    EXPECT_GT(uint64_t(report["manifest"]["unchecked"]), 0u);

    ASSERT_EQ(tparser.load(at("none-t.json")).get(t), simdjson::SUCCESS);
    EXPECT_EQ(std::string_view(t["passes_selected"]), "none (decode only)");
    EXPECT_EQ(t["passes"].get_array().size(), 0u);
    EXPECT_GT(uint64_t(t["decode"]["members"]), 0u);
}

// The hidden floor of bench/full-install.sh: every member inflated (compendiums too), none failed.
TEST_F(VerifyTimings, InflateOnlyInflatesEveryMemberTheReportLists) {
    ASSERT_EQ(run_cli_code("verify " + *install_ + " --passes none --json " + at("members.json")), 0);
    simdjson::dom::parser parser;
    simdjson::dom::element report;
    ASSERT_EQ(parser.load(at("members.json")).get(report), simdjson::SUCCESS);
    const uint64_t members = uint64_t(report["inputs"]["members"]);
    const auto r = run_cli_all("verify " + *install_ + " --inflate-only --threads 2");
    EXPECT_EQ(r.code, 0) << r.text;
    EXPECT_NE(r.text.find("inflate only: " + std::to_string(members) + " members, "), std::string::npos) << r.text;
    EXPECT_NE(r.text.find(", 0 failures, "), std::string::npos) << r.text;
    EXPECT_EQ(run_cli_code("verify " + *install_ + " --inflate-only --json " + at("x.json")), 2);
}

TEST_F(VerifyTimings, PassesNoneBesideAPassIsAUsageError) {
    const auto r = run_cli_all("verify " + *install_ + " --passes none,keys");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.text.find("--passes none runs no pass: give it alone"), std::string::npos) << r.text;
}

TEST_F(VerifyTimings, UnwritableTimingsFileIsAUsageError) {
    const auto r = run_cli_all("verify " + *install_ + " --passes none --timings " + at("no/such/folder/t.json"));
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.text.find("cannot write"), std::string::npos) << r.text;
}

}  // namespace
