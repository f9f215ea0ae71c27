// Declaring Havok types and serialising them as a TYPE section (spec containers-and-tagfiles.md
// §5.3, §5.5): the writing counterpart of type_table.h. Used for files with their own TYPE
// and for TCM0 compendiums (tagfile_writer.h); ready-made class families are in
// collision_types.h.
//
// Types get indices in declaration order, starting at 1 (0 is the null type). A type is
// first declared (name + template arguments, so that cyclic references work), then given a
// body. Every declared type must have a body before serialisation: Havok writes one for every
// type, even an alias (optionals 0). Bodies, and the type strings, are written in definition
// order; THSH entries in the order of set_hash calls.
//
//   TypeTableBuilder b;
//   TypeRef u32 = b.primitive("unsigned int", 0x8004, 4, 4);
//   TypeRef obj = b.declare("hkReferencedObject");
//   ...
//   TypeRef item = b.record("MyItem", {.parent = obj, .size = 32, .alignment = 8,
//                                      .members = {{"count", 24, u32}}});
//   TypeRef items = b.array_of(item);                      // hkArray<MyItem, hkContainerHeapAllocator>
//   MP_TRY_ASSIGN(std::vector<std::uint8_t> type_section, b.type_section());
//   MP_TRY_ASSIGN(std::shared_ptr<const TypeTable> table, b.build());   // parsed back by the reader
//
// The Havok conventions of the helpers (pointer(), array_of(), ...) are those of the ER 2018.1
// compendium 7a6d34ca6688be51: optionals, format words, member flags and type flags as observed.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <absl/container/flat_hash_map.h>

#include "engine/core/error.h"
#include "engine/tagfile/type_table.h"

namespace meshproof::tagfile {

using TypeRef = std::uint32_t;  // index in the table being built; 0 = none / the null type

// Format words (§5.6) the helpers use.
namespace format_word {
inline constexpr std::uint32_t kVoid = 0x0;
inline constexpr std::uint32_t kOpaque = 0x1;
inline constexpr std::uint32_t kBool8 = 0x2002;
inline constexpr std::uint32_t kCString = 0x3;         // char*, and Sekiro's hkStringPtr
inline constexpr std::uint32_t kStringPtr2018 = 0x83;  // ER hkStringPtr, const char*
inline constexpr std::uint32_t kPointer = 0x6;
inline constexpr std::uint32_t kRecord = 0x7;
inline constexpr std::uint32_t kArray = 0x8;
inline constexpr std::uint32_t kFloat32 = 0x174605;
inline constexpr std::uint32_t kHalf16 = 0x074605;
constexpr std::uint32_t integer(std::uint32_t bits, bool is_signed) {
    return (bits << 10) | (is_signed ? 0x200u : 0u) | 0x4u;
}
constexpr std::uint32_t inline_array(std::uint32_t count) { return (count << 8) | 0x28u; }
}  // namespace format_word

// Type flags (§5.5).
namespace type_flag {
inline constexpr std::uint32_t kNonSerializable = 0x01;
inline constexpr std::uint32_t kAbstract = 0x02;
inline constexpr std::uint32_t kProperty = 0x08;
inline constexpr std::uint32_t kInterface = 0x10;
inline constexpr std::uint32_t kPointerToPlainData = 0x40;  // on T* whose pointee is not an hkReferencedObject
inline constexpr std::uint32_t kBaseObject = 0x90;          // hkBaseObject
}  // namespace type_flag

// Member flag combinations seen on real members (member_flag in type_table.h has the bits).
namespace member_flags {
inline constexpr std::uint32_t kPublic = 0x20;       // Field
inline constexpr std::uint32_t kPublicNs = 0x21;     // Field | NonSerializable
inline constexpr std::uint32_t kProtected = 0x22;    // Field | Protected
inline constexpr std::uint32_t kProtectedNs = 0x23;  // Field | Protected | NonSerializable
inline constexpr std::uint32_t kPrivate = 0x24;      // Field | Private
inline constexpr std::uint32_t kPrivateNs = 0x25;    // Field | Private | NonSerializable
}  // namespace member_flags

// A TNA1 template parameter: a name starting with 't' takes a type, 'v' an integer (§5.3).
struct TemplateArg {
    std::string name;
    std::uint64_t value = 0;  // a TypeRef for 't' parameters
};
inline TemplateArg type_arg(std::string name, TypeRef type) { return {std::move(name), type}; }
inline TemplateArg value_arg(std::string name, std::uint64_t value) { return {std::move(name), value}; }

struct MemberDecl {
    std::string name;
    std::uint32_t offset = 0;  // absolute from the record start (base members come first)
    TypeRef type = 0;
    std::uint32_t flags = member_flags::kPublic;
};

struct InterfaceDecl {
    TypeRef type = 0;
    std::uint32_t offset = 0;
};

// A TBDY body (§5.5); an unset optional is left out of the body (and its optionals bit clear).
struct TypeBody {
    TypeRef parent = 0;
    std::optional<std::uint32_t> format{};
    std::optional<TypeRef> subtype{};
    std::optional<std::uint32_t> version{};
    std::optional<std::uint32_t> size{};  // size and alignment travel together (optional 0x08)
    std::uint32_t alignment = 0;
    std::optional<std::uint32_t> flags{};
    std::optional<std::vector<MemberDecl>> members{};
    std::uint16_t property_count = 0;  // high half of the 2018 member count word (hkPropertyId: 3)
    std::optional<std::vector<InterfaceDecl>> interfaces{};
};

// The common record body: format 7, size/alignment, members (optionals 0x29, plus 0x04 with a
// version and 0x10 with type flags).
struct RecordSpec {
    TypeRef parent = 0;
    std::uint32_t size = 0;
    std::uint32_t alignment = 1;
    std::optional<std::uint32_t> version{};
    std::optional<std::uint32_t> flags{};
    std::vector<MemberDecl> members{};
    std::uint32_t format = format_word::kRecord;  // e.g. hkBool 0x2002, hkEnum the storage format
    std::optional<TypeRef> subtype{};             // hkRefPtr, hkQuaternionf, ...
};

class TypeTableBuilder {
public:
    TypeTableBuilder() = default;

