// Whether a file may be read (engine/io/file_access.h), before a scan counts it as an input.
#include "engine/io/file_access.h"

#include <fstream>

#include <gtest/gtest.h>

namespace meshproof {
namespace {
namespace fs = std::filesystem;

TEST(FileAccess, AFileThatOpensIsReadable) {
    const fs::path p = fs::temp_directory_path() / "meshproof-file-access-readable.hkx";
    std::ofstream(p, std::ios::binary) << "x";
    EXPECT_EQ(unreadable_reason(p), std::nullopt);
    fs::remove(p);
}

TEST(FileAccess, AMissingFileSaysWhy) {
    const auto why = unreadable_reason(fs::temp_directory_path() / "meshproof-file-access-none" / "missing.hkx");
    ASSERT_TRUE(why.has_value());
    EXPECT_FALSE(why->empty());
}

}  // namespace
}  // namespace meshproof
