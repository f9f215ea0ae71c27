#include "engine/mesh/decode_member.h"

#include "engine/mesh/decode_extern_mesh.h"
#include "engine/mesh/decode_extern_shapes.h"
#include "engine/mesh/extract_member.h"

namespace meshproof::mesh {

Result<DecodedMember> decode_member(const RawMember& raw, const DecodeOptions& options) {
    DecodedMember out;
    out.sdk_version = raw.sdk_version;
    DecodedBodies& b = out.bodies;
    const std::size_t n = raw.bodies.size();
    b.name.reserve(n);
    b.position.reserve(n);
    b.orientation.reserve(n);
    b.motion_type.reserve(n);
    b.quality_id.reserve(n);
    b.mass.reserve(n);
    b.motion_properties_id.reserve(n);
    b.system.reserve(n);
    b.shape_kind.reserve(n);
    b.shape_index.reserve(n);
    b.shape_class.reserve(n);
    for (const RawBody& body : raw.bodies) {
        b.name.push_back(body.name);
        b.position.push_back(body.position);
        b.orientation.push_back(body.orientation);
        b.motion_type.push_back(body.motion_type);
        b.quality_id.push_back(body.quality_id);
        b.mass.push_back(body.mass);
        b.motion_properties_id.push_back(body.motion_properties_id);
        b.system.push_back(body.system);
        b.shape_kind.push_back(body.shape_kind);
        b.shape_index.push_back(body.shape_index);
        b.shape_class.push_back(body.shape_class);
    }
    out.meshes.reserve(raw.meshes.size());
    for (const RawCompressedMesh& m : raw.meshes) {
        MP_TRY_ASSIGN(DecodedMesh decoded, decode_compressed_mesh(m, options));
        out.meshes.push_back(std::move(decoded));
    }
    out.extern_meshes.reserve(raw.extern_meshes.size());
    for (const RawExternMesh& m : raw.extern_meshes) {
        MP_TRY_ASSIGN(DecodedExternMesh decoded, decode_extern_mesh(m, options));
        out.extern_meshes.push_back(std::move(decoded));
    }
    // The bodies' other shapes through the extern shapes' decoder: shapes without instances. Each
    // is checked first, so one the decoder would refuse is left out and counted, not fatal.
    out.other_shape_errors = raw.other_shape_errors;
    RawExternShapes shapes;
    std::vector<std::uint32_t> kept_as(raw.other_shapes.size(), kNoOtherShape);
    for (std::size_t i = 0; i < raw.other_shapes.size(); ++i) {
        if (Status checked = check_convex_shape(raw.other_shapes[i]); !checked.ok()) {
            out.other_shape_errors.push_back(std::move(checked).error());
            continue;
        }
        kept_as[i] = static_cast<std::uint32_t>(shapes.shapes.size());
        shapes.shapes.push_back(raw.other_shapes[i]);
    }
    MP_TRY_ASSIGN(out.other_shapes, decode_extern_shapes(shapes));
    for (std::size_t b = 0; b < out.bodies.size(); ++b)
        if (out.bodies.shape_kind[b] == ShapeKind::kOther && out.bodies.shape_index[b] != kNoOtherShape)
            out.bodies.shape_index[b] = kept_as[out.bodies.shape_index[b]];
    return out;
}

Result<DecodedMember> decode_member(const tagfile::Tagfile& tf, const DecodeOptions& options) {
    MP_TRY_ASSIGN(RawMember raw, extract_member(tf));
    return decode_member(raw, options);
}

}  // namespace meshproof::mesh
