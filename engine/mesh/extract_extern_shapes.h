// Extraction of Elden Ring's externShapes (containers-and-tagfiles.md §7.3): the
// hknpShapeInstance entries of a compressed mesh and the shapes they point at, every member by
// name through the file's own type table (raw_extern_shapes.h). A 2016.2 mesh has no such member
// (hknpCompressedMeshShape version 6, §7.2): nothing is read.
#pragma once

#include "engine/core/error.h"
#include "engine/mesh/raw_mesh.h"
#include "engine/tagfile/object_view.h"

namespace meshproof::mesh {

// Fills out.has_extern_shapes_member and out.extern_shapes from the mesh shape object. An empty
// array resolves nothing and allocates nothing (the hot path of every map mesh). Errors: a bad
// ITEM index in a pointer or hkRelArray (kOutOfBounds), a reference to an item of the wrong kind
// (kBadObject), an element type without the members read (kMissingField / kBadType), an
// instance pointing at an object that is no hknpShape (kBadObject), and shapes whose arrays add
// up to more bytes than DATA holds, which only items shared between shapes can do (kLimit).
Status extract_extern_shapes(const tagfile::ObjectView& mesh_shape, RawCompressedMesh& out);

// One shape object (any hknpShape): the hknpShape members, and the convex ones its class declares.
Result<RawConvexShape> extract_convex_shape(const tagfile::ObjectView& shape);

}  // namespace meshproof::mesh
