// The shape of one decoded point-set record (havok-compressed-mesh.txt: "Decoded this way,
// o205010's two records are two cylinders along x (17 and 8 points on each of two circles of
// constant radius, 0.20 m and 0.04 m), o205300's are two eight-corner boxes and a 26-point prism,
// and aeg004_545_l's are 12-point slabs on three planes of x", Observed).
//
// The points are quantised over the record's leaf box (11/11/10 bits), so every test compares
// within a per-axis tolerance: two quantisation steps, 2 × leaf extent ⁄ (2047, 2047, 1023), plus
// 1 µm for single-precision rounding (point_set_tolerance). Rounding or truncating to the grid
// moves a point by at most one step on each axis, so a point and its intended place are within
// one step, and two points meant to be equal within two.
//
//   planes of x: the points sorted by x; a point whose x exceeds the previous point's by more than
//     the x tolerance starts a new plane (so equal x, or neighbouring codes, share one plane).
//   distinct points: a point within the tolerance on every axis of an earlier point is the same
//     point (a record may store a corner twice).
//   circles about an axis along x: every plane holds at least 3 points, and one circle in (y, z)
//     fitted to all points (least squares, y² + z² = u·y + v·z + w) has every point within
//     hypot(tol y, tol z) of its radius: one axis and one radius for every plane. A cylinder is
//     such a record with at least two planes.
//   box: exactly 8 distinct points that are p + i·a + j·b + k·c (i, j, k ∈ {0, 1}) for some
//     corner p and three pairwise orthogonal edges a, b, c — a rectangular box in any
//     orientation, not only axis-aligned. A generated corner may miss its point by
//     max(1, i + j + k) tolerances per axis (each edge carries the error of two points);
//     |a·b| ≤ (|a| + |b|)·|tol| + |tol|².
//   prism: an even number, at least 6, of distinct points that split into a set S and its
//     translate S + t (each point of S has its partner at +t within two tolerances per axis),
//     S lying on a plane (every point within 2·|tol| of the plane through three of them) that t
//     leaves (|t·normal| > 2·|tol|). A box is a prism too (4 + 4); so is a two-circle cylinder.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/mesh/decoded_member.h"

namespace meshproof::mesh {

struct PointSetShape {
    std::uint32_t points = 0;                 // points stored
    std::uint32_t distinct_points = 0;        // after merging points within the tolerance
    std::vector<std::uint32_t> plane_points;  // planes of x in increasing x: points on each
    std::vector<double> plane_x;              // each plane's lowest x
    bool on_x_circles = false;                // every plane's points on one circle about one axis along x
    double radius = 0;                        // that circle's radius (when on_x_circles)
    std::array<double, 2> axis{};             // that axis's (y, z) (when on_x_circles)
    bool box = false;
    bool prism = false;

    bool cylinder() const { return on_x_circles && plane_points.size() >= 2; }
};

// Two quantisation steps of a record quantised over `leaf`, per axis, plus 1 µm.
std::array<double, 3> point_set_tolerance(const Box& leaf);

// Points per plane of x, planes in increasing x: x sorted, a gap above `tolerance` starts a plane.
// Non-finite values are left out.
std::vector<std::uint32_t> x_planes(std::span<const float> x, double tolerance, std::vector<double>* plane_x = nullptr);

// The shape of the points (x[i], y[i], z[i]); the spans have one length. A record with a
// non-finite coordinate (a record whose leaf was not found decodes to NaN) is described by its
// point count alone.
PointSetShape describe_point_set(std::span<const float> x, std::span<const float> y, std::span<const float> z,
                                 const std::array<double, 3>& tolerance);

}  // namespace meshproof::mesh
