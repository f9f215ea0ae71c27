// A manifest's figures measured against a verify run: each figure's counter summed over the
// figure's scope ("game/set", or every set of the game), as a percentage of its `of` counter
// where it has one, compared with the document's value within the document's rounding.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/pipeline/run.h"
#include "reports/manifest.h"

namespace meshproof {

enum class FigureStatus { kMatch, kMismatch, kUnchecked, kNotComputed };
std::string_view figure_status_name(FigureStatus s);   // "match", "mismatch", "unchecked", "not-computed"

struct FigureResult {
    ManifestFigure figure;
    FigureStatus status = FigureStatus::kNotComputed;
    std::optional<double> measured;               // set for match and mismatch only
    std::optional<double> measured_denominator;   // the denominator_counter's value, where checked
    std::string why;                              // for unchecked: what the run lacks
};

struct FigureTotals {
    std::size_t match = 0, mismatch = 0, unchecked = 0, not_computed = 0;
};

// Results in id order (the report's order).
std::vector<FigureResult> evaluate_figures(const Manifest& manifest, const RunResult& run);
FigureTotals count_figures(const std::vector<FigureResult>& results);

}  // namespace meshproof
