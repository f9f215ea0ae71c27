// The interior-bit pass of havok-compressed-mesh.txt (triangleIsInterior, steps 1–4) as a free
// function over spans: neighbours, convex edges, the Havok quicksort order, marking; checked on
// hand-built meshes whose answer follows from the document's rules, and on the real Elden Ring
// sample, whose stored bits it must reproduce.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <string>
#include <vector>

#include "engine/core/cpu_path.h"
#include "engine/mesh/decoded_member.h"
#include "engine/rules/havok_quicksort.h"
#include "engine/rules/interior_bits.h"
#include "tests/mesh/mesh_fixtures.h"

namespace meshproof::rules {
namespace {

using test::bits_of;
using test::float_of;
constexpr std::uint32_t kNoFace = InteriorWorkspace::kNoFace;

// A mesh of packed vertices (identity = slot) and triangles given by corner slots.
struct HandMesh {
    std::vector<float> x, y, z;
    std::vector<std::uint32_t> identity;
    std::array<std::vector<std::uint32_t>, 3> corner;
    std::vector<std::uint8_t> half, flat;

    std::uint32_t vertex(float px, float py, float pz) {
        x.push_back(px);
        y.push_back(py);
        z.push_back(pz);
        identity.push_back(mesh::kPackedIdentityBit | static_cast<std::uint32_t>(identity.size()));
        return static_cast<std::uint32_t>(x.size() - 1);
    }
    void triangle(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint8_t h = 0, std::uint8_t f = 0) {
        corner[0].push_back(a);
        corner[1].push_back(b);
        corner[2].push_back(c);
        half.push_back(h);
        flat.push_back(f);
    }
    void quad(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d, bool is_flat = false) {
        triangle(a, b, c, 0, is_flat ? 1 : 0);
        triangle(a, c, d, 1, 0);
    }
    InteriorMeshView view() const {
        InteriorMeshView v;
        v.x = x;
        v.y = y;
        v.z = z;
        v.identity = identity;
        for (int k = 0; k < 3; ++k) v.corner[k] = corner[k];
        v.half = half;
        v.flat = flat;
        return v;
    }
    std::vector<std::uint8_t> run(InteriorWorkspace& ws, RsqrtMode mode = RsqrtMode::kTable) const {
        std::vector<std::uint8_t> bits(half.size(), 0xFF);
        InteriorOptions o;
        o.rsqrt = mode;
        const Status st = interior_bits(view(), o, ws, bits);
        EXPECT_TRUE(st.ok()) << st.error().message;
        return bits;
    }
};

// A closed tetrahedron, outward winding: every edge paired, every edge convex.
HandMesh tetrahedron() {
    HandMesh m;
    const auto a = m.vertex(0, 0, 0), b = m.vertex(1, 0, 0), c = m.vertex(0, 1, 0), d = m.vertex(0, 0, 1);
    m.triangle(a, c, b);
    m.triangle(a, b, d);
    m.triangle(a, d, c);
    m.triangle(b, c, d);
    return m;
}

TEST(InteriorNeighbours, LatestUnpairedOppositeEdgeAndMissingNeighbours) {
    // Three triangles over the edge 0-1: t0 has 0→1, t1 has 1→0 (pairs t0), t2 has 0→1 again and
    // waits (t0's is taken), t3 has 1→0 and pairs the latest unpaired 0→1, which is t2's.
    HandMesh m;
    const auto v0 = m.vertex(0, 0, 0), v1 = m.vertex(1, 0, 0), v2 = m.vertex(0, 1, 0), v3 = m.vertex(0, -1, 0),
               v4 = m.vertex(0, 0, 1), v5 = m.vertex(0, 0, -1);
    m.triangle(v0, v1, v2);
    m.triangle(v1, v0, v3);
    m.triangle(v0, v1, v4);
    m.triangle(v1, v0, v5);
    InteriorWorkspace ws;
    ASSERT_TRUE(find_interior_neighbours(m.view(), ws).ok());
    ASSERT_EQ(ws.face_count(), 4u);
    EXPECT_EQ(ws.edge_neighbour[0 * 4 + 0], 1u);
    EXPECT_EQ(ws.edge_neighbour[1 * 4 + 0], 0u);
    EXPECT_EQ(ws.edge_neighbour[2 * 4 + 0], 3u);
    EXPECT_EQ(ws.edge_neighbour[3 * 4 + 0], 2u);
    EXPECT_EQ(ws.edge_neighbour[0 * 4 + 1], kNoFace);  // 1→2: nobody runs 2→1
    for (std::uint32_t f = 0; f < 4; ++f) EXPECT_EQ(ws.face_complete[f], 0u);
    // No face is complete, so none is set (the document: "never set").
    for (std::uint8_t b : m.run(ws)) EXPECT_EQ(b, 0u);
}

TEST(InteriorNeighbours, LatestWinsOverEarlierSameDirection) {
    // t0: 0→1, t1: 0→1 (both wait), t2: 1→0 takes the latest, t1's.
    HandMesh m;
    const auto v0 = m.vertex(0, 0, 0), v1 = m.vertex(1, 0, 0), v2 = m.vertex(0, 1, 0), v3 = m.vertex(0, 2, 0),
               v4 = m.vertex(0, -1, 0);
    m.triangle(v0, v1, v2);
    m.triangle(v0, v1, v3);
    m.triangle(v1, v0, v4);
    InteriorWorkspace ws;
    ASSERT_TRUE(find_interior_neighbours(m.view(), ws).ok());
    EXPECT_EQ(ws.edge_neighbour[0], kNoFace);
    EXPECT_EQ(ws.edge_neighbour[4], 2u);
    EXPECT_EQ(ws.edge_neighbour[8], 1u);
}

TEST(InteriorNeighbours, SharedVerticesByEntryPageNotCounted) {
    // Two slots carrying the same shared entry are one vertex; packed slots are distinct even at
    // the same position.
    HandMesh m;
    const auto a = m.vertex(0, 0, 0), b = m.vertex(1, 0, 0), c = m.vertex(0, 1, 0);
    const auto a2 = m.vertex(0, 0, 0), b2 = m.vertex(1, 0, 0), d = m.vertex(0, -1, 0);
    m.identity[a] = 7;
    m.identity[a2] = 7;  // same entry (as if another page): the same vertex
    m.triangle(a, b, c);
    m.triangle(b2, a2, d);  // b2 is packed: not b
    InteriorWorkspace ws;
    ASSERT_TRUE(find_interior_neighbours(m.view(), ws).ok());
    EXPECT_EQ(ws.edge_neighbour[0], kNoFace);
    m.identity[b] = 300;
    m.identity[b2] = 300;
    ASSERT_TRUE(find_interior_neighbours(m.view(), ws).ok());
    EXPECT_EQ(ws.edge_neighbour[0], 1u);
    EXPECT_EQ(ws.edge_neighbour[4], 0u);
    m.identity[b2] = 70000;  // not a 16-bit entry: refused, not guessed
    EXPECT_FALSE(find_interior_neighbours(m.view(), ws).ok());
}

TEST(InteriorNeighbours, QuadInnerEdgeDirectAndFlatQuadPolygon) {
    HandMesh m;
    const auto a = m.vertex(0, 0, 0), b = m.vertex(1, 0, 0), c = m.vertex(1, 0, 1), d = m.vertex(0, 0, 1);
    m.quad(a, b, c, d);
    InteriorWorkspace ws;
    ASSERT_TRUE(find_interior_neighbours(m.view(), ws).ok());
    ASSERT_EQ(ws.face_count(), 2u);
    EXPECT_EQ(ws.edge_neighbour[0 * 4 + 2], 1u);  // c a of the first half
    EXPECT_EQ(ws.edge_neighbour[1 * 4 + 0], 0u);  // a c of the second half
    // The same quad flat: one polygon a b c d, four outer edges, no inner edge.
    m.flat[0] = 1;
    ASSERT_TRUE(find_interior_neighbours(m.view(), ws).ok());
    ASSERT_EQ(ws.face_count(), 1u);
    EXPECT_EQ(ws.face_corners[0], 4u);
    EXPECT_EQ(ws.triangle_face[1], 0u);
    for (int k = 0; k < 4; ++k) EXPECT_EQ(ws.edge_neighbour[k], kNoFace);
    // The flatness rule: byte AND second slot above fourth slot.
    EXPECT_TRUE(quad_is_flat(255, 5, 3));
    EXPECT_FALSE(quad_is_flat(255, 3, 5));
    EXPECT_FALSE(quad_is_flat(0, 5, 3));
    EXPECT_FALSE(quad_is_flat(4, 3, 2));  // 4 & 3 = 0
}

TEST(InteriorNeighbours, ALargeFanPairsLikeASmallOne) {
    // 40 triangles around one centre: its 80 spoke edges share one bucket, which is sorted
    // rather than scanned; each spoke still pairs with the triangle next to it.
    for (int spokes : {8, 40}) {
        HandMesh m;
        const auto centre = m.vertex(0, 0, 0);
        for (int i = 0; i < spokes; ++i) {
            const float a = 6.2831853f * static_cast<float>(i) / static_cast<float>(spokes);
            m.vertex(std::cos(a), 0, std::sin(a));
        }
        for (int i = 0; i < spokes; ++i)
            m.triangle(centre, static_cast<std::uint32_t>(1 + (i + 1) % spokes), static_cast<std::uint32_t>(1 + i));
        InteriorWorkspace ws;
        ASSERT_TRUE(find_interior_neighbours(m.view(), ws).ok());
        for (std::uint32_t f = 0; f < static_cast<std::uint32_t>(spokes); ++f) {
            EXPECT_EQ(ws.edge_neighbour[f * 4 + 0], (f + 1) % spokes) << spokes << " " << f;  // centre → next
            EXPECT_EQ(ws.edge_neighbour[f * 4 + 2], (f + spokes - 1) % spokes) << spokes << " " << f;  // this → centre
            EXPECT_EQ(ws.edge_neighbour[f * 4 + 1], kNoFace);                                          // the rim
        }
    }
}

// ctest-labels: hostile
TEST(InteriorNeighbours, HostileViewIsRefused) {
    InteriorWorkspace ws;
    std::vector<std::uint8_t> bits(4);
    {
        HandMesh m = tetrahedron();
        m.corner[2][1] = 99;  // a slot past the vertices
        const Status st = interior_bits(m.view(), InteriorOptions{}, ws, bits);
        ASSERT_FALSE(st.ok());
        EXPECT_EQ(st.error().code, ErrorCode::kOutOfBounds);
    }
    {
        HandMesh m = tetrahedron();
        m.half.pop_back();  // columns of different lengths
        EXPECT_FALSE(find_interior_neighbours(m.view(), ws).ok());
    }
    {
        HandMesh m = tetrahedron();
        m.y.pop_back();
        EXPECT_FALSE(find_interior_neighbours(m.view(), ws).ok());
    }
    {
        const HandMesh m = tetrahedron();
        std::vector<std::uint8_t> short_bits(3);
        EXPECT_FALSE(interior_bits(m.view(), InteriorOptions{}, ws, short_bits).ok());
        // and the workspace is still good for a well-formed mesh afterwards
        EXPECT_TRUE(interior_bits(m.view(), InteriorOptions{}, ws, bits).ok());
    }
}

TEST(InteriorMarking, ClosedTetrahedronSetsNoFaceItsNeighboursAreSteep) {
    // Every edge is convex, and across each of them the neighbour's normal is 90° (or 125°) away:
    // more than 70°, so no face is set.
    const HandMesh m = tetrahedron();
    InteriorWorkspace ws;
    const auto bits = m.run(ws);
    for (auto b : bits) EXPECT_EQ(b, 0u);
    for (std::uint32_t f = 0; f < 4; ++f) {
        EXPECT_EQ(ws.face_complete[f], 1u);
        EXPECT_EQ(ws.convex_mask[f], 0b111u) << f;
    }
    // Weights |n| + 30: the three unit right triangles (|n| = 1) before the slanted one (√3).
    ASSERT_EQ(ws.order.size(), 4u);
    EXPECT_EQ(ws.order.back().face, 3u);
    EXPECT_EQ(ws.order.front().weight, 31.0f);
}

TEST(InteriorMarking, InsideOutTetrahedronHasNoConvexEdgeAndSetsAll) {
    HandMesh m = tetrahedron();
    std::swap(m.corner[1], m.corner[2]);  // every face wound the other way: every edge concave
    InteriorWorkspace ws;
    for (auto b : m.run(ws)) EXPECT_EQ(b, 1u);
    for (std::uint32_t f = 0; f < 4; ++f) EXPECT_EQ(ws.convex_mask[f], 0u);
}

// An n × n grid of unit cells (quads) in x, z whose height rises by `slope` per cell towards a
// ridge along x at z = n / 2: the only convex edges are the ridge's.
HandMesh ridge(int n, float slope) {
    HandMesh m;
    for (int j = 0; j <= n; ++j)
        for (int i = 0; i <= n; ++i)
            m.vertex(static_cast<float>(i), slope * static_cast<float>(n / 2 - std::abs(j - n / 2)),
                     static_cast<float>(j));
    auto at = [&](int i, int j) { return static_cast<std::uint32_t>(j * (n + 1) + i); };
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) m.quad(at(i, j), at(i, j + 1), at(i + 1, j + 1), at(i + 1, j));
    return m;
}

struct RidgeOutcome {
    int ridge_faces = 0, ridge_set = 0, both_sides_set = 0, other_complete = 0, other_set = 0;
};
RidgeOutcome run_ridge(float slope, InteriorWorkspace& ws) {
    const HandMesh m = ridge(6, slope);
    const auto bits = m.run(ws);
    RidgeOutcome o;
    for (std::uint32_t f = 0; f < ws.face_count(); ++f) {
        if (!ws.face_complete[f]) continue;
        const bool set = bits[ws.face_triangle[f]] != 0;
        if (ws.convex_mask[f] == 0) {
            ++o.other_complete;
            o.other_set += set;
            continue;
        }
        EXPECT_EQ(std::popcount(ws.convex_mask[f]), 1);  // the ridge edge alone
        ++o.ridge_faces;
        o.ridge_set += set;
        for (std::uint32_t k = 0; k < 3; ++k)
            if (ws.convex_mask[f] & (1u << k))
                o.both_sides_set += set && bits[ws.face_triangle[ws.edge_neighbour[f * 4 + k]]];
    }
    return o;
}

TEST(InteriorMarking, ConvexEdgeToASetFaceBlocks) {
    // Slopes of 30°: the normals across the ridge are 60° apart, so only "already set" blocks:
    // some ridge faces are set, never both sides of one ridge edge.
    InteriorWorkspace ws;
    const RidgeOutcome o = run_ridge(std::tan(30.0f * 3.14159265f / 180.0f), ws);
    // 6 cells along the ridge, one triangle each side, less the two end triangles that also lie
    // on the grid's border (x = 0 for a first half, x = 6 for a second half): incomplete.
    EXPECT_EQ(o.ridge_faces, 10);
    EXPECT_GT(o.ridge_set, 0);
    EXPECT_LT(o.ridge_set, o.ridge_faces);
    EXPECT_EQ(o.both_sides_set, 0);
    EXPECT_EQ(o.other_set, o.other_complete);  // no convex edge: nothing can block them
    EXPECT_GT(o.other_complete, 0);
}

TEST(InteriorMarking, NeighbourMoreThan70DegreesAwayBlocks) {
    // Slopes of 36°: 72° across the ridge, and no ridge face is set; at 34° (68°) some are.
    InteriorWorkspace ws;
    const RidgeOutcome steep = run_ridge(std::tan(36.0f * 3.14159265f / 180.0f), ws);
    EXPECT_EQ(steep.ridge_faces, 10);
    EXPECT_EQ(steep.ridge_set, 0);
    EXPECT_EQ(steep.other_set, steep.other_complete);
    const RidgeOutcome shallow = run_ridge(std::tan(34.0f * 3.14159265f / 180.0f), ws);
    EXPECT_GT(shallow.ridge_set, 0);
}

TEST(InteriorOrder, EqualWeightsComeOutInTheQuicksortsOrder) {
    // The same routine as the primitive numbering: under all-equal weights the faces come out in
    // the order of the document's vectors for n = 4, 6, 8 and 10.
    using V = std::vector<std::uint32_t>;
    const std::vector<V> want = {
        {2, 3, 0, 1}, {3, 4, 5, 0, 1, 2}, {5, 4, 7, 6, 1, 0, 3, 2}, {6, 5, 7, 9, 8, 1, 0, 2, 4, 3}};
    for (const V& w : want) {
        std::vector<InteriorWorkspace::Weighted> a;
        for (std::uint32_t i = 0; i < w.size(); ++i) a.push_back({float_of(0x41699B3Eu), i});
        havok_quicksort(std::span<InteriorWorkspace::Weighted>(a),
                        [](const auto& x, const auto& y) { return x.weight < y.weight; });
        V got;
        for (const auto& e : a) got.push_back(e.face);
        EXPECT_EQ(got, w);
        EXPECT_EQ(got, ranks(static_cast<std::uint32_t>(w.size())));
    }
}

// The document's DLC pair in miniature: "the triangles of keys 196954 and 196956 share an edge
// that is convex for both, and their weights come out exactly equal (0x41699B3E, 14.600401) and
// sort with 196954 first, so the pass sets 196954". Two ridge triangles A (first key) and B
// mirror each other over a convex ridge of length L (|n| = L × √(w² + h²) with w = 1, h = 1/2,
// 53° apart: under 70°), their other edges concave; a flat 2 × 2 grid of quads elsewhere adds two lighter
// complete faces after them in key order. The quicksort then orders the four complete faces
// S, S, A, B (what the procedure makes of weights [x, x, 1, 1]), A is set and B is not.
HandMesh equal_weight_ridge(float length) {
    HandMesh m;
    const float L = length, h = 0.5f, w = 1.0f, up = 1.0f - h;
    const auto p0 = m.vertex(0, 0, 0), p1 = m.vertex(L, 0, 0);
    const auto ca = m.vertex(L / 2, -h, w), cb = m.vertex(L / 2, -h, -w);
    const auto x1 = m.vertex(-L / 2, up, w), x2 = m.vertex(1.5f * L, up, w);
    const auto x3 = m.vertex(1.5f * L, up, -w), x4 = m.vertex(-L / 2, up, -w);
    m.triangle(p0, ca, p1);  // A
    m.triangle(p1, cb, p0);  // B: the ridge p1 → p0 of A runs p0 → p1 here
    m.triangle(ca, p0, x1);  // the valleys around them (concave, incomplete)
    m.triangle(p1, ca, x2);
    m.triangle(cb, p1, x3);
    m.triangle(p0, cb, x4);
    std::uint32_t g[3][3];
    for (int j = 0; j < 3; ++j)
        for (int i = 0; i < 3; ++i) g[j][i] = m.vertex(100.0f + static_cast<float>(i), 0.0f, static_cast<float>(j));
    for (int j = 0; j < 2; ++j)
        for (int i = 0; i < 2; ++i) m.quad(g[j][i], g[j + 1][i], g[j + 1][i + 1], g[j][i + 1]);
    return m;
}

TEST(InteriorOrder, EqualWeights0x41699B3EOverAConvexEdgeSetTheFirstKey) {
    // L = 4.11472321 (found by stepping L one ulp at a time from 4.1147 until |n| + 10 rounds
    // to the document's weight under the table).
    const float length = float_of(0x4083ABD0u);
    InteriorWorkspace ws;
    const HandMesh m = equal_weight_ridge(length);
    const auto bits = m.run(ws);
    ASSERT_EQ(ws.order.size(), 4u);
    EXPECT_EQ(ws.face_complete[0], 1u);
    EXPECT_EQ(ws.face_complete[1], 1u);
    EXPECT_EQ(ws.convex_mask[0], 0b100u);  // A: p1 → p0, the ridge, only
    EXPECT_EQ(ws.convex_mask[1], 0b100u);  // B: p0 → p1
    EXPECT_EQ(bits_of(ws.weight[0]), 0x41699B3Eu);
    EXPECT_EQ(bits_of(ws.weight[1]), 0x41699B3Eu);
    EXPECT_EQ(ws.weight[0], 14.600401f);
    // S, S, A, B
    EXPECT_EQ(ws.order[2].face, 0u);
    EXPECT_EQ(ws.order[3].face, 1u);
    EXPECT_EQ(bits[0], 1u);  // the first key is set
    EXPECT_EQ(bits[1], 0u);  // the second meets it over the convex ridge
}

// n × n quads of 1.25 m over bumps of up to 2 mm (hashed heights): congruent-looking cells whose
// weights differ by an ulp or so, where the |n| forms order the faces differently.
HandMesh nearly_flat_field(int n) {
    HandMesh m;
    for (int j = 0; j <= n; ++j)
        for (int i = 0; i <= n; ++i) {
            const std::uint32_t h =
                (static_cast<std::uint32_t>(i) * 73856093u ^ static_cast<std::uint32_t>(j) * 19349663u) % 1000u;
            m.vertex(static_cast<float>(i) * 1.25f, static_cast<float>(h) * 2e-6f, static_cast<float>(j) * 1.25f);
        }
    auto at = [&](int i, int j) { return static_cast<std::uint32_t>(j * (n + 1) + i); };
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) m.quad(at(i, j), at(i, j + 1), at(i + 1, j + 1), at(i + 1, j));
    return m;
}

