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
    std::int64_t deviation = 0;     // int(1 + deviation / (radius / 250)); unclamped
    double deviation_quotient = 1;  // 1 + deviation / (radius / 250) before the truncation (the byte's step position)
    bool fallback = false;          // no enclosed volume: box centre and 0.5 · r² (§10.2)
    std::array<float, 3> box_center{};  // the fallback's centre and per-axis inertia, computed on
    float box_inertia = 0;              // every part (a stored value can be recognised as them)
};

// How the no-volume test (§10.2: S_det > sqrt(S_n2)³ · 1e-9) is computed.
enum class VolumeArithmetic : std::uint8_t {
    kIvpDouble,  // IVP's: points widened to double (IVP_U_Point), cross products and sums in double
    kF32Cross,   // cross products in f32, sums in double (meshproof before issue 17; the notes' §10.2 reading)
    kF32All,     // cross products, determinants and sums in f32
};

// The arithmetic the sums and the rotation inertia are computed in. Two readings
// (sur-document-readings.md §1): IVP's, which wrote the files, and the document's own
// implementation, which produced its table ("84 of 84 uniform").
struct MassReading {
    bool tree_order = false;  // sums from the first ledge to the last (the document's); IVP sums from the last (§10.1)
    // find_center_given_xyz: an axis whose integrated mass (the volume) is below this takes the
    // second moment 1.0, so its partners' inertia is √(1 + m²) (√2 when two axes do).
    double small_mass = 1e-10;  // IVP's P_DOUBLE_EPS (ivu_types.hxx)
};
inline constexpr MassReading kIvpReading{};
inline constexpr MassReading kDocumentReading{true, 0x1p-52};  // in tree order, ε = 2⁻⁵² (Number.EPSILON)

// True when the ledges enclose no volume by the test of §10.2 in the given arithmetic (the
// fallback is taken). Summed from the last ledge to the first (§10.1). Refuses what
// mass_properties refuses; an empty list encloses no volume.
Result<bool> encloses_no_volume(const SurModel& m, std::span<const std::uint32_t> ledges, VolumeArithmetic arithmetic);

// `ledges`: the terminal ledges in tree-walk order (left before right), global indices of
// surface s. Refuses indices outside the model and an empty list.
// The reading defaults to IVP's.
Result<MassProperties> mass_properties(const SurModel& m, std::size_t s, std::span<const std::uint32_t> ledges,
                                       const MassReading& reading = kIvpReading);

// The inertia is uniform across the axes: max ≤ 1.0001 × min (the document's "uniform across the
// axes", sur-document-readings.md §1).
bool uniform_inertia(const std::array<float, 3>& inertia);

}  // namespace meshproof::sur
