// A whole compressed mesh, raw → SoA: the pure decode layer (no tagfile access).
#pragma once

#include "engine/core/error.h"
#include "engine/mesh/decoded_member.h"
#include "engine/mesh/raw_mesh.h"
#include "engine/mesh/static_tree_codec.h"

namespace meshproof::mesh {

struct DecodeOptions {
    BoxRule box_rule = BoxRule::kProductFirst;  // see static_tree_codec.h
};

// Sections and vertices, the mesh tree and section trees, primitives and triangles, custom
// primitives, keys, materials, the simd tree and the extern shapes. Errors carry the DATA
// offset of the value that was out of range (ErrorCode::kOutOfBounds / kBadObject).
Result<DecodedMesh> decode_compressed_mesh(const RawCompressedMesh& raw, const DecodeOptions& options = {});
// The same into `mesh`, which must be as a default DecodedMesh is (or emptied by
// empty_keeping_capacity, decoded_columns.h: its columns' room is reused, the result is the same).
// After an error `mesh` holds a part of the decode.
Status decode_compressed_mesh_into(const RawCompressedMesh& raw, DecodedMesh& mesh, const DecodeOptions& options = {});

}  // namespace meshproof::mesh
