// The type format word (spec containers-and-tagfiles.md §5.6): the low nibble is the kind,
// the other bits depend on it. Kept apart from the type table because both the table and
// the object view decode it.
#pragma once

#include <cstdint>
#include <string_view>

namespace meshproof::tagfile {

enum class TypeKind : std::uint8_t {
    kVoid = 0,
    kOpaque = 1,
    kBool = 2,
    kString = 3,
    kInt = 4,
    kFloat = 5,
    kPointer = 6,
    kRecord = 7,
    kArray = 8,
    kUnknown = 15,  // a nibble the spec does not define (9..15)
};

std::string_view type_kind_name(TypeKind kind);

struct FormatWord {
    std::uint32_t raw = 0;

    TypeKind kind() const {
        const std::uint32_t k = raw & 0xF;
        return k <= 8 ? static_cast<TypeKind>(k) : TypeKind::kUnknown;
    }
    // bool and int: `unsigned char` 0x2004, `short` 0x4204, `int` 0x8204, `bool` 0x2002.
    bool is_signed() const { return (raw & 0x200) != 0; }
    bool is_big_endian() const { return (raw & 0x100) != 0; }
    std::uint32_t int_bits() const { return raw >> 10; }
    // float: mantissa bits, 23 = f32 (`float` 0x174605), 7 = hkHalf16 (upper half of an f32).
    std::uint32_t float_mantissa_bits() const { return raw >> 16; }
    // string: bit 0x10 = fixed-length inline string of (raw >> 16) bytes; else an ITEM pointer.
    bool is_inline_string() const { return (raw & 0x10) != 0; }
    std::uint32_t inline_string_length() const { return raw >> 16; }
    // array: bit 0x20 = inline T[N] with N = raw >> 8 (`hkVector4f` 0x428); else hkArray /
    // hkRelArray holding an ITEM index.
    bool is_inline_array() const { return (raw & 0x20) != 0; }
    std::uint32_t inline_array_count() const { return raw >> 8; }
};

}  // namespace meshproof::tagfile
