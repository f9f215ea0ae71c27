// The bench runs with the allocator set up as `meshproof` sets it up (cli/large_pages.h), before
// Google Benchmark's main runs.
#include "cli/large_pages.h"

namespace {

const bool kLargePages = (meshproof::cli::use_large_pages(), true);

}  // namespace
