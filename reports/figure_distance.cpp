#include "reports/figure_distance.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace meshproof {

double relative_distance(double measured, double document) {
    const double d = std::fabs(measured - document) / std::max(std::fabs(document), 1.0);
    // A NaN would make the sort's order undefined: an unmeasurable gap counts as the largest.
    return std::isfinite(d) ? d : std::numeric_limits<double>::infinity();
}

std::vector<FigureDistance> farthest_figures(const std::vector<FigureResult>& results, bool partial_install) {
    std::vector<FigureDistance> out;
    for (const FigureResult& r : results) {
        if (r.status != FigureStatus::kMismatch) continue;
        // A value set or list mismatches by the values seen, not by a distance of its one number.
        const bool numeric = r.measured && r.figure.kind != FigureKind::kValueSet && r.figure.kind != FigureKind::kList;
        FigureDistance d{&r, numeric, 0};
        if (numeric) {
            d.distance = relative_distance(*r.measured, r.figure.expected);
            if (!partial_install && r.measured_denominator && r.figure.denominator)
                d.distance = std::max(d.distance, relative_distance(*r.measured_denominator, *r.figure.denominator));
        }
        out.push_back(d);
    }
    std::sort(out.begin(), out.end(), [](const FigureDistance& a, const FigureDistance& b) {
        if (a.numeric != b.numeric) return a.numeric;
        if (a.distance != b.distance) return a.distance > b.distance;
        return a.result->figure.id < b.result->figure.id;
    });
    return out;
}

}  // namespace meshproof
