// Scratch a thread keeps from unit to unit (a pass's thread_local workspace, a mesh product's)
// grows to the largest unit its thread has met and would keep that size to the end of the run.
// Every pass keeps its own, so after one large mesh each pass held its largest arrays at once and
// the run's peak memory was their sum, several times that of decoding alone at full scale.
//
// ReleaseAfterLargeUnit resets the scratch to a new, empty object at the end of its scope when
// the unit was large: the arrays are reused over the many ordinary units (no allocation per unit
// there) and handed back after a large one, so the peak is that of the dearest single pass on the
// largest unit, not the sum over the passes. A large unit then grows its arrays anew, which its
// own work dwarfs.
#pragma once

#include <cstdint>

namespace meshproof {

// Units of more triangles than this are large (an ordinary member has a few thousand).
inline constexpr std::uint64_t kLargeUnitTriangles = std::uint64_t{1} << 16;

template <class Scratch>
class ReleaseAfterLargeUnit {
public:
    ReleaseAfterLargeUnit(Scratch& scratch, std::uint64_t triangles) noexcept
        : scratch_(scratch), large_(triangles > kLargeUnitTriangles) {}
    ~ReleaseAfterLargeUnit() {
        if (large_) scratch_ = Scratch{};
    }
    ReleaseAfterLargeUnit(const ReleaseAfterLargeUnit&) = delete;
    ReleaseAfterLargeUnit& operator=(const ReleaseAfterLargeUnit&) = delete;

private:
    Scratch& scratch_;
    bool large_;
};

}  // namespace meshproof
