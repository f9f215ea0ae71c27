// The four derived values of an IVP_Compact_Surface header (freelancer-surface.md "Where the
// four derived values come from"; ivp-surface-notes.md §10, which wins where they differ):
// massCenter, radius (upper_limit_radius), the surfaceDeviation byte and rotationInertia,
// computed over the terminal ledges found by a left-first tree walk (the root hull excluded).
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "engine/core/error.h"
#include "engine/sur/sur_model.h"

namespace meshproof::sur {

struct MassProperties {
    std::array<float, 3> mass_center{};
    std::array<float, 3> rotation_inertia{};
    float radius = 0;
    std::int64_t deviation = 0;   // int(1 + deviation / (radius / 250)); unclamped
    bool fallback = false;        // no enclosed volume: box centre and 0.5 · r² (§10.2)
};

// `ledges`: the terminal ledges in tree-walk order (left before right), global indices of
// surface s. Refuses indices outside the model and an empty list.
Result<MassProperties> mass_properties(const SurModel& m, std::size_t s, std::span<const std::uint32_t> ledges);

}  // namespace meshproof::sur
