// A hand-built Elden Ring collision member whose compressed mesh has externShapes entries
// pointing at one shape of every §7.3 convex class (tests/mesh/synthetic_tagfile.h's member,
// written through tagfile/convex_shape_writer.h), and the specs it was written from, so tests
// compare the decoded columns with the values written (header-only: only *_test.cpp are built).
//
// Entries 0..6: one per shape of every_convex_class(), in that order; entry 7 points at shape 0
// again (one shape, two entries); entry 8 has a null shape pointer.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "engine/tagfile/convex_shape_writer.h"
#include "tests/mesh/synthetic_tagfile.h"

namespace meshproof::test {

// Every class, with values that differ from shape to shape and survive the file exactly
// (hkHalf16 keeps the upper 16 bits of an f32: the penetrations are such values).
inline std::vector<tagfile::ConvexShapeSpec> every_convex_class() {
    using tagfile::ConvexFace;
    using tagfile::ShapeType;
    std::vector<tagfile::ConvexShapeSpec> out;
    // A tetrahedron: 4 vertices, a plane and a face of 3 indices per side.
    out.push_back({.type = ShapeType::kConvexPolytope,
                   .convex_radius = 0.05f,
                   .max_allowed_penetration = 0.25f,
                   .vertices = {{0, 0, 0, 0.5f}, {1, 0, 0, 0.5f}, {0, 1, 0, 0.5f}, {0, 0, 1, 0.5f}},
                   .planes = {{0, 0, -1, 0}, {0, -1, 0, 0}, {-1, 0, 0, 0}, {0.57735f, 0.57735f, 0.57735f, -0.57735f}},
                   .faces = {{0, 3, 10}, {3, 3, 11}, {6, 3, 12}, {9, 3, 13}},
                   .indices = {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3}});
    // A box: 8 corners, 6 faces of 4 indices, its obb a translation.
    tagfile::ConvexShapeSpec box{.type = ShapeType::kBox, .convex_radius = 0.01f, .max_allowed_penetration = 0.5f};
    for (int i = 0; i < 8; ++i)
        box.vertices.push_back({i & 1 ? 1.0f : -1.0f, i & 2 ? 2.0f : -2.0f, i & 4 ? 3.0f : -3.0f, 0.0f});
    box.planes = {{-1, 0, 0, -1}, {1, 0, 0, -1}, {0, -1, 0, -2}, {0, 1, 0, -2}, {0, 0, -1, -3}, {0, 0, 1, -3}};
    box.indices = {0, 4, 6, 2, 1, 3, 7, 5, 0, 1, 5, 4, 2, 6, 7, 3, 0, 2, 3, 1, 4, 5, 7, 6};
    for (std::uint16_t f = 0; f < 6; ++f) box.faces.push_back(ConvexFace{static_cast<std::uint16_t>(4 * f), 4, 127});
    box.obb = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 10, 20, 30, 1};
    out.push_back(box);
    out.push_back({.type = ShapeType::kCapsule,
                   .convex_radius = 0.5f,
                   .vertices = {{0, 0, -1, 0}, {0, 0, 1, 0}},
                   .a = {0, 0, -1, 0},
                   .b = {0, 0, 1, 0}});
    out.push_back({.type = ShapeType::kCylinder,
                   .convex_radius = 0.125f,
                   .vertices = {{1, 0, -2, 0}, {-1, 0, -2, 0}, {1, 0, 2, 0}, {-1, 0, 2, 0}},
                   .planes = {{0, 0, -1, -2}, {0, 0, 1, -2}},
                   .faces = {{0, 2, 1}, {2, 2, 2}},
                   .indices = {0, 1, 2, 3},
                   .a = {0, 0, -2, 0},
                   .b = {0, 0, 2, 0}});
    out.push_back({.type = ShapeType::kSphere, .convex_radius = 2.0f, .vertices = {{0, 0, 0, 0}}});
    out.push_back({.type = ShapeType::kTriangle,
                   .convex_radius = 0.0f,
                   .vertices = {{0, 0, 0, 0}, {4, 0, 0, 0}, {0, 0, 4, 0}},
                   .planes = {{0, 1, 0, 0}, {0, -1, 0, 0}},
                   .faces = {{0, 3, 0}, {3, 3, 0}},
                   .indices = {0, 2, 1, 0, 1, 2}});
    out.push_back({.type = ShapeType::kConvex,
                   .convex_radius = 0.75f,
                   .vertices = {{1, 1, 1, 0}, {-1, 1, 1, 0}, {1, -1, 1, 0}, {1, 1, -1, 0}, {-1, -1, -1, 0}}});
    return out;
}

// The entries' transforms, scales and tags: entry i translated by (i, 2i, 3i), odd entries turned
// a quarter about z, entry 2 scaled (1, 2, 3), tag 100 + i.
inline std::array<float, 16> entry_transform(std::size_t i) {
    const float t = static_cast<float>(i);
    if (i % 2) return {0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, t, 2 * t, 3 * t, 1};
    return {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, t, 2 * t, 3 * t, 1};
}
inline std::array<float, 4> entry_scale(std::size_t i) {
    return i == 2 ? std::array<float, 4>{1, 2, 3, 0} : std::array<float, 4>{1, 1, 1, 0};
}

// The member with `shapes` (every_convex_class() by default) as entries 0..n−1, then a second
// entry of shape 0 and a null entry (shapes.size() + 2 entries).
inline std::vector<std::uint8_t> write_extern_shapes_member(
    std::vector<tagfile::ConvexShapeSpec> shapes = every_convex_class()) {
    SyntheticCollision opt{.convex_shapes = true};
    opt.extern_shapes = [&shapes](tagfile::ObjectWriter& w, const tagfile::RecordWriter& mesh_shape) {
        std::vector<tagfile::ShapeInstanceSpec> entries;
        for (std::size_t i = 0; i < shapes.size(); ++i)
            entries.push_back({.transform = entry_transform(i),
                               .scale = entry_scale(i),
                               .shape = tagfile::write_convex_shape(w, shapes[i]),
                               .shape_tag = static_cast<std::uint16_t>(100 + i)});
        const std::size_t again = entries.size();
        entries.push_back({.transform = entry_transform(again),
                           .scale = entry_scale(again),
                           .shape = entries[0].shape,
                           .shape_tag = static_cast<std::uint16_t>(100 + again)});
        const std::size_t null = entries.size();
        entries.push_back({.transform = entry_transform(null),
                           .scale = entry_scale(null),
                           .shape_tag = static_cast<std::uint16_t>(100 + null)});
        tagfile::write_extern_shapes(w, mesh_shape, entries);
    };
    return write_synthetic_collision(opt);
}

}  // namespace meshproof::test
