// Static bounding-volume trees: Codec3Axis4 (section trees), Codec3Axis5 (the mesh tree) and
// Codec3Axis6 (the version-2 extern mesh aabbTree). containers-and-tagfiles.md §8.5;
// havok-compressed-mesh.txt ("Section tree node", "Mesh tree node", "The aabbTree is a static
// tree like the others with 6-byte nodes").
//
// Nodes are in pre-order: an inner node's first child follows it, its second child is a stored
// distance further. A node's box is its parent's box shrunk per axis: with e = parent extent,
// min += e × h² / 226 and max −= e × l² / 226 (h = high nibble, l = low nibble); the root's
// parent is the tree's domain.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include <emmintrin.h>  // SSE2, the x86-64 baseline: shrink_box_sse

#include "engine/core/error.h"
#include "engine/mesh/decoded_member.h"
#include "engine/mesh/raw_mesh.h"

namespace meshproof::mesh {

// The float form of the box rule. The document writes e × h² ⁄ 226; the reading notes leave
// open whether the product or the quotient rounds first, and the real sample cannot tell.
enum class BoxRule : std::uint8_t {
    kProductFirst,   // (e × h²) / 226, left to right as the document writes it (the default)
    kQuotientFirst,  // e × (h² / 226)
};

// One axis: the child's [min, max] from the parent's and the nibble byte (h << 4) | l.
inline void shrink_axis(float parent_min, float parent_max, std::uint8_t nibbles, BoxRule rule, float& out_min,
                        float& out_max) {
    const float extent = parent_max - parent_min;
    const float h = static_cast<float>((nibbles >> 4) * (nibbles >> 4));
    const float l = static_cast<float>((nibbles & 15) * (nibbles & 15));
    if (rule == BoxRule::kProductFirst) {
        const float grow = (extent * h) / 226.0f;
        const float shrink = (extent * l) / 226.0f;
        out_min = parent_min + grow;
        out_max = parent_max - shrink;
    } else {
        const float grow = extent * (h / 226.0f);
        const float shrink = extent * (l / 226.0f);
        out_min = parent_min + grow;
        out_max = parent_max - shrink;
    }
}

inline Box shrink_box(const Box& parent, const std::array<std::uint8_t, 3>& xyz,
                      BoxRule rule = BoxRule::kProductFirst) {
    Box b;
    for (int a = 0; a < 3; ++a) shrink_axis(parent.min[a], parent.max[a], xyz[a], rule, b.min[a], b.max[a]);
    return b;
}

// shrink_box with the three axes in one SSE register: the same floats, bit for bit (each lane is
// the scalar rule's subtraction, product and quotient, correctly rounded as the scalar ones are;
// a NaN stays a NaN, its payload aside), two divisions instead of six. The decoder's walk uses
// it; shrink_box stays the definition. Written into `out` (which may be `parent`): a Box returned
// through memory and read back as one 16-byte load stalls on the store.
namespace detail {
// x, y, z of three consecutive floats in lanes 0-2 (lane 3 zero), reading no float past them.
// The first two go through memcpy as one 8-byte word: a float array is only 4-byte aligned, and
// _mm_load_sd / _mm_storel_pi dereference a double / __m64 pointer.
inline __m128 load3(const float* p) {
    double xy;
    std::memcpy(&xy, p, sizeof xy);
    return _mm_movelh_ps(_mm_castpd_ps(_mm_set_sd(xy)), _mm_load_ss(p + 2));
}
inline void store3(float* p, __m128 v) {
    const double xy = _mm_cvtsd_f64(_mm_castps_pd(v));
    std::memcpy(p, &xy, sizeof xy);
    _mm_store_ss(p + 2, _mm_movehl_ps(v, v));
}
alignas(16) inline constexpr float kNibbleSquare[16] = {0,  1,  4,   9,   16,  25,  36,  49,
                                                        64, 81, 100, 121, 144, 169, 196, 225};  // k², exact
}  // namespace detail

// The squares of a node's high nibbles (h²) and of its low ones (l²), x y z in lanes 0-2.
inline __m128 high_nibble_squares(const std::array<std::uint8_t, 3>& xyz) {
    using detail::kNibbleSquare;
    return _mm_setr_ps(kNibbleSquare[xyz[0] >> 4], kNibbleSquare[xyz[1] >> 4], kNibbleSquare[xyz[2] >> 4], 0.0f);
}
inline __m128 low_nibble_squares(const std::array<std::uint8_t, 3>& xyz) {
    using detail::kNibbleSquare;
    return _mm_setr_ps(kNibbleSquare[xyz[0] & 15], kNibbleSquare[xyz[1] & 15], kNibbleSquare[xyz[2] & 15], 0.0f);
}

// min + (e × grow) / divisor and max − (e × shrink) / divisor on the three axes at once, e the
// parent's extent (the product-first order of shrink_axis; `grow` and `shrink` are squares).
inline void shrink_lanes(const Box& parent, __m128 grow, __m128 shrink, __m128 divisor, Box& out) {
    const __m128 lo = detail::load3(parent.min.data()), hi = detail::load3(parent.max.data());
    const __m128 extent = _mm_sub_ps(hi, lo);
    detail::store3(out.min.data(), _mm_add_ps(lo, _mm_div_ps(_mm_mul_ps(extent, grow), divisor)));
    detail::store3(out.max.data(), _mm_sub_ps(hi, _mm_div_ps(_mm_mul_ps(extent, shrink), divisor)));
}

inline void shrink_box_sse(const Box& parent, const std::array<std::uint8_t, 3>& xyz, BoxRule rule, Box& out) {
    const __m128 h = high_nibble_squares(xyz), l = low_nibble_squares(xyz), d = _mm_set1_ps(226.0f);
    if (rule == BoxRule::kProductFirst) {
        shrink_lanes(parent, h, l, d, out);
        return;
    }
    const __m128 lo = detail::load3(parent.min.data()), hi = detail::load3(parent.max.data());
    const __m128 extent = _mm_sub_ps(hi, lo);
    detail::store3(out.min.data(), _mm_add_ps(lo, _mm_mul_ps(extent, _mm_div_ps(h, d))));
    detail::store3(out.max.data(), _mm_sub_ps(hi, _mm_mul_ps(extent, _mm_div_ps(l, d))));
}

// One node's link fields, by codec.
struct StaticNodeLink {
    bool is_leaf = true;
    std::uint32_t value = 0;         // the stored value (Axis4: data; Axis5: hi << 8 | lo; Axis6: hi << 16 | lo)
    std::uint32_t payload = 0;       // leaf: primitive / section / triangle
    std::uint64_t second_child = 0;  // inner: distance from the node to its second child
};
inline StaticNodeLink static_node_link(TreeCodec codec, std::uint8_t data_or_hi, std::uint8_t lo8, std::uint16_t lo16) {
    StaticNodeLink link;
    switch (codec) {
        case TreeCodec::kAxis4:
            // data & 1: inner, second child at +(data & 0xFE); else leaf, primitive = data >> 1.
            link.value = data_or_hi;
            link.is_leaf = (data_or_hi & 1u) == 0;
            if (link.is_leaf) link.payload = data_or_hi >> 1;
            else link.second_child = data_or_hi & 0xFEu;
            break;
        case TreeCodec::kAxis5: {
            // value = hi << 8 | lo; bit 15: inner, second child at +2 × (value & 0x7FFF); else section.
            const std::uint32_t value = (std::uint32_t{data_or_hi} << 8) | lo8;
            link.value = value;
            link.is_leaf = (value & 0x8000u) == 0;
            if (link.is_leaf) link.payload = value;
            else link.second_child = 2ull * (value & 0x7FFFu);
            break;
        }
        case TreeCodec::kAxis6: {
            // value = (hi & 0x7F) << 16 | lo (u16); hi bit 7: inner, second child at +2 × value; else triangle.
            const std::uint32_t value = (std::uint32_t{data_or_hi & 0x7Fu} << 16) | lo16;
            link.value = (std::uint32_t{data_or_hi} << 16) | lo16;
            link.is_leaf = (data_or_hi & 0x80u) == 0;
            if (link.is_leaf) link.payload = value;
            else link.second_child = 2ull * value;
            break;
        }
    }
    return link;
}

// ---- the encoder, the inverse of static_node_link (static_tree_codec.cpp) ----------------------

// A node's stored bytes, as the node records lay them out: the x, y, z nibble bytes ((h << 4) | l
// each), then Axis4: data; Axis5: hiData, loData; Axis6: hiData, loData (u16, little-endian).
inline constexpr std::size_t static_node_size(TreeCodec codec) {
    return codec == TreeCodec::kAxis4 ? 4 : codec == TreeCodec::kAxis5 ? 5 : 6;
}

// Writes one node's static_node_size(codec) bytes at `out`: a leaf naming `link.payload`, or an
// inner node whose second child is `link.second_child` nodes further on (`link.value` is not
// read). The fields must fit the codec (static_node_link reads them back): a distance even and at
// most 254 (Axis4), 0xFFFE (Axis5), 0xFFFFFE (Axis6); a payload below 128, 0x8000, 0x800000.
void encode_static_node(TreeCodec codec, const std::array<std::uint8_t, 3>& nibbles, const StaticNodeLink& link,
                        std::uint8_t* out);

Box box_of(const RawAabb& aabb);

// Appends the nodes of `raw` to `out` as tree number `tree_index`, walking it from the root and
// decoding every box. Every link and leaf payload is bounds-checked: a second child outside the
// tree or a payload at or above `payload_limit` is a kOutOfBounds error at the node's offset.
// A node reached twice is counted (out.reached), not walked again; unreached nodes keep NaN boxes.
// `first_leaf`, when not empty (payload_limit entries, kNone where nothing names the payload yet),
// takes for each payload still kNone the global index of the first reached leaf in storage order
// that names it (a section's mesh-tree node, a primitive's section-tree node): the decoder's walk
// sees each reached leaf, so no second loop over the nodes is needed.
Status append_static_tree(const RawStaticTree& raw, std::uint32_t tree_index, std::uint32_t payload_limit,
                          StaticTreeNodes& out, BoxRule rule = BoxRule::kProductFirst,
                          std::span<std::uint32_t> first_leaf = {});

}  // namespace meshproof::mesh
