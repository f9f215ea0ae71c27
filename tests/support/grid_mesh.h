// A builder input for tests: an n × n grid of cells over (n + 1)² vertices placed by `at(i, j)`,
// each cell two rows (a b c), (a c d) — the fan a modeller's quad exports as, which the document's
// quad pairing takes as one quad.
#pragma once

#include <array>
#include <cstdint>

#include "engine/builder/mesh_builder.h"

namespace meshproof::test {

template <class At>  // std::array<float, 3> at(std::uint32_t i, std::uint32_t j)
builder::MeshInput grid_mesh(std::uint32_t n, At at) {
    builder::MeshInput in;
    for (std::uint32_t j = 0; j <= n; ++j)
        for (std::uint32_t i = 0; i <= n; ++i) {
            const std::array<float, 3> p = at(i, j);
            in.x.push_back(p[0]);
            in.y.push_back(p[1]);
            in.z.push_back(p[2]);
        }
    auto v = [&](std::uint32_t i, std::uint32_t j) { return j * (n + 1) + i; };
    for (std::uint32_t j = 0; j < n; ++j)
        for (std::uint32_t i = 0; i < n; ++i) {
            in.rows.push_back({v(i, j), v(i, j + 1), v(i + 1, j + 1)});
            in.rows.push_back({v(i, j), v(i + 1, j + 1), v(i + 1, j)});
        }
    return in;
}

}  // namespace meshproof::test
