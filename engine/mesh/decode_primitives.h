// Primitives, triangles and custom primitives of a compressed mesh.
//
// Classification, in the order of containers-and-tagfiles.md §8.3 (§0 #4):
//   1. DE AD DE AD                → dead slot (it also has b == d)
//   2. b == d                     → custom primitive, its record read from the shared-vertex index
//                                   stream at sharedVerticesIndex[k − numPacked + firstShared]:
//                                   [0x52 | count << 8, slot, tag] point set, [0x92, w, lo, hi] extern reference
//   3. c == d                     → triangle a b c
//   4. otherwise                  → quad: triangles a b c and a c d
// Keys (right-aligned): (section << 8) | (primitive << 1) | half (havok-compressed-mesh.txt).
#pragma once

#include "engine/core/error.h"
#include "engine/mesh/decoded_member.h"
#include "engine/mesh/raw_mesh.h"

namespace meshproof::mesh {

inline constexpr std::uint16_t kPointSetTag = 0x52;
inline constexpr std::uint16_t kExternReferenceTag = 0x92;

PrimitiveKind classify_primitive(std::uint8_t a, std::uint8_t b, std::uint8_t c, std::uint8_t d);

inline std::uint32_t shape_key(std::uint32_t section, std::uint32_t primitive, std::uint32_t half) {
    return (section << 8) | (primitive << 1) | half;
}

// Fills mesh.primitives and mesh.triangles (counted first, reserved once). Needs
// decode_sections and decode_vertices done. A triangle index at or past its section's slots, or
// on an unresolved shared slot, is kOutOfBounds at the primitive's offset. Custom primitives
// are classified by their record header here; their records are read by decode_custom_primitives.
Status decode_primitives(const RawCompressedMesh& raw, DecodedMesh& mesh);

// Reads the point-set and extern-reference records (after the section trees, whose leaf boxes
// quantise point-set vertices). Every word and sharedVertices entry is bounds-checked; an
// extern reference's shape index is kept as stored, an entry of externShapes or not (nothing is
// read through it; DecodedExternReferences::shape_index says which).
Status decode_custom_primitives(const RawCompressedMesh& raw, DecodedMesh& mesh);

}  // namespace meshproof::mesh
