// The human summary of a run on stderr: mismatches first, then errors, skips, totals.
#pragma once

#include "engine/pipeline/run.h"

namespace meshproof::cli {

void print_summary(const RunResult& run, int threads);
int exit_code_for(const RunResult& run);

}  // namespace meshproof::cli
