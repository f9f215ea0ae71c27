#include "reports/markdown_report.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "engine/core/plural.h"
#include "reports/figure_text.h"
#include "reports/headline.h"
#include "reports/member_results.h"
#include "reports/verdict.h"
#include "reports/run_report.h"
#include "engine/core/utf8_text.h"

namespace meshproof {
namespace {

constexpr std::size_t kListedProblems = 20;

// A table cell: pipes and line breaks would end the cell or the row.
std::string cell(std::string_view s) {
    std::string out;
    for (char c : s) {
        if (c == '|') out += "\\|";
        else if (c == '\n' || c == '\r') out += ' ';
        else out += c;
    }
    return out;
}

std::string_view mark(FigureStatus s) {
    switch (s) {
        case FigureStatus::kMatch: return "✓";
        case FigureStatus::kMismatch: return "✗";
        case FigureStatus::kUnchecked: return "unchecked";
        case FigureStatus::kNotComputed: return "not computed";
        case FigureStatus::kExceeds: return "▲ exceeds: meshproof reproduces more than the document";
        case FigureStatus::kHoldsOnRead: return "✓ (partial)";
        case FigureStatus::kNotComparable: return "– (partial)";
    }
    return "";
}

void figure_table(std::string& out, const std::vector<const FigureResult*>& rows, bool with_counter) {
    out += with_counter ? "| claim | scope | counter | document | measured | |\n|---|---|---|---|---|---|\n"
                        : "| claim | scope | label | document |\n|---|---|---|---|\n";
    for (const FigureResult* r : rows) {
        const ManifestFigure& f = r->figure;
        const std::string claim = cell(f.figure) + (f.quote.empty() ? "" : " — “" + cell(f.quote) + "”");
        if (with_counter)
            out += fmt::format("| {} | {} | `{}`{} | {} ({}) | {} | {} |\n", claim, figure_scope_text(f.scope),
                               f.pairs.empty() ? f.counter : pairs_text(f),
                               f.of.empty() ? "" : fmt::format(" / `{}`", f.of), cell(document_value(f)), f.label,
                               cell(measured_value(*r)), mark(r->status));
        else
            out += fmt::format("| {} | {} | {} | {} |\n", claim,
                               cell(f.scope.game + (f.scope_text.empty() ? "" : ": " + f.scope_text)), f.label,
                               cell(document_value(f)));
    }
    out += "\n";
}

void write_config(std::string& out, const ReportModel& m) {
    const RunResult& run = *m.run;
    out += "## Configuration\n\n| | |\n|---|---|\n";
    out += fmt::format("| meshproof | {} |\n", MESHPROOF_VERSION);
    out += fmt::format("| game | {} ({}) |\n", run_games_text(run), cell(run.scan.detection));
    out += fmt::format("| root | `{}` |\n", cell(m.context.root));
    out += fmt::format("| threads | {} |\n",
                       m.context.threads == 0 ? std::string("every core") : std::to_string(m.context.threads));
    std::string passes, codecs;
    for (const PassResult* p : passes_with_units(run))
        passes += (passes.empty() ? "" : ", ") + std::string(p->pass->info().name);
    for (const auto& d : run.decompressors) codecs += (codecs.empty() ? "" : ", ") + std::string(d);
    out += fmt::format("| passes | {} |\n", passes);
    if (const std::string idle = idle_pass_names(run); !idle.empty())
        out += fmt::format("| passes that saw no unit | {} |\n", idle);
    out += fmt::format("| decompressors | {} |\n", cell(codecs));
    if (m.figures) {
        const FigureSection& f = *m.figures;
        out +=
            fmt::format("| manifest | {} (`{}`, {}{}) |\n", f.manifest_name, cell(f.manifest_path),
                        manifest_source_name(f.source), f.decides_exit ? "; decides the exit code" : "; informational");
    } else {
        out += "| manifest | none |\n";
    }
    out += fmt::format("| inputs | {} files seen, {} collision inputs, {} binders |\n", run.scan.files_seen,
                       run.scan.inputs.size(), run.binders);
    out += fmt::format("| members | {} ok ({} not collision), {} decode errors, {} skipped |\n\n",
                       run.count(MemberState::kOk), run.not_collision(), run.count(MemberState::kDecodeError),
                       run.count(MemberState::kSkipped));
}

// The pass sections the headline links to (anchor "pass-NAME"): every pass that saw a unit, with
// its figures and its violation counters above 0, and any other pass the manifest has figures of.
void write_passes(std::string& out, const ReportModel& m) {
    std::map<std::string, std::vector<const FigureResult*>> by_pass;  // name order
    std::vector<const FigureResult*> not_computed;
    if (m.figures) {
        const FigureSection& f = *m.figures;
        const FigureTotals& t = f.totals;
        out += fmt::format(
            "<a id=\"figures\"></a>\n\n## Figures of manifest {}{}\n\n{} figures: {} match, {} mismatch, {}{} unchecked, {} not computed yet{}.\n\n",
            f.manifest_name, f.document.empty() ? std::string() : fmt::format(" ({})", f.document), f.results.size(),
            t.match, t.mismatch, partial_totals_text(t), t.unchecked, t.not_computed,
            t.exceeds ? fmt::format("; {} exceed the document (meshproof reproduces more)", t.exceeds) : std::string());
        out += fmt::format("Figures {}: {}.\n\n", figures_whose(f), figures_meaning(f));
        if (f.install && f.install->complete)
            out +=
                "A complete install (it holds every collision input the document counts): the figures are the document's "
                "whole-install figures, and a figure that differs is a mismatch.\n\n";
        else if (f.partial_install)
            out += fmt::format(
                "A partial install ({}): a rule that holds on every member read says so, and a whole-install count "
                "or maximum below the document's is not comparable.\n\n",
                f.install ? "it holds " + f.install->lacks
                          : "the run read fewer than the document's whole-install denominators");
        for (const auto& r : f.results) {
            if (r.figure.pass) by_pass[*r.figure.pass].push_back(&r);
            else not_computed.push_back(&r);
        }
    } else {
        out += "## Passes\n\n";
    }
    std::map<std::string, const PassResult*> described;
    for (const PassResult* p : passes_with_units(*m.run)) described[p->pass->info().name] = p;
    for (const auto& entry : described) by_pass[entry.first];  // a section even without figures
    for (const auto& [pass, rows] : by_pass) {
        out += fmt::format("<a id=\"pass-{0}\"></a>\n\n### Pass `{0}`\n\n", pass);
        if (!rows.empty()) figure_table(out, rows, true);
        const auto it = described.find(pass);
        if (it == described.end()) continue;
        std::string above;
        for (const auto& c : it->second->pass->info().counters)
            if (c.violation)
                if (const std::uint64_t n = it->second->tally.total(c.name); n > 0)
                    above += fmt::format("{}`{}` {}", above.empty() ? "" : ", ", c.name, n);
        out += above.empty() ? std::string() : "Violation counters above 0: " + above + ".\n\n";
    }
    if (!not_computed.empty()) {
        out += fmt::format("### Not computed yet ({} figures)\n\n", not_computed.size());
        figure_table(out, not_computed, false);
    }
}

std::string_view claim_mark(ClaimState s) {
    switch (s) {
        case ClaimState::kHolds: return "✓ holds";
        case ClaimState::kFails: return "✗ **fails**";
        case ClaimState::kMeasured: return "· measured";
        case ClaimState::kNothingChecked: return "– nothing checked";
    }
    return "";
}

// The opening (headline.h): the claims, then the figures farthest from the document.
void write_headline(std::string& out, const ReportModel& m) {
    const Headline h = make_headline(m);
    out += "## Headline\n\n";
    if (h.claims.empty()) out += "No pass with a rule saw a unit.\n";
    for (const HeadlineClaim& c : h.claims)
        out += fmt::format("- {} — {}: {} ([{}](#{}))\n", claim_mark(c.state), c.title, cell(claim_count_text(c)),
                           c.pass, c.anchor);
    out += "\n";
    if (!m.figures) return;
    if (h.farthest.empty()) {
        out += fmt::format("No figure of manifest {} differs from its expected value ([all figures](#figures)).\n\n",
                           m.figures->manifest_name);
        return;
    }
    const std::size_t shown = std::min(h.farthest.size(), kHeadlineFigures);
    out += fmt::format("### Figures farthest from the document ({} of {} that differ)\n\n", shown, h.farthest.size());
    for (std::size_t i = 0; i < shown; ++i) {
        const FigureResult& r = *h.farthest[i].result;
        const std::string anchor = r.figure.pass ? "pass-" + *r.figure.pass : "figures";
        out += fmt::format("{}. `{}` {} ({}): measured {}, document {}; distance {} ([detail](#{}))\n", i + 1,
                           r.figure.id, cell(r.figure.figure), figure_scope_text(r.figure.scope),
                           cell(measured_value(r)), cell(document_value(r.figure)),
                           h.farthest[i].numeric ? fmt::format("{:.3g}", h.farthest[i].distance) : std::string("—"),
                           anchor);
    }
    out += fmt::format(
        "\ndistance = |measured − document| / max(|document|, 1). [All {} figures that differ](#figures)\n\n",
        h.farthest.size());
}

void write_violations(std::string& out, const RunResult& run) {
    std::string rows;
    for (const auto& p : run.passes)
        for (const auto& c : p.pass->info().counters) {
            if (!c.violation) continue;
            for (const auto& [key, value] : p.tally.counts())
                if (key.first == c.name && value > 0)
                    rows += fmt::format("| `{}.{}` | {} | {} | {} |\n", p.pass->info().name, c.name,
                                        scope_text(key.second), value, cell(c.description));
        }
    out += "## Claims the run found broken\n\n";
    if (rows.empty()) {
        out += "No violation counter is above 0.\n\n";
        return;
    }
    out += "| counter | scope | count | claim |\n|---|---|---|---|\n" + rows + "\n";
}

void write_problems(std::string& out, const RunResult& run) {
    std::size_t errors = 0;
    std::string rows;
    for (const auto& m : run.members) {
        if (m.state != MemberState::kDecodeError) continue;
        if (errors++ < kListedProblems)
            rows += fmt::format("| `{}` | {} | {} | {} |\n", cell(m.path), error_code_name(m.error.code),
                                m.error.offset, cell(m.error.message));
    }
    if (errors > 0) {
        out += fmt::format(
            "## Members that did not decode ({})\n\n| member | code | byte | message |\n|---|---|---|---|\n{}", errors,
            rows);
        if (errors > kListedProblems)
            out += fmt::format("\n… and {} more (see the JSON report).\n", errors - kListedProblems);
        out += "\n";
    }
    const auto skipped = skipped_by_reason(run);
    if (!skipped.empty()) {
        out += "## Skipped members\n\n| reason | members |\n|---|---|\n";
        for (const auto& [reason, n] : skipped) out += fmt::format("| {} | {} |\n", cell(reason), n);
        out += "\n";
    }
}

}  // namespace

// Which files fail: the worst by violations, then one row a map (member_results.h).
void write_files_and_maps(std::string& out, const RunResult& run) {
    if (run.members.empty()) return;
    const std::vector<FailingFile> files = worst_files(run);
    out += "## Files that fail\n\n";
    if (files.empty()) {
        out += "No file breaks a rule or fails to decode.\n\n";
    } else {
        const std::size_t shown = std::min<std::size_t>(files.size(), 50);
        out += fmt::format(
            "{}, most violations first{}.\n\n| file | place | violations | not decoded | rules broken |\n|---|---|--:|--:|---|\n",
            plural(files.size(), "file", "files"),
            shown < files.size()
                ? fmt::format(" (the first {}; the JSON report and `--failures` list every one)", shown)
                : "");
        for (std::size_t i = 0; i < shown; ++i) {
            const FailingFile& f = files[i];
            out += fmt::format("| `{}` | {} | {} | {} | {} |\n", cell(f.path), cell(f.place), grouped(f.violations),
                               f.decode_errors ? grouped(f.decode_errors) : std::string(), cell(rules_text(f.by_rule)));
        }
        out += "\n";
    }
    out += "## Maps\n\n| map | place | members | failing | violations | by rule |\n|---|---|--:|--:|--:|---|\n";
    for (const MapRow& r : map_table(run)) {
        out +=
            fmt::format("| {} | {} | {} | {} | {} | {} |\n",
                        r.map.empty() ? std::string("(no map)") : "`" + r.map + "`", cell(r.place), grouped(r.members),
                        grouped(r.failing_members), grouped(r.violations), cell(rules_text(r.by_rule)));
    }
    out += "\n";
}

std::string render_markdown(const ReportModel& model) {
    std::string out = "# meshproof verify report\n\n";
    const Verdict verdict = make_verdict(model);
    out += fmt::format("**{}**\n\n", cell(verdict.line));
    write_headline(out, model);
    write_files_and_maps(out, *model.run);
    write_config(out, model);
    write_passes(out, model);
    write_violations(out, *model.run);
    write_problems(out, *model.run);
    return valid_utf8(std::move(out));  // names from the install need not be UTF-8
}

}  // namespace meshproof
