#include "engine/mesh/extract_extern_mesh.h"

#include <string>

#include "engine/mesh/extract_trees.h"
#include "engine/mesh/field_columns.h"

namespace meshproof::mesh {

using tagfile::ArrayView;
using tagfile::ObjectView;

Result<RawExternMesh> extract_extern_mesh(const ObjectView& shape) {
    MP_TRY(shape.status());
    const tagfile::TypeTable& types = shape.tagfile().types();
    RawExternMesh out;
    out.class_name = std::string(shape.type_name());
    out.offset = shape.offset();
    MP_TRY_ASSIGN(std::uint64_t bits, shape.field("numShapeKeyBits").as_u64());
    out.num_shape_key_bits = static_cast<std::uint8_t>(bits);
    MP_TRY_ASSIGN(out.convex_radius, shape.field("convexRadius").as_f32());

    const ObjectView wrapper = shape.field("geometry").deref();
    MP_TRY(wrapper.status());
    out.geometry_class = std::string(wrapper.type_name());
    out.has_use_triangle_material_as_shape_tag = wrapper.has_field("useTriangleMaterialAsShapeTag");
    if (out.has_use_triangle_material_as_shape_tag) {
        MP_TRY_ASSIGN(std::uint64_t flag, wrapper.field("useTriangleMaterialAsShapeTag").as_u64());
        out.use_triangle_material_as_shape_tag = static_cast<std::uint8_t>(flag);
    }
    const ObjectView geometry = wrapper.field("geometry").deref();
    MP_TRY(geometry.status());
    MP_TRY_ASSIGN(ArrayView vertices, geometry.field("vertices").array());
    for (std::uint32_t k = 0; k < 4; ++k) {
        MP_TRY_ASSIGN(out.vertices[k], column_of<float>(types, vertices, {}, k));
    }
    MP_TRY_ASSIGN(ArrayView triangles, geometry.field("triangles").array());
    static constexpr std::string_view kCorners[4] = {"a", "b", "c", "material"};
    for (int k = 0; k < 4; ++k) {
        MP_TRY_ASSIGN(out.triangles[k], column_of<std::int32_t>(types, triangles, {kCorners[k]}));
    }

    MP_TRY_ASSIGN(bool null_volume, shape.field("boundingVolumeData").is_null());
    if (null_volume) return out;
    const ObjectView volume = shape.field("boundingVolumeData").deref();
    MP_TRY(volume.status());
    out.bounding_volume_class = std::string(volume.type_name());
    out.bounding_volume_version = types.info(volume.type()).version;
    // The form by declared members, not by version number (containers-and-tagfiles.md §0 #10).
    if (volume.has_field("aabbTree")) {
        out.has_aabb_tree = true;
        MP_TRY_ASSIGN(out.aabb_tree, extract_static_tree(volume.field("aabbTree")));
        if (out.aabb_tree.codec != TreeCodec::kAxis6)
            return make_error(ErrorCode::kBadType, out.aabb_tree.offset,
                              "extern mesh aabbTree nodes are not Aabb6BytesCodec");
    }
    if (volume.has_field("simdTree")) {
        out.has_simd_tree = true;
        MP_TRY_ASSIGN(out.simd_tree, extract_simd_tree(volume.field("simdTree")));
    }
    return out;
}

}  // namespace meshproof::mesh
