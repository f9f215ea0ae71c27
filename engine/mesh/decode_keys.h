// Shape keys, the triangleIsInterior bit field and materials.
//
// containers-and-tagfiles.md §8.4; havok-compressed-mesh.txt: stored keys are left-aligned,
// "key << (32 − numShapeKeyBits)" with the low bits all ones, decoded by ">> (32 −
// numShapeKeyBits)"; the material of source row t is primitiveDataArray[triangleDataArray[t].
// primitiveDataIndex].materialNameData, attached to the key of triangleIndexToShapeKey[t].
#pragma once

#include <cstdint>

#include "engine/core/error.h"
#include "engine/mesh/decoded_member.h"
#include "engine/mesh/raw_mesh.h"

namespace meshproof::mesh {

// Right-aligned key of a left-aligned stored word; kNone when the width is 0 or above 32.
inline std::uint32_t key_of_stored_word(std::uint32_t word, std::uint32_t num_shape_key_bits) {
    if (num_shape_key_bits == 0 || num_shape_key_bits > 32) return kNone;
    return num_shape_key_bits == 32 ? word : word >> (32 - num_shape_key_bits);
}

// The triangle a right-aligned key names (section << 8 | primitive << 1 | half), or kNone when
// no triangle of the mesh has that key. Needs primitives and triangles decoded.
std::uint32_t triangle_of_key(const DecodedMesh& mesh, std::uint32_t key);

// Bit `key` of triangleIsInterior (0 past the stored words or numBits).
bool interior_bit(const DecodedMesh& mesh, std::uint32_t key);

// Fills triangles.interior, the row columns (row_key_word, row_key, row_triangle), the pParam
// rows and materials, triangles.source_row and triangles.material. A row's primitiveDataIndex
// past primitiveDataArray is kOutOfBounds (it is followed to read a material); a key naming
// no triangle is kept as kNone (the passes count those).
Status decode_keys_and_materials(const RawCompressedMesh& raw, DecodedMesh& mesh);

}  // namespace meshproof::mesh
