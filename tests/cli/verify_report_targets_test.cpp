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
        return meshproof::test::run_cli_all("verify " + root + " --quiet " + outputs);
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
        {"--json " + missing, "--json: cannot write " + missing + ": the folder " + (dir_ / "no-such-folder").string() + " does not exist"},
        {"--md " + dir_.string(), "--md: " + dir_.string() + " is a folder"},
        {"--json " + (dir_ / "r").string() + " --html " + (dir_ / "r").string(), "--html: the same file as --json"},
        {"--timings " + file + "/t.json", "--timings: cannot write " + file + "/t.json: the folder " + file + " does not exist"},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.outputs);
        const auto r = verify((dir_ / "no-such-root").string(), c.outputs);
        EXPECT_EQ(r.code, 2) << r.text;
        EXPECT_TRUE(contains(r.text, "meshproof verify: " + c.says)) << r.text;
        EXPECT_FALSE(contains(r.text, "no-such-root")) << r.text;   // refused before the install was read
    }
    EXPECT_FALSE(fs::exists(dir_ / "r"));
}

TEST_F(VerifyReportTargets, WritableTargetsAndStdoutRunAsBefore) {
    MP_REQUIRE_CORPUS();
    const std::string json = (dir_ / "r.json").string();
    std::ofstream(json) << "an old report, overwritten";
    const auto r = verify(meshproof::test::corpus_path("havok").string(), "--json " + json + " --md - --timings " + (dir_ / "t.json").string());
    EXPECT_LE(r.code, 1) << r.text;
    EXPECT_TRUE(contains(r.text, "inputs:")) << r.text;
    EXPECT_TRUE(fs::file_size(json) > 100);
    EXPECT_TRUE(fs::exists(dir_ / "t.json"));
}

}  // namespace