TEST(InteriorOrder, TheEstimateDecidesBitsOnANearlyFlatField) {
    // "An exact reciprocal square root, or the table of one current processor, leaves some
    // hundreds of bits per million wrong": the estimate enters |n| (s × refine(r)), so on a nearly
    // flat field of congruent-looking cells (bumps of micrometres over 1.25 m) the weights move by
    // an ulp, the quicksort orders the faces differently and other faces get set.
    HandMesh m = nearly_flat_field(40);
    InteriorWorkspace ws;
    const auto table = m.run(ws, RsqrtMode::kTable);
    const std::vector<float> table_weight(ws.weight.begin(), ws.weight.begin() + ws.face_count());
    const auto exact = m.run(ws, RsqrtMode::kExact);
    int weights_differ = 0, bits_differ = 0;
    for (std::uint32_t f = 0; f < ws.face_count(); ++f)
        weights_differ += ws.face_complete[f] && table_weight[f] != ws.weight[f];
    for (std::size_t t = 0; t < table.size(); ++t) bits_differ += table[t] != exact[t];
    EXPECT_GT(weights_differ, 100);
    EXPECT_GT(bits_differ, 10);
    if (host_rsqrtps_available()) {
        const auto host = m.run(ws, RsqrtMode::kHostRsqrtps);
        int host_differ = 0;
        for (std::size_t t = 0; t < table.size(); ++t) host_differ += table[t] != host[t];
        // Some processors' rsqrtss is the document's table (it scales by powers of four, so [1, 4)
        // decides): there the host's bits are the table's; on any other, they differ as exact's do.
        bool host_is_table = true;
        for (float s = 1.0f; s < 4.0f && host_is_table; s = std::nextafter(s, 4.0f))
            host_is_table = rsqrt_host(s) == rsqrt_table_estimate(s);
        if (host_is_table) EXPECT_EQ(host_differ, 0);
        else EXPECT_GT(host_differ, 10);
    }
}

