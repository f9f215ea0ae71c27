// The vertex quantisers (havok-compressed-mesh.txt; containers-and-tagfiles.md §8.2):
// - packed: 11/11/10-bit codes per section, codecParms = (offset xyz, scale xyz) spanning the
//   box of the section's packed vertices (offset = its minimum, scale = extent ⁄ (2047, 2047,
//   1023)), so some vertex has code 0 and some the top code on every axis with any extent;
// - shared: 21/21/22-bit codes over the mesh domain with scale = extent × f32(1/2,097,151)
//   (z: f32(1/4,194,303)), the decoder's reciprocal form.
// Each returns the code; the position the decoder will compute comes from mesh/vertex_codec.h.
#pragma once

#include <array>
#include <cstdint>

#include "engine/mesh/vertex_codec.h"
#include "engine/mesh/box.h"

namespace meshproof::builder {

// codecParms for packed vertices spanning `box` (the packed vertices' box). An empty box (a
// section without packed vertices) gives the ER sample's (+FLT_MAX × 3, −inf × 3).
std::array<float, 6> packed_codec_parms(const mesh::Box& box);

std::uint32_t quantise_packed(const std::array<float, 6>& codec_parms, float x, float y, float z);

// The shared codec of a mesh domain (mesh::shared_vertex_codec) and a code in it.
std::uint64_t quantise_shared(const mesh::SharedVertexCodec& codec, float x, float y, float z);

}  // namespace meshproof::builder
