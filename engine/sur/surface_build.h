// A Freelancer .sur made from point sets (issue 44, `meshproof build --game freelancer`): each
// source hull becomes one terminal ledge, the convex hull of its points, and each part one IVP
// compact surface laid out as IVP's builder lays it out (ivp-surface-notes.md §2-§5, §8, §9), with
// every derived field computed by the derivations the sur passes check:
//   - a hull: convex_hull.h's QuickHull over its points; three points, IVP's two-sided triangle;
//     points on one plane, a two-sided convex polygon (their 2D hull, hull_shape.h); fewer than three distinct points, points on one line or on one spot, or a
//     coordinate that is not finite: an error naming the hull;
//   - points: one array per surface, one point per distinct xyz, in first-use order over the
//     ledges in storage order, the trailing word the first user's hull id (§4);
//   - faces: tri_index = position, material 0, opposites the reverse half-edge (§5), pierce by
//     pierce.h's rule in stored order (§6);
//   - the ledgetree: ledge_tree.h's median cut (§8), leaf and inner spheres and boxes by
//     node_bounds.h (§7), nodes in pre-order; with more than one terminal ledge, the root carries
//     the type-5 hull of every terminal point (§9: QuickHull here, qhull in IVP), virtual, last;
//   - massCenter, radius, surfaceDeviation, rotationInertia by mass_properties.h (§10);
//   - the part: its id, '!fxd' when not fixed, 'exts' the box of its points, 'surf'.
// The model is encoded by sur_writer.h and decoded again: what is returned is what the file holds.
// A model past the format's fields (a face or point index, a ledge or surface size) is an error
// (kLimit) before any byte exists.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/sur/convex_hull.h"
#include "engine/sur/sur_model.h"

namespace meshproof::sur {

struct HullSource {
    std::string name;               // for messages ("object `NAME`")
    std::uint32_t id = 0;           // the terminal ledge's client_data: its part's id
    std::vector<HullPoint> points;  // any order; repeats allowed
};

struct PartSource {
    std::string name;               // for messages
    std::uint32_t id = 0;           // FL-CRC of the model part's name, or 0
    bool not_fixed = false;         // write the '!fxd' chunk
    std::vector<HullSource> hulls;  // storage order
};

enum class HullShape : std::uint8_t { kSolid, kFlat, kTriangle };

// What became of one source hull.
struct HullNote {
    HullShape shape = HullShape::kSolid;
    std::uint32_t distinct_points = 0;  // distinct xyz given
    std::uint32_t vertices = 0;         // the hull's
    std::uint32_t faces = 0;
    std::uint32_t inside = 0;    // points further inside the hull than its tolerance: the
                                 // source was not convex (a dent, or points within)
    bool stopped_early = false;  // the 2,050-point limit left points outside
};

struct SurBuild {
    SurModel model;                             // as decoded from `bytes`
    std::vector<std::uint8_t> bytes;            // the .sur file
    std::vector<std::vector<HullNote>> hulls;   // per part, per hull
    std::vector<bool> root_hull_stopped_early;  // per part
};

// Errors: kBadObject naming the hull (too few points, one line, one spot, not finite), kLimit
// naming the part or hull (past the format's fields), kBadObject for a part without hulls.
Result<SurBuild> build_sur(std::span<const PartSource> parts);

}  // namespace meshproof::sur
