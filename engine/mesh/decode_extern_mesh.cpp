#include "engine/mesh/decode_extern_mesh.h"

#include <string>

#include "engine/mesh/simd_tree_codec.h"
#include "engine/mesh/static_tree_codec.h"

namespace meshproof::mesh {

Result<DecodedExternMesh> decode_extern_mesh(const RawExternMesh& raw, const DecodeOptions& options) {
    DecodedExternMesh out;
    MP_TRY(decode_extern_mesh_into(raw, out, options));
    return out;
}

Status decode_extern_mesh_into(const RawExternMesh& raw, DecodedExternMesh& out, const DecodeOptions& options) {
    out.class_name = raw.class_name;
    out.offset = raw.offset;
    out.num_shape_key_bits = raw.num_shape_key_bits;
    out.convex_radius = raw.convex_radius;
    out.geometry_class = raw.geometry_class;
    out.has_use_triangle_material_as_shape_tag = raw.has_use_triangle_material_as_shape_tag;
    out.use_triangle_material_as_shape_tag = raw.use_triangle_material_as_shape_tag;
    out.bounding_volume_class = raw.bounding_volume_class;
    out.bounding_volume_version = raw.bounding_volume_version;

    const std::size_t nv = raw.vertices[0].size();
    for (const auto& c : raw.vertices)
        if (c.size() != nv)
            return make_error(ErrorCode::kBadObject, raw.vertices[0].offset,
                              "hkGeometry vertex columns differ in length");
    const std::size_t nt = raw.triangles[0].size();
    for (const auto& c : raw.triangles)
        if (c.size() != nt)
            return make_error(ErrorCode::kBadObject, raw.triangles[0].offset,
                              "hkGeometry triangle columns differ in length");

    out.x.resize(nv);
    out.y.resize(nv);
    out.z.resize(nv);
    out.w.resize(nv);
    for (std::size_t i = 0; i < nv; ++i) {
        out.x[i] = raw.vertices[0][i];
        out.y[i] = raw.vertices[1][i];
        out.z[i] = raw.vertices[2][i];
        out.w[i] = raw.vertices[3][i];
    }
    for (auto& c : out.triangle) c.resize(nt);
    out.material.resize(nt);
    for (std::size_t t = 0; t < nt; ++t) {
        for (int k = 0; k < 3; ++k) {
            const std::int32_t index = raw.triangles[k][t];
            if (index < 0 || static_cast<std::uint64_t>(index) >= nv)
                return make_error(ErrorCode::kOutOfBounds, raw.triangles[k].offset_of(t),
                                  "hkGeometry triangle " + std::to_string(t) + " corner " + std::to_string(index) +
                                      " of " + std::to_string(nv) + " vertices");
            out.triangle[k][t] = static_cast<std::uint32_t>(index);
        }
        out.material[t] = raw.triangles[3][t];
    }

    out.has_aabb_tree = raw.has_aabb_tree;
    if (raw.has_aabb_tree) {
        if (raw.aabb_tree.codec != TreeCodec::kAxis6)
            return make_error(ErrorCode::kBadObject, raw.aabb_tree.offset, "extern mesh aabbTree is not Codec3Axis6");
        if (nt >= kNone) return make_error(ErrorCode::kOutOfBounds, raw.offset, "too many triangles");
        out.aabb_tree.codec = TreeCodec::kAxis6;
        MP_TRY(append_static_tree(raw.aabb_tree, 0, static_cast<std::uint32_t>(nt), out.aabb_tree, options.box_rule));
    }
    out.has_simd_tree = raw.has_simd_tree;
    if (raw.has_simd_tree) {
        MP_TRY(decode_simd_tree_into(raw.simd_tree, out.simd_tree));
    }
    return ok_status();
}

}  // namespace meshproof::mesh
