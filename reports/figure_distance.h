// How far a figure that does not match lies from the document, so that the reports can open with
// the farthest ones (issue 15 item 4). The measure, the same in every report:
//   a numeric figure: |measured − document| / max(|document|, 1), and where it is an "x of y"
//   figure the same of its denominator, the larger of the two (a count right over the wrong
//   whole is as far as the whole is) — except on a partial install (judge_partial_install),
//   whose denominators are below the document's by definition: there the value alone;
//   a figure with no measured number (a kind the reports cannot put a number on) has no
//   distance and comes after every numeric one.
// Ties are broken by figure id, so the order is the same in every run and every renderer.
#pragma once

#include <cstddef>
#include <vector>

#include "reports/figures.h"

namespace meshproof {

struct FigureDistance {
    const FigureResult* result = nullptr;
    bool numeric = true;  // false: no measured number; sorted after the numeric ones
    double distance = 0;  // the relative distance above (numeric only; +inf if not finite)
};

// The relative distance of one measured value from the document's: |m − d| / max(|d|, 1).
double relative_distance(double measured, double document);

// The figures with status mismatch, farthest first (numeric before the others, distance
// descending, then id ascending). Points into `results`, which must outlive the list.
// `partial_install`: the section's FigureSection::partial_install (denominators not measured).
std::vector<FigureDistance> farthest_figures(const std::vector<FigureResult>& results, bool partial_install);

}  // namespace meshproof
