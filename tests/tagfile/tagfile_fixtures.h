// Shared fixture loading for the tagfile tests (header-only: only *_test.cpp files are built).
#pragma once

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/tagfile/compendium.h"
#include "engine/tagfile/tagfile.h"
#include "tests/support/corpus.h"
#include "tests/tagfile/test_bnd4.h"

namespace meshproof::test {

inline const std::vector<std::uint8_t>& er_hkx() {
    static const std::vector<std::uint8_t> b = read_file(corpus_path("havok/h.hkx"));
    return b;
}
inline const std::vector<std::uint8_t>& er_compendium() {
    static const std::vector<std::uint8_t> b = read_file(corpus_path("havok/h.compendium"));
    return b;
}
inline const tagfile::CompendiumRegistry& er_registry() {
    static const tagfile::CompendiumRegistry r = [] {
        tagfile::CompendiumRegistry reg;
        auto st = reg.add_bytes(er_compendium());
        EXPECT_TRUE(st.ok()) << st.error().message;
        return reg;
    }();
    return r;
}

struct BinderFile {
    std::string path;  // relative to the corpus
    std::vector<std::uint8_t> bytes;
};

// Every uncompressed anibnd fixture (the .dcx ones are skipped), sorted by path.
inline const std::vector<BinderFile>& anibnd_files() {
    static const std::vector<BinderFile> files = [] {
        std::vector<BinderFile> out;
        const auto root = corpus_path("havok/anibnd");
        if (!std::filesystem::is_directory(root)) return out;
        for (const auto& e : std::filesystem::recursive_directory_iterator(root)) {
            if (!e.is_regular_file() || e.path().extension() != ".anibnd") continue;
            out.push_back({std::filesystem::relative(e.path(), corpus_dir()).string(), read_file(e.path())});
        }
        std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.path < b.path; });
        return out;
    }();
    return files;
}

// Unwraps a Result, reporting (not throwing) when it holds an error.
template <class T>
T must(Result<T> r, const char* what = "") {
    if (!r.ok()) {
        ADD_FAILURE() << what << ": " << error_code_name(r.error().code) << " @" << r.error().offset << ": "
                      << r.error().message;
        return T{};
    }
    return std::move(r).value();
}
#define MP_MUST(expr) ::meshproof::test::must((expr), #expr)

inline bool is_tag0(Bytes b) { return b.size() >= 8 && std::equal(b.begin() + 4, b.begin() + 8, "TAG0"); }
inline bool is_tcm0(Bytes b) { return b.size() >= 8 && std::equal(b.begin() + 4, b.begin() + 8, "TCM0"); }

}  // namespace meshproof::test
