#include "cli/summary.h"

#include <algorithm>
#include <cstdio>

#include <fmt/format.h>

#include "cli/exit_codes.h"
#include "reports/headline.h"
#include "reports/run_report.h"

namespace meshproof::cli {

namespace {

constexpr std::size_t kListed = 20;

std::string figure_line(const FigureResult& r) {
    const ManifestFigure& f = r.figure;
    std::string measured = r.measured ? fmt::format("{}", *r.measured) : std::string("-");
    if (r.measured_denominator) measured += fmt::format(" of {}", *r.measured_denominator);
    std::string expected = fmt::format("{}", f.expected);
    if (f.tolerance > 0) expected += fmt::format(" ± {}", f.tolerance);
    if (f.denominator) expected += fmt::format(" of {}", *f.denominator);
    return fmt::format("{} ({}.{}{} [{}{}]): measured {}, expected {}: {}\n", f.id, f.pass.value_or("-"), f.pairs.empty() ? f.counter : pairs_text(f),
                       f.of.empty() ? "" : " / " + f.of, f.scope.game, f.scope.set.empty() ? "" : "/" + f.scope.set, measured,
                       expected, f.figure);
}

// The headline (reports/headline.h) as it opens the Markdown and HTML reports: one line a claim,
// then the figures farthest from the document.
void headline_lines(std::string& out, const ReportModel& model) {
    const Headline h = make_headline(model);
    out += "headline:\n";
    for (const HeadlineClaim& c : h.claims) {
        const std::string_view state = c.state == ClaimState::kFails ? "FAILS" : claim_state_name(c.state);
        out += fmt::format("  {:<8} {}: {} [{}]\n", state, c.title, claim_count_text(c), c.anchor);
    }
    if (h.claims.empty()) out += "  no pass with a rule saw a unit\n";
    if (h.farthest.empty()) return;
    const std::size_t shown = std::min(h.farthest.size(), kHeadlineFigures);
    out += fmt::format("farthest from the document ({} of {} figures that differ; distance = |measured − document| / max(|document|, 1)):\n",
                       shown, h.farthest.size());
    for (std::size_t i = 0; i < shown; ++i) {
        const FigureDistance& d = h.farthest[i];
        out += fmt::format("  {:>2}. distance {}: {}", i + 1, d.numeric ? fmt::format("{:.3g}", d.distance) : std::string("-"),
                           figure_line(*d.result));
    }
}

}  // namespace

void print_summary(const ReportModel& model) {
    const RunResult& run = *model.run;
    std::string out;
    out += fmt::format("game: {} ({})\n", run_games_text(run), run.scan.detection);
    headline_lines(out, model);
    // After the headline, the mismatches: they are what the run is for. Figures of a manifest that
    // decides the exit code lead; those of a document manifest chosen by game are informational
    // and only in the headline's farthest list (the reports hold them all).
    const auto figure_mismatches = [&](const char* tag, std::size_t most) {
        std::size_t total = 0;
        for (const auto& r : model.figures->results) {
            if (r.status != FigureStatus::kMismatch) continue;
            if (total++ < most) out += std::string(tag) + " " + figure_line(r);
        }
        if (total > most) out += fmt::format("  ... and {} more figures that differ (see the JSON or Markdown report)\n", total - most);
    };
    if (model.figures && model.figures->decides_exit) figure_mismatches("FIGURE MISMATCH", kListed);
    std::size_t violations = 0;
    for (const auto& p : run.passes) {
        for (const auto& c : p.pass->info().counters) {
            if (!c.violation) continue;
            for (const auto& [key, value] : p.tally.counts()) {
                if (key.first != c.name || value == 0) continue;
                ++violations;
                out += fmt::format("MISMATCH {}.{} [{}] = {}: {}\n", p.pass->info().name, c.name, key.second, value,
                                   c.description);
            }
            auto s = p.tally.samples().find(c.name);
            if (s == p.tally.samples().end()) continue;
            for (const auto& sample : s->second)
                out += fmt::format("    at {}{}{}\n", sample.location, sample.detail.empty() ? "" : ": ", sample.detail);
        }
    }
    std::size_t listed = 0;
    for (const auto& m : run.members) {
        if (m.state != MemberState::kDecodeError) continue;
        if (listed++ < kListed)
            out += fmt::format("ERROR {}: {} at byte {}: {}\n", m.path, error_code_name(m.error.code), m.error.offset,
                               m.error.message);
    }
    if (listed > kListed) out += fmt::format("  ... and {} more errors (see the JSON report)\n", listed - kListed);
    for (const auto& [reason, n] : skipped_by_reason(run)) {
        std::string remedy;
        for (const auto& m : run.members)
            if (m.state == MemberState::kSkipped && m.skip_reason == reason) {
                remedy = m.remedy;
                break;
            }
        out += fmt::format("SKIPPED {} member(s): {}{}{}\n", n, reason, remedy.empty() ? "" : "; ", remedy);
    }
    for (const auto& s : run.scan.strays) out += fmt::format("STRAY {}: {}\n", s.rel_path, s.reason);
    out += fmt::format("inputs: {} files seen, {} collision inputs, {} binders; members: {} ok ({} not collision), {} decode errors, {} skipped\n",
                       run.scan.files_seen, run.scan.inputs.size(), run.binders, run.count(MemberState::kOk), run.not_collision(),
                       run.count(MemberState::kDecodeError), run.count(MemberState::kSkipped));
    const std::string threads = model.context.threads == 0 ? std::string("all cores") : std::to_string(model.context.threads);
    if (run.passes.empty())   // --passes none
        out += fmt::format("passes: none run (decode only: every member decompressed, parsed and decoded); threads: {}\n", threads);
    else
        out += fmt::format("passes: {}; {} mismatching counter(s); threads: {}\n", passes_with_units(run).size(), violations,
                           threads);
    if (const std::string idle = idle_pass_names(run); !idle.empty()) out += fmt::format("passes that saw no unit: {}\n", idle);
    if (model.figures) {
        const FigureSection& f = *model.figures;
        out += fmt::format("figures ({}, {} manifest {}): {} match, {} mismatch, {}{} unchecked, {} not computed{}{}{}\n",
                           f.manifest_name, manifest_source_name(f.source), f.manifest_path, f.totals.match, f.totals.mismatch,
                           partial_totals_text(f.totals), f.totals.unchecked, f.totals.not_computed,
                           f.totals.exceeds ? fmt::format(", {} exceed the document", f.totals.exceeds) : std::string(),
                           f.decides_exit ? "" : "; informational (give --manifest to make them decide the exit code)",
                           f.install ? "; " + install_text(*f.install) : std::string());
    } else {
        out += "figures: no manifest for this game (give --manifest FILE)\n";
    }
    std::fputs(out.c_str(), stderr);
}

int exit_code_for(const ReportModel& model) {
    const RunResult& run = *model.run;
    if (run.any_violation()) return kExitMismatch;
    if (model.figures && model.figures->decides_exit && model.figures->totals.mismatch > 0) return kExitMismatch;
    if (run.count(MemberState::kDecodeError) > 0 || run.count(MemberState::kSkipped) > 0 || !run.scan.strays.empty())
        return kExitPartial;
    return kExitOk;
}

}  // namespace meshproof::cli
