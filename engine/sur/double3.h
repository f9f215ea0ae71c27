// Double-precision 3-vectors for the hull code that computes in double from float32 points
// (meshproof's QuickHull, the builder's hull shapes, and the readings that compute what the
// document's generator computes in JavaScript numbers): the few operations they share.
#pragma once

#include <array>
#include <cmath>

namespace meshproof::sur::double3 {

using Vec = std::array<double, 3>;

inline Vec widen(const std::array<float, 3>& p) { return {double(p[0]), double(p[1]), double(p[2])}; }
inline Vec sub(const Vec& a, const Vec& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
inline double dot(const Vec& a, const Vec& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
inline Vec cross(const Vec& a, const Vec& b) {
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
inline double norm(const Vec& a) { return std::sqrt(dot(a, a)); }

}  // namespace meshproof::sur::double3
