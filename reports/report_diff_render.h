// Renders a ReportDiff (reports/report_diff.h) as plain text for a terminal or a log, and as
// Markdown for a pull-request comment. Both put the regressions first in each section and end
// (text) or begin (Markdown) with the verdict, so a reader sees what failed without scrolling.
#pragma once

#include <string>
#include <string_view>

#include "reports/report_diff.h"

namespace meshproof {

struct DiffLabels {
    std::string old_name;  // how to call the reports: their file names, as the user gave them
    std::string new_name;
};

std::string render_diff_text(const ReportDiff& diff, const DiffLabels& labels);

// Tables are cut at `max_rows` rows each (GitHub limits a comment to 65536 characters); the
// cut is stated under the table.
std::string render_diff_markdown(const ReportDiff& diff, const DiffLabels& labels, std::size_t max_rows = 50);

}  // namespace meshproof
