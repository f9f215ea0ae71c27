#include "engine/mesh/decode_member.h"

#include "engine/mesh/decode_extern_mesh.h"
#include "engine/mesh/decoded_columns.h"
#include "engine/mesh/decode_extern_shapes.h"
#include "engine/mesh/extract_member.h"

namespace meshproof::mesh {

Result<DecodedMember> decode_member(const RawMember& raw, const DecodeOptions& options) {
    DecodedMember out;
    MP_TRY(decode_member_into(raw, out, options));
    return out;
}

Status decode_member_into(const RawMember& raw, DecodedMember& out, const DecodeOptions& options) {
    // The meshes are kept as elements, each emptied and decoded into; so are the extern meshes.
    std::vector<DecodedMesh> meshes = std::move(out.meshes);
    std::vector<DecodedExternMesh> extern_meshes = std::move(out.extern_meshes);
    empty_keeping_capacity(out);
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
    meshes.resize(raw.meshes.size());
    for (std::size_t i = 0; i < meshes.size(); ++i) {
        empty_keeping_capacity(meshes[i]);
        MP_TRY(decode_compressed_mesh_into(raw.meshes[i], meshes[i], options));
    }
    out.meshes = std::move(meshes);
    extern_meshes.resize(raw.extern_meshes.size());
    for (std::size_t i = 0; i < extern_meshes.size(); ++i) {
        empty_keeping_capacity(extern_meshes[i]);
        MP_TRY(decode_extern_mesh_into(raw.extern_meshes[i], extern_meshes[i], options));
    }
    out.extern_meshes = std::move(extern_meshes);
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
    return ok_status();
}

Result<DecodedMember> decode_member(const tagfile::Tagfile& tf, const DecodeOptions& options) {
    MP_TRY_ASSIGN(RawMember raw, extract_member(tf));
    return decode_member(raw, options);
}

Status decode_member_into(const tagfile::Tagfile& tf, DecodedMember& out, const DecodeOptions& options) {
    MP_TRY_ASSIGN(RawMember raw, extract_member(tf));
    return decode_member_into(raw, out, options);
}

}  // namespace meshproof::mesh
