// The control readings of the leaf-box rule, havok-compressed-mesh.txt: "A divisor of 225 instead
// of 226 leaves 3% to 51% of them outside their leaves … and swapping the two nibbles' roles nearly
// all." Every node's box under each, from the tree's domain down the decoded parent links (a
// parent precedes its children in pre-order; anything else is left NaN, i.e. outside).
//
// control_boxes computes both readings of a node at once in SSE lanes (three axes, the fourth
// lane 0), each lane the scalar IEEE operation in shrink_control's order; shrink_control is the
// rule written plainly (tests/verifiers/control_boxes_test.cpp holds them to the same bits).
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <vector>

#include <xmmintrin.h>  // SSE, the x86-64 baseline

#include "engine/mesh/decoded_member.h"
#include "engine/mesh/static_tree_codec.h"  // shrink_lanes

namespace meshproof::verifiers {

enum class ControlRule : std::uint8_t { kDivisor225, kSwappedNibbles };

inline mesh::Box shrink_control(const mesh::Box& parent, const mesh::StaticTreeNodes& t, std::uint32_t n,
                                ControlRule rule) {
    mesh::Box b;
    for (int a = 0; a < 3; ++a) {
        const std::uint8_t byte = t.xyz[a][n];
        const float hi = static_cast<float>((byte >> 4) * (byte >> 4));
        const float lo = static_cast<float>((byte & 15) * (byte & 15));
        const float e = parent.max[a] - parent.min[a];
        if (rule == ControlRule::kDivisor225) {
            const float grow = (e * hi) / 225.0f;
            const float shrink = (e * lo) / 225.0f;
            b.min[a] = parent.min[a] + grow;
            b.max[a] = parent.max[a] - shrink;
        } else {
            const float grow = (e * lo) / 226.0f;
            const float shrink = (e * hi) / 226.0f;
            b.min[a] = parent.min[a] + grow;
            b.max[a] = parent.max[a] - shrink;
        }
    }
    return b;
}

// Every node's box under both control rules.
inline void control_boxes(const mesh::StaticTreeNodes& t, std::vector<mesh::Box>& div225,
                          std::vector<mesh::Box>& swapped) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    mesh::Box nan_box;
    nan_box.min = {nan, nan, nan};
    nan_box.max = {nan, nan, nan};
    div225.assign(t.size(), nan_box);
    swapped.assign(t.size(), nan_box);
    const __m128 d225 = _mm_set1_ps(225.0f), d226 = _mm_set1_ps(226.0f);
    for (std::uint32_t n = 0; n < t.size(); ++n) {
        const std::uint32_t parent = t.parent[n];
        const mesh::Box* p225 = nullptr;
        const mesh::Box* pswap = nullptr;
        if (parent == mesh::kNone) {
            if (t.tree[n] < t.first_node.size() && t.first_node[t.tree[n]] == n) p225 = pswap = &t.domain[t.tree[n]];
        } else if (parent < n) {
            p225 = &div225[parent];
            pswap = &swapped[parent];
        }
        if (p225 == nullptr) continue;
        const std::array<std::uint8_t, 3> xyz{t.xyz[0][n], t.xyz[1][n], t.xyz[2][n]};
        const __m128 hi = mesh::high_nibble_squares(xyz), lo = mesh::low_nibble_squares(xyz);
        mesh::shrink_lanes(*p225, hi, lo, d225, div225[n]);
        mesh::shrink_lanes(*pswap, lo, hi, d226, swapped[n]);
    }
}

}  // namespace meshproof::verifiers
