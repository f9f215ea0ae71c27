// A file's bytes as a string, for tests that compare or parse what a run wrote (reports, timings,
// exported files): empty when the file cannot be opened. One copy for every test file.
#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace meshproof::test {

inline std::string read_text(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

}  // namespace meshproof::test
