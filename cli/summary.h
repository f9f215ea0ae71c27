// The terminal summary of a verify run, on stdout (progress and diagnostics go to stderr). Its
// first line is the run's one verdict (reports/verdict.h), which the exit code follows:
//   --quiet   that line alone;
//   default   the verdict, the game, one line a claim, the worst files by violations, members that
//             did not decode, skips and strays, the inputs, the figures line, the time taken and
//             the reports written;
//   -v        the same with every failing counter and its samples, and the figures farthest from
//             the manifest's.
#pragma once

#include <string>
#include <vector>

#include "reports/report_model.h"
#include "reports/verdict.h"

namespace meshproof::cli {

enum class SummaryDetail { kVerdictOnly, kNormal, kVerbose };

struct SummaryOptions {
    SummaryDetail detail = SummaryDetail::kNormal;
    bool colour = false;
    double seconds = 0;                        // the run's wall time
    std::vector<std::string> reports_written;  // paths, in the order written ("-": stdout)
};

std::string render_summary(const ReportModel& model, const Verdict& verdict, const SummaryOptions& options);

}  // namespace meshproof::cli
