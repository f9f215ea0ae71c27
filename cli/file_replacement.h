// Replacing a file whole: the new bytes are written to a temporary beside it, then renamed over
// it, so a reader never sees half a file. The rename that replaces an existing file differs:
// rename(2) on POSIX, MoveFileExW with MOVEFILE_REPLACE_EXISTING on Windows.
#pragma once

#include <filesystem>
#include <system_error>

namespace meshproof::cli {

// .<name>.meshproof-tmp.<process id>, in the folder of `target`.
std::filesystem::path temporary_beside(const std::filesystem::path& target);

// Renames `from` over `to`, replacing `to` when it exists.
std::error_code replace_file(const std::filesystem::path& from, const std::filesystem::path& to);

}  // namespace meshproof::cli
