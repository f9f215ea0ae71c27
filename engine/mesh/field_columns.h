// Columns of named members over tagfile arrays: the extraction layer's only way to reach
// bytes. Members are found by name in the file's own type table (spec containers-and-tagfiles.md
// §5.9, §7.2: never hard-code a class layout), so one extractor serves 2016.2 and 2018.1 files.
//
//   MP_TRY_ASSIGN(auto first, column_of<std::uint32_t>(types, sections, {"firstPrimitiveIndex"}));
//   MP_TRY_ASSIGN(auto min_x, column_of<float>(types, sections, {"domain", "min"}, 0));  // lane 0
//
// A path walks record members; the last one is unwrapped through single-member records at
// offset 0 (hkEnum, hkFlags, Sekiro's {hkUint32 data} run words) and, when `element` is given,
// indexed into its inline array (hkVector4 lanes, codecParms[6], xyz[3], data[4]).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <string_view>

#include "engine/core/error.h"
#include "engine/mesh/raw_column.h"
#include "engine/tagfile/object_view.h"
#include "engine/tagfile/type_table.h"

namespace meshproof::mesh {

inline constexpr std::uint32_t kNoElement = std::numeric_limits<std::uint32_t>::max();

struct ResolvedField {
    std::uint32_t offset = 0;  // from the start of the record
    std::uint32_t type = 0;    // the scalar (or record) type reached
};

using FieldPath = std::initializer_list<std::string_view>;

// Resolves `path` on `type`; kMissingField names the first member that is absent.
Result<ResolvedField> resolve_field(const tagfile::TypeTable& types, std::uint32_t type, FieldPath path,
                                    std::uint32_t element = kNoElement);

// True when `type` (or a base) declares a member `name`: how extraction tells the SDK versions
// apart (e.g. "firstPrimitiveIndex" in 2018.1 vs "primitives" in 2016.2).
bool has_member(const tagfile::TypeTable& types, std::uint32_t type, std::string_view name);

// Checks that `type` is a little-endian scalar of `width` bytes, floating or integral.
Status check_scalar(const tagfile::TypeTable& types, std::uint32_t type, std::size_t width, bool floating,
                    std::uint64_t offset, std::string_view what);

// Member `path` (element `element` of it) of every element of `array`.
template <class T>
Result<RawColumn<T>> column_of(const tagfile::TypeTable& types, const tagfile::ArrayView& array, FieldPath path,
                               std::uint32_t element = kNoElement);

// The elements of an array of scalars (hkArray<hkUint32>, hkArray<hkUint16>, ...).
template <class T>
Result<RawColumn<T>> values_of(const tagfile::ArrayView& array);

// The ArrayView of the array member at `path` of `object`.
Result<tagfile::ArrayView> array_at(const tagfile::ObjectView& object, FieldPath path);

// ---- templates ------------------------------------------------------------------------------

namespace detail {
Result<std::uint32_t> column_offset(const tagfile::TypeTable& types, const tagfile::ArrayView& array, FieldPath path,
                                    std::uint32_t element, std::size_t width, bool floating);
}  // namespace detail

// The column at byte `at` of every element of `array`, `at` as column_offset gave it for the
// array's element type (extract_static_tree keeps it for the next array of that type).
template <class T>
RawColumn<T> column_at(const tagfile::ArrayView& array, std::uint32_t at) {
    RawColumn<T> out;
    out.offset = std::uint64_t{array.offset()} + at;
    if (array.count() == 0) return out;
    out.values = tagfile::Column<T>(array.raw().data() + at, array.stride(), array.count());
    return out;
}

template <class T>
Result<RawColumn<T>> column_of(const tagfile::TypeTable& types, const tagfile::ArrayView& array, FieldPath path,
                               std::uint32_t element) {
    static_assert(std::is_arithmetic_v<T>);
    MP_TRY_ASSIGN(std::uint32_t at,
                  detail::column_offset(types, array, path, element, sizeof(T), std::is_floating_point_v<T>));
    return column_at<T>(array, at);
}

template <class T>
Result<RawColumn<T>> values_of(const tagfile::ArrayView& array) {
    static_assert(std::is_arithmetic_v<T>);
    MP_TRY_ASSIGN(auto column, array.values<T>());
    return RawColumn<T>{column, array.offset()};
}

}  // namespace meshproof::mesh
