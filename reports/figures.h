// A manifest's figures measured against a verify run: each figure's counter summed over the
// figure's scope ("game/set", or every set of the game), as a percentage of its `of` counter
// where it has one, compared with the document's value within the document's rounding.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/pipeline/run.h"
#include "reports/manifest.h"

namespace meshproof {

// kExceeds: a figure marked `exceeds` measures more than the document (meshproof reproduces more
// stored values than the document's own implementation; issue 17). Never a mismatch.
enum class FigureStatus { kMatch, kMismatch, kUnchecked, kNotComputed, kExceeds };
std::string_view figure_status_name(FigureStatus s);   // "match", "mismatch", "unchecked", "not-computed", "exceeds"

struct FigureResult {
    ManifestFigure figure;
    FigureStatus status = FigureStatus::kNotComputed;
    std::optional<double> measured;               // set for match, mismatch and exceeds only
    std::optional<double> measured_denominator;   // the denominator_counter's value, where checked
    std::string why;                              // for unchecked: what the run lacks
    // The same measure over each severity sub-scope the run holds ("ivp-exact",
    // "structurally-valid": .sur files, ivp-surface-notes.md §14), in that order; empty otherwise.
    std::vector<std::pair<std::string, double>> split;
    // The figure's alternatives (ManifestFigure::alternatives), each measured like the figure
    // (same scope, same `of`), in the manifest's order; set wherever `measured` is.
    std::vector<std::pair<std::string, double>> alternatives;
};

// " (IVP-exact 1,248 · structurally valid 116,142)" for a figure with a severity split, each
// value written by `format`; "" without one. Shared by the Markdown and HTML reports.
// " (alternatives: pierce_exact_f32 37,322)" for a figure with alternatives, "" without.
template <class Format>
std::string alternatives_suffix(const FigureResult& r, Format format) {
    std::string s;
    for (const auto& [counter, value] : r.alternatives) s += (s.empty() ? " (alternatives: " : " · ") + counter + " " + format(value);
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
    std::size_t match = 0, mismatch = 0, unchecked = 0, not_computed = 0, exceeds = 0;
};

// "freelancer/vers pod_drab.sur", "eldenring/l +DLC": a figure's scope as the reports print it.
std::string figure_scope_text(const FigureScope& s);

// The file names the manifest's figures are scoped to (sorted, once each): what a run must
// tally under file scopes (RunOptions::file_scopes) for those figures to be measured.
std::vector<std::string> file_scopes_of(const Manifest& manifest);

// Results in id order (the report's order).
std::vector<FigureResult> evaluate_figures(const Manifest& manifest, const RunResult& run);
FigureTotals count_figures(const std::vector<FigureResult>& results);

}  // namespace meshproof
