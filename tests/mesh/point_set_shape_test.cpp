// The shape of a point-set record (mesh/point_set_shape.h) on hand-made point sets whose answer is
// known, quantised over a leaf box as the records store them: the shapes havok-compressed-mesh.txt
// names ("two cylinders along x (17 and 8 points on each of two circles of constant radius, 0.20 m
// and 0.04 m)", "two eight-corner boxes and a 26-point prism", "12-point slabs on three planes of x").
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>

#include "engine/mesh/point_set_shape.h"
#include "tests/mesh/point_set_points.h"

namespace meshproof::mesh {
namespace {

using test::Point3;

// The shape of `pts` quantised over their box grown by 1 cm (the tolerance of that leaf box).
PointSetShape shape_of(const std::vector<Point3>& pts) {
    const Box leaf = test::box_around(pts, 0.01);
    const test::PointColumns q = test::quantised(pts, leaf);
    return describe_point_set(q.xs(), q.ys(), q.zs(), point_set_tolerance(leaf));
}

TEST(PointSetShape, ToleranceIsTwoQuantisationSteps) {
    const auto tol = point_set_tolerance(Box{{0, 0, 0}, {2.047f, 4.094f, 1.023f}});
    EXPECT_NEAR(tol[0], 0.002 + 1e-6, 1e-9);
    EXPECT_NEAR(tol[1], 0.004 + 1e-6, 1e-9);
    EXPECT_NEAR(tol[2], 0.002 + 1e-6, 1e-9);
}

TEST(PointSetShape, CylinderOf17PointsOnEachOfTwoCircles) {
    const double xs[] = {-0.7, 0.9};
    const PointSetShape s = shape_of(test::x_cylinder(17, 0.20, xs, 3.0, -2.0));
    EXPECT_EQ(s.points, 34u);
    EXPECT_EQ(s.distinct_points, 34u);
    EXPECT_EQ(s.plane_points, (std::vector<std::uint32_t>{17, 17}));
    ASSERT_TRUE(s.on_x_circles);
    EXPECT_TRUE(s.cylinder());
    EXPECT_NEAR(s.radius, 0.20, 0.0005);
    EXPECT_NEAR(s.axis[0], 3.0, 0.0005);
    EXPECT_NEAR(s.axis[1], -2.0, 0.0005);
    EXPECT_FALSE(s.box);
    EXPECT_TRUE(s.prism);  // one circle's points and their translate along x
}

TEST(PointSetShape, CylinderOf8PointsOnEachOfTwoCirclesSmallRadius) {
    const double xs[] = {10.0, 10.3};
    const PointSetShape s = shape_of(test::x_cylinder(8, 0.04, xs, -1.0, 0.5, 0.1));
    EXPECT_EQ(s.plane_points, (std::vector<std::uint32_t>{8, 8}));
    ASSERT_TRUE(s.cylinder());
    EXPECT_NEAR(s.radius, 0.04, 0.0002);
}

TEST(PointSetShape, NotACylinder) {
    const double xs[] = {0.0, 1.0};
    // Circles of two radii on the two planes (a cone's frustum): no one radius.
    std::vector<Point3> cone = test::x_cylinder(12, 0.20, std::span(xs, 1), 0, 0);
    for (const Point3& p : test::x_cylinder(12, 0.25, std::span(xs + 1, 1), 0, 0)) cone.push_back(p);
    EXPECT_FALSE(shape_of(cone).on_x_circles);
    // An ellipse of semi-axes 0.20 and 0.21 m: 1 cm off a circle, far beyond two steps.
    std::vector<Point3> ellipse = test::x_cylinder(16, 0.20, xs, 0, 0);
    for (Point3& p : ellipse) p[2] *= 1.05;
    EXPECT_FALSE(shape_of(ellipse).on_x_circles);
    // Two circles about two axes.
    std::vector<Point3> two_axes = test::x_cylinder(12, 0.20, std::span(xs, 1), 0, 0);
    for (const Point3& p : test::x_cylinder(12, 0.20, std::span(xs + 1, 1), 0.05, 0)) two_axes.push_back(p);
    EXPECT_FALSE(shape_of(two_axes).on_x_circles);
    // One circle only: on a circle, but no cylinder.
    const PointSetShape disc = shape_of(test::x_cylinder(12, 0.20, std::span(xs, 1), 0, 0));
    EXPECT_TRUE(disc.on_x_circles);
    EXPECT_FALSE(disc.cylinder());
    // A plane of two points holds no circle.
    std::vector<Point3> short_plane = test::x_cylinder(12, 0.20, std::span(xs, 1), 0, 0);
    short_plane.push_back({1.0, 0.2, 0});
    short_plane.push_back({1.0, -0.2, 0});
    EXPECT_FALSE(shape_of(short_plane).on_x_circles);
}

TEST(PointSetShape, AxisAlignedBoxIsEightCorners) {
    const PointSetShape s = shape_of(test::parallelepiped({1, 2, 3}, {0.5, 0, 0}, {0, 0.3, 0}, {0, 0, 0.2}));
    EXPECT_EQ(s.points, 8u);
    EXPECT_TRUE(s.box);
    EXPECT_TRUE(s.prism);
    EXPECT_EQ(s.plane_points, (std::vector<std::uint32_t>{4, 4}));
}

TEST(PointSetShape, BoxInGeneralPosition) {
    // Edges along a rotated orthonormal frame (0.8, 0.6, 0), (−0.36, 0.48, 0.8), (0.48, −0.64, 0.6).
    const PointSetShape s =
        shape_of(test::parallelepiped({-4, 7, 1}, {0.4, 0.3, 0}, {-0.108, 0.144, 0.24}, {0.96, -1.28, 1.2}));
    EXPECT_TRUE(s.box);
    EXPECT_EQ(s.plane_points.size(), 8u);  // no two corners share an x
    EXPECT_FALSE(s.on_x_circles);
}

TEST(PointSetShape, BoxWithARepeatedCornerAndNotBoxes) {
    std::vector<Point3> corners = test::parallelepiped({1, 2, 3}, {0.5, 0, 0}, {0, 0.3, 0}, {0, 0, 0.2});
    corners.push_back(corners[3]);
    PointSetShape s = shape_of(corners);
    EXPECT_EQ(s.points, 9u);
    EXPECT_EQ(s.distinct_points, 8u);
    EXPECT_TRUE(s.box);
    // A parallelepiped whose third edge leans: a prism, not a box.
    s = shape_of(test::parallelepiped({1, 2, 3}, {0.5, 0, 0}, {0, 0.3, 0}, {0.1, 0, 0.2}));
    EXPECT_FALSE(s.box);
    EXPECT_TRUE(s.prism);
    // A box with one corner moved 5 cm: neither.
    corners = test::parallelepiped({1, 2, 3}, {0.5, 0, 0}, {0, 0.3, 0}, {0, 0, 0.2});
    corners[2][1] += 0.05;
    s = shape_of(corners);
    EXPECT_FALSE(s.box);
    EXPECT_FALSE(s.prism);
}

TEST(PointSetShape, PrismOf26Points) {
    const PointSetShape s = shape_of(test::tilted_prism({5, 5, 5}));
    EXPECT_EQ(s.points, 26u);
    EXPECT_EQ(s.distinct_points, 26u);
    EXPECT_TRUE(s.prism);
    EXPECT_FALSE(s.box);
    EXPECT_FALSE(s.on_x_circles);
    // The copy shifted by 5 cm more on one point only: no longer a translate.
    std::vector<Point3> bent = test::tilted_prism({5, 5, 5});
    bent[4][2] += 0.05;
    EXPECT_FALSE(shape_of(bent).prism);
    // The base bent off its plane, its translate with it: the base is not planar.
    std::vector<Point3> warped = test::tilted_prism({5, 5, 5});
    warped[6][0] += 0.05, warped[13 + 6][0] += 0.05;
    EXPECT_FALSE(shape_of(warped).prism);
}

TEST(PointSetShape, TwelvePointsOnThreePlanesOfX) {
    std::vector<Point3> slab;
    for (const double x : {2.0, 2.05, 2.1})
        for (const auto& [y, z] : {std::pair{0.0, 0.0}, {1.0, 0.0}, {1.0, 0.5}, {0.2, 0.6}}) slab.push_back({x, y, z});
    const PointSetShape s = shape_of(slab);
    EXPECT_EQ(s.points, 12u);
    EXPECT_EQ(s.plane_points, (std::vector<std::uint32_t>{4, 4, 4}));
    EXPECT_FALSE(s.on_x_circles);  // the four points of a plane are on no one circle
}

TEST(PointSetShape, PlanesOfXWithinTheTolerance) {
    // Neighbouring codes (and closer) share a plane; a gap of more than the tolerance parts them.
    const float xs[] = {1.0f, 1.0015f, 1.003f, 1.01f, 1.01f, 3.0f};
    std::vector<double> at;
    EXPECT_EQ(x_planes(xs, 0.002, &at), (std::vector<std::uint32_t>{3, 2, 1}));
    EXPECT_EQ(at, (std::vector<double>{1.0f, 1.01f, 3.0f}));
    EXPECT_EQ(x_planes(xs, 0.001), (std::vector<std::uint32_t>{1, 1, 1, 2, 1}));
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float with_nan[] = {nan, 2.0f, 2.0f};
    EXPECT_EQ(x_planes(with_nan, 0.001), (std::vector<std::uint32_t>{2}));
    // A plane whose original x were 0.4 of a step apart (0.4 mm over a 2.047 m leaf) quantises
    // to two neighbouring codes and is still one plane.
    const double one[] = {0.0004}, other[] = {0.0};
    std::vector<Point3> pts = test::x_cylinder(6, 0.3, one, 0, 0);
    for (const Point3& p : test::x_cylinder(6, 0.3, other, 0, 0, 0.8)) pts.push_back(p);
    pts.push_back({2.047, 0, 0});  // the leaf's far side
    const Box leaf{{-0.0002f, -1, -1}, {2.0468f, 1, 1}};
    const test::PointColumns q = test::quantised(pts, leaf);
    EXPECT_NE(q.x[0], q.x[6]);
    EXPECT_EQ(describe_point_set(q.xs(), q.ys(), q.zs(), point_set_tolerance(leaf)).plane_points,
              (std::vector<std::uint32_t>{12, 1}));
}

TEST(PointSetShape, UndecodedPointsGiveTheCountAlone) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float x[] = {nan, nan, nan}, y[] = {nan, nan, nan}, z[] = {nan, nan, nan};
    const PointSetShape s = describe_point_set(x, y, z, {0.001, 0.001, 0.001});
    EXPECT_EQ(s.points, 3u);
    EXPECT_TRUE(s.plane_points.empty());
    EXPECT_FALSE(s.on_x_circles || s.box || s.prism);
}

}  // namespace
}  // namespace meshproof::mesh
