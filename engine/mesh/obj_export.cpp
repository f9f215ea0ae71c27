#include "engine/mesh/obj_export.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <sstream>
#include <vector>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "engine/core/plural.h"
#include "engine/mesh/extern_shape_geometry.h"

namespace meshproof::mesh {

namespace {

// OBJ names end at whitespace: keep them one token.
std::string obj_name(std::string_view name, std::string_view fallback) {
    std::string out(name.empty() ? fallback : name);
    for (char& c : out)
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '#') c = '_';
    return out;
}

// Rotates v by the unit quaternion q (xyzw), then translates by t. Double precision: the
// export is for viewing; the decoded columns keep the exact f32 values.
struct Pose {
    std::array<double, 4> q{0, 0, 0, 1};
    std::array<double, 3> t{0, 0, 0};
    bool identity = true;

    std::array<double, 3> apply(float x, float y, float z) const {
        std::array<double, 3> v{x, y, z};
        if (identity) return v;
        const double qx = q[0], qy = q[1], qz = q[2], qw = q[3];
        // v' = v + 2w (q × v) + 2 q × (q × v)
        const double cx = qy * v[2] - qz * v[1], cy = qz * v[0] - qx * v[2], cz = qx * v[1] - qy * v[0];
        const double ccx = qy * cz - qz * cy, ccy = qz * cx - qx * cz, ccz = qx * cy - qy * cx;
        return {v[0] + 2 * (qw * cx + ccx) + t[0], v[1] + 2 * (qw * cy + ccy) + t[1],
                v[2] + 2 * (qw * cz + ccz) + t[2]};
    }
};

Pose pose_of(const DecodedBodies& b, std::size_t i, const ObjExportOptions& options) {
    Pose p;
    if (!options.apply_pose) return p;
    for (int k = 0; k < 4; ++k) p.q[k] = b.orientation[i][k];
    for (int k = 0; k < 3; ++k) p.t[k] = b.position[i][k];
    const double n = std::sqrt(p.q[0] * p.q[0] + p.q[1] * p.q[1] + p.q[2] * p.q[2] + p.q[3] * p.q[3]);
    if (n > 0) {
        for (double& c : p.q) c /= n;
    } else {
        p.q = {0, 0, 0, 1};
    }
    p.identity = p.q[0] == 0 && p.q[1] == 0 && p.q[2] == 0 && p.t[0] == 0 && p.t[1] == 0 && p.t[2] == 0;
    return p;
}

void write_vertex(std::ostream& out, const Pose& pose, float x, float y, float z) {
    const auto p = pose.apply(x, y, z);
    fmt::print(out, "v {} {} {}\n", static_cast<float>(p[0]), static_cast<float>(p[1]), static_cast<float>(p[2]));
}

// Triangles ordered by material (stable), one group per material.
void write_groups(std::ostream& out, std::string_view body, std::size_t triangles,
                  const std::array<const std::vector<std::uint32_t>*, 3>& corners, std::uint64_t base,
                  const std::vector<std::string>& material_of) {
    std::vector<std::uint32_t> order(triangles);
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return material_of[a] < material_of[b]; });
    const std::string* current = nullptr;
    for (std::uint32_t t : order) {
        if (!current || *current != material_of[t]) {
            current = &material_of[t];
            fmt::print(out, "g {}_{}\nusemtl {}\n", body, *current, *current);
        }
        fmt::print(out, "f {} {} {}\n", base + (*corners[0])[t] + 1, base + (*corners[1])[t] + 1,
                   base + (*corners[2])[t] + 1);
    }
}

