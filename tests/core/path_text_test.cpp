// A path as report text (engine/core/path_text.h): UTF-8 with '/' on every platform.
#include "engine/core/path_text.h"

#include <gtest/gtest.h>

namespace meshproof {
namespace {
namespace fs = std::filesystem;

TEST(PathText, NamesAreJoinedBySlashes) {
    EXPECT_EQ(path_text(fs::path("map") / "m10" / "h10_00_00_00.hkxbhd"), "map/m10/h10_00_00_00.hkxbhd");
}

TEST(PathText, Utf8NamesRoundTrip) {
    const std::string text = "map/\xC3\xA9t\xC3\xA9/\xE6\x97\xA5\xE6\x9C\xAC.hkx";  // été, 日本
    EXPECT_EQ(path_text(path_from_text(text)), text);
}

#ifdef _WIN32
TEST(PathText, BackslashesBecomeSlashesOnWindows) {
    EXPECT_EQ(path_text(fs::path(L"map\\m10\\h.hkx")), "map/m10/h.hkx");
}

// NTFS allows a name that is not valid UTF-16 (an unpaired surrogate): it is still text.
TEST(PathText, AnUnpairedSurrogateBecomesTheReplacementCharacter) {
    EXPECT_EQ(path_text(fs::path(std::wstring(L"a") + wchar_t(0xD800) + L".hkx")), "a\xEF\xBF\xBD.hkx");
}
#else
// A Linux name is bytes: one that is not UTF-8 is reported as it is, as before the Windows port.
TEST(PathText, NamesThatAreNotUtf8KeepTheirBytesOnPosix) {
    const std::string bytes = "map/\xFF\xFE.hkx";
    EXPECT_EQ(path_text(fs::path(bytes)), bytes);
    EXPECT_EQ(path_from_text(bytes).native(), bytes);
}
#endif

}  // namespace
}  // namespace meshproof
