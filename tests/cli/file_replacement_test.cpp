// Replacing a file whole through a temporary beside it (cli/file_replacement.h), and the write
// checks made before a run (cli/write_access.h).
#include "cli/file_replacement.h"
#include "cli/write_access.h"

#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

namespace meshproof::cli {
namespace {
namespace fs = std::filesystem;

std::string read_all(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

class FileReplacement : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("meshproof-replace-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    fs::path dir_;
};

TEST_F(FileReplacement, TheTemporaryIsAHiddenNameBesideTheTarget) {
    const fs::path tmp = temporary_beside(dir_ / "report.json");
    EXPECT_EQ(tmp.parent_path(), dir_);
    EXPECT_EQ(tmp.filename().string().rfind(".report.json.meshproof-tmp.", 0), 0u) << tmp;
}

// rename over an existing file: rename(2) does it on POSIX; Windows needs MOVEFILE_REPLACE_EXISTING.
TEST_F(FileReplacement, ReplacesAnExistingFile) {
    std::ofstream(dir_ / "out.obj", std::ios::binary) << "old";
    const fs::path tmp = temporary_beside(dir_ / "out.obj");
    std::ofstream(tmp, std::ios::binary) << "new";
    EXPECT_FALSE(replace_file(tmp, dir_ / "out.obj"));
    EXPECT_EQ(read_all(dir_ / "out.obj"), "new");
    EXPECT_FALSE(fs::exists(tmp));
}

TEST_F(FileReplacement, AMissingSourceIsAnError) { EXPECT_TRUE(replace_file(dir_ / "none", dir_ / "out.obj")); }

TEST_F(FileReplacement, AWritableFileAndItsFolderMayBeWritten) {
    std::ofstream(dir_ / "r.json", std::ios::binary) << "{}";
    EXPECT_TRUE(may_overwrite(dir_ / "r.json"));
    EXPECT_TRUE(may_create_in(dir_));
    EXPECT_FALSE(may_create_in(dir_ / "no-such-folder"));
}

}  // namespace
}  // namespace meshproof::cli
