#include "engine/synth/source_mesh.h"

#include <algorithm>
#include <cmath>

#include "engine/core/portable_trig.h"

namespace meshproof::synth {

void add_terrain(SourceMesh& m, SplitMix64& rng, float x0, float y0, float z0, std::uint32_t nx, std::uint32_t nz,
                 float cell) {
    // A coarse random lattice (one knot per 8 cells) interpolated bilinearly: smooth hills.
    const std::uint32_t kx = nx / 8 + 2, kz = nz / 8 + 2;
    std::vector<float> knots(static_cast<std::size_t>(kx) * kz);
    for (float& k : knots) k = rng.range(-3.0f, 3.0f);
    const std::uint32_t base = m.vertex_count();
    m.x.reserve(m.x.size() + static_cast<std::size_t>(nx + 1) * (nz + 1));
    m.y.reserve(m.x.capacity());
    m.z.reserve(m.x.capacity());
    for (std::uint32_t j = 0; j <= nz; ++j) {
        for (std::uint32_t i = 0; i <= nx; ++i) {
            const std::uint32_t ki = i / 8, kj = j / 8;
            const float fx = static_cast<float>(i % 8) / 8.0f, fz = static_cast<float>(j % 8) / 8.0f;
            const float h00 = knots[kj * kx + ki], h10 = knots[kj * kx + ki + 1];
            const float h01 = knots[(kj + 1) * kx + ki], h11 = knots[(kj + 1) * kx + ki + 1];
            const float a = h00 + (h10 - h00) * fx;
            const float b = h01 + (h11 - h01) * fx;
            const float h = a + (b - a) * fz + rng.range(-0.05f, 0.05f);
            m.add_vertex(x0 + cell * static_cast<float>(i), y0 + h, z0 + cell * static_cast<float>(j));
        }
    }
    m.rows.reserve(m.rows.size() + 2ull * nx * nz);
    const std::uint32_t stride = nx + 1;
    for (std::uint32_t j = 0; j < nz; ++j) {
        for (std::uint32_t i = 0; i < nx; ++i) {
            const std::uint32_t v00 = base + j * stride + i, v10 = v00 + 1;
            const std::uint32_t v01 = v00 + stride, v11 = v01 + 1;
            // Upward-facing (y up): (v00, v01, v11), (v00, v11, v10). Hills are not planar, so
            // pairing keeps a quad only where the two halves are coplanar enough.
            m.add_quad(v00, v01, v11, v10);
        }
    }
}

void add_box(SourceMesh& m, std::array<float, 3> lo, std::array<float, 3> hi) {
    std::uint32_t v[8];
    for (std::uint32_t i = 0; i < 8; ++i)
        v[i] = m.add_vertex(i & 1 ? hi[0] : lo[0], i & 2 ? hi[1] : lo[1], i & 4 ? hi[2] : lo[2]);
    m.add_quad(v[0], v[2], v[3], v[1]);  // z−
    m.add_quad(v[4], v[5], v[7], v[6]);  // z+
    m.add_quad(v[0], v[4], v[6], v[2]);  // x−
    m.add_quad(v[1], v[3], v[7], v[5]);  // x+
    m.add_quad(v[0], v[1], v[5], v[4]);  // y−
    m.add_quad(v[2], v[6], v[7], v[3]);  // y+
}

void add_building(SourceMesh& m, SplitMix64& rng, float x0, float y0, float z0) {
    const float w = rng.range(4.0f, 12.0f), d = rng.range(4.0f, 12.0f), h = rng.range(3.0f, 15.0f);
    add_box(m, {x0, y0, z0}, {x0 + w, y0 + h, z0 + d});
    const std::uint32_t extras = 2 + rng.below(4);
    for (std::uint32_t i = 0; i < extras; ++i) {
        const float ew = rng.range(0.5f, w * 0.5f), ed = rng.range(0.5f, d * 0.5f), eh = rng.range(0.3f, 3.0f);
        const float ex = x0 + rng.range(0.0f, w - ew), ez = z0 + rng.range(0.0f, d - ed);
        add_box(m, {ex, y0 + h, ez}, {ex + ew, y0 + h + eh, ez + ed});
    }
}

void add_stairs(SourceMesh& m, float x0, float y0, float z0, std::uint32_t steps, float width) {
    for (std::uint32_t s = 0; s < steps; ++s) {
        const float fx = x0 + 0.3f * static_cast<float>(s);
        add_box(m, {fx, y0, z0}, {fx + 0.3f, y0 + 0.2f * static_cast<float>(s + 1), z0 + width});
    }
}

void add_cylinder(SourceMesh& m, float cx, float y0, float cz, float radius, float height, std::uint32_t segments) {
    const std::uint32_t base = m.vertex_count();
    for (std::uint32_t i = 0; i < segments; ++i) {
        const double t = 6.283185307179586 * static_cast<double>(i) / static_cast<double>(segments);
        const float px = cx + radius * static_cast<float>(portable_cos(t));
        const float pz = cz + radius * static_cast<float>(portable_sin(t));
        m.add_vertex(px, y0, pz);
        m.add_vertex(px, y0 + height, pz);
    }
    const std::uint32_t bottom = m.add_vertex(cx, y0, cz), top = m.add_vertex(cx, y0 + height, cz);
    for (std::uint32_t i = 0; i < segments; ++i) {
        const std::uint32_t j = (i + 1) % segments;
        const std::uint32_t b0 = base + 2 * i, t0 = b0 + 1, b1 = base + 2 * j, t1 = b1 + 1;
        m.add_quad(b0, t0, t1, b1);
        m.rows.push_back({bottom, b0, b1});
        m.rows.push_back({top, t1, t0});
    }
}

void add_thin_triangles(SourceMesh& m, SplitMix64& rng, float x0, float y0, float z0, std::uint32_t count) {
    for (std::uint32_t i = 0; i < count; ++i) {
        const float len = rng.range(1.0f, 6.0f);
        const float px = x0 + rng.range(0.0f, 10.0f), pz = z0 + rng.range(0.0f, 10.0f), py = y0 + rng.range(0.0f, 3.0f);
        const std::uint32_t a = m.add_vertex(px, py, pz);
        const std::uint32_t b = m.add_vertex(px + len, py + 0.1f, pz);
        // Every fourth one a sliver: its apex 5 cm off the long edge, near its middle.
        const float off = (i % 4 == 3) ? 0.05f : 0.3f;
        const std::uint32_t c = m.add_vertex(px + len * 0.5f, py + 0.05f, pz + off);
        m.rows.push_back({a, b, c});
    }
}

void add_duplicates(SourceMesh& m, SplitMix64& rng, std::uint32_t count) {
    if (m.rows.empty()) return;
    const std::uint32_t n = static_cast<std::uint32_t>(m.rows.size());
    for (std::uint32_t i = 0; i < count; ++i) m.rows.push_back(m.rows[rng.below(n)]);
}

SourceMesh build_part(std::uint64_t seed, std::uint32_t target_triangles, float x0, float z0) {
    SplitMix64 rng(seed);
    SourceMesh m;
    const float y0 = rng.range(-20.0f, 40.0f);
    // Terrain takes about half; its cell count decides the rest.
    const std::uint32_t terrain_tris = std::max<std::uint32_t>(8, target_triangles / 2);
    std::uint32_t side = 2;
    while (2 * (side + 1) * (side + 1) <= terrain_tris) ++side;
    const float cell = rng.range(0.5f, 2.0f);
    add_terrain(m, rng, x0, y0, z0, side, side, cell);
    const float extent = cell * static_cast<float>(side);
    while (m.rows.size() + 16 < target_triangles) {
        const std::uint32_t kind = rng.below(10);
        const float px = x0 + rng.range(0.0f, extent), pz = z0 + rng.range(0.0f, extent);
        if (kind < 4) {
            add_building(m, rng, px, y0, pz);
        } else if (kind < 6) {
            add_stairs(m, px, y0, pz, 3 + rng.below(10), rng.range(1.0f, 3.0f));
        } else if (kind < 8) {
            add_cylinder(m, px, y0, pz, rng.range(0.2f, 3.0f), rng.range(1.0f, 10.0f), 8 + rng.below(17));
        } else {
            add_thin_triangles(m, rng, px, y0, pz, 4 + rng.below(8));
        }
    }
    add_duplicates(m, rng, 1 + static_cast<std::uint32_t>(m.rows.size() / 500));
    return m;
}

SourceMesh build_large_terrain(std::uint64_t seed, std::uint32_t cells_per_side, float x0, float z0) {
    SplitMix64 rng(seed);
    SourceMesh m;
    add_terrain(m, rng, x0, rng.range(-10.0f, 10.0f), z0, cells_per_side, cells_per_side, 1.0f);
    return m;
}

}  // namespace meshproof::synth
