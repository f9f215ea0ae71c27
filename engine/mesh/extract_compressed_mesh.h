// Extraction of an hknpCompressedMeshShape (or fsnpCustomParamCompressedMeshShape) into a
// RawCompressedMesh: every member by name through the file's type table, both SDK versions
// (containers-and-tagfiles.md §7.1, §7.2; the run-naming table of havok-compressed-mesh.txt).
#pragma once

#include "engine/core/error.h"
#include "engine/mesh/raw_mesh.h"
#include "engine/tagfile/object_view.h"

namespace meshproof::mesh {

// `shape` is the shape object (dynamic class an hknpCompressedMeshShape or a subclass).
Result<RawCompressedMesh> extract_compressed_mesh(const tagfile::ObjectView& shape);

// The sections array of a mesh tree: naming chosen by the Section class's members
// (`firstPrimitiveIndex` → 2018.1 explicit fields; `primitives` → 2016.2 packed words).
Result<RawSections> extract_sections(const tagfile::ObjectView& mesh_tree);

}  // namespace meshproof::mesh
