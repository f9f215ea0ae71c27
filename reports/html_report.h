// The HTML rendering of the report model (`verify --html FILE`): one self-contained file —
// inline CSS and inline SVG, no script and nothing fetched from elsewhere — so it can be
// attached to an issue, archived beside the JSON, or opened offline. Sections: the verdict, the
// headline (headline.h: the claims holds / fails linking to their pass, the figures farthest from
// the document linking to their row "figure-ID"), the run's configuration, the members (states, decode errors by code, skips by reason), a bar per pass
// of how its figures fared, a histogram of how far the mismatching figures are from the
// document, then per pass its claims, figures, counters (bars on a log scale, violation
// counters above 0 in red) and failure samples. Deterministic like the JSON report.
#pragma once

#include <string>

#include "reports/report_model.h"

namespace meshproof {

std::string render_html(const ReportModel& model);

// Text made safe for HTML element content and attribute values.
std::string html_escape(std::string_view text);

}  // namespace meshproof
