// The JSON rendering of a verify run. Deterministic: every list is in path or name order and
// nothing depends on timing or thread count (the thread count itself is printed on stderr,
// not stored, so that runs at 1 and N threads give byte-identical reports).
#pragma once

#include <string>

#include "engine/pipeline/run.h"

namespace meshproof {

struct ReportContext {
    std::string root;     // as the user gave it
};

std::string render_json(const RunResult& run, const ReportContext& context);

// Aggregate counts of a run's inputs by skip reason or error code (name order).
std::map<std::string, std::uint64_t> skipped_by_reason(const RunResult& run);
std::map<std::string, std::uint64_t> errors_by_code(const RunResult& run);

}  // namespace meshproof
