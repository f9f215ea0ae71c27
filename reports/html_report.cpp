#include "reports/html_report.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "engine/core/plural.h"
#include "reports/figure_text.h"
#include "reports/headline.h"
#include "reports/html_failures.h"
#include "reports/verdict.h"
#include "reports/run_report.h"
#include "engine/core/utf8_text.h"

namespace meshproof {

std::string html_escape(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default: out += c;
        }
    }
    return out;
}

namespace {

// Tables of members and samples stop here; the JSON report lists every one.
constexpr std::size_t kListedRows = 50;

// Colours by class, so the SVG and the legends agree; print-friendly, readable in grey.
constexpr const char* kStyle = R"css(
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1b1f23; margin: 0; background: #fafbfc; }
main { max-width: 1150px; margin: 0 auto; padding: 24px 32px 64px; background: #fff; }
h1 { font-size: 24px; margin: 0 0 4px; } h2 { font-size: 19px; margin: 32px 0 8px; border-bottom: 1px solid #e1e4e8; padding-bottom: 4px; }
h3 { font-size: 15px; margin: 18px 0 6px; }
table { border-collapse: collapse; margin: 6px 0 12px; } td, th { padding: 3px 10px 3px 0; vertical-align: top; text-align: left; }
th { font-weight: 600; color: #586069; border-bottom: 1px solid #e1e4e8; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; } td.state { white-space: nowrap; }
code, .path { font: 12.5px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; word-break: break-all; }
.verdict { font-size: 15px; margin: 6px 0 18px; } .bad { color: #b31d28; font-weight: 600; } .good { color: #22863a; font-weight: 600; }
.warn { color: #b08800; font-weight: 600; } .differs { fill: #e36209; background: #e36209; }
nav { display: flex; flex-wrap: wrap; row-gap: 4px; } td > code { white-space: nowrap; }
.muted { color: #6a737d; } nav a { margin-right: 12px; } details { margin: 4px 0 8px; } summary { cursor: pointer; color: #0366d6; }
.legend span { display: inline-block; margin-right: 14px; } .legend i { display: inline-block; width: 10px; height: 10px; margin-right: 4px; vertical-align: baseline; }
svg { vertical-align: middle; }
.match { fill: #2ea44f; background: #2ea44f; } .mismatch { fill: #d73a49; background: #d73a49; }
.exceeds { fill: #1b7fd1; background: #1b7fd1; } .unchecked { fill: #959da5; background: #959da5; } .not-computed { fill: #e1e4e8; background: #e1e4e8; }
.holds-on-read { fill: #85e89d; background: #85e89d; } .not-comparable { fill: #c8b8e8; background: #c8b8e8; }
.ok { fill: #2ea44f; background: #2ea44f; } .error { fill: #d73a49; background: #d73a49; } .skipped { fill: #f9c513; background: #f9c513; }
.counter { fill: #79b8ff; } .violation { fill: #d73a49; } .empty { fill: #f6f8fa; stroke: #e1e4e8; }
.hist { fill: #d73a49; } .axis { stroke: #959da5; } svg text { font: 11px system-ui, sans-serif; fill: #444d56; }
)css";

std::string num(double v) { return fmt::format("{}", v); }

struct Segment {
    double value = 0;
    const char* css = "";
    std::string label;
};

// A horizontal bar split by share; each part has a native tooltip (<title>), no script.
std::string stacked_bar(const std::vector<Segment>& segments, int width = 360, int height = 16) {
    double total = 0;
    std::string summary;
    for (const auto& s : segments) {
        total += s.value;
        if (s.value > 0) summary += (summary.empty() ? "" : ", ") + fmt::format("{} {}", num(s.value), s.label);
    }
    std::string out = fmt::format(R"(<svg width="{}" height="{}" role="img" aria-label="{}"><title>{}</title>)", width,
                                  height, html_escape(summary), html_escape(summary.empty() ? "none" : summary));
    if (total <= 0) {
        out += fmt::format(R"(<rect class="empty" x="0.5" y="0.5" width="{}" height="{}"/>)", width - 1, height - 1);
        return out + "</svg>";
    }
    double x = 0;
    for (const auto& s : segments) {
        if (s.value <= 0) continue;
        const double w = s.value / total * width;
        out +=
            fmt::format(R"(<rect class="{}" x="{:.2f}" y="0" width="{:.2f}" height="{}"><title>{}: {}</title></rect>)",
                        s.css, x, w, height, html_escape(s.label), num(s.value));
        x += w;
    }
    return out + "</svg>";
}

std::string legend(const std::vector<Segment>& segments) {
    std::string out = R"(<div class="legend">)";
    for (const auto& s : segments)
        out += fmt::format(R"(<span><i class="{}"></i>{} {}</span>)", s.css, num(s.value), html_escape(s.label));
    return out + "</div>";
}

struct BarRow {
    std::string label_html;  // already escaped / marked up
    std::uint64_t value = 0;
    const char* css = "counter";
};

// One row per value with a bar on a log scale (counts span 1 to millions in one pass).
std::string bar_rows(const std::vector<BarRow>& rows, const char* value_heading) {
    std::uint64_t max = 0;
    for (const auto& r : rows) max = std::max(max, r.value);
    const double top = std::log10(1.0 + static_cast<double>(max));
    std::string out = fmt::format(R"(<table><tr><th></th><th class="num">{}</th><th class="muted">log scale</th></tr>)",
                                  value_heading);
    for (const auto& r : rows) {
        const double w = top > 0 ? std::log10(1.0 + static_cast<double>(r.value)) / top * 240.0 : 0.0;
        out += fmt::format(
            R"(<tr><td>{}</td><td class="num">{}</td><td><svg width="240" height="12"><rect class="{}" x="0" y="1" width="{:.2f}" height="10"/></svg></td></tr>)",
            r.label_html, r.value, r.css, w);
    }
    return out + "</table>";
}

const char* status_css(FigureStatus s) {
    switch (s) {
        case FigureStatus::kMatch: return "match";
        case FigureStatus::kMismatch: return "mismatch";
        case FigureStatus::kUnchecked: return "unchecked";
        case FigureStatus::kNotComputed: return "not-computed";
        case FigureStatus::kExceeds: return "exceeds";
        case FigureStatus::kHoldsOnRead: return "holds-on-read";
        case FigureStatus::kNotComparable: return "not-comparable";
    }
    return "unchecked";
}

// The partial-install statuses appear only when a figure has one (a whole install's report reads as before).
// `decides`: the section's figures decide the verdict; otherwise a difference is informational and
// drawn in orange, never in the red of a failure (verdict.h).
std::vector<Segment> figure_segments(const FigureTotals& t, bool decides) {
    std::vector<Segment> out = {
        {static_cast<double>(t.match), "match", "match"},
        {static_cast<double>(t.mismatch), decides ? "mismatch" : "differs", decides ? "mismatch" : "differs"},
        {static_cast<double>(t.unchecked), "unchecked", "unchecked"},
        {static_cast<double>(t.not_computed), "not-computed", "not computed"}};
    // Each only where it occurs: the partial-install statuses (a whole install's report reads as
    // before), and meshproof reproducing more stored values than the document.
    if (t.not_comparable > 0)
        out.insert(out.begin() + 2,
                   {static_cast<double>(t.not_comparable), "not-comparable", "not comparable (partial install)"});
    if (t.holds_on_read > 0)
        out.insert(out.begin() + 2, {static_cast<double>(t.holds_on_read), "holds-on-read", "holds on what was read"});
    if (t.exceeds > 0) out.insert(out.begin() + 1, {static_cast<double>(t.exceeds), "exceeds", "exceeds the document"});
    return out;
}

bool is_violation_counter(const PassInfo& info, const std::string& name) {
    for (const auto& c : info.counters)
        if (c.name == name) return c.violation;
    return false;
}

void write_head(std::string& out, const ReportModel& m) {
    out += "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n";
    out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
    out += fmt::format("<title>meshproof report: {}</title>\n<style>{}</style></head>\n<body><main>\n",
                       html_escape(m.context.root), kStyle);
}

// The one verdict (verdict.h), coloured as the exit code reads: green pass, red fail, amber partial.
void write_verdict(std::string& out, const ReportModel& m) {
    const RunResult& run = *m.run;
    const Verdict v = make_verdict(m);
    const char* css = v.state == VerdictState::kPass ? "good" : v.state == VerdictState::kFail ? "bad" : "warn";
    out += "<h1>meshproof verify report</h1>\n<p class=\"verdict\">";
    out += fmt::format("<span class=\"{}\">{}</span>", css, html_escape(v.line));
    out += "</p>\n<nav>";
    out += "<a href=\"#headline\">headline</a>";
    if (!run.members.empty()) out += "<a href=\"#files\">files</a><a href=\"#maps\">maps</a>";
    out += "<a href=\"#configuration\">configuration</a><a href=\"#members\">members</a>";
    if (m.figures) out += "<a href=\"#figures\">figures</a>";
    for (const PassResult* p : passes_with_units(run))
        out += fmt::format("<a href=\"#pass-{0}\">{0}</a>", html_escape(p->pass->info().name));
    out += "</nav>\n";
}

void write_configuration(std::string& out, const ReportModel& m) {
    const RunResult& run = *m.run;
    out += "<h2 id=\"configuration\">Configuration</h2>\n<table>\n";
    auto row = [&](std::string_view key, const std::string& value_html) {
        out += fmt::format("<tr><th>{}</th><td>{}</td></tr>\n", key, value_html);
    };
    row("meshproof", html_escape(MESHPROOF_VERSION));
    row("game", html_escape(fmt::format("{} ({})", run_games_text(run), run.scan.detection)));
    row("root", "<code>" + html_escape(m.context.root) + "</code>");
    row("threads", m.context.threads == 0 ? std::string("every core") : std::to_string(m.context.threads));
    std::string passes, codecs;
    for (const PassResult* p : passes_with_units(run))
        passes += (passes.empty() ? "" : ", ") + std::string(p->pass->info().name);
    for (const auto& d : run.decompressors) codecs += (codecs.empty() ? "" : ", ") + d;
    row("passes", html_escape(passes));
    if (const std::string idle = idle_pass_names(run); !idle.empty()) row("passes that saw no unit", html_escape(idle));
    row("decompressors", html_escape(codecs));
    if (m.figures) {
        const FigureSection& f = *m.figures;
        row("manifest",
            html_escape(fmt::format("{} ({}, {}; {})", f.manifest_name, f.manifest_path, manifest_source_name(f.source),
                                    f.decides_exit ? "decides the exit code" : "informational")));
    } else {
        row("manifest", "none");
    }
    row("inputs", html_escape(fmt::format("{} files seen ({} ignored), {} collision inputs, {} binders, {} stray",
                                          run.scan.files_seen, run.scan.files_ignored, run.scan.inputs.size(),
                                          run.binders, run.scan.strays.size())));
    out += "</table>\n";
}

void write_members(std::string& out, const RunResult& run) {
    const std::vector<Segment> states = {
        {static_cast<double>(run.count(MemberState::kOk)), "ok", "ok"},
        {static_cast<double>(run.count(MemberState::kDecodeError)), "error", "decode errors"},
        {static_cast<double>(run.count(MemberState::kSkipped)), "skipped", "skipped"}};
    out += fmt::format("<h2 id=\"members\">Members ({})</h2>\n<p>{}</p>{}\n", run.members.size(),
                       stacked_bar(states, 560, 18), legend(states));
    if (const auto codes = errors_by_code(run); !codes.empty()) {
        std::vector<BarRow> rows;
        for (const auto& [code, n] : codes) rows.push_back({"<code>" + html_escape(code) + "</code>", n, "violation"});
        out += "<h3>Decode errors by code</h3>\n" + bar_rows(rows, "members");
    }
    if (const auto reasons = skipped_by_reason(run); !reasons.empty()) {
        std::vector<BarRow> rows;
        for (const auto& [reason, n] : reasons) rows.push_back({html_escape(reason), n, "counter"});
        out += "<h3>Skipped by reason</h3>\n" + bar_rows(rows, "members");
    }
    std::size_t listed = 0;
    std::string rows;
    for (const auto& m : run.members) {
        if (m.state == MemberState::kOk) continue;
        if (listed++ == kListedRows) break;
        const bool error = m.state == MemberState::kDecodeError;
        rows += fmt::format(
            "<tr><td class=\"path\">{}</td><td>{}</td><td class=\"num\">{}</td><td>{}</td></tr>\n", html_escape(m.path),
            error ? "<span class=\"bad\">" + html_escape(error_code_name(m.error.code)) + "</span>"
                  : std::string("skipped"),
            error ? std::to_string(m.error.offset) : std::string(),
            html_escape(error ? m.error.message : m.skip_reason + (m.remedy.empty() ? "" : " — " + m.remedy)));
    }
    if (!rows.empty()) {
        const std::size_t problems = run.count(MemberState::kDecodeError) + run.count(MemberState::kSkipped);
        out += fmt::format(
            "<details{}><summary>{} member{} that did not decode or {} skipped{}</summary>\n",
            problems <= 10 ? " open" : "", problems, problems == 1 ? "" : "s", problems == 1 ? "was" : "were",
            problems > kListedRows ? fmt::format(" (first {}; the JSON report lists all)", kListedRows) : "");
        out += "<table><tr><th>member</th><th>state</th><th class=\"num\">byte</th><th>message</th></tr>\n" + rows +
               "</table></details>\n";
    }
}

// Relative distance of a mismatching figure from the document's value, binned by decade.
std::string deviation_histogram(const std::vector<FigureResult>& results) {
    static constexpr const char* kBins[] = {"≤ 0.1 %", "≤ 1 %", "≤ 10 %", "≤ 100 %", "> 100 %"};
    std::array<std::uint64_t, 5> counts{};
    std::uint64_t total = 0;
    for (const auto& r : results) {
        if (r.status != FigureStatus::kMismatch || !r.measured || r.figure.kind == FigureKind::kValueSet ||
            r.figure.kind == FigureKind::kList)
            continue;
        const double relative =
            std::fabs(*r.measured - r.figure.expected) / std::max(std::fabs(r.figure.expected), 1.0);
        const std::size_t bin = relative <= 0.001  ? 0
                                : relative <= 0.01 ? 1
                                : relative <= 0.1  ? 2
                                : relative <= 1.0  ? 3
                                                   : 4;
        ++counts[bin];
        ++total;
    }
    if (total == 0) return "";
    const std::uint64_t max = *std::max_element(counts.begin(), counts.end());
    constexpr int kBarWidth = 70, kChartHeight = 110, kTop = 16, kBottom = 34;
    std::string out = fmt::format(
        "<h3>How far the {} mismatching figures are from the document</h3>\n"
        "<svg width=\"{}\" height=\"{}\" role=\"img\" aria-label=\"histogram of relative deviation\">",
        total, kBarWidth * 5 + 20, kChartHeight + kTop + kBottom);
    for (std::size_t i = 0; i < counts.size(); ++i) {
        const double h = static_cast<double>(counts[i]) / static_cast<double>(max) * kChartHeight;
        const double x = 10 + static_cast<double>(i) * kBarWidth;
        out += fmt::format(
            R"(<rect class="hist" x="{:.1f}" y="{:.1f}" width="{}" height="{:.1f}"><title>{}: {}</title></rect>)",
            x + 6, kTop + kChartHeight - h, kBarWidth - 12, h, kBins[i], counts[i]);
        out += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" text-anchor="middle">{}</text>)", x + kBarWidth / 2.0,
                           kTop + kChartHeight - h - 3, counts[i]);
        out += fmt::format(R"(<text x="{:.1f}" y="{}" text-anchor="middle">{}</text>)", x + kBarWidth / 2.0,
                           kTop + kChartHeight + 15, html_escape(kBins[i]));
    }
    out += fmt::format(R"(<line class="axis" x1="10" y1="{0}" x2="{1}" y2="{0}"/>)", kTop + kChartHeight,
                       10 + kBarWidth * 5);
    out +=
        fmt::format(R"(<text x="10" y="{}">|measured − document| / |document|</text></svg>)", kTop + kChartHeight + 31);
    return out + "\n";
}

void write_figures_overview(std::string& out, const ReportModel& m) {
    if (!m.figures) return;
    const FigureSection& f = *m.figures;
    const auto segments = figure_segments(f.totals, f.decides_exit);
    out += fmt::format(
        "<h2 id=\"figures\">Figures of {}</h2>\n<p>{}{}, {}: {}.</p><p>{}</p>{}\n",
        html_escape(f.document.empty() ? f.manifest_name : f.document), plural(f.results.size(), "figure", "figures"),
        f.install ? " of a " + html_escape(install_text(*f.install)) : std::string(), html_escape(figures_whose(f)),
        html_escape(figures_meaning(f)), stacked_bar(segments, 560, 18), legend(segments));
    std::map<std::string, std::vector<FigureResult>> by_pass;  // name order
    for (const auto& r : f.results) by_pass[r.figure.pass.value_or("")].push_back(r);
    out +=
        "<table><tr><th>pass</th><th>figures</th><th class=\"num\">match</th><th class=\"num\">mismatch</th>"
        "<th class=\"num\">unchecked</th><th class=\"num\">not computed</th></tr>\n";
    for (const auto& [pass, results] : by_pass) {
        const FigureTotals t = count_figures(results);
        // A pass that saw no unit has no section to link to.
        bool described = false;
        for (const PassResult* p : passes_with_units(*m.run)) described = described || p->pass->info().name == pass;
        const std::string name = pass.empty() ? "<span class=\"muted\">no pass yet</span>"
                                 : described  ? fmt::format("<a href=\"#pass-{0}\">{0}</a>", html_escape(pass))
                                              : html_escape(pass);
        out += fmt::format(
            "<tr><td>{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td></tr>\n",
            name, stacked_bar(figure_segments(t, f.decides_exit), 300, 12),
            t.exceeds ? fmt::format("{} + {} exceeding", t.match, t.exceeds) : std::to_string(t.match), t.mismatch,
            t.unchecked, t.not_computed);
    }
    out += "</table>\n" + deviation_histogram(f.results);
}

void figure_table(std::string& out, const std::vector<const FigureResult*>& rows) {
    out += "<table><tr><th></th><th>claim</th><th>scope</th><th>counter</th><th>document</th><th>measured</th></tr>\n";
    for (const FigureResult* r : rows) {
        const ManifestFigure& f = r->figure;
        const char* mark = r->status == FigureStatus::kMatch || r->status == FigureStatus::kHoldsOnRead ? "✓"
                           : r->status == FigureStatus::kMismatch                                       ? "✗"
                           : r->status == FigureStatus::kExceeds ? "▲ meshproof reproduces more than the document"
                                                                 : "–";
        std::string claim = html_escape(f.figure);
        if (!f.quote.empty()) claim += " <span class=\"muted\">“" + html_escape(f.quote) + "”</span>";
        out += fmt::format(
            "<tr id=\"figure-{9}\"><td title=\"{0}\"><svg width=\"12\" height=\"12\"><rect class=\"{0}\" width=\"12\" height=\"12\" rx=\"2\"/></svg> {1}</td>"
            "<td>{2}</td><td>{3}</td><td><code>{4}{5}</code></td><td>{6} <span class=\"muted\">{7}</span></td><td>{8}</td></tr>\n",
            status_css(r->status), mark, claim, html_escape(figure_scope_text(f.scope)),
            html_escape(f.pairs.empty() ? f.counter : pairs_text(f)),
            f.of.empty() ? std::string() : " / " + html_escape(f.of), html_escape(document_value(f)),
            html_escape(f.label), html_escape(measured_value(*r)), html_escape(f.id));
    }
    out += "</table>\n";
}

void write_pass(std::string& out, const PassResult& p, const ReportModel& m) {
    const PassInfo& info = p.pass->info();
    out += fmt::format("<section id=\"pass-{0}\"><h2>Pass {0} <span class=\"muted\">({1})</span></h2>\n",
                       html_escape(info.name), html_escape(info.family));
    if (!info.claims.empty()) {
        out += "<ul>";
        for (const auto& c : info.claims) out += "<li>" + html_escape(c) + "</li>";
        out += "</ul>\n";
    }
    if (m.figures) {
        std::vector<const FigureResult*> rows;
        for (const auto& r : m.figures->results)
            if (r.figure.pass && *r.figure.pass == info.name) rows.push_back(&r);
        if (!rows.empty()) {
            std::vector<FigureResult> copies;
            for (const auto* r : rows) copies.push_back(*r);
            const auto segments = figure_segments(count_figures(copies), m.figures->decides_exit);
            out += fmt::format("<h3>Figures</h3>\n<p>{}</p>{}\n", stacked_bar(segments, 420, 14), legend(segments));
            figure_table(out, rows);
        }
    }
    std::vector<BarRow> broken, all;
    for (const auto& [key, value] : p.tally.counts()) {
        const bool violation = is_violation_counter(info, key.first);
        const std::string label = fmt::format("<code>{}</code> <span class=\"muted\">{}</span>", html_escape(key.first),
                                              html_escape(scope_text(key.second)));
        all.push_back({label, value, violation && value > 0 ? "violation" : "counter"});
        if (violation && value > 0) broken.push_back(all.back());
    }
    if (!broken.empty()) out += "<h3 class=\"bad\">Violation counters above 0</h3>\n" + bar_rows(broken, "count");
    if (!all.empty())
        out += fmt::format("<details><summary>{} counters by scope</summary>\n{}</details>\n", all.size(),
                           bar_rows(all, "count"));
    if (!p.tally.maxima().empty()) {
        out +=
            "<details><summary>Maxima</summary><table><tr><th>counter</th><th>scope</th><th class=\"num\">value</th></tr>\n";
        for (const auto& [key, value] : p.tally.maxima())
            out += fmt::format("<tr><td><code>{}</code></td><td>{}</td><td class=\"num\">{}</td></tr>\n",
                               html_escape(key.first), html_escape(scope_text(key.second)), num(value));
        out += "</table></details>\n";
    }
    for (const auto& [counter, samples] : p.tally.samples()) {
        if (samples.empty()) continue;
        out += fmt::format(
            "<details{}><summary>Failure samples of <code>{}</code> ({}, in path order)</summary>\n<table>"
            "<tr><th>location</th><th>detail</th></tr>\n",
            is_violation_counter(info, counter) ? " open" : "", html_escape(counter), samples.size());
        for (const auto& s : samples)
            out += fmt::format("<tr><td class=\"path\">{}</td><td>{}</td></tr>\n", html_escape(s.location),
                               html_escape(s.detail));
        out += "</table></details>\n";
    }
    out += "</section>\n";
}

void write_not_computed(std::string& out, const ReportModel& m) {
    if (!m.figures) return;
    std::vector<const FigureResult*> rows;
    for (const auto& r : m.figures->results)
        if (!r.figure.pass) rows.push_back(&r);
    if (rows.empty()) return;
    out += fmt::format("<h2>Figures no pass computes yet</h2>\n<details><summary>{} figures</summary>\n", rows.size());
    figure_table(out, rows);
    out += "</details>\n";
}

const char* claim_css(ClaimState s) {
    switch (s) {
        case ClaimState::kHolds: return "match";
        case ClaimState::kFails: return "mismatch";
        case ClaimState::kMeasured: return "unchecked";
        case ClaimState::kNothingChecked: return "not-computed";
    }
    return "unchecked";
}

// The opening (headline.h): the claims, then the figures farthest from the document.
void write_headline(std::string& out, const Headline& h) {
    out += "<section id=\"headline\"><h2>Headline</h2>\n";
    if (h.claims.empty()) out += "<p class=\"muted\">No pass with a rule saw a unit.</p>\n";
    else out += "<table>\n";
    for (const HeadlineClaim& c : h.claims)
        out += fmt::format(
            "<tr><td class=\"state\"><svg width=\"12\" height=\"12\"><rect class=\"{}\" width=\"12\" height=\"12\" rx=\"2\"/></svg> "
            "<span class=\"{}\">{}</span></td><td>{}{}</td><td>{}</td><td><a href=\"#{}\">{}</a></td></tr>\n",
            claim_css(c.state),
            c.state == ClaimState::kFails   ? "bad"
            : c.state == ClaimState::kHolds ? "good"
                                            : "muted",
            claim_state_name(c.state), c.lead ? "<strong>" : "", html_escape(c.title) + (c.lead ? "</strong>" : ""),
            html_escape(claim_count_text(c)), html_escape(c.anchor), html_escape(c.pass));
    if (!h.claims.empty()) out += "</table>\n";
    out += "</section>\n";
}

// The figures farthest from the manifest's, after the files that fail: informational unless the
// manifest decides (verdict.h), so below what the verdict rests on.
void write_farthest(std::string& out, const ReportModel& m, const Headline& h) {
    if (m.figures) {
        if (h.farthest.empty()) {
            out +=
                "<p>No figure of the manifest differs from its expected value (<a href=\"#figures\">all figures</a>).</p>\n";
        } else {
            const std::size_t shown = std::min(h.farthest.size(), kHeadlineFigures);
            out += fmt::format(
                "<h3>Figures farthest from the {} ({} of {} that differ{})</h3>\n<table><tr><th>figure</th><th>scope</th>"
                "<th>expected</th><th>measured</th><th class=\"num\">distance</th></tr>\n",
                m.figures->source == ManifestSource::kDocument ? "document" : "manifest", shown, h.farthest.size(),
                m.figures->decides_exit ? "" : "; informational, they never change the verdict");
            for (std::size_t i = 0; i < shown; ++i) {
                const FigureResult& r = *h.farthest[i].result;
                out += fmt::format(
                    "<tr><td><a href=\"#figure-{0}\"><code>{0}</code></a> {1}</td><td>{2}</td><td>{3}</td><td>{4}</td>"
                    "<td class=\"num\">{5}</td></tr>\n",
                    html_escape(r.figure.id), html_escape(r.figure.figure),
                    html_escape(figure_scope_text(r.figure.scope)), html_escape(document_value(r.figure)),
                    html_escape(measured_value(r)),
                    h.farthest[i].numeric ? fmt::format("{:.3g}", h.farthest[i].distance) : std::string("—"));
            }
            out += fmt::format(
                "</table>\n<p class=\"muted\">distance = |measured − document| / max(|document|, 1). "
                "<a href=\"#figures\">All {} figures that differ</a></p>\n",
                h.farthest.size());
        }
    }
}

}  // namespace

std::string render_html(const ReportModel& model) {
    std::string out;
    write_head(out, model);
    write_verdict(out, model);
    const Headline headline = make_headline(model);
    write_headline(out, headline);
    out += html_failing_files(model);
    write_farthest(out, model, headline);
    write_configuration(out, model);
    write_members(out, *model.run);
    write_figures_overview(out, model);
    for (const PassResult* p : passes_with_units(*model.run)) write_pass(out, *p, model);
    write_not_computed(out, model);
    out += "<p class=\"muted\">Written by meshproof " MESHPROOF_VERSION
           ". Self-contained: no script, nothing loaded from elsewhere.</p>\n";
    out += "</main></body></html>\n";
    return valid_utf8(std::move(out));  // names from the install need not be UTF-8
}

}  // namespace meshproof
