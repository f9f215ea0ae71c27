// f set: an hknpExternMeshShape's hkGeometry and its bounding volume, raw → SoA.
// havok-compressed-mesh.txt (f sets; "The boundingVolumeData of an hknpExternMeshShape … takes
// one of two forms"), containers-and-tagfiles.md §8.7 and §0 #10.
#pragma once

#include "engine/core/error.h"
#include "engine/mesh/decode_compressed_mesh.h"
#include "engine/mesh/decoded_member.h"
#include "engine/mesh/raw_mesh.h"

namespace meshproof::mesh {

// Vertices and triangles (every corner index checked against the vertex count: kOutOfBounds at
// the triangle's offset), the version-2 aabbTree (Codec3Axis6, leaves = triangles, root's
// parent = the tree's stored domain) and the simd tree (leaves keyed by triangle index).
Result<DecodedExternMesh> decode_extern_mesh(const RawExternMesh& raw, const DecodeOptions& options = {});
// The same into `out`, which must be as a default DecodedExternMesh is (or emptied by
// empty_keeping_capacity, decoded_columns.h). After an error `out` holds a part of the decode.
Status decode_extern_mesh_into(const RawExternMesh& raw, DecodedExternMesh& out, const DecodeOptions& options = {});

}  // namespace meshproof::mesh
