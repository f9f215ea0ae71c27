// RunOptions::timings (issue 18): what the clocks count is checked against what the run did —
// the members handed to the passes, their decompressed bytes and triangles, the passes by name,
// the slowest members in order, the phases in order — never how long anything took. And the
// clocks never reach the report: it is byte-identical with and without timings, at 1 and N threads.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <numeric>
#include <thread>

#include <unistd.h>

#include "engine/containers/dcx_writer.h"
#include "engine/mesh/decode_member.h"
#include "engine/pipeline/run.h"
#include "engine/pipeline/timing_collector.h"
#include "engine/tagfile/compendium.h"
#include "reports/run_report.h"
#include "tests/support/corpus.h"
#include "tests/support/split_binder_install.h"

namespace meshproof {
namespace {
namespace fs = std::filesystem;

class RunTimingsTest : public ::testing::Test {
protected:
    void SetUp() override {
        MP_REQUIRE_CORPUS();
        root_ = fs::temp_directory_path() / ("meshproof-run-timings-" + std::to_string(::getpid()));
        hkx_ = test::read_file(test::corpus_path("havok/h.hkx"));
        const auto compendium = test::read_file(test::corpus_path("havok/h.compendium"));
        test::write_split_binder_install(
            root_, "h10_00_00_00",
            {
                {"h10_00_00_00.compendium.dcx", dcx_write_dflt(compendium)},
                {"h10_00_00_00_000000.hkx.dcx", dcx_write_dflt(hkx_)},
                {"h10_00_00_00_000001.hkx.dcx", dcx_write_zstd(hkx_)},
                // Cut short inside a valid DCX: decompressed, then refused by the tagfile parser.
                {"h10_00_00_00_000002.hkx.dcx", dcx_write_dflt(Bytes(hkx_.data(), hkx_.size() / 2))},
            });
        // The triangles one copy of the sample decodes to, by the decoder itself.
        auto reg = tagfile::CompendiumRegistry();
        auto parsed_compendium = tagfile::parse_compendium(compendium);
        ASSERT_TRUE(parsed_compendium.ok());
        ASSERT_TRUE(reg.add(*parsed_compendium).ok());
        auto tf = tagfile::parse_tagfile(hkx_, &reg);
        ASSERT_TRUE(tf.ok());
        auto member = mesh::decode_member(*tf);
        ASSERT_TRUE(member.ok());
        for (const auto& m : member->meshes) triangles_ += m.triangles.size();
        for (const auto& e : member->extern_meshes) triangles_ += e.triangle_count();
        ASSERT_GT(triangles_, 0u);
    }
    void TearDown() override {
        std::error_code ec;
        fs::remove_all(root_, ec);
    }
    fs::path root_;
    std::vector<std::uint8_t> hkx_;
    std::uint64_t triangles_ = 0;
};

TEST_F(RunTimingsTest, CountsWhatTheRunDecodedAndNamesEveryPass) {
    RunTimings t;
    t.slowest_wanted = 2;
    RunOptions o;
    o.threads = 2;
    o.timings = &t;
    auto run = run_verify(root_, o);
    ASSERT_TRUE(run.ok()) << run.error().message;

    // Two copies decoded and handed to the passes; the cut one failed before; the compendium is
    // the group's (stage open), not a unit.
    EXPECT_EQ(t.members_decoded, 2u);
    EXPECT_EQ(t.bytes_decoded, 2u * hkx_.size());
    EXPECT_EQ(t.triangles, 2u * triangles_);
    EXPECT_EQ(t.threads, 2);

    std::vector<std::string> phases;
    for (const auto& p : t.phases) {
        phases.push_back(p.phase);
        EXPECT_GE(p.wall_seconds, 0.0);
    }
    EXPECT_EQ(phases, (std::vector<std::string>{"scan", "count", "verify", "gather"}));

    ASSERT_EQ(t.pass_seconds.size(), run->passes.size());
    double passes = 0;
    for (std::size_t i = 0; i < run->passes.size(); ++i) {
        EXPECT_EQ(t.pass_seconds[i].first, run->passes[i].pass->info().name);
        passes += t.pass_seconds[i].second;
    }
    // The stage "passes" is the sum of the passes' times (the same laps, added twice).
    const double stage_passes = t.stage_seconds[static_cast<std::size_t>(Stage::kPasses)];
    EXPECT_NEAR(passes, stage_passes, 1e-9 * std::max(1.0, stage_passes));

    // Three units were timed (two decoded, one failed); two kept, slowest first, each the sum of
    // its stages; the decoded ones carry their bytes and triangles.
    ASSERT_EQ(t.slowest.size(), 2u);
    EXPECT_GE(t.slowest[0].seconds, t.slowest[1].seconds);
    for (const MemberTime& m : t.slowest) {
        EXPECT_NE(m.path.find("h10_00_00_00.hkxbhd :: h10_00_00_00_00000"), std::string::npos) << m.path;
        EXPECT_EQ(m.seconds, std::accumulate(m.stages.begin(), m.stages.end(), 0.0));
        EXPECT_EQ(m.stages[static_cast<std::size_t>(Stage::kOpen)], 0.0);
        if (m.triangles != 0) {
            EXPECT_EQ(m.triangles, triangles_);
            EXPECT_EQ(m.bytes, hkx_.size());
        }
    }
}

TEST_F(RunTimingsTest, KeepsEveryUnitWhenAskedForMoreAndNoneWhenAskedForNone) {
    RunTimings all;
    all.slowest_wanted = 100;
    RunOptions o;
    o.timings = &all;
    ASSERT_TRUE(run_verify(root_, o).ok());
    EXPECT_EQ(all.slowest.size(), 3u);
    for (std::size_t i = 1; i < all.slowest.size(); ++i) EXPECT_GE(all.slowest[i - 1].seconds, all.slowest[i].seconds);

    RunTimings none;
    none.slowest_wanted = 0;
    o.timings = &none;
    ASSERT_TRUE(run_verify(root_, o).ok());
    EXPECT_TRUE(none.slowest.empty());
    EXPECT_EQ(none.members_decoded, 2u);
}

// The thread seconds are CPU time: a thread that sleeps is charged (almost) nothing, one that
// computes is charged what it computed; the wall clock counts both.
TEST(RunTimingsLap, CpuLapsCountComputingNotWaiting) {
    Lap cpu(true), wall(false);
    std::this_thread::sleep_for(std::chrono::milliseconds(60));
    const double slept_cpu = cpu.next(), slept_wall = wall.next();
    EXPECT_GE(slept_wall, 0.055);
    EXPECT_LT(slept_cpu, 0.02);
    // A fixed amount of work, not a wall-clock spell: on a loaded machine a thread may be given
    // little of 40 ms of wall time, but its work costs it the same CPU time. 30 M dependent
    // multiplications take at least 10 ms on any CPU (a multiplication's latency is several
    // cycles).
    volatile std::uint64_t x = 1;
    for (int i = 0; i < 30'000'000; ++i) x = x * 6364136223846793005ull + 1;
    const double busy_cpu = cpu.next();
    EXPECT_GT(busy_cpu, 0.01);
    EXPECT_LT(busy_cpu, 5.0);
}

TEST_F(RunTimingsTest, DecodeOnlyChargesNoPass) {
    RunTimings t;
    RunOptions o;
    o.no_passes = true;
    o.threads = 1;
    o.timings = &t;
    auto run = run_verify(root_, o);
    ASSERT_TRUE(run.ok());
    EXPECT_EQ(t.threads, 1);
    EXPECT_TRUE(t.pass_seconds.empty());
    EXPECT_EQ(t.stage_seconds[static_cast<std::size_t>(Stage::kPasses)], 0.0);
    EXPECT_EQ(t.members_decoded, 2u);
    EXPECT_EQ(t.triangles, 2u * triangles_);
}

// The report of a run is the same bytes whether or not the run was timed, at 1 and 2 threads.
void expect_report_untouched_by_timings(const fs::path& root) {
    std::vector<std::string> reports;
    for (int threads : {1, 2})
        for (bool timed : {false, true}) {
            RunTimings t;
            RunOptions o;
            o.threads = threads;
            if (timed) o.timings = &t;
            auto run = run_verify(root, o);
            ASSERT_TRUE(run.ok()) << run.error().message;
            if (timed) {
                EXPECT_GT(t.members_decoded, 0u) << root;
            }
            reports.push_back(render_json(*run, {root.string()}));
        }
    for (const std::string& r : reports) EXPECT_EQ(r, reports.front()) << root;
}

TEST_F(RunTimingsTest, ReportIsByteIdenticalWithAndWithoutTimings) {
    expect_report_untouched_by_timings(root_);
    expect_report_untouched_by_timings(test::corpus_path("havok"));
    expect_report_untouched_by_timings(test::corpus_path("sur-with-models/retail"));
}

}  // namespace
}  // namespace meshproof
