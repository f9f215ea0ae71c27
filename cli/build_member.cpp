// See build_member.h.
#include "cli/build_member.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "engine/builder/collision_tagfile.h"
#include "engine/builder/mesh_builder.h"
#include "engine/mesh/decode_member.h"
#include "engine/tagfile/tagfile.h"

namespace meshproof::cli {
namespace {

Status build_tag0(const MemberBuildInput& in, MemberBuildResult& out) {
    // The builder reads the welded columns where they are (no copy of a large mesh's columns).
    // Materials always explicit: the tagfile writer's stand-in for "no materials" is the sample's
    // 21, and `build` promises 0 for rows without a usemtl.
    std::vector<std::uint32_t> zeros;
    if (in.row_material.empty()) zeros.assign(in.rows.size(), 0u);
    const builder::MeshInputView input(in.x, in.y, in.z, in.rows, in.row_material.empty() ? zeros : in.row_material);
    builder::MeshOptions options;
    options.numbering = in.dialect == tagfile::HavokDialect::kSekiro2016 ? builder::SimdNumbering::kSekiro
                                                                         : builder::SimdNumbering::kEldenRing;
    options.convex_radius = in.convex_radius;
    options.max_packed_error = in.max_packed_error;
    builder::MeshStats stats{};
    MP_TRY_ASSIGN(builder::CompressedMesh mesh, builder::build_mesh(input, options, &stats));
    MP_TRY_ASSIGN(builder::CollisionTypeContext types, builder::make_collision_type_context(in.dialect));
    MP_TRY_ASSIGN(out.tag0, builder::write_collision_tag0(types, mesh, in.body_name, std::nullopt));
    out.rows_in = stats.rows_in;
    out.rows_dropped_degenerate = stats.rows_dropped_degenerate + stats.rows_invalid;
    out.triangles = stats.triangles;
    out.quads = stats.quads;
    out.sections = stats.sections;
    out.pages = stats.pages;
    out.max_position_error = stats.max_position_error;
    return ok_status();
}

// The largest coordinate difference (the builder's MeshStats measure).
double largest_coordinate_difference(double ax, double ay, double az, double bx, double by, double bz) {
    return std::max({std::fabs(ax - bx), std::fabs(ay - by), std::fabs(az - bz)});
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
        const std::array<std::uint32_t, 3> stored{m.row_vertex_index[0][r], m.row_vertex_index[1][r],
                                                  m.row_vertex_index[2][r]};
        while (source < in.rows.size() && in.rows[source] != stored) ++source;  // rows the builder left out
        if (source == in.rows.size()) return fail(fmt::format("pParam row {} is not an input row in order", r));
        const std::uint32_t pd = m.row_primitive_data_index[r];
        const std::uint32_t want = in.row_material.empty() ? 0u : in.row_material[source];
        if (pd >= m.material_name_data.size() || m.material_name_data[pd] != want)
            return fail(fmt::format("row {} does not carry material {}", source, want));
        const std::uint32_t t = m.row_triangle[r];
        ++source;
        if (t == mesh::kNone) continue;
        if (t >= m.triangles.size())
            return fail(fmt::format("row {} names triangle {} of {}", r, t, m.triangles.size()));
        ++out.decoded_rows_with_triangle;
        // The corners in the same cyclic order, from whichever corner fits best.
        double best = INFINITY;
        for (int rot = 0; rot < 3; ++rot) {
            double worst = 0;
            for (int k = 0; k < 3; ++k) {
                const std::uint32_t v = m.triangles.vertex[(k + rot) % 3][t];
                const std::uint32_t s = stored[k];
                if (v >= m.vertices.size() || s >= in.x.size())
                    return fail(fmt::format("row {}: a corner out of range", r));
                worst = std::max(worst, largest_coordinate_difference(in.x[s], in.y[s], in.z[s], m.vertices.x[v],
                                                                      m.vertices.y[v], m.vertices.z[v]));
            }
            best = std::min(best, worst);
        }
        out.decoded_max_position_error = std::max(out.decoded_max_position_error, best);
    }
    if (out.decoded_rows_with_triangle + out.rows_dropped_degenerate != in.rows.size())
        return fail(fmt::format("{} rows decode to a triangle and {} were dropped, of {}",
                                out.decoded_rows_with_triangle, out.rows_dropped_degenerate, in.rows.size()));
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
    return out;
}

}  // namespace meshproof::cli
