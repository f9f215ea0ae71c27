// A short text of a member's decoded extern shapes, for `meshproof dump` (after the object tree):
// per mesh with externShapes entries, one line per entry (its shape's class and type, convex
// radius, vertex / plane / face / index counts, the capsule or cylinder segment, the box's obb
// translation) and one line of its transform (rotation columns, translation, scale, shape tag).
//
//   extern shapes of mesh 0 (fsnpCustomParamCompressedMeshShape): 2 entries, 2 shapes
//     [0] hknpBoxShape BOX radius 0.05: 8 vertices, 6 planes, 6 faces, 24 indices; obb translation (0, 0, 0)
//         rotation (1, 0, 0) (0, 1, 0) (0, 0, 1) translation (5, 6, 7) scale (1, 1, 1) tag 0
#pragma once

#include <string>

#include "engine/mesh/decoded_member.h"

namespace meshproof::mesh {

// "" when no mesh of the member has an externShapes entry (every map member).
std::string extern_shapes_text(const DecodedMember& member);

}  // namespace meshproof::mesh