// The pass's shortcut for the sqrtf |n| alternative (steps 3 and 4 again on the table's convex
// edges) must give what a whole run with NormalLength::kSqrt gives: on the nearly flat field the
// two length forms order the faces differently, so a stale order or weight would show.
TEST(InteriorOrder, SqrtLengthRecomputedFromTheTablesEdgesEqualsAWholeRun) {
    HandMesh m = nearly_flat_field(30);
    const InteriorMeshView view = m.view();
    InteriorWorkspace whole, shortcut;
    std::vector<std::uint8_t> want(view.corner[0].size()), got(view.corner[0].size()), table(view.corner[0].size());
    InteriorOptions sqrt_length;
    sqrt_length.length = NormalLength::kSqrt;
    ASSERT_TRUE(interior_bits(view, sqrt_length, whole, want).ok());
    ASSERT_TRUE(interior_bits(view, InteriorOptions{}, shortcut, table).ok());
    ASSERT_TRUE(recompute_interior_bits_with_sqrt_length(shortcut, got).ok());
    EXPECT_EQ(got, want);
    EXPECT_NE(got, table);  // the length form decides bits here
    ASSERT_EQ(shortcut.order.size(), whole.order.size());
    for (std::size_t i = 0; i < whole.order.size(); ++i) {
        EXPECT_EQ(shortcut.order[i].face, whole.order[i].face) << i;
        EXPECT_EQ(bits_of(shortcut.order[i].weight), bits_of(whole.order[i].weight)) << i;
    }
}

// Every estimate with both length forms.
std::vector<InteriorOptions> every_variant() {
    std::vector<InteriorOptions> out;
    for (const RsqrtMode mode : {RsqrtMode::kTable, RsqrtMode::kExact, RsqrtMode::kHostRsqrtps})
        for (const NormalLength length : {NormalLength::kTimesRefinedRsqrt, NormalLength::kSqrt})
            out.push_back({mode, length, {}});
    return out;
}

