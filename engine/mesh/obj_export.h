// Wavefront OBJ export of a decoded member: one `o` object per body, its triangles grouped by
// material (`g` + `usemtl`), 1-based indices, the body pose (position, orientation quaternion
// xyzw) applied (containers-and-tagfiles.md §6, §0 #13). Opens in Blender (File → Import →
// Wavefront); no .mtl file is written or referenced: Blender makes a material per usemtl name.
//
// Compressed meshes give their triangles (quads as two), material "m<materialNameData>" or
// "m_none"; extern meshes (f set) "f_<stored material>". Shapes that are not decoded (convex
// shapes), point sets and extern references are listed as comments.
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
