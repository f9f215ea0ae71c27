#include "engine/mesh/extract_trees.h"

#include <string>

#include "engine/mesh/field_columns.h"

namespace meshproof::mesh {

using tagfile::ArrayView;
using tagfile::ObjectView;

Result<std::array<float, 4>> read_vector4(const ObjectView& v) {
    ObjectView at = v;
    // hkQuaternion is a record {vec: hkVector4f}; hkVector4 itself is an inline float[4].
    if (at.ok() && at.kind() == tagfile::TypeKind::kRecord && at.has_field("vec")) at = at.field("vec");
    MP_TRY_ASSIGN(ArrayView lanes, at.array());
    if (lanes.count() != 4)
        return make_error(ErrorCode::kBadType, at.offset(), "vector of " + std::to_string(lanes.count()) + " lanes");
    MP_TRY_ASSIGN(auto values, lanes.values<float>());
    return std::array<float, 4>{values[0], values[1], values[2], values[3]};
}

Result<RawAabb> read_aabb(const ObjectView& aabb) {
    RawAabb out;
    MP_TRY_ASSIGN(out.min, read_vector4(aabb.field("min")));
    MP_TRY_ASSIGN(out.max, read_vector4(aabb.field("max")));
    return out;
}

Result<RawStaticTree> extract_static_tree(const ObjectView& tree) {
    MP_TRY(tree.status());
    const tagfile::TypeTable& types = tree.tagfile().types();
    MP_TRY_ASSIGN(ArrayView nodes, tree.field("nodes").array());
    RawStaticTree out;
    out.offset = nodes.offset();
    MP_TRY_ASSIGN(out.domain, read_aabb(tree.field("domain")));
    const std::uint32_t node_type = nodes.element_type();
    for (std::uint32_t a = 0; a < 3; ++a) {
        MP_TRY_ASSIGN(out.xyz[a], column_of<std::uint8_t>(types, nodes, {"xyz"}, a));
    }
    if (has_member(types, node_type, "data")) {
        out.codec = TreeCodec::kAxis4;
        MP_TRY_ASSIGN(out.data, column_of<std::uint8_t>(types, nodes, {"data"}));
        return out;
    }
    MP_TRY_ASSIGN(out.data, column_of<std::uint8_t>(types, nodes, {"hiData"}));
    MP_TRY_ASSIGN(ResolvedField lo, resolve_field(types, node_type, {"loData"}));
    if (types.size(lo.type) == 1) {
        out.codec = TreeCodec::kAxis5;
        MP_TRY_ASSIGN(out.lo8, column_of<std::uint8_t>(types, nodes, {"loData"}));
    } else {
        out.codec = TreeCodec::kAxis6;
        MP_TRY_ASSIGN(out.lo16, column_of<std::uint16_t>(types, nodes, {"loData"}));
    }
    return out;
}

Result<RawSimdTree> extract_simd_tree(const ObjectView& simd) {
    MP_TRY(simd.status());
    const tagfile::TypeTable& types = simd.tagfile().types();
    MP_TRY_ASSIGN(ArrayView nodes, simd.field("nodes").array());
    RawSimdTree out;
    out.offset = nodes.offset();
    out.stride = static_cast<std::uint32_t>(nodes.stride());
    static constexpr std::string_view kBounds[6] = {"lx", "hx", "ly", "hy", "lz", "hz"};
    for (int b = 0; b < 6; ++b) {
        for (std::uint32_t lane = 0; lane < 4; ++lane) {
            MP_TRY_ASSIGN(out.bounds[b][lane], column_of<float>(types, nodes, {kBounds[b]}, lane));
        }
    }
    for (std::uint32_t lane = 0; lane < 4; ++lane) {
        MP_TRY_ASSIGN(out.data[lane], column_of<std::uint32_t>(types, nodes, {"data"}, lane));
    }
    if (has_member(types, nodes.element_type(), "isLeaf")) {
        out.encoding = SimdEncoding::kIsLeafFlag;
        MP_TRY_ASSIGN(out.is_leaf, column_of<std::uint8_t>(types, nodes, {"isLeaf"}));
        if (has_member(types, nodes.element_type(), "isActive")) {
            MP_TRY_ASSIGN(out.is_active, column_of<std::uint8_t>(types, nodes, {"isActive"}));
        }
    } else {
        out.encoding = SimdEncoding::kParity;
    }
    if (simd.has_field("isCompact")) {
        out.has_is_compact = true;
        MP_TRY_ASSIGN(std::uint64_t compact, simd.field("isCompact").as_u64());
        out.is_compact = static_cast<std::uint8_t>(compact);
    }
    return out;
}

}  // namespace meshproof::mesh
