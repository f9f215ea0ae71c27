// Extraction of an hknpExternMeshShape (f set) into a RawExternMesh: the geometry chain
// hknpExternMeshShape.geometry → hknpDefaultExternMeshShapeGeometry.geometry → hkGeometry
// {vertices, triangles}, and boundingVolumeData (hknpExternMeshShapeData) in whichever form the
// file's type table declares: `aabbTree` + `simdTree` (version 2) or `simdTree` alone (version 3).
// havok-compressed-mesh.txt (f set); containers-and-tagfiles.md §7.1, §8.7, §0 #10.
#pragma once

#include "engine/core/error.h"
#include "engine/mesh/raw_mesh.h"
#include "engine/tagfile/object_view.h"

namespace meshproof::mesh {

Result<RawExternMesh> extract_extern_mesh(const tagfile::ObjectView& shape);

}  // namespace meshproof::mesh
