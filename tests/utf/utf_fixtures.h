// The sample models beside their .sur files (../shared/corpus/sur-with-models/retail).
#pragma once

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/support/corpus.h"

namespace meshproof::test {

inline constexpr const char* kModelsFolder = "sur-with-models/retail";

// Every .cmp and .3db of the sample, sorted by name (relative to the corpus).
inline std::vector<std::string> sample_models() {
    std::vector<std::string> out;
    const auto dir = corpus_path(kModelsFolder);
    if (!std::filesystem::is_directory(dir)) return out;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
        const std::string ext = e.path().extension().string();
        if (ext == ".cmp" || ext == ".3db")
            out.push_back(std::string(kModelsFolder) + "/" + e.path().filename().string());
    }
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace meshproof::test
