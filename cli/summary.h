// The human summary of a run on stderr: the headline (reports/headline.h: the claims holds /
// fails, the figures farthest from the document), then mismatches (manifest figures, then
// violation counters), errors, skips, totals.
#pragma once

#include "engine/pipeline/run.h"
#include "reports/report_model.h"

namespace meshproof::cli {

void print_summary(const ReportModel& model);
// A figure mismatch fails the run only when its manifest decides the exit code (an explicit
// --manifest or the install's own manifest.json); document manifests chosen by game are reported.
int exit_code_for(const ReportModel& model);

}  // namespace meshproof::cli
