// One split binder given alone (issue 41, part 4): `verify ONE.hkxbhd` tells the game by its
// members' SDK version, as a folder of loose tagfiles does, and so gets the game's document
// manifest; the data half (.hkxbdt) given alone is refused naming the header to give instead
// (it was told to unpack Data0.bhd with UXM). The binders are written by `meshproof synth`.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include <unistd.h>

#include "tests/cli/run_cli.h"
#include "tests/support/file_text.h"

namespace {
namespace fs = std::filesystem;
using meshproof::test::run_cli_all;

class VerifySingleBinder : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("mp_verify_single_binder_" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    // The first split binder of a synthetic install of `game`, copied with its data half into a
    // folder of its own: the path of the copied .hkxbhd.
    fs::path lone_binder(const std::string& game) {
        const fs::path install = dir_ / (game + "-install");
        const auto synth = run_cli_all("synth " + install.string() + " --game " + game + " --scale demo --seed 1");
        EXPECT_EQ(synth.code, 0) << synth.text;
        fs::path bhd;
        for (const auto& e : fs::recursive_directory_iterator(install))
            if (e.path().extension() == ".hkxbhd" && (bhd.empty() || e.path() < bhd)) bhd = e.path();
        EXPECT_FALSE(bhd.empty()) << "no split binder in " << install;
        const fs::path alone = dir_ / (game + "-alone");
        fs::create_directories(alone);
        fs::copy_file(bhd, alone / bhd.filename());
        fs::copy_file(fs::path(bhd).replace_extension(".hkxbdt"),
                      alone / fs::path(bhd).replace_extension(".hkxbdt").filename());
        return alone / bhd.filename();
    }

    fs::path dir_;
};

TEST_F(VerifySingleBinder, TheGameComesFromTheMembersAndTheDocumentManifestFollows) {
    for (const std::string game : {"sekiro", "eldenring"}) {
        const fs::path bhd = lone_binder(game);
        const fs::path json = dir_ / (game + ".json");
        const auto r = run_cli_all("verify " + bhd.string() + " --quiet --json " + json.string());
        EXPECT_EQ(r.code, 0) << r.text;
        const std::string report = meshproof::test::read_text(json);
        EXPECT_NE(report.find("\"game\": \"" + game + "\""), std::string::npos) << report.substr(0, 600);
        EXPECT_NE(report.find("SDK version of the binders' members (no install layout)"), std::string::npos)
            << report.substr(0, 600);
        EXPECT_NE(report.find("\"source\": \"document\""), std::string::npos) << report.substr(0, 600);
        EXPECT_NE(report.find(game + ".json\""), std::string::npos) << report.substr(0, 600);
    }
}

TEST_F(VerifySingleBinder, TheDataHalfAloneIsRefusedNamingTheHeader) {
    const fs::path bhd = lone_binder("sekiro");
    const fs::path bdt = fs::path(bhd).replace_extension(".hkxbdt");
    const auto r = run_cli_all("verify " + bdt.string() + " --quiet");
    EXPECT_EQ(r.code, 2) << r.text;
    EXPECT_EQ(r.text, "meshproof verify: " + bdt.filename().string() + " is the data half of a split binder: give " +
                          bhd.filename().string() + " (beside it) instead\n");
}

}  // namespace
