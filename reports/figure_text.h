// A figure's values as the reports print them: to the document's own precision. A reader compares
// "measured 93.93 %" with "document 94 %" at a glance; the full value stays in the JSON report.
#pragma once

#include <string>

#include "reports/figures.h"

namespace meshproof {

// The decimals the document gives the figure: a rounded figure carries half a unit of its last
// digit as its tolerance (122.50 ± 0.005: two), an exact one the decimals of its value (781: none).
int document_decimals(const ManifestFigure& f);

// `v` to the document's decimals, and to as many more as it takes (up to six) to tell it from the
// document's value when the two differ: "57" for 57.28 against 69, "69.4" for 69.4 against 69.
std::string figure_number(const ManifestFigure& f, double v);
// figure_number with the figure's unit: "93.9 %", "1.34 ×", "781".
std::string figure_value(const ManifestFigure& f, double v);

// "≤ 12.5 % ± 0.05 of 4,095": the document's value with its bound, tolerance and denominator.
std::string document_value(const ManifestFigure& f);

// The measured value with its denominator, splits, alternatives and parts, each by figure_number;
// a value-set figure's values with their counts; "—" and why for a figure not measured.
std::string measured_value(const FigureResult& r);

}  // namespace meshproof
