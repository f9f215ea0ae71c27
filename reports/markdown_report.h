// The Markdown rendering of the report model (`verify --md FILE`): the headline (headline.h: the
// claims holds / fails, the figures farthest from the document), the run's configuration and
// inputs, then one section per pass (anchor "pass-NAME") with its table of the manifest's figures
// — the claim, the document's figure, what the run measured, ✓ / ✗ — and its violation counters
// above 0, then the figures no pass computes yet, then errors and skips.
// Deterministic like the JSON report (same orders; config.threads is the only thread-dependent line).
#pragma once

#include <string>

#include "reports/report_model.h"

namespace meshproof {

std::string render_markdown(const ReportModel& model);

}  // namespace meshproof
