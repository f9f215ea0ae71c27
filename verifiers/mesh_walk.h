// Small helpers every havok-mesh pass shares: failure locations in the document's terms
// ("path / body N / section S / primitive P") and the vertex slots of a primitive.
#pragma once

#include <algorithm>
#include <array>
#include <limits>
#include <cstdint>
#include <string>

#include <fmt/format.h>

#include "engine/mesh/decoded_member.h"
#include "engine/pipeline/unit.h"

namespace meshproof::verifiers {

// "path / body N" for the first body whose shape is this mesh ("path / mesh M" if none names it).
inline std::string shape_location(const Unit& unit, mesh::ShapeKind kind, std::size_t shape) {
    const mesh::DecodedBodies& b = unit.mesh->bodies;
    for (std::size_t i = 0; i < b.size(); ++i)
        if (b.shape_kind[i] == kind && b.shape_index[i] == shape) return fmt::format("{} / body {}", unit.path, i);
    return fmt::format("{} / shape {}", unit.path, shape);
}
inline std::string mesh_location(const Unit& unit, std::size_t mesh) {
    return shape_location(unit, mesh::ShapeKind::kCompressedMesh, mesh);
}
inline std::string section_location(const Unit& unit, std::size_t mesh, std::uint32_t section) {
    return fmt::format("{} / section {}", mesh_location(unit, mesh), section);
}
inline std::string primitive_location(const Unit& unit, std::size_t mesh, const mesh::DecodedMesh& m, std::uint32_t p) {
    return fmt::format("{} / section {} / primitive {}", mesh_location(unit, mesh), m.primitives.section[p],
                       m.primitives.index_in_section[p]);
}

inline bool has_geometry(mesh::PrimitiveKind k) {
    return k == mesh::PrimitiveKind::kTriangle || k == mesh::PrimitiveKind::kQuad;
}
inline bool is_custom(mesh::PrimitiveKind k) {
    return k == mesh::PrimitiveKind::kPointSet || k == mesh::PrimitiveKind::kExternReference ||
           k == mesh::PrimitiveKind::kCustomUnknown;
}

// Global vertex slots of a triangle or quad (3 or 4; `count` says which). Indices are checked
// against the section's slots by the decoder before any triangle exists.
struct PrimitiveCorners {
    std::array<std::uint32_t, 4> slot{};
    int count = 0;
};
inline PrimitiveCorners corners_of(const mesh::DecodedMesh& m, std::uint32_t p) {
    PrimitiveCorners c;
    const std::uint32_t base = m.sections.first_slot[m.primitives.section[p]];
    c.count = m.primitives.kind[p] == mesh::PrimitiveKind::kQuad ? 4 : 3;
    for (int k = 0; k < c.count; ++k) c.slot[k] = base + m.primitives.indices[k][p];
    return c;
}

inline mesh::Box empty_box() {
    mesh::Box b;
    for (int a = 0; a < 3; ++a) {
        b.min[a] = std::numeric_limits<float>::infinity();
        b.max[a] = -std::numeric_limits<float>::infinity();
    }
    return b;
}
inline void grow(mesh::Box& b, float x, float y, float z) {
    const float p[3] = {x, y, z};
    for (int a = 0; a < 3; ++a) {
        b.min[a] = std::min(b.min[a], p[a]);
        b.max[a] = std::max(b.max[a], p[a]);
    }
}
inline void grow(mesh::Box& b, const mesh::Box& o) {
    for (int a = 0; a < 3; ++a) {
        b.min[a] = std::min(b.min[a], o.min[a]);
        b.max[a] = std::max(b.max[a], o.max[a]);
    }
}
inline bool same_box(const mesh::Box& a, const mesh::Box& b) { return a.min == b.min && a.max == b.max; }

// The box of a triangle or quad's vertices (the simd leaf box; the nibble rule's leaf box before
// the convex radius).
inline mesh::Box vertex_box(const mesh::DecodedMesh& m, std::uint32_t p) {
    const PrimitiveCorners c = corners_of(m, p);
    mesh::Box b = empty_box();
    for (int k = 0; k < c.count; ++k)
        grow(b, m.vertices.x[c.slot[k]], m.vertices.y[c.slot[k]], m.vertices.z[c.slot[k]]);
    return b;
}

}  // namespace meshproof::verifiers