    // Declares a type, or returns the one already declared with the same name and arguments.
    TypeRef declare(std::string name, std::vector<TemplateArg> params = {});
    // Gives a declared type its body. A second body for one type is a bug (recorded as an error).
    void define(TypeRef type, TypeBody body);
    void set_hash(TypeRef type, std::uint32_t hash);  // THSH entry (Havok writes ER class hashes)

    std::optional<TypeRef> find(std::string_view full_name) const;  // "hkArray<hkUint32, hkContainerHeapAllocator>"
    std::string full_name(TypeRef type) const;                      // as TypeTable::full_name prints it
    std::size_t type_count() const { return types_.size(); }        // including the null type
    bool is_defined(TypeRef type) const { return type < types_.size() && types_[type].body.has_value(); }
    const TypeBody* body(TypeRef type) const;
    bool derives_from(TypeRef type, TypeRef base) const;  // through the declared parents

    // ---- Havok conventions (bodies as observed in the ER 2018.1 compendium) -----------------
    TypeRef primitive(std::string name, std::uint32_t format, std::uint32_t size, std::uint32_t alignment);
    TypeRef alias(std::string name, TypeRef target, std::vector<TemplateArg> params = {});  // optionals 0
    TypeRef record(std::string name, const RecordSpec& spec, std::vector<TemplateArg> params = {});
    void define_record(TypeRef type, const RecordSpec& spec);
    // Only a version (optionals 0x04), e.g. hkcdStaticTree::Aabb5BytesTree v0 over its parent.
    TypeRef versioned_alias(std::string name, TypeRef parent, std::uint32_t version);
    // T*<T>: format 6, subtype, 8/8; flags 0 when T derives from `referenced_object` (set
    // with set_referenced_object), 0x40 otherwise. Decided when the table is written, so
    // the pointee may still be undefined here.
    TypeRef pointer(TypeRef target);
    TypeRef pointer(TypeRef target, std::uint32_t flags);  // explicit type flags
    // hkRefPtr<T>: format 6, subtype T, 8/8, private member `ptr` T*<T>.
    TypeRef ref_ptr(TypeRef target);
    // hkArray<T, hkContainerHeapAllocator>: format 8, subtype T, 16/8, protected m_data T*<T>,
    // m_size int, m_capacityAndFlags int (§5.8).
    TypeRef array_of(TypeRef element);
    // hkRelArray<T>: format 8, subtype T, 4/2, members m_size u16 and m_offset u16 (in memory the
    // count and the distance from the field to the elements; in files the 4 bytes hold the ITEM
    // index, §5.8, §7.3). The member names follow hkArray's (m_ kept): §7.3 gives only their meaning.
    TypeRef rel_array_of(TypeRef element);
    // T[N]<T, N>: format (N << 8) | 0x28, subtype T, N × size(T), alignment of T.
    TypeRef inline_array(TypeRef element, std::uint32_t count);
    // hkEnum<E, S> / hkFlags<B, S>: the storage's format, size and alignment, one member
    // `storage` (private for hkEnum, protected for hkFlags).
    TypeRef enum_of(TypeRef enum_type, TypeRef storage);
    TypeRef flags_of(TypeRef bits_type, TypeRef storage);

    // The hkReferencedObject of this table, for the pointer-flags rule above.
    void set_referenced_object(TypeRef type) { referenced_object_ = type; }

    // Resolved size / alignment / format (up the parent chain, §5.5 Resolution); 0 if unknown.
    std::uint32_t resolved_size(TypeRef type) const;
    std::uint32_t resolved_alignment(TypeRef type) const;
    std::optional<std::uint32_t> resolved_format(TypeRef type) const;

    // The whole TYPE container section: TPTR, TSTR, TNA1, FSTR, TBDY, THSH, TPAD (§5.2).
    // Errors: a type without a body, a type reference out of range, a second definition.
    Result<std::vector<std::uint8_t>> type_section() const;
    // type_section() parsed by the reader: the table an ObjectWriter writes against.
    Result<std::shared_ptr<const TypeTable>> build() const;

private:
    struct Entry {
        std::string name;
        std::vector<TemplateArg> params;
        std::optional<TypeBody> body;
        bool auto_pointer_flags = false;
        std::optional<std::uint32_t> hash;
    };
    std::uint32_t pointer_flags(const Entry& entry) const;

    std::vector<Entry> types_ = std::vector<Entry>(1);  // [0] = the null type
    std::vector<TypeRef> definition_order_;
    std::vector<TypeRef> hash_order_;
    absl::flat_hash_map<std::string, TypeRef> by_full_name_;
    TypeRef referenced_object_ = 0;
    TypeRef heap_allocator_ = 0;
    TypeRef int_ = 0;
    std::optional<Error> error_;
};

}  // namespace meshproof::tagfile
