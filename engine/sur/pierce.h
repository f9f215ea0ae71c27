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

// The arithmetic of the unit normals and their dot products.
enum class PierceArithmetic : std::uint8_t {
    // IVP's: points widened to IVP_U_Point (double), n = (b − a) × (c − a), each component
    // divided by |n|, dot products in double.
    kIvpDouble,
    // The same formulas in f32 with n · (1 / |n|): meshproof's reading before issue 17, kept as
    // the alternative counter.
    kFloat,
};

// Fills `pierce` with one entry per face of ledge `l` (its face order): the partner's index
// inside the ledge, or -1 when no triangle is opposed. `normals` is scratch (3 per face).
// Refuses faces or points outside the model.
Result<bool> derive_pierce(const SurModel& m, std::uint32_t l, std::vector<std::int32_t>& pierce,
                           std::vector<double>& normals, PierceArithmetic arithmetic = PierceArithmetic::kIvpDouble);

}  // namespace meshproof::sur
