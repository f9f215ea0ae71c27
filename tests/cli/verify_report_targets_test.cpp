// `verify` checks where its reports go before it reads the install (cli/report_targets.h): a
// report that cannot be written was found only after the whole run (`--json` into a folder that
// does not exist ran a full install for a minute, then failed). Each refusal is a usage error
// that names the option, and comes before the install is read: given a root that does not exist
// as well, the refusal is what the user is told (the root's error would come first otherwise).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "tests/cli/run_cli.h"
#include "tests/support/corpus.h"

namespace {
namespace fs = std::filesystem;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

class VerifyReportTargets : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("meshproof-report-targets-" + std::to_string(::getpid()) + "-" +
                                            ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    static meshproof::test::CliOutput verify(const std::string& root, const std::string& outputs) {
        return meshproof::test::run_cli_all("verify " + root + " " + outputs);
    }
    fs::path dir_;
};

TEST_F(VerifyReportTargets, EachUnwritableTargetIsRefusedBeforeTheRun) {
    const std::string missing = (dir_ / "no-such-folder" / "r.json").string();
    const std::string file = (dir_ / "a-file").string();
    std::ofstream(file) << "x";
    const struct {
        std::string outputs, says;
    } cases[] = {
        {"--json " + missing,
         "--json: cannot write " + missing + ": the folder " + (dir_ / "no-such-folder").string() + " does not exist"},
        {"--md " + dir_.string(), "--md: " + dir_.string() + " is a folder"},
        {"--json " + (dir_ / "r").string() + " --html " + (dir_ / "r").string(), "--html: the same file as --json"},
        {"--timings " + file + "/t.json",
         "--timings: cannot write " + file + "/t.json: the folder " + file + " does not exist"},
        {"--json - --md -", "--md: stdout ('-') is --json's already"},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.outputs);
        const auto r = verify((dir_ / "no-such-root").string(), c.outputs);
        EXPECT_EQ(r.code, 2) << r.text;
        EXPECT_TRUE(contains(r.text, "meshproof verify: " + c.says)) << r.text;
        EXPECT_FALSE(contains(r.text, "no-such-root")) << r.text;  // refused before the install was read
    }
    EXPECT_FALSE(fs::exists(dir_ / "r"));
}

TEST_F(VerifyReportTargets, WritableTargetsAndStdoutRunAsBefore) {
    MP_REQUIRE_CORPUS();
    const std::string json = (dir_ / "r.json").string();
    std::ofstream(json) << "an old report, overwritten";
    const auto r = verify(meshproof::test::corpus_path("havok").string(),
                          "--json " + json + " --md - --timings " + (dir_ / "t.json").string());
    EXPECT_LE(r.code, 1) << r.text;
    EXPECT_TRUE(contains(r.text, "inputs:")) << r.text;
    EXPECT_TRUE(fs::file_size(json) > 100);
    EXPECT_TRUE(fs::exists(dir_ / "t.json"));
}

// A report never replaces what the run reads: before, `--json` naming a binder of the install
// wrote the report over the binder. Refused: any existing file in the root's folder that is not
// empty or a meshproof report already, and the --manifest file; one file spelt two ways is one
// file. A report an earlier run wrote in the root's folder is replaced as before.
TEST_F(VerifyReportTargets, AReportNeverReplacesAFileTheRunReads) {
    MP_REQUIRE_CORPUS();
    const fs::path root = dir_ / "install";
    fs::create_directories(root);
    fs::copy_file(meshproof::test::corpus_path("havok/h.hkx"), root / "h.hkx");
    fs::copy_file(meshproof::test::corpus_path("havok/h.compendium"), root / "h.compendium");
    std::ofstream(root / "notes.txt") << "the user's notes";
    const std::string manifest = (dir_ / "m.json").string();
    std::ofstream(manifest) << "{}";
    const auto hkx = meshproof::test::read_file(root / "h.hkx");
    const std::string r_json = (root / "r.json").string();
    const struct {
        std::string outputs, says;
    } cases[] = {
        {"--json " + (root / "h.hkx").string(),
         "--json: " + (root / "h.hkx").string() + " is a file of " + root.string() + " and not a meshproof report"},
        {"--md " + (root / "notes.txt").string(), "--md: " + (root / "notes.txt").string() + " is a file of"},
        {"--json " + manifest + " --manifest " + manifest,
         "--json: " + manifest + " is " + manifest + ", which the run reads"},
        {"--json " + r_json + " --md " + (dir_ / "install" / ".." / "install" / "r.json").string(),
         "--md: the same file as --json"},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.outputs);
        const auto r = verify(root.string(), c.outputs);
        EXPECT_EQ(r.code, 2) << r.text;
        EXPECT_TRUE(contains(r.text, "meshproof verify: " + c.says)) << r.text;
        EXPECT_FALSE(contains(r.text, "inputs:")) << r.text;  // refused before the run
    }
    EXPECT_EQ(meshproof::test::read_file(root / "h.hkx"), hkx);
    EXPECT_EQ(fs::file_size(root / "notes.txt"), 16u);
    // An empty file, then the report written there, then that report again: each replaced.
    std::ofstream(r_json).flush();
    for (int run = 0; run < 2; ++run) {
        const auto r = verify(root.string(), "--json " + r_json);
        EXPECT_EQ(r.code, 0) << r.text;
        EXPECT_GT(fs::file_size(r_json), 100u);
    }
    // A one-file root: its folder is what the run reads from (the compendium beside it).
    const auto alone = verify((root / "h.hkx").string(), "--json " + (root / "h.compendium").string());
    EXPECT_EQ(alone.code, 2) << alone.text;
    EXPECT_TRUE(contains(alone.text, "is a file of")) << alone.text;
}

}  // namespace
