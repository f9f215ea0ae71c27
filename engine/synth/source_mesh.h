// The source mesh a synthetic collision member is built from: vertices and triangle rows, the
// input of the stock tool (the rows become pParam's triangleDataArray). Generators append
// procedural pieces: a terrain grid, boxes and buildings, stairs, cylinders, thin and
// near-degenerate triangles, duplicated triangles. Quads are emitted as the consecutive row
// pair (a, b, c), (a, c, d) so quad pairing (quad_pairing.h) finds them.
//
// No generator emits a row the stock tool would drop (havok-compressed-mesh.txt: "the triangle
// is degenerate when the sum of the squares of the components of its edge cross product ... is
// under 10⁻⁷"): the thinnest triangles here keep a cross product of about 10⁻² after the
// coarsest quantisation, so every row has a key (the row ↔ key pairing stays one to one).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/synth/prng.h"

namespace meshproof::synth {

struct SourceMesh {
    std::vector<float> x, y, z;                      // vertices (y up, as the games)
    std::vector<std::array<std::uint32_t, 3>> rows;  // triangles

    std::uint32_t vertex_count() const { return static_cast<std::uint32_t>(x.size()); }
    std::uint32_t add_vertex(float px, float py, float pz) {
        x.push_back(px);
        y.push_back(py);
        z.push_back(pz);
        return static_cast<std::uint32_t>(x.size() - 1);
    }
    void add_quad(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d) {
        rows.push_back({a, b, c});
        rows.push_back({a, c, d});
    }
};

// nx × nz cells of `cell` metres from (x0, z0), heights a smooth random field around y0.
void add_terrain(SourceMesh& m, SplitMix64& rng, float x0, float y0, float z0, std::uint32_t nx, std::uint32_t nz,
                 float cell);
// An axis-aligned box, six faces as quads, outward winding.
void add_box(SourceMesh& m, std::array<float, 3> lo, std::array<float, 3> hi);
// A building: a box body, a few boxes on top and against its walls.
void add_building(SourceMesh& m, SplitMix64& rng, float x0, float y0, float z0);
// `steps` stair steps (boxes) rising along +x.
void add_stairs(SourceMesh& m, float x0, float y0, float z0, std::uint32_t steps, float width);
// A cylinder along y: `segments` side quads and two triangle-fan caps.
void add_cylinder(SourceMesh& m, float cx, float y0, float cz, float radius, float height, std::uint32_t segments);
// Long thin triangles (5 cm across, metres long) and near-degenerate slivers.
void add_thin_triangles(SourceMesh& m, SplitMix64& rng, float x0, float y0, float z0, std::uint32_t count);
// Copies `count` existing rows (same vertex indices): duplicated triangles.
void add_duplicates(SourceMesh& m, SplitMix64& rng, std::uint32_t count);

// A map part of about `target_triangles` rows around (x0, z0): a mixture of the pieces above.
SourceMesh build_part(std::uint64_t seed, std::uint32_t target_triangles, float x0, float z0);
// A large terrain, all of it one mesh (used for the l-set member whose shared vertices exceed
// one page).
SourceMesh build_large_terrain(std::uint64_t seed, std::uint32_t cells_per_side, float x0, float z0);

}  // namespace meshproof::synth
