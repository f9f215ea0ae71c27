// End-to-end runs of the pipeline on small installs built in the test from the real Elden Ring
// collision sample: split binders with DFLT and ZSTD members, a compendium member, a corrupt
// member, a KRAK member; determinism across thread counts.
#include <gtest/gtest.h>

#include <fstream>

#include "engine/containers/binder_writer.h"
#include "engine/containers/dcx_writer.h"
#include "engine/containers/deflate_decompressor.h"
#include "engine/containers/zstd_decompressor.h"
#include "engine/pipeline/run.h"
#include "engine/pipeline/run_setup.h"
#include "reports/run_report.h"
#include "tests/support/corpus.h"

namespace meshproof {
namespace {
namespace fs = std::filesystem;

void write_bytes(const fs::path& p, const std::vector<std::uint8_t>& bytes) {
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

class SmallInstall : public ::testing::Test {
protected:
    void SetUp() override {
        if (!test::corpus_available()) GTEST_SKIP() << "shared corpus not found";
        root_ = fs::temp_directory_path() /
                ("meshproof-run-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
        fs::remove_all(root_);
        const auto hkx = test::read_file(test::corpus_path("havok/h.hkx"));
        const auto compendium = test::read_file(test::corpus_path("havok/h.compendium"));
        const auto krak = test::read_file(test::corpus_path("havok/h.hkx.dcx"));
        // Two Sekiro-layout blocks; names as the game stores them (backslash, block prefix).
        for (const char* block : {"m10_00_00_00", "m11_00_00_00"}) {
            std::string b = std::string(block).substr(1);
            std::vector<BinderFile> files;
            files.push_back({std::string(block) + "\\h" + b + ".compendium.dcx", 0, dcx_write_dflt(compendium),
                             binder_entry_flags::kOrdinary, std::nullopt});
            for (int i = 0; i < 6; ++i) {
                char name[64];
                std::snprintf(name, sizeof name, "%s\\h%s_%06d.hkx.dcx", block, b.c_str(), i);
                files.push_back({name, i + 1, i % 2 ? dcx_write_zstd(hkx) : dcx_write_dflt(hkx),
                                 binder_entry_flags::kOrdinary, std::nullopt});
            }
            auto bad = dcx_write_dflt(hkx);
            bad[bad.size() / 2] ^= 0x55;  // a corrupt deflate stream (or a corrupt tagfile)
            files.push_back({std::string(block) + "\\h" + b + "_000100.hkx.dcx", 100, bad,
                             binder_entry_flags::kOrdinary, std::nullopt});
            files.push_back({std::string(block) + "\\h" + b + "_000200.hkx.dcx", 200, krak,
                             binder_entry_flags::kOrdinary, std::nullopt});
            auto bxf = write_bxf4(files);
            write_bytes(root_ / "map" / block / ("h" + b + ".hkxbhd"), bxf.bhd);
            write_bytes(root_ / "map" / block / ("h" + b + ".hkxbdt"), bxf.bdt);
        }
    }
    void TearDown() override {
        if (!root_.empty()) fs::remove_all(root_);
    }
    fs::path root_;
};

TEST_F(SmallInstall, EveryMemberIsCountedAndBadOnesDoNotStopTheRun) {
    RunOptions options;
    options.passes = {"tagfile"};
    auto run = run_verify(root_, options);
    ASSERT_TRUE(run.ok()) << run.error().message;
    EXPECT_EQ(run->scan.game, Game::kSekiro);
    EXPECT_EQ(run->binders, 2u);
    EXPECT_EQ(run->members.size(), 2u * 9u);
    EXPECT_EQ(run->count(MemberState::kOk), 2u * 8u);      // compendium + 6 DFLT/ZSTD + 1 KRAK tagfile
    EXPECT_EQ(run->count(MemberState::kDecodeError), 2u);  // the corrupt ones
    EXPECT_EQ(run->count(MemberState::kSkipped), 0u);
    EXPECT_EQ(run->members.front().path, "map/m10_00_00_00/h10_00_00_00.hkxbhd :: h10_00_00_00.compendium.dcx");
    ASSERT_EQ(run->passes.size(), 1u);
    EXPECT_EQ(run->passes[0].tally.count("sdk_20180100", TallyScope{"sekiro", "h", {}}), 14u);
}

TEST_F(SmallInstall, MembersOfAMissingCodecAreSkippedWithTheirReason) {
    DecompressorRegistry without_kraken;
    without_kraken.add(make_deflate_decompressor());
    without_kraken.add(make_zstd_decompressor());
    RunOptions options;
    options.passes = {"tagfile"};
    options.decompressors = &without_kraken;
    auto run = run_verify(root_, options);
    ASSERT_TRUE(run.ok());
    EXPECT_EQ(run->count(MemberState::kSkipped), 2u);
    EXPECT_EQ(run->count(MemberState::kOk), 2u * 7u);
    for (const auto& m : run->members) {
        if (m.state == MemberState::kSkipped) {
            EXPECT_EQ(m.skip_reason, "unsupported compression KRAK");
        }
    }
}

TEST_F(SmallInstall, ReportIsByteIdenticalAtOneAndManyThreads) {
    RunOptions one;
    one.threads = 1;
    RunOptions many;
    many.threads = 4;
    auto a = run_verify(root_, one);
    auto b = run_verify(root_, many);
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_EQ(render_json(*a, {"root"}), render_json(*b, {"root"}));
}

// --threads N runs N threads even above the machine's cores (oneTBB's default arena has no more
// threads than cores): how the memory bound at 16 threads is checked on a small machine.
TEST(RunSetup, AThreadCountAboveTheCoresGetsAnArenaOfThatMany) {
    RunOptions o;
    o.threads = 37;
    RunSetup setup;
    set_up_run(o, setup);
    EXPECT_EQ(in_run_arena(setup, [] { return tbb::this_task_arena::max_concurrency(); }), 37);
    RunSetup every_core;
    set_up_run(RunOptions{}, every_core);
    EXPECT_EQ(in_run_arena(every_core, [] { return tbb::this_task_arena::max_concurrency(); }),
              tbb::this_task_arena::max_concurrency());
}

TEST(Run, UnknownPassIsAConfigurationError) {
    RunOptions o;
    o.passes = {"no-such-pass"};
    auto run = run_verify(fs::temp_directory_path(), o);
    ASSERT_FALSE(run.ok());
    EXPECT_NE(run.error().message.find("no-such-pass"), std::string::npos);
}

}  // namespace
}  // namespace meshproof
