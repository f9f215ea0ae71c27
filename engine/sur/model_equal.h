// Field-by-field equality of two SurModels, floats compared by their bits (so a NaN equals
// itself and -0 differs from +0): the "write-read fixed point" of freelancer-surface.md
// "Round-trip" asks that decoding a written model gives back the same structure.
#pragma once

#include <string_view>

#include "engine/sur/sur_model.h"

namespace meshproof::sur {

// The name of the first part of the model that differs ("parts", "surfaces", "ledges",
// "faces", "edges", "points", "nodes", ...), or an empty view when the models are the same.
std::string_view first_difference(const SurModel& a, const SurModel& b);

}  // namespace meshproof::sur
