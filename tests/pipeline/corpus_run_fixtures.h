// Whole verify runs over a folder of the shared corpus, for the pipeline tests of the .sur
// passes: the run with a chosen pass list, and one pass's merged tally.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "engine/pipeline/run.h"
#include "tests/support/corpus.h"

namespace meshproof::test {

// The merged tally of `pass`; a test failure (and an empty tally) when the pass did not run.
inline const Tally& tally_of(const RunResult& run, std::string_view pass) {
    for (const auto& p : run.passes)
        if (p.pass->info().name == pass) return p.tally;
    static const Tally none;
    ADD_FAILURE() << "pass " << pass << " did not run";
    return none;
}

// run_verify over ../shared/corpus/<folder> with only `passes` (threads 0: every core).
inline RunResult verify_corpus_folder(const std::string& folder, std::vector<std::string> passes, int threads = 0) {
    RunOptions o;
    o.threads = threads;
    o.passes = std::move(passes);
    auto run = run_verify(corpus_path(folder), o);
    EXPECT_TRUE(run.ok()) << (run.ok() ? "" : run.error().message);
    return run.ok() ? std::move(*run) : RunResult{};
}

}  // namespace meshproof::test
