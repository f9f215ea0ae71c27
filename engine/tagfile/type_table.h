// The tagfile type table: the TYPE section of a TAG0 or TCM0 (spec containers-and-tagfiles.md
// §5.2, §5.3, §5.5). Parsed once, then immutable: safe to share between threads and between
// every tagfile that references the same compendium (hold it by std::shared_ptr<const TypeTable>).
//
// Never hard-code class layouts (§5.9, §7.2): sizes, offsets and formats all come from here.
//
// Fast member access for decoders. Resolve a member once per type, apply it to many objects:
//
//   const TypeTable& types = tagfile.types();
//   ArrayView sections = ...;                           // see object_view.h
//   MP_TRY_ASSIGN(FieldRef first_prim, types.field_ref(sections.element_type(), "firstPrimitiveIndex"));
//   MP_TRY_ASSIGN(auto first_prims, sections.column<std::uint32_t>(first_prim));  // one range check
//   for (std::size_t i = 0; i < first_prims.size(); ++i) use(first_prims[i]);     // plain loads
//
// `field_ref` is one hash lookup (no allocation); FieldRef is a small value (offset, member type,
// resolved size and format) that can be cached per mesh, or per type table.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <absl/container/flat_hash_map.h>

#include "engine/core/bytes.h"
#include "engine/core/error.h"
#include "engine/tagfile/format_word.h"
#include "engine/tagfile/sections.h"

namespace meshproof::tagfile {

// Bits of the TBDY `optionals` varint, in the order their fields follow (§5.5).
namespace type_optional {
inline constexpr std::uint32_t kFormat = 0x01;
inline constexpr std::uint32_t kSubType = 0x02;
inline constexpr std::uint32_t kVersion = 0x04;
inline constexpr std::uint32_t kSizeAlign = 0x08;
inline constexpr std::uint32_t kFlags = 0x10;
inline constexpr std::uint32_t kMembers = 0x20;
inline constexpr std::uint32_t kInterfaces = 0x40;
inline constexpr std::uint32_t kAttributes = 0x80;  // never seen; rejected as unsupported
}  // namespace type_optional

// Member flags (§5.5).
namespace member_flag {
inline constexpr std::uint32_t kNonSerializable = 0x01;  // bytes are zero in DATA
inline constexpr std::uint32_t kProtected = 0x02;
inline constexpr std::uint32_t kPrivate = 0x04;
inline constexpr std::uint32_t kHidden = 0x08;
inline constexpr std::uint32_t kProperty = 0x10;
inline constexpr std::uint32_t kField = 0x20;
inline constexpr std::uint32_t kCustomSetter = 0x40;
}  // namespace member_flag

// A template parameter from TNA1: names start with 't' (type argument, value = type index)
// or 'v' (integer argument), e.g. "tT", "tAllocator", "vN" (§5.3).
struct TemplateParam {
    std::string_view name;
    std::uint64_t value = 0;
    bool is_type() const { return !name.empty() && name.front() == 't'; }
};

// One record field. `offset` is absolute from the start of the record that declares it
// (and of every subclass: base fields come first, §5.5).
struct Member {
    std::string_view name;
    std::uint32_t flags = 0;
    std::uint32_t offset = 0;
    std::uint32_t type = 0;
    std::uint32_t owner = 0;  // the type whose body declares it
    bool non_serializable() const { return (flags & member_flag::kNonSerializable) != 0; }
};

struct Interface {
    std::uint32_t type = 0;
    std::uint32_t offset = 0;
};

// A member resolved for fast repeated access (see the header comment).
struct FieldRef {
    std::uint32_t record_type = 0;  // the type it was looked up on (or any subclass applies)
    std::uint32_t offset = 0;       // from the record start
    std::uint32_t type = 0;         // declared member type
    std::uint32_t size = 0;         // resolved size of the member type
    FormatWord format;              // resolved format of the member type
    std::uint32_t flags = 0;        // member flags
    std::string_view name;
    TypeKind kind() const { return format.kind(); }
};

struct TypeInfo {
    std::string_view name;       // as in TSTR, e.g. "hkArray" or "hkcdStaticMeshTree::Section"
    std::string_view full_name;  // with template arguments: "hkArray<hkUint32, hkContainerHeapAllocator>"
    std::uint32_t parent = 0;    // 0 = none
    bool has_body = false;
    std::uint32_t optionals = 0;  // type_optional bits present in this type's own body
    // Declared in this type's own body (valid when the matching optionals bit is set).
    std::uint32_t own_format = 0;
    std::uint32_t own_subtype = 0;
    std::uint32_t version = 0;
    std::uint32_t own_size = 0;
    std::uint32_t own_alignment = 0;
    std::uint32_t type_flags = 0;
    std::uint32_t property_count = 0;  // high 16 bits of the 2018 member count word
    // Resolved up the parent chain to the first body that has them (§5.5 Resolution).
    FormatWord format;
    std::uint32_t subtype = 0;
    std::uint32_t size = 0;
    std::uint32_t alignment = 0;
    // Ranges into the table's flat arrays.
    std::uint32_t first_param = 0, param_count = 0;
    std::uint32_t first_own_member = 0, own_member_count = 0;
    std::uint32_t first_member = 0, member_count = 0;  // flattened: inherited first
    std::uint32_t first_interface = 0, interface_count = 0;
    std::optional<std::uint32_t> hash;  // from THSH
};

class TypeTable {
public:
    TypeTable() = default;  // empty; real tables come from parse()
    // Views inside point into the table's own storage: never copy or move it (share the pointer).
    TypeTable(const TypeTable&) = delete;
    TypeTable& operator=(const TypeTable&) = delete;

