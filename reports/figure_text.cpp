#include "reports/figure_text.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include <fmt/format.h>

namespace meshproof {
namespace {

constexpr int kMostDecimals = 6;

std::string fixed(double v, int decimals) { return fmt::format("{:.{}f}", v, decimals); }

std::string with_unit(const ManifestFigure& f, std::string number) {
    return number + (f.percent ? " %" : f.ratio ? " ×" : "");
}

}  // namespace

int document_decimals(const ManifestFigure& f) {
    if (f.tolerance > 0) {
        const int d = static_cast<int>(std::ceil(-std::log10(2 * f.tolerance) - 1e-9));
        return std::max(d, 0);
    }
    const std::string shortest = fmt::format("{}", f.expected);
    if (shortest.find_first_of("eE") != std::string::npos) return kMostDecimals + 1;
    const std::size_t dot = shortest.find('.');
    return dot == std::string::npos ? 0 : static_cast<int>(shortest.size() - dot - 1);
}

std::string figure_number(const ManifestFigure& f, double v) {
    if (!std::isfinite(v)) return fmt::format("{}", v);
    const int decimals = document_decimals(f);
    if (decimals <= kMostDecimals) {
        int d = decimals;
        while (d < kMostDecimals && v != f.expected && fixed(v, d) == fixed(f.expected, d)) ++d;
        return fixed(v, d);
    }
    // A document value written as a power of ten ("10⁻⁷", "6 × 10⁻⁹"): significant digits, as many
    // as the document's mantissa has, and more where they are needed to tell the two apart.
    const std::string shortest = fmt::format("{}", f.expected);
    int digits = 0;
    for (char c : shortest.substr(0, shortest.find_first_of("eE"))) digits += c >= '0' && c <= '9';
    auto general = [](double x, int n) { return fmt::format("{:.{}g}", x, n); };
    while (digits < 17 && v != f.expected && general(v, digits) == general(f.expected, digits)) ++digits;
    return general(v, digits);
}

std::string figure_value(const ManifestFigure& f, double v) { return with_unit(f, figure_number(f, v)); }

std::string document_value(const ManifestFigure& f) {
    if (!f.expected_list.empty()) {
        std::string s;
        for (double v : f.expected_list) s.append(s.empty() ? "" : " ").append(fmt::format("{}", v));
        return s;
    }
    const int decimals = document_decimals(f);
    const std::string written = decimals <= kMostDecimals ? fixed(f.expected, decimals) : fmt::format("{}", f.expected);
    std::string s = std::string(document_prefix(f)) + with_unit(f, written);
    if (f.tolerance > 0) s += fmt::format(" ± {}", f.tolerance);
    if (f.denominator && f.share)
        s += fmt::format(" ({:g} of {})", f.expected * *f.denominator / 100, *f.denominator);  // "x of y" as a share
    else if (f.denominator) s += fmt::format(" of {}", *f.denominator);
    return s;
}

std::string measured_value(const FigureResult& r) {
    const std::string seen = values_text(r);
    if (!r.measured) return (seen.empty() ? "—" : "— (seen " + seen + ")") + (r.why.empty() ? "" : " (" + r.why + ")");
    // A value every member shares or a list: what was seen, each value with its count.
    if (r.figure.kind == FigureKind::kValueSet || r.figure.kind == FigureKind::kList) return "seen " + seen;
    auto format = [&](double v) { return figure_value(r.figure, v); };
    std::string s = format(*r.measured);
    if (r.measured_denominator) s += fmt::format(" of {}", *r.measured_denominator);
    s += split_suffix(r, format) + alternatives_suffix(r, format) + parts_suffix(r, format);
    if (r.figure.kind == FigureKind::kMedian) {
        // The values themselves are in the JSON report: here, how many the median is of.
        std::uint64_t n = 0;
        for (const auto& [value, count] : r.values) n += count;
        s += r.values_overflowed ? " (median of " + seen + ")" : fmt::format(" (median of {} values)", n);
    }
    if (r.figure.kind == FigureKind::kDistinct) s += " (distinct values of " + seen + ")";
    return r.why.empty() ? s : s + " (" + r.why + ")";  // holds on what was read / not comparable
}

}  // namespace meshproof
