#include "cli/summary.h"

#include "cli/terminal.h"

#include <algorithm>

#include <fmt/format.h>

#include "engine/core/plural.h"
#include "reports/headline.h"
#include "reports/figure_text.h"
#include "reports/member_results.h"
#include "reports/run_report.h"

namespace meshproof::cli {

namespace {

constexpr std::size_t kWorstFiles = 10;
constexpr std::size_t kListed = 20;  // errors, skips, strays before "... and N more"

std::string paint(const SummaryOptions& o, std::string_view text, Colour colour) {
    return cli::paint(text, colour, o.colour);
}

Colour verdict_colour(VerdictState s) {
    return s == VerdictState::kPass ? Colour::kGreen : s == VerdictState::kFail ? Colour::kRed : Colour::kYellow;
}

std::string figure_line(const FigureResult& r) {
    const ManifestFigure& f = r.figure;
    // To the document's decimals, as the reports print them (the JSON report has every digit).
    std::string measured = r.measured ? figure_value(f, *r.measured) : std::string("-");
    if (r.measured_denominator) measured += fmt::format(" of {}", *r.measured_denominator);
    const std::string expected = document_value(f);
    return fmt::format("{} ({}.{}{} [{}{}]): measured {}, expected {}: {}\n", f.id, f.pass.value_or("-"),
                       f.pairs.empty() ? f.counter : pairs_text(f), f.of.empty() ? "" : " / " + f.of, f.scope.game,
                       f.scope.set.empty() ? "" : "/" + f.scope.set, measured, expected, f.figure);
}

void claim_lines(std::string& out, const Headline& h, const SummaryOptions& o) {
    out += "rules:\n";
    for (const HeadlineClaim& c : h.claims) {
        const bool fails = c.state == ClaimState::kFails;
        const std::string state = fmt::format("{:<8}", fails ? "FAILS" : claim_state_name(c.state));
        out +=
            fmt::format("  {} {}: {}\n", fails ? paint(o, state, Colour::kRed) : state, c.title, claim_count_text(c));
    }
    if (h.claims.empty()) out += "  no pass with a rule saw a unit\n";
}

void farthest_lines(std::string& out, const Headline& h) {
    if (h.farthest.empty()) return;
    const std::size_t shown = std::min(h.farthest.size(), kHeadlineFigures);
    out += fmt::format(
        "farthest from the manifest ({} of {} figures that differ; distance = |measured − expected| / max(|expected|, 1)):\n",
        shown, h.farthest.size());
    for (std::size_t i = 0; i < shown; ++i) {
        const FigureDistance& d = h.farthest[i];
        out += fmt::format("  {:>2}. distance {}: {}", i + 1,
                           d.numeric ? fmt::format("{:.3g}", d.distance) : std::string("-"), figure_line(*d.result));
    }
}

void worst_file_lines(std::string& out, const RunResult& run, const SummaryOptions& o) {
    const std::vector<FailingFile> files = worst_files(run);
    if (files.empty()) return;
    const std::size_t shown = o.detail == SummaryDetail::kVerbose ? files.size() : std::min(files.size(), kWorstFiles);
    out += shown == files.size() ? fmt::format("files that fail ({}, most violations first):\n", grouped(files.size()))
                                 : fmt::format("files that fail (the worst {} of {}, most violations first):\n", shown,
                                               grouped(files.size()));
    for (std::size_t i = 0; i < shown; ++i) {
        const FailingFile& f = files[i];
        std::string what = rules_text(f.by_rule);
        if (f.decode_errors)
            what +=
                (what.empty() ? "" : ", ") + plural(f.decode_errors, "member did not decode", "members did not decode");
        out += fmt::format("  {}{}: {}\n", paint(o, f.path, Colour::kRed), f.place.empty() ? "" : " (" + f.place + ")",
                           what);
    }
    if (shown < files.size())
        out += fmt::format("  ... and {} more: --failures FILE lists every failing member and rule\n",
                           grouped(files.size() - shown));
}

void violation_lines(std::string& out, const RunResult& run) {
    for (const auto& p : run.passes) {
        for (const auto& c : p.pass->info().counters) {
            if (!c.violation) continue;
            for (const auto& [key, value] : p.tally.counts()) {
                if (key.first != c.name || value == 0) continue;
                out += fmt::format("MISMATCH {}.{} [{}] = {}: {}\n", p.pass->info().name, c.name,
                                   scope_text(key.second), value, c.description);
            }
            auto s = p.tally.samples().find(c.name);
            if (s == p.tally.samples().end()) continue;
            for (const auto& sample : s->second)
                out +=
                    fmt::format("    at {}{}{}\n", sample.location, sample.detail.empty() ? "" : ": ", sample.detail);
        }
    }
}

void unread_lines(std::string& out, const RunResult& run, const SummaryOptions& o) {
    const std::size_t most = o.detail == SummaryDetail::kVerbose ? run.members.size() : kListed;
    std::size_t listed = 0;
    for (const auto& m : run.members) {
        if (m.state != MemberState::kDecodeError) continue;
        if (listed++ < most)
            out += fmt::format("ERROR {}: {} at byte {}: {}\n", m.path, error_code_name(m.error.code), m.error.offset,
                               m.error.message);
    }
    if (listed > most)
        out += fmt::format("  ... and {} more that did not decode: --failures FILE lists every one\n",
                           grouped(listed - most));
    for (const auto& [reason, n] : skipped_by_reason(run)) {
        std::string remedy;
        for (const auto& m : run.members)
            if (m.state == MemberState::kSkipped && m.skip_reason == reason) {
                remedy = m.remedy;
                break;
            }
        out += fmt::format("SKIPPED {}: {}{}{}\n", plural(n, "member", "members"), reason, remedy.empty() ? "" : "; ",
                           remedy);
    }
    for (const auto& s : run.scan.strays) out += fmt::format("STRAY {}: {}\n", s.rel_path, s.reason);
}

// Whose figures, and what a match means there.
std::string figures_line(const ReportModel& model) {
    if (!model.figures) return "figures: no manifest for this game (give --manifest FILE)\n";
    const FigureSection& f = *model.figures;
    const FigureTotals& t = f.totals;
    return fmt::format("figures, {}: {} match, {} differ, {}{} unchecked, {} not computed{}{}; {}\n", figures_whose(f),
                       t.match, t.mismatch, partial_totals_text(t), t.unchecked, t.not_computed,
                       t.exceeds ? fmt::format(", {} exceed the document", t.exceeds) : std::string(),
                       f.install ? "; " + install_text(*f.install) : std::string(), figures_meaning(f));
}

std::string inputs_line(const RunResult& run) {
    return fmt::format("inputs: {}, {}, {}; members: {} ok ({} not collision), {}, {} skipped\n",
                       plural(run.scan.files_seen, "file seen", "files seen"),
                       plural(run.scan.inputs.size(), "collision input", "collision inputs"),
                       plural(run.binders, "binder", "binders"), grouped(run.count(MemberState::kOk)),
                       grouped(run.not_collision()),
                       plural(run.count(MemberState::kDecodeError), "decode error", "decode errors"),
                       grouped(run.count(MemberState::kSkipped)));
}

std::string passes_line(const ReportModel& model) {
    const RunResult& run = *model.run;
    const std::string threads =
        model.context.threads == 0 ? std::string("all cores") : std::to_string(model.context.threads);
    std::string out =
        run.passes.empty()
            ? fmt::format(
                  "passes: none run (decode only: every member decompressed, parsed and decoded); threads: {}\n",
                  threads)
            : fmt::format("passes: {}; threads: {}\n", grouped(passes_with_units(run).size()), threads);
    if (const std::string idle = idle_pass_names(run); !idle.empty())
        out += fmt::format("passes that saw no unit: {}\n", idle);
    return out;
}

std::string closing_line(const SummaryOptions& o) {
    std::string out = fmt::format("took {:.1f} s", o.seconds);
    if (!o.reports_written.empty()) {
        std::string paths;
        for (const std::string& p : o.reports_written)
            paths += (paths.empty() ? "" : ", ") + (p == "-" ? std::string("stdout") : p);
        out += fmt::format("; {} written: {}", o.reports_written.size() == 1 ? "report" : "reports", paths);
    }
    return out + "\n";
}

}  // namespace

std::string render_summary(const ReportModel& model, const Verdict& verdict, const SummaryOptions& o) {
    std::string out = paint(o, verdict.line, verdict_colour(verdict.state)) + "\n";
    if (o.detail == SummaryDetail::kVerdictOnly) return out;
    const RunResult& run = *model.run;
    out += fmt::format("game: {} ({})\n", run_games_text(run), run.scan.detection);
    const Headline h = make_headline(model);
    claim_lines(out, h, o);
    worst_file_lines(out, run, o);
    if (o.detail == SummaryDetail::kVerbose) {
        violation_lines(out, run);
        farthest_lines(out, h);
    }
    unread_lines(out, run, o);
    out += inputs_line(run);
    out += passes_line(model);
    out += figures_line(model);
    out += closing_line(o);
    return out;
}

}  // namespace meshproof::cli
