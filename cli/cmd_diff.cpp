// meshproof diff OLD.json NEW.json: the regression diff of two verify reports (issue 7).
// Exits 1 on a regression (reports/report_diff.h says which changes are one), 2 when a report
// cannot be read or is not a verify report.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/same_file.h"
#include "reports/report_diff.h"
#include "reports/report_diff_render.h"
#include "reports/report_reader.h"

namespace meshproof::cli {

namespace {

struct DiffOptions {
    std::string old_report;
    std::string new_report;
    std::string markdown;  // FILE, or "-" for stdout in place of the text
};

// The report at `path`, or an exit code after naming the file and what is wrong with it.
Result<LoadedReport> load(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return make_error(ErrorCode::kIo, 0, "cannot read the file");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) return make_error(ErrorCode::kIo, 0, "cannot read the file");
    return parse_report(text);
}

bool write_text(const std::string& target, const std::string& text) {
    if (target == "-") return std::fwrite(text.data(), 1, text.size(), stdout) == text.size();
    std::ofstream out(target, std::ios::binary | std::ios::trunc);
    out << text;
    return static_cast<bool>(out);
}

int run_diff_command(const DiffOptions& o) {
    // The diff never replaces a report it compares (`--md OLD` wrote the Markdown over the baseline).
    for (const std::string& read : {o.old_report, o.new_report})
        if (o.markdown != "-" && same_file(o.markdown, read)) {
            std::fprintf(stderr, "meshproof diff: --md %s is %s, a report the diff reads: name another file\n",
                         o.markdown.c_str(), read.c_str());
            return kExitUsage;
        }
    auto old_report = load(o.old_report);
    if (!old_report.ok()) {
        std::fprintf(stderr, "meshproof diff: %s: %s\n", o.old_report.c_str(), old_report.error().message.c_str());
        return kExitUsage;
    }
    auto new_report = load(o.new_report);
    if (!new_report.ok()) {
        std::fprintf(stderr, "meshproof diff: %s: %s\n", o.new_report.c_str(), new_report.error().message.c_str());
        return kExitUsage;
    }
    const ReportDiff diff = diff_reports(*old_report, *new_report);
    const DiffLabels labels{o.old_report, o.new_report};
    if (o.markdown != "-" && !write_text("-", render_diff_text(diff, labels))) return kExitUsage;
    if (!o.markdown.empty() && !write_text(o.markdown, render_diff_markdown(diff, labels))) {
        std::fprintf(stderr, "meshproof diff: cannot write %s\n", o.markdown.c_str());
        return kExitUsage;
    }
    return diff.regressed() ? kExitMismatch : kExitOk;
}

}  // namespace

Command add_diff(CLI::App& app) {
    auto o = std::make_shared<DiffOptions>();
    CLI::App* sub = app.add_subcommand(
        "diff", "Compare two verify --json reports: changed figures, counters, failures and members");
    sub->add_option("OLD", o->old_report, "The earlier report (verify --json)")->required();
    sub->add_option("NEW", o->new_report, "The later report")->required();
    sub->add_option(
        "--md", o->markdown,
        "Also write the diff as Markdown (a pull-request comment) to FILE ('-': stdout, instead of the text)");
    sub->footer(kDiffExitCodesHelp);
    return {sub, [o] { return run_diff_command(*o); }};
}

}  // namespace meshproof::cli
