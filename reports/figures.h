// A manifest's figures measured against a verify run: each figure's counter summed over the
// figure's scope ("game/set", or every set of the game), as a percentage of its `of` counter
// where it has one, compared with the document's value within the document's rounding.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/pipeline/run.h"
#include "reports/manifest.h"

namespace meshproof {

// kExceeds: a figure marked `exceeds` measures more than the document (meshproof reproduces more
// stored values than the document's own implementation; issue 17). Never a mismatch.
// kHoldsOnRead and kNotComparable are given only to a document manifest's figures on a partial
// install (judge_partial_install): figures that would otherwise read as mismatches.
enum class FigureStatus { kMatch, kMismatch, kUnchecked, kNotComputed, kExceeds, kHoldsOnRead, kNotComparable };
// "match", "mismatch", "unchecked", "not-computed", "exceeds", "holds-on-read", "not-comparable"
std::string_view figure_status_name(FigureStatus s);

struct FigureResult {
    ManifestFigure figure;
    FigureStatus status = FigureStatus::kNotComputed;
    std::optional<double> measured;              // set for match, mismatch and exceeds only
    std::optional<double> measured_denominator;  // the denominator_counter's value, where checked
    // For unchecked: what the run lacks; for holds-on-read and not-comparable: what the status
    // means ("holds on what was read: 0 of 60 keys_checked").
    std::string why;
    // The same measure over each severity sub-scope the run holds ("ivp-exact",
    // "structurally-valid": .sur files, ivp-surface-notes.md §14), in that order; empty otherwise.
    std::vector<std::pair<std::string, double>> split;
    // The figure's alternatives (ManifestFigure::alternatives), each measured like the figure
    // (same scope, same `of`), in the manifest's order; set wherever `measured` is.
    std::vector<std::pair<std::string, double>> alternatives;
    // A value-set figure (kValueSet, kList, kMedian): every value seen in the scope with its
    // count, in value order; `values_overflowed` when the set saw more than kMaxDistinctValues
    // distinct values (then `values` is empty, and a value_set or list figure is a mismatch
    // with no `measured`: it saw more than one value).
    std::vector<std::pair<std::vector<double>, std::uint64_t>> values;
    bool values_overflowed = false;
    // kLowestSet / kHighestSet: the figure's value in each binder set of the game, in set order;
    // kLowestOf / kHighestOf: each pair's percentage (named pair_name(counter, of)), in the
    // manifest's order. A set or pair whose `of` is 0 is left out.
    std::vector<std::pair<std::string, double>> parts;
};

// "0 ×1204", "20160200 ×40 · 20180100 ×2", "2 3 0 1 ×57": values seen, each with its count (a
// list's values separated by spaces); "" when there are none. The report and `diff` both write it.
std::string value_counts_text(std::span<const std::pair<std::vector<double>, std::uint64_t>> values);

// value_counts_text of a value-set figure's values; "more than 4096 distinct values" when the set
// overflowed; "" for other kinds.
std::string values_text(const FigureResult& r);

// "band_shared_2/band_nodes_2": a pair of a lowest_of / highest_of figure as its part is named.
std::string pair_name(std::string_view counter, std::string_view of);
// "band_shared_2 / band_nodes_2, …", or "(band_nodes_2 − band_shared_2) / band_nodes_2, …" with
// `complement`: what a lowest_of / highest_of figure ranks, as the reports print it in place of
// its counter; "" for other kinds.
std::string pairs_text(const ManifestFigure& f);

// " (lowest of h 40.00 %, l 32.00 %)" for a figure over binder sets or counter pairs, each value
// written by `format`; "" otherwise.
template <class Format>
std::string parts_suffix(const FigureResult& r, Format format) {
    if (r.parts.empty()) return "";
    const bool lowest = r.figure.kind == FigureKind::kLowestSet || r.figure.kind == FigureKind::kLowestOf;
    std::string s = lowest ? " (lowest of " : " (highest of ";
    for (std::size_t i = 0; i < r.parts.size(); ++i)
        s += (i ? ", " : "") + r.parts[i].first + " " + format(r.parts[i].second);
    return s + ")";
}

// "≤ " for a bound, "" otherwise: what the reports put before the document's value.
inline std::string_view document_prefix(const ManifestFigure& f) { return f.kind == FigureKind::kBound ? "≤ " : ""; }

// " (IVP-exact 1,248 · structurally valid 116,142)" for a figure with a severity split, each
// value written by `format`; "" without one. Shared by the Markdown and HTML reports.
// " (alternatives: pierce_exact_f32 37,322)" for a figure with alternatives, "" without.
template <class Format>
std::string alternatives_suffix(const FigureResult& r, Format format) {
    std::string s;
    for (const auto& [counter, value] : r.alternatives)
        s += (s.empty() ? " (alternatives: " : " · ") + counter + " " + format(value);
    return s.empty() ? s : s + ")";
}

template <class Format>
std::string split_suffix(const FigureResult& r, Format format) {
    std::string s;
    for (const auto& [cls, value] : r.split) {
        s += s.empty() ? " (" : " · ";
        s += cls == "ivp-exact" ? "IVP-exact " : cls == "structurally-valid" ? "structurally valid " : cls + " ";
        s += format(value);
    }
    return s.empty() ? s : s + ")";
}

struct FigureTotals {
    std::size_t match = 0, mismatch = 0, unchecked = 0, not_computed = 0, exceeds = 0, holds_on_read = 0,
                not_comparable = 0;
};

// A document's figures are whole-install figures. An install is partial against them when a
// figure's measured denominator is below the document's (the run read fewer keys, meshes, files
// than the document counted). On a partial install, a mismatching figure that is an x-of-y count
// whose rule holds on every member read — none where the document has none (0 of 60 against 0 of
// 65,846,233), all where the document has all (4 of 4 against 22,899 of 22,899) — becomes
// holds-on-read, and a count or maximum below the document's (60 triangles against 66,239,498)
// not-comparable; a percentage, and a count or maximum above the whole install's, stay
// mismatches. Returns whether the install is partial (then nothing changes otherwise).
// A manifest that states its install's counts decides partial by those instead
// (reports/install_completeness.h) and calls judge_as_partial_install.
bool judge_partial_install(std::vector<FigureResult>& results);
// The pass whose figures are research measurements (the document's builder replayed on stored
// leaves): on a partial install they are never a mismatch (judge_as_partial_install).
inline constexpr std::string_view kResearchPass = "tree_rule";
// The judgement above on an install already known to be partial.
void judge_as_partial_install(std::vector<FigureResult>& results);

// "3 hold on what was read, 40 not comparable on a partial install, " for the totals lines of
// the reports and the summary; "" when both are 0 (every report of a whole install reads as before).
std::string partial_totals_text(const FigureTotals& t);

// "freelancer/vers pod_drab.sur", "eldenring/l +DLC": a figure's scope as the reports print it.
std::string figure_scope_text(const FigureScope& s);

// The file names the manifest's figures are scoped to (sorted, once each): what a run must
// tally under file scopes (RunOptions::file_scopes) for those figures to be measured.
std::vector<std::string> file_scopes_of(const Manifest& manifest);
// The place keys the manifest's figures are scoped to (sorted, once each): what a run must
// tally under place scopes (RunOptions::map_scopes).
std::vector<std::string> map_scopes_of(const Manifest& manifest);

// Results in id order (the report's order).
std::vector<FigureResult> evaluate_figures(const Manifest& manifest, const RunResult& run);
FigureTotals count_figures(const std::vector<FigureResult>& results);

}  // namespace meshproof
