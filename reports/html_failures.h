// The HTML report's answer to "which of my files fail": the failing files (the worst by
// violations, with the rules each broke), the per-map table (map id, place, members, failing
// members, violations by rule), and a picture of where the failures are — for Elden Ring's m60
// overworld a tile grid coloured by failing members, for other maps a bar per map.
#pragma once

#include <string>

#include "reports/report_model.h"

namespace meshproof {

// The section, with id="files" and id="maps" anchors; "" when the run read no member.
std::string html_failing_files(const ReportModel& model);

}  // namespace meshproof
