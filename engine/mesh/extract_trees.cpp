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

Result<RawStaticTree> extract_static_tree(const ObjectView& tree) { return StaticTreeExtractor().extract(tree); }

Result<RawStaticTree> StaticTreeExtractor::extract(const ObjectView& tree) {
    MP_TRY(tree.status());
    const tagfile::TypeTable& types = tree.tagfile().types();
    // Each member is kept only once found; a missing one is asked by name, which gives the error.
    if (tree_.type != tree.type()) find_pair(types, tree.type(), "nodes", "domain", tree_);
    const bool known_tree = tree_.type != kNoType;
    MP_TRY_ASSIGN(ArrayView nodes, (known_tree ? tree.field(tree_.first) : tree.field("nodes")).array());
    RawStaticTree out;
    out.offset = nodes.offset();
    const ObjectView domain = known_tree ? tree.field(tree_.second) : tree.field("domain");
    if (domain.ok() && domain_.type != domain.type()) find_pair(types, domain.type(), "min", "max", domain_);
    if (domain.ok() && domain_.type == domain.type()) {
        MP_TRY_ASSIGN(out.domain.min, read_vector4(domain.field(domain_.first)));
        MP_TRY_ASSIGN(out.domain.max, read_vector4(domain.field(domain_.second)));
    } else {
        MP_TRY_ASSIGN(out.domain, read_aabb(domain));
    }
    if (nodes_.type != nodes.element_type() || nodes_.stride != nodes.stride()) {
        nodes_.type = kNoType;
        MP_TRY(find_node_columns(types, nodes));
    }
    out.codec = nodes_.codec;
    for (std::uint32_t a = 0; a < 3; ++a) out.xyz[a] = column_at<std::uint8_t>(nodes, nodes_.xyz[a]);
    out.data = column_at<std::uint8_t>(nodes, nodes_.data);
    if (nodes_.codec == TreeCodec::kAxis5) out.lo8 = column_at<std::uint8_t>(nodes, nodes_.lo);
    if (nodes_.codec == TreeCodec::kAxis6) out.lo16 = column_at<std::uint16_t>(nodes, nodes_.lo);
    return out;
}

void StaticTreeExtractor::find_pair(const tagfile::TypeTable& types, std::uint32_t type, std::string_view first,
                                    std::string_view second, MemberPair& kept) {
    const tagfile::Member* a = types.member(type, first);
    const tagfile::Member* b = types.member(type, second);
    kept.type = a != nullptr && b != nullptr ? type : kNoType;
    if (kept.type == kNoType) return;
    kept.first = types.field_ref(type, *a);
    kept.second = types.field_ref(type, *b);
}

// The node class's columns by name: `data` → Axis4; `loData` of 1 byte → Axis5, 2 → Axis6.
Status StaticTreeExtractor::find_node_columns(const tagfile::TypeTable& types, const ArrayView& nodes) {
    using detail::column_offset;
    NodeColumns c;
    c.type = nodes.element_type();
    c.stride = nodes.stride();
    for (std::uint32_t a = 0; a < 3; ++a) {
        MP_TRY_ASSIGN(c.xyz[a], column_offset(types, nodes, {"xyz"}, a, 1, false));
    }
    if (has_member(types, c.type, "data")) {
        c.codec = TreeCodec::kAxis4;
        MP_TRY_ASSIGN(c.data, column_offset(types, nodes, {"data"}, kNoElement, 1, false));
    } else {
        MP_TRY_ASSIGN(c.data, column_offset(types, nodes, {"hiData"}, kNoElement, 1, false));
        MP_TRY_ASSIGN(ResolvedField lo, resolve_field(types, c.type, {"loData"}));
        c.codec = types.size(lo.type) == 1 ? TreeCodec::kAxis5 : TreeCodec::kAxis6;
        MP_TRY_ASSIGN(c.lo,
                      column_offset(types, nodes, {"loData"}, kNoElement, c.codec == TreeCodec::kAxis5 ? 1 : 2, false));
    }
    nodes_ = c;
    return ok_status();
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
