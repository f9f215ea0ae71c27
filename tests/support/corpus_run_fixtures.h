// Whole verify runs over a folder of the shared corpus, for the tests of the .sur passes and of
// the corpus figures: the run with a chosen pass list, and one pass's merged tally.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "engine/pipeline/run.h"
#include "reports/figures.h"
#include "tests/support/corpus.h"
#include "tests/support/pass_tally.h"

namespace meshproof::test {

// run_verify over ../shared/corpus/<folder> with only `passes` (threads 0: every core).
inline RunResult verify_corpus_folder(const std::string& folder, std::vector<std::string> passes, int threads = 0) {
    RunOptions o;
    o.threads = threads;
    o.passes = std::move(passes);
    auto run = run_verify(corpus_path(folder), o);
    EXPECT_TRUE(run.ok()) << (run.ok() ? "" : run.error().message);
    return run.ok() ? std::move(*run) : RunResult{};
}

// The document manifests, and one figure of an evaluated manifest by id (the corpus figure tests).
inline const std::filesystem::path kManifests = std::filesystem::path(MESHPROOF_SOURCE_DIR) / "corpus-manifests";

inline const FigureResult& figure(const std::vector<FigureResult>& results, std::string_view id) {
    for (const auto& r : results)
        if (r.figure.id == id) return r;
    ADD_FAILURE() << "no figure " << id;
    return results.front();
}

// A value-set figure's values with their counts.
using Values = std::vector<std::pair<std::vector<double>, std::uint64_t>>;

}  // namespace meshproof::test