// Each externShapes entry as an object of its own, "<body>_extern<i>_<class>" (a Blender user sees
// it beside the mesh): its surface placed in mesh space (extern_shape_geometry.h), then the pose.
// Returns the vertices written.
std::uint64_t write_extern_shapes(std::ostream& out, std::string_view body, const Pose& pose,
                                  const DecodedExternShapes& e, std::uint64_t base) {
    std::uint64_t written = 0;
    for (std::size_t i = 0; i < e.instance_count(); ++i) {
        const ShapeSurface s = extern_instance_surface(e, i);
        const std::string name = fmt::format("{}_extern{}_{}", body, i, obj_name(e.shape_class[i], "none"));
        fmt::print(out, "o {}\n", name);
        if (s.triangles.empty()) {
            fmt::print(out, "# extern shape {} ({}): no surface to draw\n", i,
                       e.shape_class[i].empty() ? "(none)" : e.shape_class[i]);
            continue;
        }
        for (const auto& v : s.vertices) write_vertex(out, pose, v[0], v[1], v[2]);
        fmt::print(out, "g {}\nusemtl extern\n", name);
        const std::uint64_t at = base + written + 1;
        for (const auto& t : s.triangles) fmt::print(out, "f {} {} {}\n", at + t[0], at + t[1], at + t[2]);
        written += s.vertices.size();
    }
    return written;
}

}  // namespace

void write_obj(const DecodedMember& member, std::ostream& out, const ObjExportOptions& options) {
    const DecodedBodies& b = member.bodies;
    fmt::print(out, "# meshproof OBJ export: {}, {}, {}, SDK {}\n", plural(b.size(), "body", "bodies"),
               plural(member.meshes.size(), "compressed mesh", "compressed meshes"),
               plural(member.extern_meshes.size(), "extern mesh", "extern meshes"), member.sdk_version);
    std::uint64_t written = 0;  // vertices written so far (OBJ indices are file-global)
    std::vector<std::string> material_of;
    for (std::size_t i = 0; i < b.size(); ++i) {
        const std::string body = obj_name(b.name[i], "body" + std::to_string(i));
        const Pose pose = pose_of(b, i, options);
        if (b.shape_kind[i] == ShapeKind::kCompressedMesh && b.shape_index[i] < member.meshes.size()) {
            const DecodedMesh& m = member.meshes[b.shape_index[i]];
            fmt::print(out, "o {}\n", body);
            if (!m.point_sets.primitive.empty())
                fmt::print(out, "# {} point sets not exported\n", m.point_sets.primitive.size());
            const DecodedVertices& v = m.vertices;
            for (std::size_t k = 0; k < v.size(); ++k) {
                if (v.kind[k] == VertexKind::kUnresolved) write_vertex(out, Pose{}, 0, 0, 0);  // never used by a face
                else write_vertex(out, pose, v.x[k], v.y[k], v.z[k]);
            }
            material_of.assign(m.triangles.size(), std::string());
            for (std::size_t t = 0; t < m.triangles.size(); ++t)
                material_of[t] =
                    m.triangles.material[t] == kNone ? "m_none" : fmt::format("m{}", m.triangles.material[t]);
            write_groups(out, body, m.triangles.size(),
                         {&m.triangles.vertex[0], &m.triangles.vertex[1], &m.triangles.vertex[2]}, written,
                         material_of);
            written += v.size();
            written += write_extern_shapes(out, body, pose, m.extern_shapes, written);
        } else if (b.shape_kind[i] == ShapeKind::kExternMesh && b.shape_index[i] < member.extern_meshes.size()) {
            const DecodedExternMesh& e = member.extern_meshes[b.shape_index[i]];
            fmt::print(out, "o {}\n", body);
            for (std::size_t k = 0; k < e.x.size(); ++k) write_vertex(out, pose, e.x[k], e.y[k], e.z[k]);
            material_of.assign(e.triangle_count(), std::string());
            for (std::size_t t = 0; t < e.triangle_count(); ++t) material_of[t] = "f_" + std::to_string(e.material[t]);
            write_groups(out, body, e.triangle_count(), {&e.triangle[0], &e.triangle[1], &e.triangle[2]}, written,
                         material_of);
            written += e.x.size();
        } else {
            fmt::print(out, "# body {}: shape {} not exported\n", body,
                       b.shape_class[i].empty() ? "(none)" : b.shape_class[i]);
        }
    }
}

std::string to_obj(const DecodedMember& member, const ObjExportOptions& options) {
    std::ostringstream out;
    write_obj(member, out, options);
    return out.str();
}

}  // namespace meshproof::mesh
