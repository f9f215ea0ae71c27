#include "verifiers/fset_reach.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace meshproof::verifiers {

std::optional<ReachBox> reach_of(std::span<const float> xyz, double margin, bool swap_yz, bool footprint) {
    const std::size_t n = xyz.size() / 3;
    if (n == 0) return std::nullopt;
    ReachBox box;
    box.footprint = footprint;
    box.lo.fill(std::numeric_limits<double>::infinity());
    box.hi.fill(-std::numeric_limits<double>::infinity());
    for (std::size_t v = 0; v < n; ++v)
        for (int a = 0; a < 3; ++a) {
            const double c = xyz[3 * v + static_cast<std::size_t>(a)];
            if (!std::isfinite(c)) return std::nullopt;
            const int to = swap_yz && a > 0 ? 3 - a : a;
            box.lo[to] = std::min(box.lo[to], c);
            box.hi[to] = std::max(box.hi[to], c);
        }
    for (int a = 0; a < 3; ++a) {
        box.lo[a] -= margin;
        box.hi[a] += margin;
    }
    return box;
}

std::vector<std::uint32_t> corners_within_reach(std::span<const float> xyz, std::span<const std::uint32_t> corners,
                                                std::span<const ReachBox> reach) {
    const std::size_t vertices = xyz.size() / 3;
    auto all = [&] { return std::vector<std::uint32_t>(corners.begin(), corners.end()); };
    if (corners.size() % 3 != 0) return all();
    std::vector<std::uint32_t> kept;
    for (std::size_t t = 0; t < corners.size(); t += 3) {
        std::array<double, 3> lo, hi;
        for (int a = 0; a < 3; ++a) {
            lo[a] = std::numeric_limits<double>::infinity();
            hi[a] = -std::numeric_limits<double>::infinity();
        }
        for (std::size_t k = 0; k < 3; ++k) {
            const std::uint32_t v = corners[t + k];
            if (v >= vertices) return all();
            for (int a = 0; a < 3; ++a) {
                const double c = xyz[3 * std::size_t{v} + static_cast<std::size_t>(a)];
                if (!std::isfinite(c)) return all();
                lo[a] = std::min(lo[a], c);
                hi[a] = std::max(hi[a], c);
            }
        }
        const bool meets = std::any_of(reach.begin(), reach.end(), [&](const ReachBox& r) {
            for (int a = 0; a < 3; ++a) {
                if (r.footprint && a == 1) continue;
                if (lo[a] > r.hi[a] || hi[a] < r.lo[a]) return false;
            }
            return true;
        });
        if (meets)
            kept.insert(kept.end(), corners.begin() + static_cast<std::ptrdiff_t>(t),
                        corners.begin() + static_cast<std::ptrdiff_t>(t + 3));
    }
    return kept;
}

}  // namespace meshproof::verifiers
