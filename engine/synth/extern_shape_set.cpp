#include "engine/synth/extern_shape_set.h"

#include <algorithm>
#include <cmath>

#include "engine/mesh/extern_shape_geometry.h"
#include "engine/sur/convex_hull.h"
#include "engine/synth/prng.h"
#include "engine/core/portable_trig.h"

namespace meshproof::synth {

namespace {

using tagfile::ConvexFace;
using tagfile::ConvexShapeSpec;
using tagfile::ShapeType;
using Vec4 = std::array<float, 4>;

// Face f's plane from its first three vertices (counter-clockwise seen from outside): the unit
// outward normal and w = −normal · vertex.
void add_plane(ConvexShapeSpec& s, const ConvexFace& f) {
    const Vec4& a = s.vertices[s.indices[f.first_index]];
    const Vec4& b = s.vertices[s.indices[f.first_index + 1u]];
    const Vec4& c = s.vertices[s.indices[f.first_index + 2u]];
    const double u[3] = {double{b[0]} - a[0], double{b[1]} - a[1], double{b[2]} - a[2]};
    const double v[3] = {double{c[0]} - a[0], double{c[1]} - a[1], double{c[2]} - a[2]};
    double n[3] = {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
    const double len = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    for (double& k : n) k = len > 0 ? k / len : 0;
    const double d = -(n[0] * a[0] + n[1] * a[1] + n[2] * a[2]);
    s.planes.push_back(
        {static_cast<float>(n[0]), static_cast<float>(n[1]), static_cast<float>(n[2]), static_cast<float>(d)});
}

void add_face(ConvexShapeSpec& s, std::initializer_list<std::uint8_t> indices) {
    const ConvexFace f{static_cast<std::uint16_t>(s.indices.size()), static_cast<std::uint8_t>(indices.size()), 0};
    s.indices.insert(s.indices.end(), indices);
    s.faces.push_back(f);
    add_plane(s, f);
}

ConvexShapeSpec box_shape(float hx, float hy, float hz) {
    ConvexShapeSpec s{.type = ShapeType::kBox, .convex_radius = 0.01f};
    for (int c = 0; c < 8; ++c)
        s.vertices.push_back({(c & 1) ? hx : -hx, (c & 2) ? hy : -hy, (c & 4) ? hz : -hz, 0.0f});
    // Corner c has x set by bit 0, y by bit 1, z by bit 2; each face counter-clockwise from outside.
    add_face(s, {0, 4, 6, 2});  // −x
    add_face(s, {1, 3, 7, 5});  // +x
    add_face(s, {0, 1, 5, 4});  // −y
    add_face(s, {2, 6, 7, 3});  // +y
    add_face(s, {0, 2, 3, 1});  // −z
    add_face(s, {4, 5, 7, 6});  // +z
    s.obb = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    return s;
}

ConvexShapeSpec capsule_shape(float half_length, float radius) {
    ConvexShapeSpec s{.type = ShapeType::kCapsule, .convex_radius = radius};
    s.a = {0, -half_length, 0, 0};
    s.b = {0, half_length, 0, 0};
    s.vertices = {s.a, s.b};
    return s;
}

ConvexShapeSpec cylinder_shape(float half_length, float radius) {
    constexpr int kSides = 8;
    ConvexShapeSpec s{.type = ShapeType::kCylinder, .convex_radius = 0.01f};
    s.a = {0, -half_length, 0, 0};
    s.b = {0, half_length, 0, 0};
    for (int ring = 0; ring < 2; ++ring)
        for (int k = 0; k < kSides; ++k) {
            const float angle = 0.78539816f * static_cast<float>(k);
            s.vertices.push_back({radius * portable_cosf(angle), ring ? half_length : -half_length,
                                  radius * portable_sinf(angle), 0.0f});
        }
    // Angles grow from +x towards +z, i.e. clockwise seen from +y: the top cap is read backwards.
    add_face(s, {0, 1, 2, 3, 4, 5, 6, 7});
    add_face(s, {15, 14, 13, 12, 11, 10, 9, 8});
    for (int k = 0; k < kSides; ++k) {
        const auto k0 = static_cast<std::uint8_t>(k), k1 = static_cast<std::uint8_t>((k + 1) % kSides);
        add_face(s, {k0, static_cast<std::uint8_t>(k0 + kSides), static_cast<std::uint8_t>(k1 + kSides), k1});
    }
    return s;
}

// The hull of 16 random points in the box ±half: a polytope of three-index faces.
ConvexShapeSpec polytope_shape(float half, SplitMix64& rng) {
    ConvexShapeSpec s{.type = ShapeType::kConvexPolytope, .convex_radius = 0.02f};
    std::vector<sur::HullPoint> cloud;
    for (int i = 0; i < 16; ++i)
        cloud.push_back({rng.range(-half, half), rng.range(-half, half), rng.range(-half, half)});
    const sur::HullResult hull = sur::convex_hull(cloud);
    if (!hull.ok()) return box_shape(half, half, half);  // 16 random points are never flat; kept safe
    std::vector<std::uint8_t> vertex_of(cloud.size(), 0);
    for (std::uint32_t p : hull->indices) {
        vertex_of[p] = static_cast<std::uint8_t>(s.vertices.size());
        s.vertices.push_back({cloud[p][0], cloud[p][1], cloud[p][2], 0.0f});
    }
    for (const auto& f : hull->faces) add_face(s, {vertex_of[f[0]], vertex_of[f[1]], vertex_of[f[2]]});
    return s;
}

mesh::Box placed_box(const builder::ExternShape& e) {
    std::vector<float> x, y, z;
    for (const Vec4& v : e.shape.vertices) x.push_back(v[0]), y.push_back(v[1]), z.push_back(v[2]);
    const auto b = mesh::placed_shape_box(e.transform, e.scale, x, y, z, e.shape.convex_radius);
    return b ? *b : mesh::unfilled_box();
}

}  // namespace

ExternShapeSet make_extern_shape_set(std::uint32_t count, const mesh::Box& inside, std::uint64_t seed,
                                     const ExternDefects& defects) {
    ExternShapeSet out;
    SplitMix64 rng(seed);
    std::vector<mesh::Box> boxes;
    for (std::uint32_t i = 0; i < count; ++i) {
        float extent[3], centre[3];
        for (int a = 0; a < 3; ++a) extent[a] = inside.max[a] - inside.min[a];
        const float half = std::min(0.5f, 0.04f * std::min({extent[0], extent[1], extent[2]}));
        const float slot = (extent[0] - 4.0f * half) / static_cast<float>(count);
        centre[0] = inside.min[0] + 2.0f * half + slot * (static_cast<float>(i) + 0.5f);
        for (int a = 1; a < 3; ++a)
            centre[a] = inside.min[a] + 0.5f * extent[a] + 0.1f * extent[a] * (rng.unit() - 0.5f);
        builder::ExternShape e;
        switch (i % 4) {
            case 0: e.shape = box_shape(half, 0.5f * half, 0.75f * half); break;
            case 1: e.shape = capsule_shape(0.6f * half, 0.4f * half); break;
            case 2: e.shape = cylinder_shape(0.7f * half, 0.5f * half); break;
            default: e.shape = polytope_shape(0.7f * half, rng); break;
        }
        const float angle = 6.2831853f * rng.unit();
        const float c = portable_cosf(angle), s = portable_sinf(angle);
        e.transform = {c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, centre[0], centre[1], centre[2], 1};
        boxes.push_back(placed_box(e));
        out.shapes.push_back(std::move(e));
        const std::uint16_t w = i == 1 ? static_cast<std::uint16_t>(3 + rng.below(3)) : std::uint16_t{0};
        out.records.push_back({w, i, boxes.back()});
    }
    for (std::uint32_t i = 0; i < defects.missing && count > 0; ++i) out.records.push_back({0, count + i, boxes[0]});
    for (std::uint32_t i = 0; i < defects.twice && i < count; ++i) out.records.push_back({0, i, boxes[i]});
    for (std::uint32_t i = 0; i < defects.outside && i < count; ++i)
        out.shapes[count - 1 - i].transform[12] += (inside.max[0] - inside.min[0]) + 2.0f;
    for (const ExternRecord& r : out.records) out.w_zero += r.w == 0 ? 1 : 0;
    return out;
}

}  // namespace meshproof::synth
