#include "engine/mesh/field_columns.h"

#include <string>

namespace meshproof::mesh {

using tagfile::TypeKind;
using tagfile::TypeTable;

namespace {

// Single-member records at offset 0 read as that member (hkEnum<…>, hkFlags<…>, Sekiro's run
// words). The depth bound stops a hostile self-nesting type table.
std::uint32_t unwrap(const TypeTable& types, std::uint32_t type) {
    for (int depth = 0; depth < 8 && types.kind(type) == TypeKind::kRecord; ++depth) {
        const auto members = types.members(type);
        if (members.size() != 1 || members[0].offset != 0) break;
        type = members[0].type;
    }
    return type;
}

}  // namespace

Result<ResolvedField> resolve_field(const TypeTable& types, std::uint32_t type, FieldPath path, std::uint32_t element) {
    ResolvedField out{0, type};
    for (std::string_view name : path) {
        const tagfile::Member* m = types.member(out.type, name);
        if (!m)
            return make_error(ErrorCode::kMissingField, 0,
                              "no member " + std::string(name) + " in " + std::string(types.full_name(out.type)));
        out.offset += m->offset;
        out.type = m->type;
    }
    out.type = unwrap(types, out.type);
    if (element != kNoElement) {
        const tagfile::FormatWord f = types.format(out.type);
        if (f.kind() != TypeKind::kArray || !f.is_inline_array())
            return make_error(ErrorCode::kBadType, 0,
                              std::string(types.full_name(out.type)) + " is not an inline array");
        if (element >= f.inline_array_count())
            return make_error(ErrorCode::kBadType, 0,
                              "element " + std::to_string(element) + " of " + std::string(types.full_name(out.type)));
        const std::uint32_t sub = types.subtype(out.type);
        const std::uint64_t size = types.size(sub);
        if (size == 0 || (element + 1) * size > types.size(out.type))
            return make_error(ErrorCode::kBadType, 0,
                              "inline array " + std::string(types.full_name(out.type)) + " has a bad element size");
        out.offset += static_cast<std::uint32_t>(element * size);
        out.type = unwrap(types, sub);
    }
    return out;
}

bool has_member(const TypeTable& types, std::uint32_t type, std::string_view name) {
    return types.member(type, name) != nullptr;
}

Status check_scalar(const TypeTable& types, std::uint32_t type, std::size_t width, bool floating, std::uint64_t offset,
                    std::string_view what) {
    const tagfile::FormatWord f = types.format(type);
    const auto bad = [&](std::string why) {
        return make_error(ErrorCode::kBadType, offset,
                          std::string(what) + ": " + why + " (" + std::string(types.full_name(type)) + ")");
    };
    if (types.size(type) != width)
        return bad("is " + std::to_string(types.size(type)) + " bytes, expected " + std::to_string(width));
    if (floating) {
        if (f.kind() != TypeKind::kFloat || f.float_mantissa_bits() != 23) return bad("not an f32");
    } else {
        if (f.kind() != TypeKind::kInt && f.kind() != TypeKind::kBool) return bad("not an integer");
        if (f.is_big_endian() && width > 1) return bad("big-endian");
    }
    return ok_status();
}

namespace detail {

Result<std::uint32_t> column_offset(const TypeTable& types, const tagfile::ArrayView& array, FieldPath path,
                                    std::uint32_t element, std::size_t width, bool floating) {
    auto field = resolve_field(types, array.element_type(), path, element);
    if (!field.ok()) {
        Error e = std::move(field).error();
        e.offset = array.offset();
        return e;
    }
    std::string what;
    for (std::string_view p : path) {
        if (!what.empty()) what += '.';
        what.append(p);
    }
    MP_TRY(check_scalar(types, field->type, width, floating, array.offset(), what));
    if (std::uint64_t{field->offset} + width > array.stride())
        return make_error(ErrorCode::kBadType, array.offset(), what + " lies outside the element stride");
    return field->offset;
}

}  // namespace detail

Result<tagfile::ArrayView> array_at(const tagfile::ObjectView& object, FieldPath path) {
    tagfile::ObjectView v = object;
    for (std::string_view name : path) v = v.field(name);
    return v.array();
}

}  // namespace meshproof::mesh
