// The .sur builder (engine/sur/surface_build.h, hull_shape.h, ledge_tree.h; issue 44 item 4) on
// hand-built point sets: each hull's shape (solid, two-sided triangle, two-sided flat polygon) and
// its refusals (too few points, one spot, one line, not finite), the "not convex" count on both
// sides of the tolerance, the layout IVP's builder gives (root hull last and virtual, shared
// points in first-use order, pre-order nodes), the median cut, and the format's limits on both
// sides (4,096 faces a hull, 65,536 points a part).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>

#include "engine/sur/ledge_tree.h"
#include "engine/sur/mass_properties.h"
#include "engine/sur/node_bounds.h"
#include "engine/sur/surface_build.h"

namespace meshproof::sur {
namespace {

std::vector<HullPoint> box(float x0, float y0, float z0, float sx, float sy, float sz) {
    std::vector<HullPoint> p;
    for (int i = 0; i < 8; ++i) p.push_back({x0 + (i & 1 ? sx : 0), y0 + (i & 2 ? sy : 0), z0 + (i & 4 ? sz : 0)});
    return p;
}

PartSource part_of(std::vector<std::vector<HullPoint>> hulls, std::uint32_t id = 0) {
    PartSource p;
    p.name = "Root";
    p.id = id;
    p.not_fixed = true;
    for (std::size_t i = 0; i < hulls.size(); ++i)
        p.hulls.push_back({"hull" + std::to_string(i), id, std::move(hulls[i])});
    return p;
}

Result<SurBuild> build_one(std::vector<std::vector<HullPoint>> hulls) {
    const PartSource p = part_of(std::move(hulls));
    return build_sur(std::span(&p, 1));
}

// Every half-edge's opposite runs between the same two points the other way (notes §5).
void expect_opposites_reverse(const SurModel& m) {
    for (std::size_t e = 0; e < m.edges.size(); ++e) {
        const std::int32_t o = m.edges.opposite[e];
        ASSERT_GE(o, 0) << e;
        const auto next = [](std::size_t x) { return x - x % 3 + (x % 3 + 1) % 3; };
        EXPECT_EQ(m.edges.point[std::size_t(o)], m.edges.point[next(e)]) << e;
        EXPECT_EQ(m.edges.point[next(std::size_t(o))], m.edges.point[e]) << e;
    }
}

TEST(SurfaceBuild, ABoxIsOneSolidHullAndAnInteriorPointMakesItNotConvex) {
    auto built = build_one({box(0, 0, 0, 1, 2, 3)});
    ASSERT_TRUE(built.ok()) << built.error().message;
    EXPECT_EQ(built->hulls[0][0].shape, HullShape::kSolid);
    EXPECT_EQ(built->hulls[0][0].vertices, 8u);
    EXPECT_EQ(built->hulls[0][0].faces, 12u);
    EXPECT_EQ(built->hulls[0][0].inside, 0u);
    const SurModel& m = built->model;
    ASSERT_EQ(m.parts.size(), 1u);
    EXPECT_EQ(m.ledges.size(), 1u);  // one terminal ledge, no root hull
    EXPECT_EQ(m.nodes.size(), 1u);
    EXPECT_EQ(m.ledges.size_div_16[0], 1u + 12u + 8u);
    expect_opposites_reverse(m);
    // A point well inside: replaced by the hull, and said so.
    std::vector<HullPoint> dented = box(0, 0, 0, 1, 2, 3);
    dented.push_back({0.5f, 1.0f, 1.5f});
    auto d = build_one({dented});
    ASSERT_TRUE(d.ok());
    EXPECT_EQ(d->hulls[0][0].inside, 1u);
    EXPECT_EQ(d->hulls[0][0].vertices, 8u);
    // A point on a face (within the tolerance of the surface) is not a dent.
    std::vector<HullPoint> on_face = box(0, 0, 0, 1, 2, 3);
    on_face.push_back({0.5f, 1.0f, 0.0f});
    auto f = build_one({on_face});
    ASSERT_TRUE(f.ok());
    EXPECT_EQ(f->hulls[0][0].inside, 0u);
}

TEST(SurfaceBuild, ThreePointsAreATwoSidedTriangleAndFlatPointsATwoSidedPolygon) {
    auto tri = build_one({{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 0, 0}}});  // a repeat dropped
    ASSERT_TRUE(tri.ok()) << tri.error().message;
    EXPECT_EQ(tri->hulls[0][0].shape, HullShape::kTriangle);
    EXPECT_EQ(tri->model.faces.size(), 2u);
    EXPECT_EQ(tri->model.points.size(), 3u);
    expect_opposites_reverse(tri->model);
    // A pentagon with its centre: five corners, 2 × 3 faces, the centre inside.
    std::vector<HullPoint> pent;
    for (int i = 0; i < 5; ++i) pent.push_back({std::cos(1.2566f * i), 0.5f, std::sin(1.2566f * i)});
    pent.push_back({0, 0.5f, 0});
    auto flat = build_one({pent});
    ASSERT_TRUE(flat.ok()) << flat.error().message;
    EXPECT_EQ(flat->hulls[0][0].shape, HullShape::kFlat);
    EXPECT_EQ(flat->hulls[0][0].vertices, 5u);
    EXPECT_EQ(flat->hulls[0][0].faces, 6u);
    EXPECT_EQ(flat->hulls[0][0].inside, 1u);
    EXPECT_EQ(flat->model.ledges.size_div_16[0], 1u + 6u + 5u);  // V = 2 + F / 2 holds
    expect_opposites_reverse(flat->model);
}

TEST(SurfaceBuild, TooFewOneSpotOneLineAndNotFiniteAreErrorsNamingTheHull) {
    const auto message = [](std::vector<HullPoint> pts) {
        auto r = build_one({box(0, 0, 0, 1, 1, 1), std::move(pts)});
        EXPECT_FALSE(r.ok());
        return r.ok() ? std::string() : r.error().message;
    };
    EXPECT_EQ(message({{0, 0, 0}, {1, 1, 1}}), "object `hull1`: it has 2 distinct points, and a hull needs 3");
    EXPECT_EQ(message({{2, 2, 2}, {2, 2, 2}, {2, 2, 2}}), "object `hull1`: all its points are equal");
    EXPECT_EQ(message({{0, 0, 0}, {1, 1, 1}, {2, 2, 2}}), "object `hull1`: every point lies on one line");
    EXPECT_EQ(message({{0, 0, 0}, {1, 1, 1}, {2, 2, 2}, {3, 3, 3}}), "object `hull1`: every point lies on one line");
    EXPECT_EQ(message({{0, 0, 0}, {1, 0, 0}, {0, std::numeric_limits<float>::quiet_NaN(), 0}}),
              "object `hull1`: a coordinate is not finite");
    EXPECT_EQ(message({{0, 0, 0}, {1, 0, 0}, {0, INFINITY, 0}, {0, 0, 1}}),
              "object `hull1`: a coordinate is not finite");
}

TEST(SurfaceBuild, SeveralHullsGetTheRootHullLastAndEveryDerivedFieldOfThePasses) {
    auto built = build_one({box(0, 0, 0, 1, 1, 1), box(5, 0, 0, 1, 1, 1), box(0, 5, 0, 1, 1, 1)});
    ASSERT_TRUE(built.ok()) << built.error().message;
    const SurModel& m = built->model;
    ASSERT_EQ(m.ledges.size(), 4u);
    for (int l = 0; l < 3; ++l) EXPECT_EQ(m.ledges.flags[l], 4u);
    EXPECT_EQ(m.ledges.flags[3], 5u);  // the root hull, last
    EXPECT_EQ(m.nodes.ledge[0], 3);
    EXPECT_EQ(m.nodes.size(), 5u);  // 2 T − 1
    for (std::uint32_t f = m.ledges.faces[3].first; f < m.ledges.faces[3].end(); ++f)
        EXPECT_EQ(m.faces.is_virtual[f], 1u);
    EXPECT_EQ(m.points.size(), 24u);  // the root hull re-uses terminal points only
    for (std::size_t p = 0; p < 24; ++p) EXPECT_EQ(m.points.client_data[p], 0);
    // Points in first-use order: the first hull's first face's first point is point 0.
    EXPECT_EQ(m.edges.point[0], 0u);
    // The header holds what mass_properties derives over the leaves in walk order.
    std::vector<std::uint32_t> walk;
    for (std::size_t n = 0; n < m.nodes.size(); ++n)
        if (m.nodes.right[n] < 0) walk.push_back(std::uint32_t(m.nodes.ledge[n]));
    auto mp = mass_properties(m, 0, walk);
    ASSERT_TRUE(mp.ok());
    EXPECT_EQ(m.surfaces[0].mass_center, mp->mass_center);
    EXPECT_EQ(m.surfaces[0].rotation_inertia, mp->rotation_inertia);
    EXPECT_EQ(m.surfaces[0].radius, mp->radius);
    EXPECT_EQ(m.surfaces[0].deviation, mp->deviation);
    // The root node's sphere is the leaf union's.
    const NodeBounds u = union_bounds(m.nodes, 0, 5);
    EXPECT_EQ(m.nodes.radius[0], u.radius);
    EXPECT_EQ(m.parts[0].not_fixed, true);
    EXPECT_EQ(m.parts[0].extents, (std::array<float, 6>{0, 0, 0, 6, 6, 1}));
    expect_opposites_reverse(m);
}

NodeColumns leaves_at(const std::vector<float>& xs) {
    NodeColumns n;
    for (const float x : xs) {
        n.right.push_back(-1);
        n.ledge.push_back(-1);
        n.center_x.push_back(x);
        n.center_y.push_back(0);
        n.center_z.push_back(0);
        n.radius.push_back(1);
        n.box.push_back({100, 100, 100});
        n.free_0.push_back(0);
    }
    return n;
}

using Ids = std::vector<std::int32_t>;

TEST(LedgeTree, TheMedianCutSplitsAtTheMeanAndSendsMedianLeavesByTheirNeighbour) {
    // Four leaves in a row, stored out of order: the cut at the mean 4.5 takes {0, 2} left.
    const LedgeTreeShape s = median_cut_tree(leaves_at({0, 9, 1, 8}));
    EXPECT_EQ(s.right, (Ids{4, 3, -1, -1, 6, -1, -1}));
    EXPECT_EQ(s.leaf, (Ids{-1, -1, 0, 2, -1, 1, 3}));
    // A leaf on the mean (within 1e-6) follows its neighbour to the other side: {0, 1 (on), 2}:
    // leaf 1's neighbour (leaf 2) is right of the mean, so leaf 1 goes left.
    const LedgeTreeShape t = median_cut_tree(leaves_at({0, 1, 2}));
    EXPECT_EQ(t.right, (Ids{4, 3, -1, -1, -1}));
    EXPECT_EQ(t.leaf, (Ids{-1, -1, 0, 1, 2}));
    // Every centre on one spot: the first to the empty left, the second to the empty right, then
    // alternately, the first left: {0, 2} and {1}.
    const LedgeTreeShape u = median_cut_tree(leaves_at({3, 3, 3}));
    EXPECT_EQ(u.right, (Ids{4, 3, -1, -1, -1}));
    EXPECT_EQ(u.leaf, (Ids{-1, -1, 0, 2, 1}));
}

TEST(SurfaceBuild, AHullPastFourThousandNinetySixFacesOrAPartPastSixtyFiveThousandPointsIsRefused) {
    const auto circle = [](int n) {
        std::vector<HullPoint> p;
        for (int i = 0; i < n; ++i) {
            const double a = 2 * 3.14159265358979 * i / n;
            p.push_back({float(100 * std::cos(a)), float(100 * std::sin(a)), 0});
        }
        return p;
    };
    auto fits = build_one({circle(2050)});  // 2 × 2,048 = 4,096 faces
    ASSERT_TRUE(fits.ok()) << fits.error().message;
    EXPECT_EQ(fits->hulls[0][0].faces, 4096u);
    auto past = build_one({circle(2051)});
    ASSERT_FALSE(past.ok());
    EXPECT_EQ(past.error().code, ErrorCode::kLimit);
    EXPECT_NE(past.error().message.find("object `hull0`"), std::string::npos) << past.error().message;

    // 16,384 tetrahedra of 4 points: 65,536 points fit, one more does not.
    std::vector<std::vector<HullPoint>> hulls;
    for (int i = 0; i < 16384; ++i) {
        const float x = float(i % 128) * 4, y = float(i / 128) * 4;
        hulls.push_back({{x, y, 0}, {x + 1, y, 0}, {x, y + 1, 0}, {x, y, 1}});
    }
    auto all = build_one(hulls);
    ASSERT_TRUE(all.ok()) << all.error().message;
    EXPECT_EQ(all->model.surfaces[0].points.count, 65536u);
    hulls.push_back({{-10, 0, 0}, {-9, 0, 0}, {-10, 1, 0}});
    auto more = build_one(hulls);
    ASSERT_FALSE(more.ok());
    EXPECT_EQ(more.error().code, ErrorCode::kLimit);
    EXPECT_NE(more.error().message.find("65536"), std::string::npos) << more.error().message;
}

}  // namespace
}  // namespace meshproof::sur
