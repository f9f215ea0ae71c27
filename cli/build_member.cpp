// See build_member.h.
#include "cli/build_member.h"

#include <algorithm>
#include <cmath>
#include <set>

#include <fmt/format.h>

#include "engine/mesh/decode_member.h"
#include "engine/tagfile/tagfile.h"

#if __has_include("engine/build/mesh_builder.h")
#define MESHPROOF_HAS_MESH_BUILDER 1
#include "engine/build/mesh_builder.h"
#else
// INTERIM, until engine/build/mesh_builder.h lands on main (issue 14 part 1): the synthetic
// writer's builder (median-split tree, one material per mesh) stands in, so that the command,
// its checks and its tests run end to end. It goes when the builder lands.
#define MESHPROOF_HAS_MESH_BUILDER 0
#include "engine/synth/collision_tagfile.h"
#include "engine/synth/compressed_mesh.h"
#endif

namespace meshproof::cli {
namespace {

#if MESHPROOF_HAS_MESH_BUILDER

Status build_tag0(const MemberBuildInput& in, MemberBuildResult& out) {
    build::MeshInput input;
    input.x = in.x;
    input.y = in.y;
    input.z = in.z;
    input.rows = in.rows;
    input.row_material = in.row_material;
    build::MeshOptions options;
    options.dialect = in.dialect;
    options.convex_radius = in.convex_radius;
    build::MeshStats stats{};
    MP_TRY_ASSIGN(auto mesh, build::build_mesh(input, options, &stats));
    MP_TRY_ASSIGN(auto types, build::make_collision_type_context(in.dialect));
    MP_TRY_ASSIGN(out.tag0, build::write_collision_tag0(types, mesh, in.body_name, std::nullopt));
    out.rows_in = stats.rows_in;
    out.rows_dropped_degenerate = stats.rows_dropped_degenerate;
    out.triangles = stats.triangles;
    out.quads = stats.quads;
    out.sections = stats.sections;
    out.pages = stats.pages;
    out.max_position_error = stats.max_position_error;
    return ok_status();
}

#else

// havok-compressed-mesh.txt: degenerate when the summed squares of the edge cross product's
// components, from the first vertex in f32, are under 10^-7, or the corners are exactly collinear.
bool degenerate(const MemberBuildInput& in, const std::array<std::uint32_t, 3>& r) {
    const float ux = in.x[r[1]] - in.x[r[0]], uy = in.y[r[1]] - in.y[r[0]], uz = in.z[r[1]] - in.z[r[0]];
    const float vx = in.x[r[2]] - in.x[r[0]], vy = in.y[r[2]] - in.y[r[0]], vz = in.z[r[2]] - in.z[r[0]];
    const float cx = uy * vz - uz * vy, cy = uz * vx - ux * vz, cz = ux * vy - uy * vx;
    const float sum = cx * cx + cy * cy + cz * cz;
    const float uu = ux * ux + uy * uy + uz * uz, vv = vx * vx + vy * vy + vz * vz, uv = ux * vx + uy * vy + uz * vz;
    return sum < 1e-7f || uu * vv - uv * uv == 0.0f;
}

Status build_tag0(const MemberBuildInput& in, MemberBuildResult& out) {
    synth::SourceMesh source;
    source.x = in.x;
    source.y = in.y;
    source.z = in.z;
    for (const auto& r : in.rows) {
        if (degenerate(in, r)) ++out.rows_dropped_degenerate;
        else source.rows.push_back(r);
    }
    const std::set<std::uint32_t> materials(in.row_material.begin(), in.row_material.end());
    if (materials.size() > 1)
        return make_error(ErrorCode::kUnsupported, 0,
                          fmt::format("{} materials: this build of meshproof writes one material per mesh until the "
                                      "builder of issue 14 lands",
                                      materials.size()));
    synth::MeshBuildOptions options;
    const bool sekiro = in.dialect == tagfile::HavokDialect::kSekiro2016;
    options.numbering = sekiro ? synth::SimdNumbering::kSekiro : synth::SimdNumbering::kEldenRing;
    options.sekiro = sekiro;
    options.convex_radius = in.convex_radius;
    const synth::CompressedMesh mesh = synth::build_compressed_mesh(source, options);
    if (!mesh.error.empty()) return make_error(ErrorCode::kInternal, 0, mesh.error);
    MP_TRY_ASSIGN(auto types, synth::make_collision_type_context(in.dialect));
    MP_TRY_ASSIGN(out.tag0, synth::write_collision_tag0(types, mesh, in.body_name, std::nullopt,
                                                        materials.empty() ? 0u : *materials.begin()));
    out.rows_in = in.rows.size();
    out.triangles = mesh.triangles;
    out.quads = mesh.quads;
    out.sections = mesh.page.size();
    out.pages = std::set<std::uint8_t>(mesh.page.begin(), mesh.page.end()).size();
    out.max_position_error = -1;  // not computed by the stand-in: the decoded figure is shown
    return ok_status();
}

#endif

double distance(double ax, double ay, double az, double bx, double by, double bz) {
    return std::sqrt((ax - bx) * (ax - bx) + (ay - by) * (ay - by) + (az - bz) * (az - bz));
}

// Decodes `out.tag0` and checks it against the input: one body with one compressed mesh; its
// pParam rows are the input rows (all, or the kept ones, in order); each row with a triangle has
// it at the row's positions (up to quantisation) and the row's material; the rows without one
// are the dropped ones.
Status check_decoded(const MemberBuildInput& in, MemberBuildResult& out) {
    MP_TRY_ASSIGN(tagfile::Tagfile tf, tagfile::parse_tagfile(out.tag0, nullptr));
    MP_TRY_ASSIGN(mesh::DecodedMember member, mesh::decode_member(tf));
    const auto fail = [](std::string what) {
        return make_error(ErrorCode::kInternal, 0, "the built tagfile does not decode to its input: " + what);
    };
    if (member.bodies.size() != 1 || member.meshes.size() != 1) return fail("not one body with one compressed mesh");
    const mesh::DecodedMesh& m = member.meshes[0];
    if (member.bodies.name[0] != in.body_name) return fail("the body name differs");
    const std::size_t rows = m.row_triangle.size();
    if (m.row_vertex_index[0].size() != rows || m.row_primitive_data_index.size() != rows)
        return fail("pParam rows and triangleIndexToShapeKey differ in length");
    std::size_t source = 0;
    for (std::size_t r = 0; r < rows; ++r) {
        const std::array<std::uint32_t, 3> stored{m.row_vertex_index[0][r], m.row_vertex_index[1][r], m.row_vertex_index[2][r]};
        while (source < in.rows.size() && in.rows[source] != stored) ++source;  // rows the builder left out
        if (source == in.rows.size()) return fail(fmt::format("pParam row {} is not an input row in order", r));
        const std::uint32_t pd = m.row_primitive_data_index[r];
        const std::uint32_t want = in.row_material.empty() ? 0u : in.row_material[source];
        if (pd >= m.material_name_data.size() || m.material_name_data[pd] != want)
            return fail(fmt::format("row {} does not carry material {}", source, want));
        const std::uint32_t t = m.row_triangle[r];
        ++source;
        if (t == mesh::kNone) continue;
        if (t >= m.triangles.size()) return fail(fmt::format("row {} names triangle {} of {}", r, t, m.triangles.size()));
        ++out.decoded_rows_with_triangle;
        // The corners in the same cyclic order, from whichever corner fits best.
        double best = INFINITY;
        for (int rot = 0; rot < 3; ++rot) {
            double worst = 0;
            for (int k = 0; k < 3; ++k) {
                const std::uint32_t v = m.triangles.vertex[(k + rot) % 3][t];
                const std::uint32_t s = stored[k];
                if (v >= m.vertices.size() || s >= in.x.size()) return fail(fmt::format("row {}: a corner out of range", r));
                worst = std::max(worst, distance(in.x[s], in.y[s], in.z[s], m.vertices.x[v], m.vertices.y[v], m.vertices.z[v]));
            }
            best = std::min(best, worst);
        }
        out.decoded_max_position_error = std::max(out.decoded_max_position_error, best);
    }
    if (out.decoded_rows_with_triangle + out.rows_dropped_degenerate != in.rows.size())
        return fail(fmt::format("{} rows decode to a triangle and {} were dropped, of {}", out.decoded_rows_with_triangle,
                                out.rows_dropped_degenerate, in.rows.size()));
    return ok_status();
}

}  // namespace

Result<MemberBuildResult> build_collision_member(const MemberBuildInput& input) {
    MemberBuildResult out;
    MP_TRY(build_tag0(input, out));
    if (Status checked = check_decoded(input, out); !checked.ok()) {
        Error e = std::move(checked).error();
        e.code = ErrorCode::kInternal;  // whatever the decoder said, the fault is the builder's
        return e;
    }
    if (out.max_position_error < 0) out.max_position_error = out.decoded_max_position_error;
    return out;
}

}  // namespace meshproof::cli
