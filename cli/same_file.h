// Whether two paths name one existing file, however spelt or linked: each command's --force
// overwrites an earlier output, never a file the command reads (build, unpack, export, diff and
// verify's report targets ask this of every target against every file they read).
#pragma once

#include <filesystem>

namespace meshproof::cli {

bool same_file(const std::filesystem::path& a, const std::filesystem::path& b);

}  // namespace meshproof::cli