// The pass hands the table's marking order to the alternatives (compute_interior_bits'
// reference_order): where the new weights order the faces as the table's do, the quicksort is
// skipped. Each alternative must come out exactly as a run without the reference, order and bits,
// both where the order is reused with other weights (a ridge of distinct slopes: the estimates
// move weights by an ulp without reordering) and where it is not (the nearly flat field).
TEST(InteriorOrder, TheTablesOrderReusedByTheAlternativesChangesNothing) {
    int reused_with_other_weights = 0, sorted_again = 0;
    for (const HandMesh& m : {nearly_flat_field(30), ridge(40, 0.37f), ridge(25, 1.9f), tetrahedron()}) {
        const InteriorMeshView view = m.view();
        const std::size_t n = view.corner[0].size();
        InteriorWorkspace table_ws;
        std::vector<std::uint8_t> table(n);
        ASSERT_TRUE(interior_bits(view, InteriorOptions{}, table_ws, table).ok());
        const std::vector<InteriorWorkspace::Weighted> reference(table_ws.order.begin(), table_ws.order.end());
        for (const InteriorOptions& o : every_variant()) {
            InteriorWorkspace plain, reusing;
            std::vector<std::uint8_t> want(n), got(n, 0xFF);
            ASSERT_TRUE(interior_bits(view, o, plain, want).ok());
            ASSERT_TRUE(find_interior_neighbours(view, reusing).ok());
            compute_interior_bits(view, o, reusing, got, reference);
            EXPECT_EQ(got, want);
            ASSERT_EQ(reusing.order.size(), plain.order.size());
            bool same_faces = true, other_weights = false;
            for (std::size_t i = 0; i < plain.order.size(); ++i) {
                EXPECT_EQ(reusing.order[i].face, plain.order[i].face) << i;
                EXPECT_EQ(bits_of(reusing.order[i].weight), bits_of(plain.order[i].weight)) << i;
                same_faces = same_faces && plain.order[i].face == reference[i].face;
                other_weights = other_weights || bits_of(plain.order[i].weight) != bits_of(reference[i].weight);
            }
            reused_with_other_weights += same_faces && other_weights;
            sorted_again += !same_faces;
        }
        // The sqrtf shortcut with the reference, as the pass runs it.
        std::vector<std::uint8_t> want(n), got(n);
        InteriorOptions sqrt_length;
        sqrt_length.length = NormalLength::kSqrt;
        InteriorWorkspace plain;
        ASSERT_TRUE(interior_bits(view, sqrt_length, plain, want).ok());
        ASSERT_TRUE(recompute_interior_bits_with_sqrt_length(table_ws, got, reference).ok());
        EXPECT_EQ(got, want);
    }
    EXPECT_GT(reused_with_other_weights, 0);  // the reuse is exercised with weights that differ
    EXPECT_GT(sorted_again, 0);               // and so is the fallback
}

// A terraced grid: heights from {0, 0.5, 1} at random (n × n quads), so many faces are congruent
// (equal weights) and joined by convex edges; with `noise` > 0 every height moved by up to 999 ×
// noise, which makes most weights distinct and leaves the estimate to reorder some by an ulp.
HandMesh terraced_grid(int n, std::uint32_t seed, float noise) {
    HandMesh m;
    std::uint32_t state = seed * 2654435761u + 12345u;
    auto next = [&] {
        state = state * 1664525u + 1013904223u;
        return state >> 8;
    };
    for (int j = 0; j <= n; ++j)
        for (int i = 0; i <= n; ++i) {
            float h = 0.5f * static_cast<float>(next() % 3);
            if (noise > 0) h += noise * static_cast<float>(next() % 1000);
            m.vertex(static_cast<float>(i), h, static_cast<float>(j));
        }
    auto at = [&](int i, int j) { return static_cast<std::uint32_t>(j * (n + 1) + i); };
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) m.quad(at(i, j), at(i, j + 1), at(i + 1, j + 1), at(i + 1, j));
    return m;
}

// Adds an n × n planar field of quads at height y = 5 with corners moved in x and z by up to
// 999 × 2e-6: no convex edge (coplanar faces), weights within ulps of each other that the
// estimates reorder.
void add_jittered_plane(HandMesh& m, int n) {
    const std::uint32_t base = static_cast<std::uint32_t>(m.x.size());
    for (int j = 0; j <= n; ++j)
        for (int i = 0; i <= n; ++i) {
            const std::uint32_t h =
                (static_cast<std::uint32_t>(i) * 73856093u ^ static_cast<std::uint32_t>(j) * 19349663u);
            m.vertex(static_cast<float>(i) * 1.25f + static_cast<float>(h % 1000u) * 2e-6f, 5.0f,
                     static_cast<float>(j) * 1.25f + static_cast<float>((h / 1000u) % 1000u) * 2e-6f);
        }
    auto at = [&](int i, int j) { return base + static_cast<std::uint32_t>(j * (n + 1) + i); };
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) m.quad(at(i, j), at(i, j + 1), at(i + 1, j + 1), at(i + 1, j));
}

// ReferenceUse::kBitsOnly: the marking by the weights alone (no sort) where no tie between faces
// joined by a convex edge decides a bit, the quicksort otherwise. On terraced grids (many
// congruent faces over convex edges: ties), noisy ones (distinct weights) and the nearly flat
// field, under every estimate and length form, with and without a reference (each variant's
// quicksort order handed to each other one), the call must give a plain run's bits, face_set and
// weights, and sort_in_quicksort_order must then give the plain run's order. Both ways must be
// taken often.
TEST(InteriorOrder, MarkingByWeightsEqualsThePlainRunOnRandomTerraces) {
    int by_weights = 0, sorted = 0, cases = 0;
    for (std::uint32_t seed = 1; seed <= 24; ++seed) {
        const int size = 12 + static_cast<int>(seed % 5);
        HandMesh m = seed % 3 == 0   ? terraced_grid(size, seed, 0.0f)
                     : seed % 3 == 1 ? terraced_grid(size, seed, 1e-3f)
                                     : nearly_flat_field(2 * size);
        if (seed % 3 == 1) add_jittered_plane(m, 2 * size);
        const InteriorMeshView view = m.view();
        const std::size_t n = view.corner[0].size();
        std::vector<std::vector<InteriorWorkspace::Weighted>> references(1);  // the first: none
        for (const InteriorOptions& o : every_variant()) {
            InteriorWorkspace ws;
            std::vector<std::uint8_t> bits(n);
            ASSERT_TRUE(interior_bits(view, o, ws, bits).ok());
            references.emplace_back(ws.order.begin(), ws.order.end());
        }
        for (const auto& reference : references)
            for (const InteriorOptions& o : every_variant()) {
                InteriorWorkspace plain, fast;
                std::vector<std::uint8_t> want(n), got(n, 0xFF);
                ASSERT_TRUE(interior_bits(view, o, plain, want).ok());
                ASSERT_TRUE(find_interior_neighbours(view, fast).ok());
                compute_interior_bits(view, o, fast, got, reference, ReferenceUse::kBitsOnly);
                ++cases;
                ASSERT_EQ(got, want) << "seed " << seed << " mode " << static_cast<int>(o.rsqrt) << " length "
                                     << static_cast<int>(o.length) << " reference " << (&reference - references.data());
                for (std::uint32_t f = 0; f < plain.face_count(); ++f) {
                    EXPECT_EQ(fast.face_set[f], plain.face_set[f]) << f;
                    if (plain.face_complete[f]) {
                        EXPECT_EQ(bits_of(fast.weight[f]), bits_of(plain.weight[f])) << f;
                    }
                }
                by_weights += !fast.order_is_quicksorts;
                sorted += fast.order_is_quicksorts;
                sort_in_quicksort_order(fast);
                ASSERT_EQ(fast.order.size(), plain.order.size());
                for (std::size_t i = 0; i < plain.order.size(); ++i) {
                    EXPECT_EQ(fast.order[i].face, plain.order[i].face) << i;
                    EXPECT_EQ(bits_of(fast.order[i].weight), bits_of(plain.order[i].weight)) << i;
                }
            }
    }
    EXPECT_GT(by_weights, cases / 10);
    EXPECT_GT(sorted, cases / 10);
}

