// One pass's merged tally out of a whole run, for the tests that read a run's counters.
#pragma once

#include <string_view>

#include <gtest/gtest.h>

#include "engine/pipeline/run.h"

namespace meshproof::test {

// The merged tally of `pass`; a test failure (and an empty tally) when the pass did not run.
inline const Tally& tally_of(const RunResult& run, std::string_view pass) {
    for (const auto& p : run.passes)
        if (p.pass->info().name == pass) return p.tally;
    static const Tally none;
    ADD_FAILURE() << "pass " << pass << " did not run";
    return none;
}

}  // namespace meshproof::test
