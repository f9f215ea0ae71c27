// The document's box measures, shared by the quad pairing's cost (step 3) and the tree rule:
// "the sum of the products of the extents", ez·ey + ey·ex + ex·ez in single precision and in that
// order (havok-compressed-mesh.txt), and the union of two boxes.
#pragma once

#include <algorithm>

#include "engine/mesh/decoded_member.h"

namespace meshproof::rules {

// ez·ey + ey·ex + ex·ez of the box's extents (max − min), single precision, in that order.
inline float box_surface(const mesh::Box& b) {
    const float ex = b.max[0] - b.min[0];
    const float ey = b.max[1] - b.min[1];
    const float ez = b.max[2] - b.min[2];
    const float zy = ez * ey;
    const float yx = ey * ex;
    const float xz = ex * ez;
    return (zy + yx) + xz;
}

// The smallest box holding both.
inline mesh::Box box_union(const mesh::Box& a, const mesh::Box& b) {
    mesh::Box u;
    for (int k = 0; k < 3; ++k) {
        u.min[k] = std::min(a.min[k], b.min[k]);
        u.max[k] = std::max(a.max[k], b.max[k]);
    }
    return u;
}

}  // namespace meshproof::rules
