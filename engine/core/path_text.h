// A path as report text: UTF-8, '/' between names, the same on every platform. On POSIX that is
// the path's own bytes (a name that is not UTF-8 is kept as it is, as it always was); on Windows,
// where std::filesystem holds UTF-16, the name converted to UTF-8 (an unpaired surrogate, which
// NTFS allows in a name, becomes U+FFFD instead of making the conversion throw).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace meshproof {

std::string path_text(const std::filesystem::path& path);

// The path named by UTF-8 text (a path_text, or text given on the command line).
std::filesystem::path path_from_text(std::string_view text);

}  // namespace meshproof
