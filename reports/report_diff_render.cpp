#include "reports/report_diff_render.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <vector>

#include <fmt/format.h>

namespace meshproof {

namespace {

constexpr std::string_view kAbsent = "-";

std::string plural(std::size_t n, std::string_view one, std::string_view many) {
    return fmt::format("{} {}", n, n == 1 ? one : many);
}

std::string number(const std::optional<double>& v) { return v ? fmt::format("{}", *v) : std::string(kAbsent); }

// new - old with its sign, for unsigned counts (absent reads as 0).
std::string count_delta(std::uint64_t old_value, std::uint64_t new_value) {
    return new_value >= old_value ? fmt::format("+{}", new_value - old_value)
                                  : fmt::format("-{}", old_value - new_value);
}

// A counter's or maximum's new - old with its sign (absent reads as 0): "+3", "-0.5".
std::string count_delta(const CounterChange& c) {
    return fmt::format("{:+}", c.new_value.value_or(0) - c.old_value.value_or(0));
}

std::string figure_delta(const FigureChange& f) {
    if (!f.old_measured || !f.new_measured) return std::string(kAbsent);
    return fmt::format("{:+}", *f.new_measured - *f.old_measured);
}

// "E ± T", or "E0 -> E ± T" when the expected value itself changed (a synthetic install's
// manifest, a corrected document figure).
std::string figure_expected(const FigureChange& f, std::string_view arrow) {
    if (f.old_expected) return fmt::format("{} {} {} ± {}", *f.old_expected, arrow, f.expected, f.tolerance);
    return fmt::format("{} ± {}", f.expected, f.tolerance);
}

std::string figure_status(const std::string& s) { return s.empty() ? "absent" : s; }

// A figure's measured value, with the values a value-set figure saw: "0 (seen 0 ×12 · 1 ×3)".
std::string figure_measured(const std::optional<double>& v, const std::string& seen) {
    return seen.empty() ? number(v) : fmt::format("{} (seen {})", number(v), seen);
}

std::string counter_name(const CounterChange& c) {
    return fmt::format("{}.{}{}", c.pass, c.counter,
                       c.kind == CounterKind::kMaximum   ? " (maximum)"
                       : c.kind == CounterKind::kMinimum ? " (minimum)"
                                                         : "");
}

std::string member_status(const MemberStatusView& s) {
    switch (s.status) {
        case ListedStatus::kNotListed: return "not listed (ok or absent)";
        case ListedStatus::kError: return fmt::format("error {} at offset {}: {}", s.code, s.offset, s.message);
        case ListedStatus::kSkipped: return "skipped: " + s.message;
    }
    return "";
}

// Indices of `items`, the ones for which `bad` holds first, each group in its original order.
template <class T>
std::vector<std::size_t> regressions_first(const std::vector<T>& items, const std::function<bool(const T&)>& bad) {
    std::vector<std::size_t> order(items.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_partition(order.begin(), order.end(), [&](std::size_t i) { return bad(items[i]); });
    return order;
}

std::string verdict(const ReportDiff& d) {
    if (!d.regressed()) return "no regression";
    std::vector<std::string> parts;
    if (auto n = d.figures_moved_away())
        parts.push_back(plural(n, "figure", "figures") + " moved away from the expected value");
    if (auto n = d.members_newly_failed()) parts.push_back(plural(n, "member", "members") + " newly failed");
    if (auto n = d.violation_counters_grown())
        parts.push_back(plural(n, "violation counter", "violation counters") + " grew");
    return "regression: " + fmt::format("{}", fmt::join(parts, ", "));
}

// Why the figures section says what it says when the reports cannot be compared figure by figure.
std::string figure_presence_note(FigurePresence p) {
    switch (p) {
        case FigurePresence::kBoth: return "";
        case FigurePresence::kOldOnly: return "the new report has no figures";
        case FigurePresence::kNewOnly:
            return "the old report has no figures (written before figures existed): new mismatches are listed, "
                   "not counted as moved away";
        case FigurePresence::kNeither: return "neither report has figures";
    }
    return "";
}

// Figures measured against different manifests differ by design; say so, since every figure of
// the new manifest then counts as new.
std::string manifest_note(const ReportDiff& d) {
    if (d.old_manifest == d.new_manifest) return "";
    auto name = [](const std::string& m) { return m.empty() ? std::string("none") : m; };
    return fmt::format("the figures were measured against different manifests ({} -> {})", name(d.old_manifest),
                       name(d.new_manifest));
}

const auto kFigureMovedAway =
    std::function<bool(const FigureChange&)>([](const FigureChange& f) { return f.moved_away; });
const auto kCounterGrew =
    std::function<bool(const CounterChange&)>([](const CounterChange& c) { return c.violation_grew; });
const auto kMemberFailed =
    std::function<bool(const MemberChange&)>([](const MemberChange& m) { return m.newly_failed(); });

std::size_t count_appeared(const ReportDiff& d) {
    return static_cast<std::size_t>(
        std::count_if(d.failures.begin(), d.failures.end(), [](const FailureChange& f) { return f.appeared; }));
}

// ---- Markdown helpers

// A table cell: no line breaks, no column separators.
std::string cell(std::string_view s) {
    std::string out;
    for (char ch : s) {
        if (ch == '|') out += "\\|";
        else if (ch == '\n' || ch == '\r') out += ' ';
        else out += ch;
    }
    return out;
}

std::string code_cell(std::string_view s) {
    // A code span cannot hold its own backticks; those are rare in member paths, so drop the span then.
    if (s.find('`') != std::string_view::npos) return cell(s);
    std::string out = "`";  // appended, not `"`" + cell(s) + "`"`: GCC 12 warns falsely (-Wrestrict) on that
    out += cell(s);
    out += '`';
    return out;
}

void table_cut_note(std::string& out, std::size_t shown, std::size_t total) {
    if (shown < total)
        out += fmt::format("\n{} more not shown (`meshproof diff` without `--md` lists every row).\n", total - shown);
}

}  // namespace

std::string render_diff_text(const ReportDiff& d, const DiffLabels& labels) {
    std::string out = fmt::format("meshproof diff: {} -> {}", labels.old_name, labels.new_name);
    if (d.empty()) return out + ": no differences\n";
    out += "\n";
    out += fmt::format("old: {}, root {}\nnew: {}, root {}\n", d.old_game, d.old_root, d.new_game, d.new_root);
    if (d.old_game != d.new_game) out += "note: the reports are of different games\n";
    if (const auto note = manifest_note(d); !note.empty()) out += "note: " + note + "\n";

    if (!d.inputs.empty()) {
        std::vector<std::string> parts;
        for (const auto& i : d.inputs)
            parts.push_back(fmt::format("{} {} -> {} ({})", i.name, i.old_value, i.new_value,
                                        count_delta(i.old_value, i.new_value)));
        out += fmt::format("inputs: {}\n", fmt::join(parts, "; "));
    }
    if (!d.passes_added.empty()) out += fmt::format("passes added: {}\n", fmt::join(d.passes_added, ", "));
    if (!d.passes_removed.empty()) out += fmt::format("passes removed: {}\n", fmt::join(d.passes_removed, ", "));

    out += fmt::format("figures: {} changed, {} moved away from the expected value", d.figures.size(),
                       d.figures_moved_away());
    if (const auto note = figure_presence_note(d.figure_presence); !note.empty()) out += " (" + note + ")";
    out += "\n";
    for (std::size_t i : regressions_first(d.figures, kFigureMovedAway)) {
        const FigureChange& f = d.figures[i];
        out += fmt::format("  {} {} [{}]  {} -> {} ({}), expected {}, {} -> {}\n", f.moved_away ? '!' : ' ', f.id,
                           f.scope, figure_measured(f.old_measured, f.old_seen),
                           figure_measured(f.new_measured, f.new_seen), figure_delta(f), figure_expected(f, "->"),
                           figure_status(f.old_status), figure_status(f.new_status));
    }

    out += fmt::format("counters: {} changed, {} grew\n", d.counters.size(),
                       plural(d.violation_counters_grown(), "violation counter", "violation counters"));
    for (std::size_t i : regressions_first(d.counters, kCounterGrew)) {
        const CounterChange& c = d.counters[i];
        out += fmt::format("  {} {} [{}]  {} -> {} ({}){}\n", c.violation_grew ? '!' : ' ', counter_name(c), c.scope,
                           number(c.old_value), number(c.new_value), count_delta(c), c.violation ? "  violation" : "");
    }

    out += fmt::format("members: {} changed status, {} newly failed\n", d.members.size(), d.members_newly_failed());
    for (std::size_t i : regressions_first(d.members, kMemberFailed)) {
        const MemberChange& m = d.members[i];
        out += fmt::format("  {} {}\n      old: {}\n      new: {}\n", m.newly_failed() ? '!' : ' ', m.path,
                           member_status(m.old_status), member_status(m.new_status));
    }

    const std::size_t appeared = count_appeared(d);
    out += fmt::format("failure samples (first 20 per counter): {} appeared, {} disappeared\n", appeared,
                       d.failures.size() - appeared);
    for (const auto& f : d.failures)
        out += fmt::format("  {} {}.{} at {}: {}\n", f.appeared ? '+' : '-', f.sample.pass, f.sample.counter,
                           f.sample.location, f.sample.detail);

    out += verdict(d) + "\n";
    return out;
}

std::string render_diff_markdown(const ReportDiff& d, const DiffLabels& labels, std::size_t max_rows) {
    std::string out = fmt::format("### meshproof diff: {}\n\n", d.regressed() ? "regression" : "no regression");
    out += fmt::format("{} → {}", code_cell(labels.old_name), code_cell(labels.new_name));
    if (d.empty()) return out + ": no differences.\n";
    out += fmt::format(": {}.\n\n", verdict(d));
    out += fmt::format("Old: {}, root {}. New: {}, root {}.\n", cell(d.old_game), code_cell(d.old_root),
                       cell(d.new_game), code_cell(d.new_root));
    if (const auto note = manifest_note(d); !note.empty()) out += "Note: " + note + ".\n";
    if (!d.inputs.empty()) {
        std::vector<std::string> parts;
        for (const auto& i : d.inputs)
            parts.push_back(fmt::format("{} {} → {} ({})", i.name, i.old_value, i.new_value,
                                        count_delta(i.old_value, i.new_value)));
        out += fmt::format("Members: {}.\n", fmt::join(parts, "; "));
    }
    if (!d.passes_added.empty()) out += fmt::format("Passes added: {}.\n", fmt::join(d.passes_added, ", "));
    if (!d.passes_removed.empty()) out += fmt::format("Passes removed: {}.\n", fmt::join(d.passes_removed, ", "));

    out += fmt::format("\n#### Figures ({} changed, {} moved away)\n", d.figures.size(), d.figures_moved_away());
    if (const auto note = figure_presence_note(d.figure_presence); !note.empty()) out += "\n" + note + ".\n";
    if (!d.figures.empty()) {
        out += "\n| | figure | scope | old | new | Δ | expected | status |\n|---|---|---|---:|---:|---:|---:|---|\n";
        std::size_t shown = 0;
        for (std::size_t i : regressions_first(d.figures, kFigureMovedAway)) {
            if (shown++ == max_rows) break;
            const FigureChange& f = d.figures[i];
            out += fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} → {} |\n", f.moved_away ? "❌" : "",
                               code_cell(f.id), cell(f.scope), cell(figure_measured(f.old_measured, f.old_seen)),
                               cell(figure_measured(f.new_measured, f.new_seen)), figure_delta(f),
                               figure_expected(f, "→"), figure_status(f.old_status), figure_status(f.new_status));
        }
        table_cut_note(out, std::min(d.figures.size(), max_rows), d.figures.size());
    }

