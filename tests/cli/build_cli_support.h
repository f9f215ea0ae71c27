// What the `meshproof build` CLI tests share (header-only, like run_cli.h): a fresh scratch folder,
// writing an OBJ's text, and the check that `verify` passes a folder of built files clean.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "tests/cli/run_cli.h"

namespace meshproof::test {

inline bool contains(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

inline void write_text(const std::filesystem::path& p, const std::string& text) {
    std::ofstream(p, std::ios::binary) << text;
}

// A fresh folder per test: the system temporary folder's meshproof-cli-build-NAME, emptied.
inline std::filesystem::path build_scratch(const std::string& name) {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("meshproof-cli-build-" + name);
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

// No pass counted a violation: the JSON report marks a violation counter above 0 with
// "violation": true (reports/run_report.cpp).
inline void expect_verifies_clean(const std::filesystem::path& root, std::size_t members) {
    auto r = run_cli_stdout("verify " + root.string() + " --quiet --json -");
    EXPECT_EQ(r.code, 0) << r.text;
    EXPECT_FALSE(contains(r.text, "\"violation\": true")) << r.text;
    EXPECT_TRUE(contains(r.text, "\"ok\": " + std::to_string(members))) << r.text;
    EXPECT_TRUE(contains(r.text, "\"decode_error\": 0,")) << r.text;
}

}  // namespace meshproof::test
