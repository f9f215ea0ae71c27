// engine/sur/convex_hull: the QuickHull of freelancer-surface.md "Convex hull" and "Two fixes to
// the original" on hand-built clouds (cube with seam duplicates, cube with interior points and
// face-interior detail, tetrahedron, a small hull far from the origin), the typed errors,
// deterministic random clouds checked for convexity, containment and a closed surface, a
// hostile random run (NaN, infinities, duplicates, huge magnitudes), and every terminal hull of
// the retail sample rebuilt from its own points ("Regenerating the corpus's own hulls").
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <vector>

#include "engine/sur/convex_hull.h"
#include "engine/sur/sur_file.h"
#include "tests/sur/sur_fixtures.h"

namespace meshproof::sur {
namespace {

using Cloud = std::vector<HullPoint>;

std::vector<std::uint32_t> all_of(const Cloud& c) {
    std::vector<std::uint32_t> v(c.size());
    std::iota(v.begin(), v.end(), 0u);
    return v;
}

// The structural facts every hull must have: vertices distinct and exactly those the faces use,
// every directed edge once and its reverse once (a closed, consistently oriented surface),
// Euler's F = 2V − 4, convex and containing every input point within the tolerance.
void expect_valid_hull(const Cloud& pts, const ConvexHull& h) {
    std::set<std::uint32_t> verts(h.indices.begin(), h.indices.end());
    EXPECT_EQ(verts.size(), h.indices.size()) << "duplicate vertex";
    std::set<std::uint32_t> used;
    std::map<std::pair<std::uint32_t, std::uint32_t>, int> edges;
    for (const auto& f : h.faces) {
        for (int k = 0; k < 3; ++k) {
            used.insert(f[k]);
            ++edges[{f[k], f[(k + 1) % 3]}];
        }
        EXPECT_TRUE(f[0] != f[1] && f[1] != f[2] && f[0] != f[2]);
    }
    EXPECT_EQ(used, verts);
    for (const auto& [e, n] : edges) {
        EXPECT_EQ(n, 1) << "edge " << e.first << "-" << e.second << " used " << n << " times";
        EXPECT_EQ(edges.count({e.second, e.first}), 1u) << "edge " << e.first << "-" << e.second << " has no reverse";
    }
    EXPECT_EQ(h.faces.size(), 2 * h.indices.size() - 4);
    EXPECT_LE(hull_excess(pts, h, h.indices), h.tolerance) << "not convex";
    EXPECT_LE(hull_excess(pts, h, all_of(pts)), h.tolerance) << "a point outside";
}

Cloud cube_corners(float lo, float hi) {
    Cloud c;
    for (int i = 0; i < 8; ++i) c.push_back({i & 1 ? hi : lo, i & 2 ? hi : lo, i & 4 ? hi : lo});
    return c;
}

TEST(ConvexHull, CubeWithSeamDuplicatesKeepsEightVertices) {
    // A mesh repeats a position once per seam meeting there: a cube arrives as 24 points.
    Cloud pts;
    const Cloud corners = cube_corners(-1, 1);
    for (int copy = 0; copy < 3; ++copy)
        for (const auto& p : corners) pts.push_back(p);
    const HullResult h = convex_hull(pts);
    ASSERT_TRUE(h.ok()) << hull_error_name(h.error());
    EXPECT_EQ(h->indices.size(), 8u);
    EXPECT_EQ(h->faces.size(), 12u);
    for (std::uint32_t i : h->indices) EXPECT_LT(i, 8u) << "the first of each duplicate survives";
    EXPECT_FALSE(h->stopped_early);
    expect_valid_hull(pts, *h);
    // Outward: the centre is below every face.
    for (const auto& f : h->faces) {
        const auto& a = pts[f[0]];
        const auto& b = pts[f[1]];
        const auto& c = pts[f[2]];
        const double u[3] = {double(b[0]) - a[0], double(b[1]) - a[1], double(b[2]) - a[2]};
        const double v[3] = {double(c[0]) - a[0], double(c[1]) - a[1], double(c[2]) - a[2]};
        const double n[3] = {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
        EXPECT_LT(n[0] * -a[0] + n[1] * -a[1] + n[2] * -a[2], 0.0);
    }
}

TEST(ConvexHull, CubeWithInteriorPointsAndFaceDetailSettlesTieClusters) {
    // Interior points, and on every face a grid of detail points (edge midpoints, face centres,
    // quarter points): all tie with the corners for farthest from the faces they lie on.
    Cloud pts;
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> in(-0.9f, 0.9f);
    for (int i = 0; i < 50; ++i) pts.push_back({in(rng), in(rng), in(rng)});
    const float grid[] = {-1, -0.5f, 0, 0.25f, 0.5f, 1};
    for (int axis = 0; axis < 3; ++axis)
        for (float side : {-1.0f, 1.0f})
            for (float s : grid)
                for (float t : grid) {
                    HullPoint p{};
                    p[axis] = side;
                    p[(axis + 1) % 3] = s;
                    p[(axis + 2) % 3] = t;
                    pts.push_back(p);
                }
    for (int i = 0; i < 50; ++i) pts.push_back({in(rng), in(rng), in(rng)});
    const HullResult h = convex_hull(pts);
    ASSERT_TRUE(h.ok()) << hull_error_name(h.error());
    EXPECT_EQ(h->indices.size(), 8u);
    EXPECT_EQ(h->faces.size(), 12u);
    for (std::uint32_t i : h->indices)
        for (int k = 0; k < 3; ++k) EXPECT_EQ(std::abs(pts[i][k]), 1.0f) << "a corner";
    expect_valid_hull(pts, *h);
}

TEST(ConvexHull, TieClusterOnAFaceParallelPlane) {
    // A flat slab of tied points above a tetrahedron-like base: only the slab's outline survives.
    Cloud pts = {{0, 0, 0}, {4, 0, 0}, {0, 4, 0}, {4, 4, 0}};
    for (int i = 0; i <= 4; ++i)
        for (int j = 0; j <= 4; ++j) pts.push_back({float(i), float(j), 2});
    const HullResult h = convex_hull(pts);
    ASSERT_TRUE(h.ok());
    EXPECT_EQ(h->indices.size(), 8u);  // a box: 4 base corners, 4 slab corners
    expect_valid_hull(pts, *h);
}

TEST(ConvexHull, Tetrahedron) {
    const Cloud pts = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    const HullResult h = convex_hull(pts);
    ASSERT_TRUE(h.ok());
    EXPECT_EQ(h->indices.size(), 4u);
    EXPECT_EQ(h->faces.size(), 4u);
    expect_valid_hull(pts, *h);
    // Each face's outward side faces away from the vertex it does not use.
    for (const auto& f : h->faces) {
        std::uint32_t other = 0;
        while (other == f[0] || other == f[1] || other == f[2]) ++other;
        const std::uint32_t one[1] = {other};
        ConvexHull single = *h;
        single.faces = {f};
        EXPECT_LT(hull_excess(pts, single, one), 0.0);
    }
}

TEST(ConvexHull, ToleranceIsOneUlpAtTheDataDistanceFromTheOrigin) {
    // The magnitude is the distance from the origin, not the extent.
    const Cloud unit = cube_corners(0, 1);  // farthest point sqrt(3)
    EXPECT_EQ(hull_tolerance(unit), std::nextafter(std::sqrt(3.0f), 1e9f) - std::sqrt(3.0f));
    const Cloud far = cube_corners(1000, 1001);  // same extent, ~1733 from the origin
    const float m = static_cast<float>(std::sqrt(3.0) * 1001.0);
    EXPECT_EQ(hull_tolerance(far), std::nextafter(m, 1e9f) - m);
    EXPECT_EQ(hull_tolerance(far), 1.220703125e-4f);  // float spacing in [1024, 2048)
    EXPECT_EQ(hull_tolerance(Cloud{}), 0.0f);
}

TEST(ConvexHull, SmallHullFarFromTheOrigin) {
    // A unit cube 1e4 from the origin with interior and face points and one corner repeated one
    // float step away: within the tolerance (one ulp at ~1.7e4), so the same point once written.
    Cloud pts = cube_corners(10000, 10001);
    const float step = std::nextafter(10001.0f, 1e9f);
    pts.push_back({step, 10001, 10001});
    pts.push_back({10000.5f, 10000.5f, 10000.5f});
    pts.push_back({10000.5f, 10000.5f, 10001});
    pts.push_back({10000.25f, 10001, 10000.75f});
    const HullResult h = convex_hull(pts);
    ASSERT_TRUE(h.ok()) << hull_error_name(h.error());
    EXPECT_EQ(h->indices.size(), 8u);
    EXPECT_EQ(h->faces.size(), 12u);
    EXPECT_EQ(h->tolerance, 0.001953125f);  // spacing of float32 in [16384, 32768)
    expect_valid_hull(pts, *h);
    // The same shape at the origin keeps its tolerance small and its cube.
    Cloud near = cube_corners(0, 1);
    near.push_back({0.5f, 0.5f, 0.5f});
    const HullResult n = convex_hull(near);
    ASSERT_TRUE(n.ok());
    EXPECT_EQ(n->indices.size(), 8u);
    EXPECT_LT(n->tolerance, 1e-6f);
}

TEST(ConvexHull, TypedErrors) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    EXPECT_EQ(convex_hull(Cloud{}).error(), HullError::kTooFewPoints);
    EXPECT_EQ(convex_hull(Cloud{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}).error(), HullError::kTooFewPoints);
    // Seven points, three distinct coordinates.
    EXPECT_EQ(
        convex_hull(Cloud{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {-0.0f, 0, 0}}).error(),
        HullError::kTooFewPoints);
    // Flat: a grid on one (tilted) plane.
    Cloud flat;
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j) flat.push_back({float(i), float(j), float(i + 2 * j)});
    EXPECT_EQ(convex_hull(flat).error(), HullError::kFlat);
    // Line.
    Cloud line;
    for (int i = 0; i < 6; ++i) line.push_back({float(i), float(2 * i), float(-i)});
    EXPECT_EQ(convex_hull(line).error(), HullError::kLine);
    // Spot: distinct points, all within one ulp of each other.
    const float a = 100.0f, b = std::nextafter(a, 1e9f);
    EXPECT_EQ(convex_hull(Cloud{{a, a, a}, {b, a, a}, {a, b, a}, {a, a, b}, {b, b, b}}).error(), HullError::kSpot);
    // Not finite, anywhere in the cloud.
    Cloud cube = cube_corners(0, 1);
    cube[5][1] = nan;
    EXPECT_EQ(convex_hull(cube).error(), HullError::kNonFinite);
    cube[5][1] = inf;
    EXPECT_EQ(convex_hull(cube).error(), HullError::kNonFinite);
    cube[5][1] = -inf;
    EXPECT_EQ(convex_hull(cube).error(), HullError::kNonFinite);
    EXPECT_TRUE(no_tetrahedron(HullError::kFlat) && no_tetrahedron(HullError::kLine) &&
                no_tetrahedron(HullError::kSpot));
    EXPECT_FALSE(no_tetrahedron(HullError::kTooFewPoints) || no_tetrahedron(HullError::kNonFinite));
    for (HullError e :
         {HullError::kTooFewPoints, HullError::kNonFinite, HullError::kFlat, HullError::kLine, HullError::kSpot})
        EXPECT_FALSE(hull_error_name(e).empty());
}

TEST(ConvexHull, MaxPointsStopsTheHullEarly) {
    std::mt19937 rng(11);
    std::normal_distribution<float> g(0, 1);
    Cloud sphere;
    for (int i = 0; i < 400; ++i) {
        float v[3] = {g(rng), g(rng), g(rng)};
        const float l = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
        sphere.push_back({v[0] / l * 10, v[1] / l * 10, v[2] / l * 10});
    }
    HullOptions o;
    o.max_points = 20;
    const HullResult h = convex_hull(sphere, o);
    ASSERT_TRUE(h.ok());
    EXPECT_TRUE(h->stopped_early);
    EXPECT_EQ(h->indices.size(), 20u);
    EXPECT_LE(hull_excess(sphere, *h, h->indices), h->tolerance);      // the hull of the points taken so far
    EXPECT_GT(hull_excess(sphere, *h, all_of(sphere)), h->tolerance);  // geometry outside it is not covered
    const HullResult full = convex_hull(sphere);
    ASSERT_TRUE(full.ok());
    EXPECT_FALSE(full->stopped_early);
    EXPECT_EQ(full->indices.size(), 400u);  // every point of a sphere is on its hull
    expect_valid_hull(sphere, *full);
    EXPECT_EQ(HullOptions{}.max_points, 2050u);
}

TEST(ConvexHull, RandomCloudsAreConvexAndContainTheirPoints) {
    std::mt19937 rng(20261130);
    HullWorkspace ws;  // reused across builds
    for (int round = 0; round < 60; ++round) {
        const int n = 4 + int(rng() % 600);
        const float scale = std::pow(10.0f, float(int(rng() % 9) - 4));
        const float offset = (rng() % 3 == 0) ? scale * 1000.0f : 0.0f;
        std::uniform_real_distribution<float> u(-1, 1);
        Cloud pts;
        for (int i = 0; i < n; ++i) {
            HullPoint p{u(rng), u(rng), u(rng)};
            switch (round % 4) {
                case 1: {  // on a sphere: every point on the hull
                    const float l = std::sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
                    if (l > 0) p = {p[0] / l, p[1] / l, p[2] / l};
                    break;
                }
                case 2:  // on a coarse lattice: duplicates and coplanar ties everywhere
                    p = {std::round(p[0] * 3), std::round(p[1] * 3), std::round(p[2] * 3)};
                    break;
                case 3:  // a flattened box: nearly coplanar faces
                    p[2] *= 0.01f;
                    break;
            }
            pts.push_back({p[0] * scale + offset, p[1] * scale, p[2] * scale - offset});
        }
        const HullResult h = convex_hull(pts, {}, ws);
        if (!h.ok()) {
            EXPECT_TRUE(h.error() == HullError::kTooFewPoints || no_tetrahedron(h.error())) << "round " << round;
            continue;
        }
        SCOPED_TRACE(testing::Message() << "round " << round << ", " << n << " points");
        expect_valid_hull(pts, *h);
        EXPECT_LE(h->indices.size(), pts.size());
    }
}

// ctest-labels: hostile
TEST(ConvexHullHostile, RandomFloatsNaNAndDuplicatesNeverBreakTheBuilder) {
    std::mt19937 rng(99);
    HullWorkspace ws;
    const float specials[] = {0.0f,
                              -0.0f,
                              1.0f,
                              -1.0f,
                              1e30f,
                              -1e30f,
                              1e-30f,
                              3.4e38f,
                              -3.4e38f,
                              std::numeric_limits<float>::denorm_min(),
                              std::numeric_limits<float>::quiet_NaN(),
                              std::numeric_limits<float>::infinity()};
    int built = 0;
    for (int round = 0; round < 2000; ++round) {
        const int n = int(rng() % 40);
        Cloud pts;
        for (int i = 0; i < n; ++i) {
            HullPoint p{};
            for (float& c : p) {
                const unsigned r = rng() % 10;
                if (r == 0 && rng() % 4 == 0) c = specials[rng() % std::size(specials)];
                else if (r == 1 && !pts.empty()) c = pts[rng() % pts.size()][rng() % 3];
                else c = float(int(rng() % 2001) - 1000) / 8.0f;
            }
            if (rng() % 8 == 0 && !pts.empty()) p = pts[rng() % pts.size()];
            pts.push_back(p);
        }
        bool finite = true;
        for (const auto& p : pts)
            for (float c : p) finite = finite && std::isfinite(c);
        const HullResult h = convex_hull(pts, {}, ws);
        if (!finite) {
            ASSERT_FALSE(h.ok());
            EXPECT_EQ(h.error(), HullError::kNonFinite);
            continue;
        }
        if (!h.ok()) continue;
        ++built;
        for (std::uint32_t i : h->indices) ASSERT_LT(i, pts.size());
        for (const auto& f : h->faces)
            for (std::uint32_t i : f) ASSERT_LT(i, pts.size());
        SCOPED_TRACE(testing::Message() << "round " << round);
        expect_valid_hull(pts, *h);
    }
    EXPECT_GT(built, 300);
}

// "Every terminal hull is a convex polyhedron given as exactly its own vertices": rebuilding each
// from those vertices (the points its faces use) gives a convex hull containing them all, never
// with more vertices than retail; the ones with fewer drop a vertex lying on a face plane.
TEST(ConvexHull, RetailSampleHullsRebuildFromTheirOwnPoints) {
    MP_REQUIRE_CORPUS();
    HullWorkspace ws;
    std::size_t terminal = 0, le3 = 0, flat = 0, rebuilt = 0, exact = 0, fewer = 0;
    for (const std::string& name : test::sur_files("sur/retail-sample")) {
        const auto bytes = test::read_file(test::corpus_path("sur/retail-sample/" + name));
        auto m = decode_sur(bytes);
        ASSERT_TRUE(m.ok()) << name;
        for (const Part& part : m->parts) {
            if (part.surface < 0) continue;
            const Surface& s = m->surfaces[std::size_t(part.surface)];
            for (std::uint32_t l = s.ledges.first; l < s.ledges.end(); ++l) {
                if (!m->ledges.terminal(l)) continue;
                ++terminal;
                const Cloud pts = test::hull_points_first_use(*m, l);
                if (pts.size() <= 3) {
                    ++le3;
                    continue;
                }
                const HullResult h = convex_hull(pts, {}, ws);
                if (!h.ok()) {
                    EXPECT_TRUE(no_tetrahedron(h.error()))
                        << name << " ledge " << l << ": " << hull_error_name(h.error());
                    ++flat;
                    continue;
                }
                ++rebuilt;
                SCOPED_TRACE(testing::Message() << name << " ledge " << l);
                expect_valid_hull(pts, *h);
                EXPECT_LE(h->indices.size(), pts.size());
                if (h->indices.size() == pts.size()) {
                    ++exact;
                } else {
                    ++fewer;
                    std::vector<std::uint8_t> kept(pts.size(), 0);
                    for (std::uint32_t i : h->indices) kept[i] = 1;
                    for (std::uint32_t i = 0; i < pts.size(); ++i) {
                        const std::uint32_t one[1] = {i};
                        if (!kept[i]) {
                            EXPECT_GE(hull_excess(pts, *h, one), -double(h->tolerance))
                                << "dropped point " << i << " is not on a face plane";
                        }
                    }
                }
            }
        }
    }
    // The sample (every 4th retail file) against the corpus's 9,111 / 3,843 / 34 / 5,234 / 4,925 / 309.
    EXPECT_EQ(terminal, 2537u);
    EXPECT_EQ(le3, 1251u);
    EXPECT_EQ(flat, 3u);
    EXPECT_EQ(rebuilt, 1283u);
    EXPECT_EQ(exact + fewer, rebuilt);
    EXPECT_EQ(exact, 1218u);
    EXPECT_EQ(fewer, 65u);
}

// Issue 17: a near-flat point set 1,901 from the origin, where the float spacing is 2^-13
// (1.22e-4) and FLT_EPSILON · m is 2.27e-4: a fourth point h above the plane of three is flat
// below the tolerance and a tetrahedron above it, each reading on both sides.
TEST(ConvexHull, NearFlatPointsOnBothSidesOfEachTolerance) {
    auto cloud = [](float h) {
        return Cloud{{1900, 0, 0}, {1901, 0, 0}, {1900, 1, 0}, {1901, 1, 0}, {1900.5f, 0.5f, h}};
    };
    HullOptions eps;
    eps.tolerance = HullTolerance::kEpsilonTimesMagnitude;
    const Cloud probe = cloud(0);
    EXPECT_EQ(hull_tolerance(probe), 1.220703125e-4f);
    EXPECT_NEAR(hull_tolerance(probe, HullTolerance::kEpsilonTimesMagnitude), 1901.0003 * 1.1920929e-7, 1e-9);
    auto flat = [](const HullResult& r) { return !r.ok() && no_tetrahedron(r.error()); };
    // 1.0e-4: below both.
    EXPECT_TRUE(flat(convex_hull(cloud(1.0e-4f))));
    EXPECT_TRUE(flat(convex_hull(cloud(1.0e-4f), eps)));
    // 1.5e-4: above the spacing, below FLT_EPSILON · m.
    EXPECT_FALSE(flat(convex_hull(cloud(1.5e-4f))));
    EXPECT_TRUE(flat(convex_hull(cloud(1.5e-4f), eps)));
    // 3.0e-4: above both.
    EXPECT_FALSE(flat(convex_hull(cloud(3.0e-4f))));
    EXPECT_FALSE(flat(convex_hull(cloud(3.0e-4f), eps)));
}

TEST(ConvexHull, FixedToleranceReplacesTheDerivedOne) {
    // The unit cube and a dimple 1e-6 below its bottom face: the derived tolerance (one ulp at
    // √3, 2.4e-7) keeps the dimple; a fixed 2e-6 drops it, a fixed 5e-7 keeps it.
    Cloud c = cube_corners(0, 1);
    c.push_back({0.5f, 0.5f, -1e-6f});
    HullOptions wide;
    wide.fixed_tolerance = 2e-6f;
    HullOptions narrow;
    narrow.fixed_tolerance = 5e-7f;
    const HullResult d = convex_hull(c), w = convex_hull(c, wide), n = convex_hull(c, narrow);
    ASSERT_TRUE(d.ok() && w.ok() && n.ok());
    EXPECT_EQ(d->indices.size(), 9u);
    EXPECT_EQ(w->indices.size(), 8u);
    EXPECT_EQ(w->tolerance, 2e-6f);
    EXPECT_EQ(n->indices.size(), 9u);
    EXPECT_EQ(n->tolerance, 5e-7f);
}

}  // namespace
}  // namespace meshproof::sur
