// Test helpers: locating the shared corpus (tests skip, not fail, when it is absent) and
// feeding truncated prefixes of a fixture to a decoder.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace meshproof::test {

// ../shared/corpus relative to the repository root, or the MESHPROOF_CORPUS environment override.
std::filesystem::path corpus_dir();
std::filesystem::path corpus_path(const std::string& relative);
bool corpus_available();
std::vector<std::uint8_t> read_file(const std::filesystem::path& path);

// Every prefix length 0..min(size, 64 KiB) - 1, then every `stride`-th length up to size - 1.
std::vector<std::size_t> prefix_lengths(std::size_t size, std::size_t stride = 257);

}  // namespace meshproof::test

#define MP_REQUIRE_CORPUS()                                                                   \
    do {                                                                                      \
        if (!::meshproof::test::corpus_available())                                           \
            GTEST_SKIP() << "shared corpus not found at " << ::meshproof::test::corpus_dir(); \
    } while (0)
