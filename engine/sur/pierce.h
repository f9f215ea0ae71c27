// IVP's pierce pairing (ivp-surface-notes.md §6, IVP_Object_Polygon_Tetra::insert_pierce_info):
// in triangle order, each triangle without a partner takes the most opposite triangle of its
// ledge (smallest dot product of unit normals, below −1e-6, first minimum wins ties) and that
// triangle takes it back, possibly overwriting an earlier partner. Not an involution.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/error.h"
#include "engine/sur/sur_model.h"

namespace meshproof::sur {

// Fills `pierce` with one entry per face of ledge `l` (its face order): the partner's index
// inside the ledge, or -1 when no triangle is opposed. `normals` is scratch (3 floats per face).
// Refuses faces or points outside the model.
Result<bool> derive_pierce(const SurModel& m, std::uint32_t l, std::vector<std::int32_t>& pierce, std::vector<float>& normals);

}  // namespace meshproof::sur
