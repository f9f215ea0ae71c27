// The extern shapes of one Elden Ring asset mesh (havok-compressed-mesh.txt: "externShapes
// contains shape references with their own transforms … each extern shape is referenced
// exactly once by a custom primitive and the stored scale is one … The referenced shapes are
// boxes, convex polytopes and cylinders"; the custom primitive [k, k, 4, k] with words
// [0x92, w, lo, hi], w "0 in 244 of the 262 references and 3, 4 or 5 in the rest";
// containers-and-tagfiles.md §7.3 for the classes):
//   entry i: a box, a capsule, a cylinder or a convex polytope (in that cycle), centred on the
//     origin of its own space, turned about y and moved into `inside` by its transform, scale
//     (1, 1, 1, 0), shape tag 0;
//     box: 8 corners, 6 four-index faces with their planes, obb the identity;
//     capsule: its segment's two ends as vertices, no face, its radius the convexRadius;
//     cylinder: two rings of 8 vertices, 2 eight-index caps and 8 side faces, segment a–b;
//     polytope: the convex hull (engine/sur/convex_hull.h, a fact about a point set) of a
//       random cloud of 16 points, one three-index face per hull triangle;
//   record i names entry i, w = 0 except record 1, whose w is 3, 4 or 5 by the seed;
//   each record's box: the entry's shape placed (mesh/extern_shape_geometry.h), what its leaf in
//   the section tree is encoded over.
// Defects: `missing` more records naming entries past the end (box: entry 0's), `twice` more
// records naming entries 0, 1, … again (their boxes), and `outside` entries from the last
// backwards moved along x past `inside` by more than its extent (after their boxes were taken:
// the leaf and the section domain stay where the shape was). Needs count ≥ twice + outside.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/builder/collision_tagfile.h"
#include "engine/synth/build_names.h"

namespace meshproof::synth {

struct ExternRecord {
    std::uint16_t w = 0;
    std::uint32_t index = 0;               // into externShapes (past its end for a `missing` defect)
    mesh::Box box = mesh::unfilled_box();  // the leaf's box (the named entry's placed shape, before any move)
};

struct ExternShapeSet {
    std::vector<builder::ExternShape> shapes;  // the externShapes entries
    std::vector<ExternRecord> records;         // the custom primitives, in primitive order
    std::uint32_t w_zero = 0;                  // records whose w is 0
};

struct ExternDefects {
    std::uint32_t missing = 0, twice = 0, outside = 0;
};

ExternShapeSet make_extern_shape_set(std::uint32_t count, const mesh::Box& inside, std::uint64_t seed,
                                     const ExternDefects& defects);

}  // namespace meshproof::synth
