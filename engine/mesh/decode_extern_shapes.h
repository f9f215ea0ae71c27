// externShapes raw → SoA (raw_extern_shapes.h → extern_shapes.h): the pure decode layer.
#pragma once

#include "engine/core/error.h"
#include "engine/mesh/extern_shapes.h"
#include "engine/mesh/raw_extern_shapes.h"

namespace meshproof::mesh {

// Counts first (every shape's runs, checked to fit u32), then fills the flat arrays. Errors carry
// the DATA offset of the offending value: columns of unequal length or an instance naming no
// shape (kBadObject); a face whose indices run past its shape's indices, an index past its
// shape's vertices (kOutOfBounds). No entries: nothing is allocated.
Result<DecodedExternShapes> decode_extern_shapes(const RawExternShapes& raw);

// One shape's own check of decode_extern_shapes (its columns agree in length, its faces lie within
// its indices and its indices within its vertices), for a caller that keeps the shapes that pass.
Status check_convex_shape(const RawConvexShape& s);

}  // namespace meshproof::mesh
