// `meshproof verify` on a folder with nothing to check (issue 15): it used to exit 0,
// "everything checked matched", having checked nothing. It says what it looked for, that a
// game's archives must be unpacked first, and exits 2.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "tests/cli/run_cli.h"

namespace {
namespace fs = std::filesystem;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

class VerifyNothing : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("meshproof-verify-nothing-" + std::to_string(::getpid()) + "-" +
                                            ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    void touch(const std::string& rel) {
        fs::create_directories((dir_ / rel).parent_path());
        std::ofstream(dir_ / rel) << "not unpacked";
    }
    fs::path dir_;
};

TEST_F(VerifyNothing, AnEmptyFolderExitsTwoSayingWhatWasLookedFor) {
    const auto r =
        meshproof::test::run_cli_all("verify " + dir_.string() + " --quiet --json " + (dir_ / "r.json").string());
    EXPECT_EQ(r.code, 2) << r.text;
    EXPECT_TRUE(contains(r.text, "nothing to check in " + dir_.string() + ": 0 files seen, 0 collision inputs"))
        << r.text;
    EXPECT_TRUE(contains(r.text, "looked for: map collision split binders (.hkxbhd + .hkxbdt)")) << r.text;
    EXPECT_TRUE(contains(r.text, "must be unpacked first")) << r.text;
    EXPECT_FALSE(contains(r.text, "everything")) << r.text;
}

TEST_F(VerifyNothing, PackedGameArchivesAreNamedWithTheRemedy) {
    touch("Game/Data0.bhd");
    touch("Game/Data0.bdt");
    touch("Game/eldenring.exe");
    const auto r = meshproof::test::run_cli_all("verify " + dir_.string() + " --quiet");
    EXPECT_EQ(r.code, 2) << r.text;
    EXPECT_TRUE(contains(r.text, "3 files seen, 0 collision inputs")) << r.text;
    EXPECT_TRUE(contains(r.text, "found the game's packed archives (Game/Data0.bdt, Game/Data0.bhd)")) << r.text;
    EXPECT_TRUE(contains(r.text, "UXM Selective Unpacker")) << r.text;
    EXPECT_TRUE(contains(r.text, "WitchyBND")) << r.text;
}

TEST_F(VerifyNothing, StrayHalvesAloneAreNothingToCheckAndListed) {
    touch("map/m10_00_00_00/h10_00_00_00.hkxbhd");  // header without its data half
    const auto r = meshproof::test::run_cli_all("verify " + dir_.string() + " --quiet");
    EXPECT_EQ(r.code, 2) << r.text;
    EXPECT_TRUE(contains(r.text, "STRAY map/m10_00_00_00/h10_00_00_00.hkxbhd")) << r.text;
}

}  // namespace