// InteriorOptions::keep_for_later_calls false (the builder's one call per mesh): the raw normals
// and edge vectors, formed again where read rather than kept, must give the plain run's bits,
// convex edges, 70° blocks, weights and order under every variant, flat quads among the faces;
// and a later call on the same neighbours must form them anew rather than read what an earlier
// mesh left in the workspace (the one workspace serves every mesh here, smaller ones after
// larger ones, as the builder's does).
TEST(InteriorSingleCall, KeepingNothingForLaterCallsGivesThePlainRun) {
    InteriorWorkspace reused;
    int flat_faces = 0, set_faces = 0;
    for (std::uint32_t seed = 1; seed <= 12; ++seed) {
        const int size = 18 - static_cast<int>(seed % 5);
        HandMesh m = seed % 3 == 0   ? terraced_grid(size, seed, 0.0f)
                     : seed % 3 == 1 ? terraced_grid(size, seed, 1e-3f)
                                     : nearly_flat_field(2 * size);
        if (seed % 2 == 0)
            for (std::size_t t = 0; t < m.half.size(); t += 6) m.flat[t] = 1;  // every third quad one polygon
        const InteriorMeshView view = m.view();
        const std::size_t n = view.corner[0].size();
        const std::vector<InteriorOptions> variants = every_variant();
        for (std::size_t v = 0; v < variants.size(); ++v) {
            InteriorOptions single = variants[v];
            single.keep_for_later_calls = false;
            const InteriorOptions& later = variants[(v + 1) % variants.size()];
            InteriorWorkspace plain, plain_later;
            std::vector<std::uint8_t> want(n), want_later(n), got(n, 0xFF);
            ASSERT_TRUE(interior_bits(view, variants[v], plain, want).ok());
            ASSERT_TRUE(interior_bits(view, later, plain_later, want_later).ok());
            ASSERT_TRUE(find_interior_neighbours(view, reused).ok());
            compute_interior_bits(view, single, reused, got);
            ASSERT_EQ(got, want) << "seed " << seed << " variant " << v;
            EXPECT_FALSE(reused.raw_normals_ready);
            ASSERT_EQ(reused.order.size(), plain.order.size());
            for (std::size_t i = 0; i < plain.order.size(); ++i) {
                EXPECT_EQ(reused.order[i].face, plain.order[i].face) << i;
                EXPECT_EQ(bits_of(reused.order[i].weight), bits_of(plain.order[i].weight)) << i;
            }
            for (std::uint32_t f = 0; f < plain.face_count(); ++f) {
                EXPECT_EQ(reused.face_set[f], plain.face_set[f]) << f;
                EXPECT_EQ(reused.convex_mask[f], plain.convex_mask[f]) << f;
                EXPECT_EQ(reused.blocked[f], plain.blocked[f]) << f;
                if (plain.face_complete[f]) {
                    EXPECT_EQ(bits_of(reused.weight[f]), bits_of(plain.weight[f])) << f;
                }
                flat_faces += plain.face_corners[f] == 4;
                set_faces += plain.face_set[f];
            }
            compute_interior_bits(view, later, reused, got);
            ASSERT_EQ(got, want_later) << "seed " << seed << " variant " << v << ", the later call";
        }
    }
    EXPECT_GT(flat_faces, 100);
    EXPECT_GT(set_faces, 100);
}

// The sqrtf length form reuses the raw normals of the call before it: it refuses (and writes
// nothing) where none were kept on these neighbours (new neighbours, or a call that kept
// nothing), rather than read another mesh's, and runs again once a call has kept them.
TEST(InteriorSingleCall, SqrtLengthFormRefusesWithoutKeptRawNormals) {
    const HandMesh big = nearly_flat_field(30), small = terraced_grid(12, 3, 1e-3f);
    const InteriorMeshView big_view = big.view(), view = small.view();
    const std::size_t n = view.corner[0].size();
    InteriorWorkspace ws;
    std::vector<std::uint8_t> bits(big_view.corner[0].size()), got(n, 0xFF), want(n);
    ASSERT_TRUE(interior_bits(big_view, InteriorOptions{}, ws, bits).ok());  // the larger mesh's raw normals kept
    ASSERT_TRUE(find_interior_neighbours(view, ws).ok());
    EXPECT_FALSE(recompute_interior_bits_with_sqrt_length(ws, got).ok());  // new neighbours: none of theirs
    InteriorOptions single;
    single.keep_for_later_calls = false;
    compute_interior_bits(view, single, ws, got);
    std::fill(got.begin(), got.end(), 0xFF);
    const Status refused = recompute_interior_bits_with_sqrt_length(ws, got);  // a call that kept nothing
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().code, ErrorCode::kInternal);
    EXPECT_EQ(got, std::vector<std::uint8_t>(n, 0xFF));
    compute_interior_bits(view, InteriorOptions{}, ws, got);
    ASSERT_TRUE(recompute_interior_bits_with_sqrt_length(ws, got).ok());
    InteriorOptions sqrt_length;
    sqrt_length.length = NormalLength::kSqrt;
    InteriorWorkspace plain;
    ASSERT_TRUE(interior_bits(view, sqrt_length, plain, want).ok());
    EXPECT_EQ(got, want);
}

std::vector<std::uint32_t> plain_order(const InteriorWorkspace& ws) {
    std::vector<std::uint32_t> out;
    for (const auto& w : ws.order) out.push_back(w.face);
    return out;
}

// Step 4 in a given order of the complete faces, as order_and_mark does it (the test's own copy).
std::vector<std::uint8_t> mark_in(const InteriorWorkspace& ws, const std::vector<std::uint32_t>& order) {
    std::vector<std::uint8_t> set(ws.face_count(), 0);
    for (const std::uint32_t f : order) {
        bool free = !ws.blocked[f];
        for (std::uint32_t k = 0; k < ws.face_corners[f]; ++k)
            if (ws.convex_mask[f] & (1u << k)) free = free && !set[ws.edge_neighbour[f * 4 + k]];
        set[f] = free;
    }
    return set;
}

// The tie check is what makes the marking by weights exact: on terraced grids without noise,
// congruent faces joined by convex edges tie, and two orders sorted by weight that differ only in
// how ties fall (key order and reverse key order within a weight) give different bits. There the
// call must come out as the plain run (which it cannot without sorting: a marking by weights that
// ignored ties, or broke them by key, would give one of the two orders' bits, and one of them is
// not the quicksort's).
TEST(InteriorOrder, MarkingByWeightsSortsWhereATieDecidesABit) {
    int ties_decide = 0;
    for (std::uint32_t seed = 1; seed <= 12; ++seed) {
        const HandMesh m = terraced_grid(14, seed, 0.0f);
        const InteriorMeshView view = m.view();
        const std::size_t n = view.corner[0].size();
        InteriorWorkspace plain, fast;
        std::vector<std::uint8_t> want(n), got(n, 0xFF);
        ASSERT_TRUE(interior_bits(view, InteriorOptions{}, plain, want).ok());
        std::vector<std::uint32_t> up, down;
        for (const auto& w : plain.order) up.push_back(w.face);
        std::sort(up.begin(), up.end(), [&](std::uint32_t a, std::uint32_t b) {
            return plain.weight[a] != plain.weight[b] ? plain.weight[a] < plain.weight[b] : a < b;
        });
        down = up;
        std::sort(down.begin(), down.end(), [&](std::uint32_t a, std::uint32_t b) {
            return plain.weight[a] != plain.weight[b] ? plain.weight[a] < plain.weight[b] : a > b;
        });
        const std::vector<std::uint8_t> plain_set(plain.face_set.begin(), plain.face_set.begin() + plain.face_count());
        const bool decides = mark_in(plain, up) != mark_in(plain, down);
        EXPECT_EQ(mark_in(plain, plain_order(plain)), plain_set);  // the test's marking is the plain one
        ASSERT_TRUE(find_interior_neighbours(view, fast).ok());
        compute_interior_bits(view, InteriorOptions{}, fast, got, {}, ReferenceUse::kBitsOnly);
        EXPECT_EQ(got, want) << "seed " << seed;
        if (decides) {
            ++ties_decide;
            EXPECT_TRUE(fast.order_is_quicksorts) << "seed " << seed;  // a tie decides: it had to sort
        }
    }
    EXPECT_GT(ties_decide, 3);
}

// A NaN weight (a zero-area face: s × refine(estimate(0)) is NaN under the table) makes the
// marking by weights, and the reference's order, unusable: the quicksort's order need not be
// sorted then. On a bumpy grid
// (distinct weights, so only the NaN check refuses) with one cell collapsed to a point, a
// reference sorted by weight with the NaNs last differs from the quicksort's order; the call must
// sort as a plain run does.
TEST(InteriorOrder, MarkingByWeightsRefusesNaNWeights) {
    HandMesh m;
    const int n = 10;
    for (int j = 0; j <= n; ++j)
        for (int i = 0; i <= n; ++i)
            m.vertex(static_cast<float>(i),
                     std::sin(0.7f * static_cast<float>(i)) * std::cos(1.3f * static_cast<float>(j)),
                     static_cast<float>(j));
    auto at = [&](int i, int j) { return static_cast<std::uint32_t>(j * (n + 1) + i); };
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) m.quad(at(i, j), at(i, j + 1), at(i + 1, j + 1), at(i + 1, j));
    for (const std::uint32_t v :
         {at(5, 5), at(5, 6), at(6, 6), at(6, 5)}) {  // cell (5, 5) collapsed onto its first corner
        m.x[v] = m.x[at(5, 5)];
        m.y[v] = m.y[at(5, 5)];
        m.z[v] = m.z[at(5, 5)];
    }
    const InteriorMeshView view = m.view();
    const std::size_t count = view.corner[0].size();
    InteriorWorkspace plain, fast;
    std::vector<std::uint8_t> want(count), got(count);
    ASSERT_TRUE(interior_bits(view, InteriorOptions{}, plain, want).ok());
    std::vector<InteriorWorkspace::Weighted> reference(plain.order.begin(), plain.order.end());
    std::sort(reference.begin(), reference.end(), [](const auto& a, const auto& b) {
        const bool a_nan = a.weight != a.weight, b_nan = b.weight != b.weight;
        if (a_nan != b_nan) return b_nan;
        return !a_nan && a.weight != b.weight ? a.weight < b.weight : a.face < b.face;
    });
    int nan = 0, moved = 0;
    for (std::size_t i = 0; i < reference.size(); ++i) {
        nan += reference[i].weight != reference[i].weight;
        moved += reference[i].face != plain.order[i].face;
    }
    ASSERT_GT(nan, 0);
    ASSERT_GT(moved, 0);
    ASSERT_TRUE(find_interior_neighbours(view, fast).ok());
    compute_interior_bits(view, InteriorOptions{}, fast, got, reference, ReferenceUse::kBitsOnly);
    EXPECT_EQ(got, want);
    EXPECT_TRUE(fast.order_is_quicksorts);  // the NaN made it sort
    for (std::size_t i = 0; i < plain.order.size(); ++i) EXPECT_EQ(fast.order[i].face, plain.order[i].face) << i;
}

