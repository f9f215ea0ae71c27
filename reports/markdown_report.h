// The Markdown rendering of the report model (`verify --md FILE`): the run's configuration and
// inputs, then one table per pass of the manifest's figures — the claim, the document's figure,
// what the run measured, ✓ / ✗ — then the figures no pass computes yet, then errors and skips.
// Deterministic like the JSON report (same orders; config.threads is the only thread-dependent line).
#pragma once

#include <string>

#include "reports/report_model.h"

namespace meshproof {

std::string render_markdown(const ReportModel& model);

}  // namespace meshproof
