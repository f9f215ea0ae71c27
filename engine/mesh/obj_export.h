// Wavefront OBJ export of a decoded member: one `o` object per body, its triangles grouped by
// material (`g` + `usemtl`), 1-based indices, the body pose (position, orientation quaternion
// xyzw) applied (containers-and-tagfiles.md §6, §0 #13). Opens in Blender (File → Import →
// Wavefront); no .mtl file is written or referenced: Blender makes a material per usemtl name.
//
// Compressed meshes give their triangles (quads as two), material "m<materialNameData>" or
// "m_none"; extern meshes (f set) "f_<stored material>". A compressed mesh's externShapes entries
// (Elden Ring assets) follow it, each its own object "<body>_extern<i>_<class>" (material
// "extern"): a polytope's faces, a capsule or a face-less cylinder tessellated
// (mesh/extern_shape_geometry.h), placed by the entry's transform and scale, then the body pose.
// Shapes that are not decoded (convex bodies) and point sets are listed as comments.
#pragma once

#include <ostream>
#include <string>

#include "engine/mesh/decoded_member.h"

namespace meshproof::mesh {

struct ObjExportOptions {
    bool apply_pose = true;
};

void write_obj(const DecodedMember& member, std::ostream& out, const ObjExportOptions& options = {});
std::string to_obj(const DecodedMember& member, const ObjExportOptions& options = {});

}  // namespace meshproof::mesh