// A reference that has faces joined by a convex edge the other way round from their weights
// (the marking order reversed; distinct weights) changes nothing: marking in it would set other
// faces, and the marking by weights does not read it.
TEST(InteriorOrder, MarkingByWeightsIgnoresAReferenceAgainstTheWeights) {
    const HandMesh m = terraced_grid(14, 5, 1e-3f);
    const InteriorMeshView view = m.view();
    const std::size_t count = view.corner[0].size();
    InteriorWorkspace plain, fast, reversed_run;
    std::vector<std::uint8_t> want(count), got(count), reversed_bits(count);
    ASSERT_TRUE(interior_bits(view, InteriorOptions{}, plain, want).ok());
    const std::vector<InteriorWorkspace::Weighted> reference(plain.order.rbegin(), plain.order.rend());
    // What marking in the reversed order would give (the fast form without its order check).
    ASSERT_TRUE(interior_bits(view, InteriorOptions{}, reversed_run, reversed_bits).ok());
    std::fill(reversed_run.face_set.begin(), reversed_run.face_set.end(), std::uint8_t{0});
    for (const auto& w : reference) {
        const std::uint32_t f = w.face;
        bool free = !reversed_run.blocked[f];
        for (std::uint32_t k = 0; k < 3; ++k)
            if (reversed_run.convex_mask[f] & (1u << k))
                free = free && !reversed_run.face_set[reversed_run.edge_neighbour[f * 4 + k]];
        reversed_run.face_set[f] = free;
    }
    ASSERT_NE(std::vector<std::uint8_t>(reversed_run.face_set.begin(), reversed_run.face_set.end()),
              std::vector<std::uint8_t>(plain.face_set.begin(), plain.face_set.end()));
    ASSERT_TRUE(find_interior_neighbours(view, fast).ok());
    compute_interior_bits(view, InteriorOptions{}, fast, got, reference, ReferenceUse::kBitsOnly);
    EXPECT_EQ(got, want);
    sort_in_quicksort_order(fast);
    for (std::size_t i = 0; i < plain.order.size(); ++i) EXPECT_EQ(fast.order[i].face, plain.order[i].face) << i;
}

// ---- faces no estimate changes (InteriorOptions::note_estimate_free) -----------------------------

// The bound the margin is derived from: newton_refine(estimate(s), s) within kRefinedEstimateBound
// of 1 ⁄ √s under every mode, every float s of [1, 4) (the table and the exact root scale by a
// power of two to every other octave pair) and random s over [kEstimateFreeLeast, kEstimateFreeMost].
TEST(InteriorEstimateFree, EveryRefinedEstimateIsWithinTheBound) {
    std::vector<RsqrtMode> modes = {RsqrtMode::kTable, RsqrtMode::kExact};
    if (host_rsqrtps_available()) modes.push_back(RsqrtMode::kHostRsqrtps);
    auto error = [](RsqrtMode mode, float s) {
        const float r = newton_refine(rsqrt_estimate(s, mode), s);
        return std::fabs(static_cast<double>(r) * std::sqrt(static_cast<double>(s)) - 1.0);
    };
    for (const RsqrtMode mode : modes) {
        double worst = 0;
        for (std::uint32_t b = bits_of(1.0f); b < bits_of(4.0f); ++b) worst = std::max(worst, error(mode, float_of(b)));
        std::uint32_t state = 12345;
        for (int i = 0; i < 200000; ++i) {
            state = state * 1664525u + 1013904223u;
            const float s =
                std::ldexp(1.0f + static_cast<float>(state >> 9) * 0x1p-23f, static_cast<int>(state % 201u) - 100);
            worst = std::max(worst, error(mode, s));
        }
        EXPECT_LE(worst, static_cast<double>(kRefinedEstimateBound)) << rsqrt_mode_name(mode);
        EXPECT_GT(worst, static_cast<double>(kRefinedEstimateBound) / 64)
            << rsqrt_mode_name(mode);  // the bound is not loose by far
    }
}

// A plane tilted in two directions through large triangles: neighbours coplanar up to rounding,
// so e · (n × m) is rounding noise far above 2⁻²³ and the estimate decides which edges are convex.
HandMesh tilted_plane(int n, std::uint32_t seed) {
    HandMesh m;
    std::uint32_t state = seed * 2654435761u + 7u;
    for (int j = 0; j <= n; ++j)
        for (int i = 0; i <= n; ++i) {
            state = state * 1664525u + 1013904223u;
            const float x = static_cast<float>(i) * 7.3f + static_cast<float>(state >> 20) * 1e-4f;
            const float z = static_cast<float>(j) * 6.1f + static_cast<float>((state >> 8) & 4095u) * 1e-4f;
            m.vertex(x, 0.37f * x + 0.61f * z + 3.0f, z);
        }
    auto at = [&](int i, int j) { return static_cast<std::uint32_t>(j * (n + 1) + i); };
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) m.quad(at(i, j), at(i, j + 1), at(i + 1, j + 1), at(i + 1, j));
    return m;
}

struct EstimateFreeTally {
    int mismatches = 0;  // a face or bit where the pass's sequence differs from a plain run
    int copied = 0;      // complete faces noted the same under any estimate
    int recomputed = 0;  // complete faces not noted
    int estimate_decides =
        0;  // complete faces whose convex_mask or blocked differ between the table and another estimate
};

// The pass's sequence on one workspace (the table noting, the sqrtf length, then the exact and
// host estimates copying the noted faces), each call against a plain run of its own.
void run_as_the_pass(const HandMesh& m, float margin, EstimateFreeTally& tally) {
    const InteriorMeshView view = m.view();
    const std::size_t n = view.corner[0].size();
    InteriorWorkspace ws;
    ws.estimate_margin = margin;
    ASSERT_TRUE(find_interior_neighbours(view, ws).ok());
    std::vector<std::uint8_t> got(n);
    InteriorOptions table;
    table.note_estimate_free = true;
    compute_interior_bits(view, table, ws, got, {}, ReferenceUse::kBitsOnly);
    const std::vector<std::uint8_t> table_mask(ws.convex_mask.begin(), ws.convex_mask.begin() + ws.face_count());
    const std::vector<std::uint8_t> table_blocked(ws.blocked.begin(), ws.blocked.begin() + ws.face_count());
    for (std::uint32_t f = 0; f < ws.face_count(); ++f) {
        if (!ws.face_complete[f]) continue;
        const bool same = ws.estimate_free[f] & InteriorWorkspace::kSameUnderAnyEstimate;
        tally.copied += same;
        tally.recomputed += !same;
    }
    auto compare = [&](const InteriorOptions& o, const std::vector<std::uint8_t>& bits) {
        InteriorWorkspace plain;
        std::vector<std::uint8_t> want(n);
        ASSERT_TRUE(interior_bits(view, o, plain, want).ok());
        tally.mismatches += bits != want;
        for (std::uint32_t f = 0; f < plain.face_count(); ++f) {
            if (!plain.face_complete[f]) continue;
            tally.mismatches += plain.convex_mask[f] != ws.convex_mask[f] || plain.blocked[f] != ws.blocked[f] ||
                                bits_of(plain.weight[f]) != bits_of(ws.weight[f]);
            if (o.rsqrt != RsqrtMode::kTable)
                tally.estimate_decides += plain.convex_mask[f] != table_mask[f] || plain.blocked[f] != table_blocked[f];
        }
    };
    compare(InteriorOptions{}, got);
    InteriorOptions sqrt_length;
    sqrt_length.length = NormalLength::kSqrt;
    ASSERT_TRUE(recompute_interior_bits_with_sqrt_length(ws, got, {}, ReferenceUse::kBitsOnly).ok());
    compare(sqrt_length, got);
    std::vector<RsqrtMode> modes = {RsqrtMode::kExact};
    if (host_rsqrtps_available()) modes.push_back(RsqrtMode::kHostRsqrtps);
    for (const RsqrtMode mode : modes) {
        InteriorOptions o;
        o.rsqrt = mode;
        compute_interior_bits(view, o, ws, got, {}, ReferenceUse::kBitsOnly);
        compare(o, got);
    }
}

