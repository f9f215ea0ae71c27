// Whether this process may read a file, asked before a run counts it as an input: a file it
// cannot open is listed as a stray with the system's reason instead.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace meshproof {

// Why `path` cannot be read ("Permission denied", ...), or nothing when it can.
std::optional<std::string> unreadable_reason(const std::filesystem::path& path);

}  // namespace meshproof
