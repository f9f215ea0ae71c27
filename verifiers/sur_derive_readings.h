// The comparisons behind sur_derive's figures of the document's rotationInertia and
// surfaceDeviation statements (freelancer-surface.md "How close rotationInertia has to be"; the
// 16 surfaceDeviation misses that "sit on a step"), kept apart so that each threshold is tested
// from both sides without a corpus.
#pragma once

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <string_view>

namespace meshproof::verifiers {

// MAXLancer's rotationInertia: 0.2 × radius² on every axis (its ±0.1 % jitter left out).
inline double maxlancer_inertia(float radius) { return 0.2 * double(radius) * double(radius); }

// |value − stored| / |stored|, in double; infinite for a stored 0 (no relative miss exists).
inline double relative_miss(double value, float stored) {
    return stored != 0 ? std::abs(value - double(stored)) / std::abs(double(stored)) : INFINITY;
}

// The derived value wins against MAXLancer's: strictly closer to the stored one.
inline bool derived_closer(float derived, float stored, float radius) {
    return std::abs(double(derived) - stored) < std::abs(maxlancer_inertia(radius) - stored);
}

// A surfaceDeviation miss on a step: the stored byte is one off and the quotient
// 1 + deviation / (radius / 250) that the derived byte truncates lies within one float32 spacing
// of the integer between the two bytes. IVP computes the quotient from f32 values, so there the
// truncation can fall either side of that step ("the truncation falls the other side of it").
inline bool deviation_on_step(double quotient, std::int64_t derived, std::int64_t stored) {
    if (derived - stored != 1 && stored - derived != 1) return false;
    const float step = float(std::max(derived, stored));
    const double spacing = double(std::nextafter(step, INFINITY)) - double(step);
    return std::abs(quotient - double(step)) <= spacing;
}

// The document's "twelve-face crates" (crate_blue.sur and the rest) are files named crate*, ASCII
// case ignored. The name is the path's last component; the shared corpus flattens a game path
// with "__" (equipment__models__commodities__crates__crate_blue.sur).
inline bool crate_file(std::string_view path) {
    if (const std::size_t cut = path.find_last_of("/\\"); cut != std::string_view::npos) path.remove_prefix(cut + 1);
    if (const std::size_t cut = path.rfind("__"); cut != std::string_view::npos) path.remove_prefix(cut + 2);
    constexpr std::string_view kCrate = "crate";
    if (path.size() < kCrate.size()) return false;
    for (std::size_t i = 0; i < kCrate.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(path[i])) != kCrate[i]) return false;
    return true;
}

}  // namespace meshproof::verifiers
