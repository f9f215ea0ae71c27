// The JSON rendering of the report model (reports/report_model.h). Deterministic: every list is
// in path, name or id order and nothing depends on timing; the only field that depends on the
// thread count is config.threads, the count the user asked for (issue 7 wants it in the report),
// so reports of one install at 1 and N threads are byte-identical except that one line.
#pragma once

#include <map>
#include <string>

#include "engine/pipeline/run.h"
#include "reports/report_model.h"

namespace meshproof {

std::string render_json(const ReportModel& model);
// A run without a manifest (figures: [], manifest: null).
std::string render_json(const RunResult& run, const ReportContext& context);

// Aggregate counts of a run's inputs by skip reason or error code (name order).
std::map<std::string, std::uint64_t> skipped_by_reason(const RunResult& run);
std::map<std::string, std::uint64_t> errors_by_code(const RunResult& run);

}  // namespace meshproof
