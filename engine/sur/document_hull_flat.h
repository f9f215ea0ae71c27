// The document generator's reading of which terminal hulls are flat and which are rebuilt
// (sur-document-readings.md §2): the tests of the TypeScript generator whose counts are the
// table of freelancer-surface.md "Regenerating the corpus's own hulls" (flat 34, rebuilt 5,234).
// IVP itself has no "flat" case; meshproof's own scale-aware reading is convex_hull's (one
// float32 ulp at the largest distance from the origin). This one is the document's, named so.
//
//   - Input: the hull's distinct point indices in first-use order, float32 widened to double,
//     points equal in all three coordinates dropped (the first kept).
//   - Fewer than four points: not rebuildable.
//   - eps = 2^(⌊log₂ M⌋ − 23), M the largest absolute coordinate (not the distance from the
//     origin, which the prose says); M = 0 gives 1e-5.
//   - Flat if the axis test holds (a running min / max that moves only when passed by more than
//     an absolute 1e-5 ends no more than eps apart on some axis) or the seed test fails (farthest
//     pair, farthest from its line, some point beyond eps of the plane of the three).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/sur/convex_hull.h"

namespace meshproof::sur {

using DocPoint = std::array<double, 3>;

// The implementation's constant: how far a value must pass the running min / max to move it.
inline constexpr double kDocumentAxisTie = 1e-5;

enum class DocumentHullClass : std::uint8_t {
    kTooFewPoints,  // fewer than four distinct points
    kFlatAxis,      // the axis test holds
    kFlatSeed,      // the axis test does not hold, the seed test fails
    kRebuilt,
};
inline bool document_flat(DocumentHullClass c) {
    return c == DocumentHullClass::kFlatAxis || c == DocumentHullClass::kFlatSeed;
}

// The generator's input: widened to double, exact duplicates dropped (the first kept), order kept.
std::vector<DocPoint> document_hull_input(std::span<const HullPoint> points);

// 2^(⌊log₂ M⌋ − 23) over the largest absolute coordinate M; 1e-5 when M is 0.
double document_hull_eps(std::span<const DocPoint> points);

// The axis test: true when on some axis the tie-hysteresis min and max end no more than eps apart.
bool document_axis_flat(std::span<const DocPoint> points, double eps);

// The seed test's steps: the farthest pair (a, b; strict >, the first pair in index order wins),
// the point c farthest from their line, then a point beyond eps of the plane of a, b, c.
struct DocumentSeed {
    enum class Stage : std::uint8_t { kPair, kLine, kPlane, kFound };
    Stage stage = Stage::kPair;  // the step that failed, or kFound
    std::size_t a = 0, b = 0, c = 0;
    bool found() const { return stage == Stage::kFound; }
};
DocumentSeed document_seed(std::span<const DocPoint> points, double eps);

// Both tests over a deduplicated input (document_hull_input), eps derived from it.
DocumentHullClass document_hull_class(std::span<const DocPoint> points);

}  // namespace meshproof::sur