std::vector<HandMesh> estimate_free_meshes() {
    std::vector<HandMesh> out;
    for (std::uint32_t seed = 1; seed <= 6; ++seed) out.push_back(tilted_plane(24, seed));
    out.push_back(nearly_flat_field(24));
    out.push_back(terraced_grid(16, 3, 1e-3f));
    out.push_back(terraced_grid(16, 4, 0.0f));
    out.push_back(tetrahedron());
    return out;
}

// Where the estimate decides convex edges (tilted planes: coplanar up to rounding), the alternatives
// that copy the noted faces must equal their plain runs face by face and bit by bit; both the
// copy and the recomputation must be taken often.
TEST(InteriorEstimateFree, CopiedFacesEqualThePlainRunsWhereTheEstimateDecides) {
    EstimateFreeTally tally;
    for (const HandMesh& m : estimate_free_meshes()) run_as_the_pass(m, InteriorWorkspace{}.estimate_margin, tally);
    EXPECT_EQ(tally.mismatches, 0);
    EXPECT_GT(tally.estimate_decides, 20);
    EXPECT_GT(tally.copied, 1000);
    EXPECT_GT(tally.recomputed, 1000);
}

// The check above sees a wrong margin: with none at all (every face whose decisions hold in the
// table's run noted, however close to the thresholds) the copied faces differ from the plain runs.
TEST(InteriorEstimateFree, ATooSmallMarginIsCaught) {
    EstimateFreeTally tally;
    for (const HandMesh& m : estimate_free_meshes()) run_as_the_pass(m, 0.0f, tally);
    EXPECT_GT(tally.mismatches, 0);
}

// A grid of quads (every third flat: four-cornered faces) over random heights, with some vertices
// replaced by NaN, ±inf, subnormal, zero or huge coordinates or collapsed onto a neighbour
// (zero-length edges, zero-area faces).
HandMesh hostile_grid(int n, std::uint32_t seed) {
    HandMesh m;
    std::uint32_t state = seed * 2654435761u + 99u;
    auto next = [&] {
        state = state * 1664525u + 1013904223u;
        return state >> 8;
    };
    const float odd[] = {std::nanf(""), INFINITY, -INFINITY, 0x1p-140f, -0x1p-149f, 0.0f, 0x1p60f, -0x1p-70f};
    for (int j = 0; j <= n; ++j)
        for (int i = 0; i <= n; ++i) {
            float c[3] = {static_cast<float>(i), 0.25f * static_cast<float>(next() % 9), static_cast<float>(j)};
            if (next() % 7 == 0) c[next() % 3] = odd[next() % 8];
            m.vertex(c[0], c[1], c[2]);
            if (i > 0 && next() % 11 == 0) {  // onto the previous vertex
                m.x.back() = m.x[m.x.size() - 2], m.y.back() = m.y[m.y.size() - 2], m.z.back() = m.z[m.z.size() - 2];
            }
        }
    auto at = [&](int i, int j) { return static_cast<std::uint32_t>(j * (n + 1) + i); };
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) m.quad(at(i, j), at(i, j + 1), at(i + 1, j + 1), at(i + 1, j), (i + j) % 3 == 0);
    return m;
}

// The noting call's loop (its own copy of the rule's arithmetic, with the margins) against the
// plain loop: every estimate, on hostile grids, tilted planes and terraces, the same convex edges,
// 70° blocks, weights, edge vectors and bits.
TEST(InteriorEstimateFree, TheNotingFormEqualsThePlainRule) {
    std::vector<HandMesh> meshes = estimate_free_meshes();
    for (std::uint32_t seed = 1; seed <= 8; ++seed) meshes.push_back(hostile_grid(20, seed));
    int faces = 0, four_cornered = 0, nan_weights = 0;
    for (const HandMesh& m : meshes) {
        const InteriorMeshView view = m.view();
        const std::size_t n = view.corner[0].size();
        for (const RsqrtMode mode : {RsqrtMode::kTable, RsqrtMode::kExact, RsqrtMode::kHostRsqrtps}) {
            InteriorOptions plain_options, noting_options;
            plain_options.rsqrt = noting_options.rsqrt = mode;
            noting_options.note_estimate_free = true;
            InteriorWorkspace plain, noting;
            std::vector<std::uint8_t> want(n), got(n);
            ASSERT_TRUE(interior_bits(view, plain_options, plain, want).ok());
            ASSERT_TRUE(interior_bits(view, noting_options, noting, got).ok());
            EXPECT_EQ(got, want);
            for (std::uint32_t f = 0; f < plain.face_count(); ++f) {
                if (!plain.face_complete[f]) continue;
                ++faces;
                four_cornered += plain.face_corners[f] == 4;
                nan_weights += plain.weight[f] != plain.weight[f];
                EXPECT_EQ(noting.convex_mask[f], plain.convex_mask[f]) << f;
                EXPECT_EQ(noting.blocked[f], plain.blocked[f]) << f;
                EXPECT_EQ(bits_of(noting.weight[f]), bits_of(plain.weight[f])) << f;
                for (std::uint32_t k = 0; k < plain.face_corners[f]; ++k) {
                    const Vec3f a = plain.edge_vector[f * 4 + k], b = noting.edge_vector[f * 4 + k];
                    EXPECT_EQ(bits_of(a.x), bits_of(b.x));
                    EXPECT_EQ(bits_of(a.y), bits_of(b.y));
                    EXPECT_EQ(bits_of(a.z), bits_of(b.z));
                }
            }
        }
    }
    EXPECT_GT(faces, 10000);
    EXPECT_GT(four_cornered, 1000);
    EXPECT_GT(nan_weights, 10);
}

// ---- the CPU paths (engine/core/cpu_path.h) ------------------------------------------------------

// Everything steps 2 to 4 leave in a workspace, as bits: per face its convex edges, 70° block, set
// bit, weight, noted flags and normals, per edge of a complete face its vector, and the order.
// Each word's name (what it is, of which face) goes in `names`, for a failure's message.
std::vector<std::uint32_t> results_of(const InteriorWorkspace& ws, const std::vector<std::uint8_t>& bits,
                                      std::vector<std::string>* names = nullptr) {
    std::vector<std::uint32_t> out;
    auto put = [&](std::uint32_t word, const std::string& name, std::uint32_t f) {
        out.push_back(word);
        if (names != nullptr) names->push_back(name + " " + std::to_string(f));
    };
    auto put3 = [&](Vec3f v, const std::string& name, std::uint32_t f) {
        put(bits_of(v.x), name + ".x", f);
        put(bits_of(v.y), name + ".y", f);
        put(bits_of(v.z), name + ".z", f);
    };
    for (std::uint32_t t = 0; t < bits.size(); ++t) put(bits[t], "bit of triangle", t);
    for (std::uint32_t f = 0; f < ws.face_count(); ++f) {
        put(ws.convex_mask[f], "convex_mask", f);
        put(ws.blocked[f], "blocked", f);
        put(ws.face_set[f], "face_set", f);
        put(bits_of(ws.weight[f]), "weight", f);
        if (ws.estimate_free_ready) put(ws.estimate_free[f], "estimate_free", f);
        put3(ws.unit_normal[f], "unit_normal", f);
        if (ws.raw_normals_ready) put3(ws.raw_normal[f], "raw_normal", f);
        if (ws.raw_normals_ready && ws.face_complete[f])
            for (std::uint32_t k = 0; k < ws.face_corners[f]; ++k) put3(ws.edge_vector[f * 4 + k], "edge_vector", f);
    }
    for (std::uint32_t i = 0; i < ws.order.size(); ++i) {
        put(bits_of(ws.order[i].weight), "order weight", i);
        put(ws.order[i].face, "order face", i);
    }
    put(ws.order_is_quicksorts, "order_is_quicksorts", 0);
    return out;
}

