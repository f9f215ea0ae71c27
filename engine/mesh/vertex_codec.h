// Vertex codecs of the compressed mesh, bit-exact in single precision.
//
// havok-compressed-mesh.txt ("Section-local vertices use packed 11/11/10-bit coordinates…",
// "code × scale + offset in single precision; a shared vertex's scale is the extent of the tree
// domain times the single-precision value of 1 ⁄ 2,097,151, 1 ⁄ 4,194,303 for z") and
// containers-and-tagfiles.md §8.2, §0 #7. The build has -ffp-contract=off, so each product and
// sum below rounds to f32 in the written order (never an FMA).
#pragma once

#include <array>
#include <cstdint>

#include "engine/mesh/decoded_member.h"

namespace meshproof::mesh {

// f32(1/2,097,151) and f32(1/4,194,303): both operands are exact in f32, so the division is
// the correctly rounded single-precision reciprocal the document names.
inline constexpr float kSharedInvXY = 1.0f / 2097151.0f;
inline constexpr float kSharedInvZ = 1.0f / 4194303.0f;

// Packed 32-bit code: x bits 0–10, y 11–21, z 22–31.
inline std::array<std::uint32_t, 3> packed_codes(std::uint32_t v) { return {v & 0x7FFu, (v >> 11) & 0x7FFu, v >> 22}; }

// Shared 64-bit code: x bits 0–20, y 21–41, z 42–63.
inline std::array<std::uint32_t, 3> shared_codes(std::uint64_t v) {
    return {static_cast<std::uint32_t>(v & 0x1FFFFFu), static_cast<std::uint32_t>((v >> 21) & 0x1FFFFFu),
            static_cast<std::uint32_t>(v >> 42)};
}

// position = codecParms[0..2] + code × codecParms[3..5] (f32 multiply, then f32 add).
inline std::array<float, 3> decode_packed_vertex(std::uint32_t v, const std::array<float, 6>& codec_parms) {
    const auto c = packed_codes(v);
    std::array<float, 3> p;
    for (int a = 0; a < 3; ++a) {
        const float scaled = static_cast<float>(c[a]) * codec_parms[3 + a];
        p[a] = codec_parms[a] + scaled;
    }
    return p;
}

// The mesh-domain codec of shared vertices: scale = (max − min) × f32(1/(2^n − 1)).
struct SharedVertexCodec {
    std::array<float, 3> offset{};
    std::array<float, 3> scale{};
};

inline SharedVertexCodec shared_vertex_codec(const Box& mesh_domain) {
    SharedVertexCodec c;
    const float inv[3] = {kSharedInvXY, kSharedInvXY, kSharedInvZ};
    for (int a = 0; a < 3; ++a) {
        const float extent = mesh_domain.max[a] - mesh_domain.min[a];
        c.offset[a] = mesh_domain.min[a];
        c.scale[a] = extent * inv[a];
    }
    return c;
}

// position = domain.min + code × scale, in f32.
inline std::array<float, 3> decode_shared_vertex(std::uint64_t v, const SharedVertexCodec& codec) {
    const auto c = shared_codes(v);
    std::array<float, 3> p;
    for (int a = 0; a < 3; ++a) {
        const float scaled = static_cast<float>(c[a]) * codec.scale[a];
        p[a] = codec.offset[a] + scaled;
    }
    return p;
}

// Point-set record points: 32-bit 11/11/10 codes quantised over the primitive's leaf box,
// scale = leaf extent ⁄ (2047, 2047, 1023), offset = leaf minimum (havok-compressed-mesh.txt,
// "The vertices are 32-bit packed positions, two to a 64-bit sharedVertices entry").
inline std::array<float, 3> decode_point_set_vertex(std::uint32_t v, const Box& leaf) {
    const auto c = packed_codes(v);
    const float steps[3] = {2047.0f, 2047.0f, 1023.0f};
    std::array<float, 3> p;
    for (int a = 0; a < 3; ++a) {
        const float extent = leaf.max[a] - leaf.min[a];
        const float scale = extent / steps[a];
        const float scaled = static_cast<float>(c[a]) * scale;
        p[a] = leaf.min[a] + scaled;
    }
    return p;
}

// ---- the encoders, each the exact inverse of its decoder above (vertex_codec.cpp) ---------------
// Codes round to the nearest step and clamp to 0 .. the top code; a scale that is no step gives 0.

// codecParms for packed vertices spanning `box` (the packed vertices' box): offset = its minimum,
// scale = extent ⁄ (2047, 2047, 1023), so some vertex has code 0 and some the top code on every
// axis with any extent. An unfilled box (a section without packed vertices) gives the ER
// sample's (+FLT_MAX × 3, −inf × 3).
std::array<float, 6> packed_codec_parms(const Box& box);

// The packed 11/11/10-bit code of a position under `codec_parms`.
std::uint32_t quantise_packed(const std::array<float, 6>& codec_parms, float x, float y, float z);

// The shared 21/21/22-bit code of a position under a mesh domain's codec (shared_vertex_codec).
std::uint64_t quantise_shared(const SharedVertexCodec& codec, float x, float y, float z);

// Point i of a record starting at sharedVertices[slot]: the even vertex is the high half.
inline std::uint32_t point_set_code(std::uint64_t entry, std::uint32_t i) {
    return (i & 1u) == 0 ? static_cast<std::uint32_t>(entry >> 32) : static_cast<std::uint32_t>(entry);
}

}  // namespace meshproof::mesh