    out += fmt::format("\n#### Counters ({} changed, {} grew)\n", d.counters.size(),
                       plural(d.violation_counters_grown(), "violation counter", "violation counters"));
    if (!d.counters.empty()) {
        out += "\n| | counter | scope | old | new | Δ |\n|---|---|---|---:|---:|---:|\n";
        std::size_t shown = 0;
        for (std::size_t i : regressions_first(d.counters, kCounterGrew)) {
            if (shown++ == max_rows) break;
            const CounterChange& c = d.counters[i];
            out += fmt::format("| {} | {} | {} | {} | {} | {} |\n",
                               c.violation_grew ? "❌" : (c.violation ? "violation" : ""), code_cell(counter_name(c)),
                               cell(c.scope), number(c.old_value), number(c.new_value), count_delta(c));
        }
        table_cut_note(out, std::min(d.counters.size(), max_rows), d.counters.size());
    }

    out += fmt::format("\n#### Members ({} changed status, {} newly failed)\n", d.members.size(),
                       d.members_newly_failed());
    if (!d.members.empty()) {
        out += "\n| | member | old | new |\n|---|---|---|---|\n";
        std::size_t shown = 0;
        for (std::size_t i : regressions_first(d.members, kMemberFailed)) {
            if (shown++ == max_rows) break;
            const MemberChange& m = d.members[i];
            out += fmt::format("| {} | {} | {} | {} |\n", m.newly_failed() ? "❌" : "", code_cell(m.path),
                               cell(member_status(m.old_status)), cell(member_status(m.new_status)));
        }
        table_cut_note(out, std::min(d.members.size(), max_rows), d.members.size());
    }

    const std::size_t appeared = count_appeared(d);
    out +=
        fmt::format("\n#### Failure samples ({} appeared, {} disappeared)\n", appeared, d.failures.size() - appeared);
    if (!d.failures.empty()) {
        out += "\n<details><summary>The report keeps the first 20 samples per counter</summary>\n\n";
        out += "| | counter | location | detail |\n|---|---|---|---|\n";
        std::size_t shown = 0;
        for (const auto& f : d.failures) {
            if (shown++ == max_rows) break;
            out += fmt::format("| {} | {} | {} | {} |\n", f.appeared ? "appeared" : "disappeared",
                               code_cell(f.sample.pass + "." + f.sample.counter), code_cell(f.sample.location),
                               cell(f.sample.detail));
        }
        table_cut_note(out, std::min(d.failures.size(), max_rows), d.failures.size());
        out += "\n</details>\n";
    }
    return out;
}

}  // namespace meshproof
