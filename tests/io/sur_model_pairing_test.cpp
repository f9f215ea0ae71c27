// The install scan pairs a .sur file with its model (engine/io/install_scan.h InputFile::model_path)
// as it pairs a split binder's halves: same folder and base name, .cmp before .3db, case ignored.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "engine/io/install_scan.h"

namespace meshproof {
namespace {

namespace fs = std::filesystem;

TEST(SurModelPairing, CmpBeforeThreeDbCaseIgnoredNoneWhenAbsent) {
    const fs::path dir = fs::temp_directory_path() / "meshproof-sur-model-pairing";
    fs::remove_all(dir);
    fs::create_directories(dir);
    for (const char* name : {"POD_DRAB.sur", "pod_drab.3db", "Pod_Drab.CMP", "lone.sur", "crate.sur", "crate.3db"})
        std::ofstream(dir / name) << "x";
    const Result<InstallScan> scan = scan_install(dir, Game::kFreelancer);
    ASSERT_TRUE(scan.ok());
    auto model_of = [&](std::string_view rel) {
        for (const InputFile& in : scan->inputs)
            if (in.rel_path == rel) return in.model_path.filename().string();
        return std::string("(no input)");
    };
    EXPECT_EQ(model_of("POD_DRAB.sur"), "Pod_Drab.CMP");
    EXPECT_EQ(model_of("crate.sur"), "crate.3db");
    EXPECT_EQ(model_of("lone.sur"), "");
    fs::remove_all(dir);
}

}  // namespace
}  // namespace meshproof
