// The object graph of a collision tagfile (containers-and-tagfiles.md §6):
//   item 1 hkRootLevelContainer.namedVariants[] → hknpPhysicsSceneData.systemDatas[]
//     → hknpPhysicsSystemData.bodyCinfos[] → body {name, position, orientation, motionType, shape}
// Shapes dispatch on their dynamic class (from ITEM): hknpCompressedMeshShape and subclasses
// (fsnpCustomParamCompressedMeshShape) and hknpExternMeshShape are extracted; any other class
// (convex shapes) is counted and named. A shape shared by several bodies is extracted once.
#pragma once

#include "engine/core/error.h"
#include "engine/mesh/raw_mesh.h"
#include "engine/tagfile/tagfile.h"

namespace meshproof::mesh {

// Columns in the result point into tf's DATA: tf (and its input bytes) must outlive the RawMember.
Result<RawMember> extract_member(const tagfile::Tagfile& tf);

}  // namespace meshproof::mesh