// The pass's sequence of calls on one workspace (the table noting, the sqrtf length, the exact and
// host estimates copying the noted faces and reusing the table's order), then one plain call per
// estimate that keeps nothing for later calls, all on one CPU path: every call's results in turn.
// `names`: each call's words' names (for a failure's message).
std::vector<std::vector<std::uint32_t>> run_on_path(const InteriorMeshView& view, CpuPath path,
                                                    std::vector<std::vector<std::string>>* names = nullptr) {
    auto next_names = [&] { return names != nullptr ? &names->emplace_back() : nullptr; };
    const std::size_t n = view.corner[0].size();
    std::vector<std::vector<std::uint32_t>> out;
    std::vector<std::uint8_t> bits(n);
    InteriorWorkspace ws;
    EXPECT_TRUE(find_interior_neighbours(view, ws).ok());
    InteriorOptions table;
    table.note_estimate_free = true;
    table.cpu_path = path;
    compute_interior_bits(view, table, ws, bits, {}, ReferenceUse::kBitsOnly);
    out.push_back(results_of(ws, bits, next_names()));
    sort_in_quicksort_order(ws);
    const std::vector<InteriorWorkspace::Weighted> table_order = ws.order;
    EXPECT_TRUE(recompute_interior_bits_with_sqrt_length(ws, bits, table_order, ReferenceUse::kBitsOnly).ok());
    out.push_back(results_of(ws, bits, next_names()));
    for (const RsqrtMode mode : {RsqrtMode::kExact, RsqrtMode::kHostRsqrtps}) {
        InteriorOptions o;
        o.rsqrt = mode;
        o.cpu_path = path;
        compute_interior_bits(view, o, ws, bits, table_order, ReferenceUse::kBitsOnly);
        out.push_back(results_of(ws, bits, next_names()));
    }
    for (const RsqrtMode mode : {RsqrtMode::kTable, RsqrtMode::kExact, RsqrtMode::kHostRsqrtps}) {
        InteriorOptions o;
        o.rsqrt = mode;
        o.keep_for_later_calls = false;
        o.cpu_path = path;
        InteriorWorkspace fresh;
        EXPECT_TRUE(interior_bits(view, o, fresh, bits).ok());
        out.push_back(results_of(fresh, bits, next_names()));
    }
    return out;
}

// The baseline and AVX2 kernels on the same mesh: every call of the sequence, the same bits.
void expect_paths_agree(const InteriorMeshView& view, const char* what) {
    const auto baseline = run_on_path(view, CpuPath::kBaseline);
    const auto avx2 = run_on_path(view, CpuPath::kAvx2);
    ASSERT_EQ(baseline.size(), avx2.size());
    for (std::size_t call = 0; call < baseline.size(); ++call) {
        ASSERT_EQ(baseline[call].size(), avx2[call].size()) << what << ", call " << call;
        const auto [b, a] = std::mismatch(baseline[call].begin(), baseline[call].end(), avx2[call].begin());
        if (b == baseline[call].end()) continue;
        std::vector<std::vector<std::string>> names;
        run_on_path(view, CpuPath::kBaseline, &names);
        ADD_FAILURE() << what << ", call " << call << ": "
                      << names[call][static_cast<std::size_t>(b - baseline[call].begin())] << " differs: 0x" << std::hex
                      << *b << " on the baseline, 0x" << *a << " on AVX2";
    }
}

// hostile_grid without NaN or infinity: subnormal, zero and huge coordinates, vertices collapsed
// onto a neighbour (zero-length edges, zero-area faces).
HandMesh degenerate_grid(int n, std::uint32_t seed) {
    HandMesh m = hostile_grid(n, seed);
    for (std::vector<float>* column : {&m.x, &m.y, &m.z})
        for (float& c : *column)
            if (!std::isfinite(c)) c = c != c ? 0x1p-149f : 0.0f;
    return m;
}

TEST(InteriorCpuPaths, Avx2KernelsGiveTheBaselinesBitsOnEveryMesh) {
    if (!cpu_supports(CpuPath::kAvx2)) GTEST_SKIP() << "this processor has no AVX2";
    std::vector<HandMesh> meshes = estimate_free_meshes();
    for (std::uint32_t seed = 1; seed <= 6; ++seed) {
        meshes.push_back(hostile_grid(19, seed));
        meshes.push_back(degenerate_grid(21, seed));
        meshes.push_back(terraced_grid(13 + static_cast<int>(seed), seed, seed % 2 ? 1e-3f : 0.0f));
    }
    HandMesh tiny;  // fewer faces than one register's lanes: the scalar tail alone
    tiny.triangle(tiny.vertex(0, 0, 0), tiny.vertex(1, 0, 0), tiny.vertex(0, 0, 1));
    meshes.push_back(tiny);
    meshes.push_back(tetrahedron());
    for (std::size_t i = 0; i < meshes.size(); ++i)
        expect_paths_agree(meshes[i].view(), ("hand mesh " + std::to_string(i)).c_str());
}

// A path the build or the processor lacks falls back to the baseline rather than faulting.
TEST(InteriorCpuPaths, EveryPathRunsWhereverTheTestRuns) {
    HandMesh m = tilted_plane(6, 1);
    InteriorWorkspace ws;
    std::vector<std::uint8_t> bits(m.half.size());
    for (const CpuPath path : {CpuPath::kBaseline, CpuPath::kAvx2}) {
        InteriorOptions o;
        o.cpu_path = path;
        ASSERT_TRUE(interior_bits(m.view(), o, ws, bits).ok());
        EXPECT_EQ(bits, m.run(ws)) << cpu_path_name(path);
    }
}

// ---- the real Elden Ring sample -----------------------------------------------------------------

class InteriorErSample : public test::MeshErSampleTest {};

TEST_F(InteriorErSample, StoredBitsReproducedUnderTheTable) {
    const mesh::DecodedMesh& m = mesh();
    InteriorWorkspace ws;
    std::vector<std::uint8_t> bits;
    ASSERT_TRUE(interior_bits(m, InteriorOptions{}, ws, bits).ok());
    ASSERT_EQ(bits.size(), 15u);
    std::vector<std::uint32_t> set_keys;
    for (std::size_t t = 0; t < bits.size(); ++t) {
        EXPECT_EQ(bits[t], m.triangles.interior[t]) << "key " << m.triangles.key[t];
        if (bits[t]) set_keys.push_back(m.triangles.key[t]);
    }
    EXPECT_EQ(set_keys, (std::vector<std::uint32_t>{5, 17, 22}));  // havok/README.md: 0x00420020
    // reading-notes.md: the three complete faces sort to keys 22, 17, 5 with these weights.
    ASSERT_EQ(ws.order.size(), 3u);
    const std::uint32_t want_key[3] = {22, 17, 5};
    const std::uint32_t want_weight[3] = {0x4387D9FFu, 0x4508079Eu, 0x466898AAu};
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(m.triangles.key[ws.face_triangle[ws.order[i].face]], want_key[i]);
        EXPECT_EQ(bits_of(ws.order[i].weight), want_weight[i]) << std::hex << bits_of(ws.order[i].weight);
    }
}

TEST_F(InteriorErSample, Avx2KernelsGiveTheBaselinesBits) {
    if (!cpu_supports(CpuPath::kAvx2)) GTEST_SKIP() << "this processor has no AVX2";
    std::vector<std::uint8_t> flat;
    expect_paths_agree(interior_view(mesh(), flat), "the Elden Ring sample");
}

TEST_F(InteriorErSample, AlternativesOnTheSample) {
    // The sample has no convex edge among its complete faces (reading-notes.md), so the exact and
    // host estimates give the same bits; the weights' |n| form is what the sample does decide.
    const mesh::DecodedMesh& m = mesh();
    InteriorWorkspace ws;
    for (RsqrtMode mode : {RsqrtMode::kExact, RsqrtMode::kHostRsqrtps}) {
        InteriorOptions o;
        o.rsqrt = mode;
        std::vector<std::uint8_t> bits;
        ASSERT_TRUE(interior_bits(m, o, ws, bits).ok());
        for (std::size_t t = 0; t < bits.size(); ++t)
            EXPECT_EQ(bits[t], m.triangles.interior[t]) << rsqrt_mode_name(mode);
        for (const auto& w : ws.order) EXPECT_EQ(ws.convex_mask[w.face], 0u);
    }
    // |n| as a correctly rounded square root instead of s × refine(estimate(s)): the heaviest
    // face's weight comes out one ulp above the one reading-notes.md gives (0x466898AA).
    InteriorOptions o;
    o.length = NormalLength::kSqrt;
    std::vector<std::uint8_t> bits;
    ASSERT_TRUE(interior_bits(m, o, ws, bits).ok());
    ASSERT_EQ(ws.order.size(), 3u);
    EXPECT_EQ(bits_of(ws.order[2].weight), 0x466898ABu);
}

}  // namespace
}  // namespace meshproof::rules