    // Parses a TYPE container section of `unit` (offsets in errors are unit-relative).
    // Strings are copied: the table does not reference `unit` after it returns.
    static Result<std::shared_ptr<const TypeTable>> parse(Bytes unit, const Section& type_section);

    // Count including the null type 0 (the TNA1 count).
    std::size_t type_count() const { return types_.size(); }
    bool is_valid(std::uint32_t type) const { return type != 0 && type < types_.size(); }
    // Out-of-range indices give an empty entry (like the null type 0).
    const TypeInfo& info(std::uint32_t type) const { return type < types_.size() ? types_[type] : null_type_; }

    std::string_view name(std::uint32_t type) const { return info(type).name; }
    std::string_view full_name(std::uint32_t type) const { return info(type).full_name; }
    std::uint32_t parent(std::uint32_t type) const { return info(type).parent; }
    FormatWord format(std::uint32_t type) const { return info(type).format; }
    TypeKind kind(std::uint32_t type) const { return info(type).format.kind(); }
    std::uint32_t size(std::uint32_t type) const { return info(type).size; }
    std::uint32_t alignment(std::uint32_t type) const { return info(type).alignment; }
    std::uint32_t subtype(std::uint32_t type) const { return info(type).subtype; }

    std::span<const TemplateParam> template_params(std::uint32_t type) const;
    std::span<const Member> own_members(std::uint32_t type) const;
    // Every member including inherited ones, base class members first.
    std::span<const Member> members(std::uint32_t type) const;
    std::span<const Interface> interfaces(std::uint32_t type) const;

    // By full name with template arguments first ("hkArray<hkUint32, hkContainerHeapAllocator>"),
    // then by bare name (the first type so named).
    std::optional<std::uint32_t> find_type(std::string_view name) const;

    // Member by name on `type` or any ancestor (a subclass member hides a base member of the
    // same name). nullptr when absent. One hash lookup.
    const Member* member(std::uint32_t type, std::string_view name) const;
    // As member(), packaged for repeated access; kMissingField when absent.
    Result<FieldRef> field_ref(std::uint32_t type, std::string_view name) const;
    FieldRef field_ref(std::uint32_t record_type, const Member& m) const;

    // True when `type` is `base` or derives from it.
    bool is_a(std::uint32_t type, std::uint32_t base) const;

    // Bytes of the type sections the grammar did not consume (trailing 0..3 zero bytes of
    // 4-byte section padding excluded). 0 on every well-formed file.
    std::uint64_t unread_bytes() const { return unread_bytes_; }
    std::size_t body_count() const { return body_count_; }
    std::size_t hash_count() const { return hash_count_; }

private:
    friend class TypeTableParser;

    struct MemberKey {
        std::uint32_t type;
        std::string_view name;
        bool operator==(const MemberKey&) const = default;
    };
    struct MemberKeyHash {
        std::size_t operator()(const MemberKey& k) const;
    };
    struct NameHash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const;
    };

    TypeInfo null_type_;
    std::vector<char> type_string_bytes_;
    std::vector<char> field_string_bytes_;
    std::vector<std::string> full_names_;  // reserved up front: views into them stay valid
    std::vector<TypeInfo> types_;
    std::vector<TemplateParam> params_;
    std::vector<Member> own_members_;
    std::vector<Member> members_;
    std::vector<Interface> interfaces_;
    absl::flat_hash_map<MemberKey, std::uint32_t, MemberKeyHash> member_index_;  // → members_
    absl::flat_hash_map<std::string_view, std::uint32_t, NameHash, std::equal_to<>> by_full_name_;
    absl::flat_hash_map<std::string_view, std::uint32_t, NameHash, std::equal_to<>> by_name_;
    std::uint64_t unread_bytes_ = 0;
    std::size_t body_count_ = 0;
    std::size_t hash_count_ = 0;
};

}  // namespace meshproof::tagfile
