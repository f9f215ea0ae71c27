// Rows for the quad-pairing tests (quad_pairing_test, section_pairing_test): a grid of quads
// full of ties, shared by the tests that compare a fast form of the rule with the rule itself.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "engine/mesh/box.h"

namespace meshproof::rules {

// Rows like a collision mesh's, full of ties: a grid of quads (most edges of two records, the
// border's of one), a share of triangles repeated once to several times (edges of three, four and
// more records), some reversed, corners rotated, vertex numbers permuted, two primitive data
// values and boxes of small integers (many equal costs).
struct TieHeavyRows {  // read as `auto [vertex, box, data] = tie_heavy_rows(seed);`
    std::vector<std::array<std::uint32_t, 3>> vertex;
    std::vector<mesh::Box> box;
    std::vector<std::uint32_t> data;
};
inline TieHeavyRows tie_heavy_rows(std::uint64_t seed) {
    TieHeavyRows rows;
    auto& [vertex, box, data] = rows;
    std::uint64_t state = seed;
    auto next = [&](std::uint32_t n) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<std::uint32_t>((state >> 33) % n);
    };
    const std::uint32_t w = 8 + next(40), h = 8 + next(40);
    std::vector<std::uint32_t> number((w + 1) * (h + 1));
    for (std::uint32_t i = 0; i < number.size(); ++i) number[i] = i;
    for (std::uint32_t i = static_cast<std::uint32_t>(number.size()); i-- > 1;)
        std::swap(number[i], number[next(i + 1)]);
    auto add = [&](std::array<std::uint32_t, 3> t) {
        const std::uint32_t copies = next(8) == 0 ? 1 + next(4) : 0;
        for (std::uint32_t c = 0; c <= copies; ++c) {
            std::array<std::uint32_t, 3> v = t;
            if (next(10) == 0) std::swap(v[1], v[2]);
            std::rotate(v.begin(), v.begin() + next(3), v.end());
            vertex.push_back(v);
            mesh::Box b;
            for (int k = 0; k < 3; ++k) {
                b.min[k] = static_cast<float>(next(3));
                b.max[k] = b.min[k] + static_cast<float>(next(3));
            }
            box.push_back(b);
            data.push_back(next(6) == 0 ? 1 : 0);
        }
    };
    for (std::uint32_t y = 0; y < h; ++y)
        for (std::uint32_t x = 0; x < w; ++x) {
            const std::uint32_t a = number[y * (w + 1) + x], b = number[y * (w + 1) + x + 1];
            const std::uint32_t c = number[(y + 1) * (w + 1) + x + 1], d = number[(y + 1) * (w + 1) + x];
            add({a, b, c});
            add({a, c, d});
        }
    return rows;
}

}  // namespace meshproof::rules
