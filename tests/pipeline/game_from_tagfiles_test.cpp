// The game of a folder without an install layout, told by its loose tagfiles' SDK versions
// (engine/pipeline/game_from_tagfiles.h): issue 15, the corpus's Elden Ring sample got no
// document manifest because its game was "unknown".
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "engine/containers/default_decompressors.h"
#include "engine/pipeline/game_from_tagfiles.h"
#include "engine/pipeline/run.h"
#include "tests/support/corpus.h"

namespace meshproof {
namespace {
namespace fs = std::filesystem;

TEST(GameFromTagfiles, OneEldenRingFileDecidesOnlySekiroFilesAreSekiro) {
    EXPECT_EQ(game_from_sdk_versions({}), Game::kUnknown);
    EXPECT_EQ(game_from_sdk_versions({.v20160200 = 3}), Game::kSekiro);
    // Elden Ring ships some 2016.2 files too (containers-and-tagfiles.md §0 #11).
    EXPECT_EQ(game_from_sdk_versions({.v20160200 = 3, .v20180100 = 1}), Game::kEldenRing);
    EXPECT_EQ(game_from_sdk_versions({.other = 2}), Game::kUnknown);
}

// A loose tagfile's head only: TAG0 { SDKV = version }, the rest missing (the run counts it as a
// decode error; the detection needs no more).
void write_head(const fs::path& p, const std::string& version) {
    std::vector<char> b = {0x00, 0x00, 0x0E, 0x70, 'T', 'A', 'G', '0', 0x40, 0x00, 0x00, 0x10, 'S', 'D', 'K', 'V'};
    b.insert(b.end(), version.begin(), version.end());
    std::ofstream(p, std::ios::binary).write(b.data(), static_cast<std::streamsize>(b.size()));
}

class LooseFolder : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ =
            fs::temp_directory_path() / ("meshproof-game-from-tagfiles-" +
                                         std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    InstallScan scanned() {
        auto scan = scan_install(dir_);
        EXPECT_TRUE(scan.ok());
        detect_game_from_tagfiles(*scan, default_decompressors());
        return *scan;
    }
    fs::path dir_;
};

// Two loose tagfiles' heads with the given versions: the game and the detection text.
TEST_F(LooseFolder, SekiroHeadsMakeSekiroOneEldenRingHeadMakesEldenRing) {
    const struct {
        const char* a;
        const char* b;
        Game game;
        const char* detection;
    } cases[] = {{"20160200", "20160200", Game::kSekiro, "2 of 2 read are 20160200: Sekiro"},
                 {"20160200", "20180100", Game::kEldenRing, "1 of 2 read is 20180100: Elden Ring"}};
    for (const auto& c : cases) {
        write_head(dir_ / "a.hkx", c.a);
        write_head(dir_ / "b.hkx", c.b);
        const InstallScan scan = scanned();
        EXPECT_EQ(scan.game, c.game) << c.a << " " << c.b;
        EXPECT_NE(scan.detection.find(c.detection), std::string::npos) << scan.detection;
    }
}

TEST_F(LooseFolder, NoTagfileOrAnotherVersionLeavesItUnknown) {
    write_head(dir_ / "a.hkx", "20190100");
    std::ofstream(dir_ / "readme.txt") << "x";
    EXPECT_EQ(scanned().game, Game::kUnknown);
}

TEST_F(LooseFolder, DcxTagfilesAreDecompressedToBeRead) {
    MP_REQUIRE_CORPUS();
    fs::copy_file(test::corpus_path("havok/h.hkx.dcx"), dir_ / "h.hkx.dcx");  // KRAK
    // The corpus is read-only and the copy too: Windows would refuse to remove it in TearDown.
    fs::permissions(dir_ / "h.hkx.dcx", fs::perms::owner_write, fs::perm_options::add);
    EXPECT_EQ(scanned().game, Game::kEldenRing);
}

TEST_F(LooseFolder, TheUsersGameAndAnInstallLayoutWin) {
    write_head(dir_ / "a.hkx", "20180100");
    auto scan = scan_install(dir_, Game::kSekiro);
    ASSERT_TRUE(scan.ok());
    detect_game_from_tagfiles(*scan, default_decompressors());
    EXPECT_EQ(scan->game, Game::kSekiro);
}

// The real sample: a folder of loose Elden Ring tagfiles (h.hkx, l.hkx), counted in eldenring/h and /l.
TEST(GameFromTagfilesRun, TheEldenRingSampleIsEldenRing) {
    MP_REQUIRE_CORPUS();
    auto run = run_verify(test::corpus_path("havok"), RunOptions{});
    ASSERT_TRUE(run.ok()) << run.error().message;
    EXPECT_EQ(run->scan.game, Game::kEldenRing) << run->scan.detection;
    EXPECT_NE(run->scan.detection.find("20180100"), std::string::npos) << run->scan.detection;
    bool eldenring_scope = false;
    for (const auto& p : run->passes)
        for (const auto& [key, value] : p.tally.counts())
            eldenring_scope = eldenring_scope || key.second == TallyScope{"eldenring", "h", {}};
    EXPECT_TRUE(eldenring_scope);
}

}  // namespace
}  // namespace meshproof
