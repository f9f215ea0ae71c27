#include "engine/mesh/extern_shapes_text.h"

#include <fmt/format.h>

#include "engine/core/plural.h"

namespace meshproof::mesh {

namespace {

std::string shape_line(const DecodedExternShapes& e, std::uint32_t s) {
    std::string out = fmt::format(
        "{} {} radius {}: {}, {}, {}, {}", e.class_name[s], tagfile::shape_type_name(e.type[s]), e.convex_radius[s],
        plural(e.vertex_count[s], "vertex", "vertices"), plural(e.plane_count[s], "plane", "planes"),
        plural(e.face_count[s], "face", "faces"), plural(e.index_count[s], "index", "indices"));
    const auto& a = e.a[s];
    const auto& b = e.b[s];
    if (e.type[s] == tagfile::ShapeType::kCapsule || e.type[s] == tagfile::ShapeType::kCylinder)
        out += fmt::format("; a ({}, {}, {}) b ({}, {}, {})", a[0], a[1], a[2], b[0], b[1], b[2]);
    if (e.type[s] == tagfile::ShapeType::kBox) {
        const auto& t = e.obb[s];
        out += fmt::format("; obb translation ({}, {}, {})", t[12], t[13], t[14]);
    }
    return out;
}

}  // namespace

std::string extern_shapes_text(const DecodedMember& member) {
    std::string out;
    for (std::size_t m = 0; m < member.meshes.size(); ++m) {
        const DecodedMesh& mesh = member.meshes[m];
        const DecodedExternShapes& e = mesh.extern_shapes;
        if (e.instance_count() == 0) continue;
        out += fmt::format("extern shapes of mesh {} ({}): {}, {}\n", m, mesh.class_name,
                           plural(e.instance_count(), "entry", "entries"), plural(e.shape_count(), "shape", "shapes"));
        for (std::size_t i = 0; i < e.instance_count(); ++i) {
            const std::uint32_t s = e.shape[i];
            out += fmt::format("  [{}] {}\n", i, s == kNone ? std::string("null shape") : shape_line(e, s));
            const auto& t = e.transform[i];
            const auto& k = e.scale[i];
            out += fmt::format(
                "      rotation ({}, {}, {}) ({}, {}, {}) ({}, {}, {}) translation ({}, {}, {}) "
                "scale ({}, {}, {}) tag {}\n",
                t[0], t[1], t[2], t[4], t[5], t[6], t[8], t[9], t[10], t[12], t[13], t[14], k[0], k[1], k[2],
                e.shape_tag[i]);
        }
    }
    return out;
}

}  // namespace meshproof::mesh
