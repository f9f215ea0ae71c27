#include "engine/mesh/extract_extern_shapes.h"

#include <string>

#include <absl/container/flat_hash_map.h>

#include "engine/mesh/extract_trees.h"
#include "engine/mesh/field_columns.h"

namespace meshproof::mesh {

using tagfile::ArrayView;
using tagfile::ObjectView;
using tagfile::TypeTable;

namespace {

Result<std::uint64_t> read_u64_if(const ObjectView& object, std::string_view name) {
    if (!object.has_field(name)) return std::uint64_t{0};
    return object.field(name).as_u64();
}

// An hkTransform: one inline float[16] where the type says so, else its members rotation
// (float[12]) and translation (hkVector4f).
Result<std::array<float, 16>> read_transform(const ObjectView& transform) {
    std::array<float, 16> out{};
    auto whole = transform.array();
    if (whole.ok() && whole->count() == 16) {
        MP_TRY_ASSIGN(auto values, whole->values<float>());
        for (std::size_t k = 0; k < 16; ++k) out[k] = values[k];
        return out;
    }
    MP_TRY_ASSIGN(ArrayView rotation, transform.field("rotation").array());
    if (rotation.count() != 12)
        return make_error(ErrorCode::kBadType, transform.offset(),
                          "rotation of " + std::to_string(rotation.count()) + " floats");
    MP_TRY_ASSIGN(auto values, rotation.values<float>());
    for (std::size_t k = 0; k < 12; ++k) out[k] = values[k];
    MP_TRY_ASSIGN(auto translation, read_vector4(transform.field("translation")));
    for (std::size_t k = 0; k < 4; ++k) out[12 + k] = translation[k];
    return out;
}

// The x, y, z, w columns of an hkRelArray<hkVector4f> member; empty columns without the member.
Status read_vectors(const ObjectView& shape, std::string_view name, std::array<RawColumn<float>, 4>& out) {
    if (!shape.has_field(name)) return ok_status();
    const TypeTable& types = shape.tagfile().types();
    MP_TRY_ASSIGN(ArrayView vectors, shape.field(name).array());
    for (std::uint32_t k = 0; k < 4; ++k) {
        MP_TRY_ASSIGN(out[k], column_of<float>(types, vectors, {}, k));
    }
    return ok_status();
}

template <class T>
std::uint64_t column_bytes(const RawColumn<T>& c) {
    return std::uint64_t{c.size()} * c.values.stride();
}

// Bytes of DATA the shape's arrays cover (each array once).
std::uint64_t array_bytes(const RawConvexShape& s) {
    return column_bytes(s.vertices[0]) + column_bytes(s.planes[0]) + column_bytes(s.face_first_index) +
           column_bytes(s.indices);
}

}  // namespace

Result<RawConvexShape> extract_convex_shape(const ObjectView& shape) {
    MP_TRY(shape.status());
    if (!shape.is_a("hknpShape"))
        return make_error(ErrorCode::kBadObject, shape.offset(),
                          "extern shape of class " + std::string(shape.type_name()) + " is not an hknpShape");
    const TypeTable& types = shape.tagfile().types();
    RawConvexShape out;
    out.class_name = std::string(shape.type_name());
    out.type = tagfile::shape_type_of(types, shape.type());
    out.offset = shape.offset();
    MP_TRY_ASSIGN(std::uint64_t flags, shape.field("flags").as_u64());
    out.flags = static_cast<std::uint16_t>(flags);
    MP_TRY_ASSIGN(std::uint64_t type, shape.field("type").as_u64());
    out.stored_type = static_cast<std::uint8_t>(type);
    MP_TRY_ASSIGN(std::uint64_t dispatch, read_u64_if(shape, "dispatchType"));
    out.dispatch_type = static_cast<std::uint8_t>(dispatch);
    MP_TRY_ASSIGN(out.convex_radius, shape.field("convexRadius").as_f32());

    out.has_max_allowed_penetration = shape.has_field("maxAllowedPenetration");
    if (out.has_max_allowed_penetration) {
        MP_TRY_ASSIGN(out.max_allowed_penetration, shape.field("maxAllowedPenetration").as_f32());
    }
    MP_TRY(read_vectors(shape, "vertices", out.vertices));
    MP_TRY(read_vectors(shape, "planes", out.planes));
    if (shape.has_field("faces")) {
        MP_TRY_ASSIGN(ArrayView faces, shape.field("faces").array());
        MP_TRY_ASSIGN(out.face_first_index, column_of<std::uint16_t>(types, faces, {"firstIndex"}));
        MP_TRY_ASSIGN(out.face_num_indices, column_of<std::uint8_t>(types, faces, {"numIndices"}));
        MP_TRY_ASSIGN(out.face_min_half_angle, column_of<std::uint8_t>(types, faces, {"minHalfAngle"}));
    }
    if (shape.has_field("indices")) {
        MP_TRY_ASSIGN(ArrayView indices, shape.field("indices").array());
        MP_TRY_ASSIGN(out.indices, values_of<std::uint8_t>(indices));
    }
    if (shape.has_field("connectivity")) {
        MP_TRY_ASSIGN(bool null, shape.field("connectivity").is_null());
        out.has_connectivity = !null;
    }
    out.has_segment = shape.has_field("a") && shape.has_field("b");
    if (out.has_segment) {
        MP_TRY_ASSIGN(out.a, read_vector4(shape.field("a")));
        MP_TRY_ASSIGN(out.b, read_vector4(shape.field("b")));
    }
    out.has_obb = shape.has_field("obb");
    if (out.has_obb) {
        MP_TRY_ASSIGN(out.obb, read_transform(shape.field("obb")));
    }
    return out;
}

Status extract_extern_shapes(const ObjectView& shape, RawCompressedMesh& out) {
    out.has_extern_shapes_member = shape.has_field("externShapes");
    if (!out.has_extern_shapes_member) return ok_status();
    MP_TRY_ASSIGN(ArrayView inst, shape.field("externShapes").array());
    RawExternShapes& e = out.extern_shapes;
    e.count = inst.count();
    e.offset = inst.offset();
    if (e.count == 0) return ok_status();

    const TypeTable& types = shape.tagfile().types();
    // hkTransform: an inline float[16] (rotation columns, translation) with members rotation
    // (float[12]) and translation (hkVector4f); read by element when the type allows, else by member.
    for (std::uint32_t k = 0; k < 16; ++k) {
        auto direct = column_of<float>(types, inst, {"transform"}, k);
        if (direct.ok()) {
            e.transform[k] = *direct;
            continue;
        }
        if (k < 12) {
            MP_TRY_ASSIGN(e.transform[k], column_of<float>(types, inst, {"transform", "rotation"}, k));
        } else {
            MP_TRY_ASSIGN(e.transform[k], column_of<float>(types, inst, {"transform", "translation"}, k - 12));
        }
    }
    for (std::uint32_t k = 0; k < 4; ++k) {
        MP_TRY_ASSIGN(e.scale[k], column_of<float>(types, inst, {"scale"}, k));
    }
    MP_TRY_ASSIGN(e.shape_tag, column_of<std::uint16_t>(types, inst, {"shapeTag"}));

    // Each distinct shape object once (by DATA offset), in order of first reference.
    absl::flat_hash_map<std::uint32_t, std::uint32_t> seen;
    const std::uint64_t budget = shape.tagfile().data().size();
    std::uint64_t spent = 0;
    e.shape_class.reserve(e.count);
    e.shape.reserve(e.count);
    for (std::size_t i = 0; i < e.count; ++i) {
        const ObjectView ptr = inst.at(i).field("shape");
        MP_TRY_ASSIGN(bool null, ptr.is_null());
        if (null) {
            e.shape_class.emplace_back();
            e.shape.push_back(kNullShape);
            continue;
        }
        const ObjectView target = ptr.deref();
        MP_TRY(target.status());
        e.shape_class.emplace_back(target.type_name());
        const auto [at, inserted] = seen.try_emplace(target.offset(), static_cast<std::uint32_t>(e.shapes.size()));
        e.shape.push_back(at->second);
        if (!inserted) continue;
        MP_TRY_ASSIGN(RawConvexShape s, extract_convex_shape(target));
        spent += array_bytes(s);
        if (spent > budget)
            return make_error(ErrorCode::kLimit, s.offset,
                              "extern shapes' arrays cover " + std::to_string(spent) + " bytes of a DATA of " +
                                  std::to_string(budget) + ": shapes share array items");
        e.shapes.push_back(std::move(s));
    }
    return ok_status();
}

}  // namespace meshproof::mesh
