// MappedFile on the platform's own calls (mmap on POSIX, MapViewOfFile on Windows).
#include "engine/io/mapped_file.h"

#include <fstream>
#include <string>

#include <gtest/gtest.h>

namespace meshproof {
namespace {
namespace fs = std::filesystem;

class MappedFileTest : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("meshproof-mapped-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    fs::path write(const std::string& name, const std::string& bytes) {
        const fs::path p = dir_ / name;
        std::ofstream(p, std::ios::binary) << bytes;
        return p;
    }
    fs::path dir_;
};

TEST_F(MappedFileTest, MapsTheFilesBytes) {
    const std::string bytes("TAG0\0\x01\x02 the rest", 18);
    auto map = MappedFile::open(write("a.hkx", bytes));
    ASSERT_TRUE(map.ok()) << map.error().message;
    ASSERT_EQ(map->size(), bytes.size());
    EXPECT_EQ(std::string(reinterpret_cast<const char*>(map->bytes().data()), map->size()), bytes);
    populate_pages(map->bytes());  // a hint: the bytes stay the same
    EXPECT_TRUE(shrank_error(map->bytes()).ok());
}

TEST_F(MappedFileTest, AnEmptyFileMapsToNoBytes) {
    auto map = MappedFile::open(write("empty.hkx", ""));
    ASSERT_TRUE(map.ok()) << map.error().message;
    EXPECT_EQ(map->size(), 0u);
}

TEST_F(MappedFileTest, AFolderIsRefusedByName) {
    auto map = MappedFile::open(dir_);
    ASSERT_FALSE(map.ok());
    EXPECT_EQ(map.error().message, "not a regular file (a folder)");
}

TEST_F(MappedFileTest, AMissingFileCannotBeOpened) {
    auto map = MappedFile::open(dir_ / "missing.hkx");
    ASSERT_FALSE(map.ok());
    EXPECT_EQ(map.error().message.rfind("cannot open: ", 0), 0u) << map.error().message;
}

TEST_F(MappedFileTest, TheMappingOutlivesAMove) {
    auto map = MappedFile::open(write("b.hkx", "abc"));
    ASSERT_TRUE(map.ok());
    MappedFile moved = std::move(*map);
    EXPECT_EQ(moved.size(), 3u);
    EXPECT_EQ(moved.bytes()[2], 'c');
}

}  // namespace
}  // namespace meshproof
