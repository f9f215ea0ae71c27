#include "engine/tagfile/type_table_builder.h"

#include "engine/tagfile/sections.h"
#include "engine/tagfile/section_writer.h"
#include "engine/tagfile/varint_writer.h"

namespace meshproof::tagfile {

namespace {

Error builder_error(std::string message) { return make_error(ErrorCode::kBadType, 0, std::move(message)); }

// Strings of a TSTR/FSTR section, indexed in order of first use (Havok's order).
class StringPool {
public:
    std::uint32_t index(const std::string& s) {
        auto [it, inserted] = index_.try_emplace(s, static_cast<std::uint32_t>(index_.size()));
        if (inserted) {
            bytes_.insert(bytes_.end(), s.begin(), s.end());
            bytes_.push_back(0);
        }
        return it->second;
    }
    const std::vector<std::uint8_t>& bytes() const { return bytes_; }

private:
    absl::flat_hash_map<std::string, std::uint32_t> index_;
    std::vector<std::uint8_t> bytes_;
};

}  // namespace

TypeRef TypeTableBuilder::declare(std::string name, std::vector<TemplateArg> params) {
    Entry entry{std::move(name), std::move(params), std::nullopt, false, std::nullopt};
    const auto ref = static_cast<TypeRef>(types_.size());
    types_.push_back(std::move(entry));
    std::string full = full_name(ref);
    auto [it, inserted] = by_full_name_.try_emplace(std::move(full), ref);
    if (!inserted) {
        types_.pop_back();
        return it->second;
    }
    return ref;
}

void TypeTableBuilder::define(TypeRef type, TypeBody body) {
    if (type == 0 || type >= types_.size()) {
        if (!error_) error_ = builder_error("define: type index " + std::to_string(type) + " out of range");
        return;
    }
    Entry& e = types_[type];
    if (e.body) {
        if (!error_) error_ = builder_error("second body for " + full_name(type));
        return;
    }
    e.body = std::move(body);
    definition_order_.push_back(type);
}

void TypeTableBuilder::set_hash(TypeRef type, std::uint32_t hash) {
    if (type == 0 || type >= types_.size()) return;
    if (!types_[type].hash) hash_order_.push_back(type);
    types_[type].hash = hash;
}

std::optional<TypeRef> TypeTableBuilder::find(std::string_view full) const {
    auto it = by_full_name_.find(std::string(full));
    if (it == by_full_name_.end()) return std::nullopt;
    return it->second;
}

std::string TypeTableBuilder::full_name(TypeRef type) const {
    if (type == 0 || type >= types_.size()) return "void";
    const Entry& e = types_[type];
    std::string out = e.name;
    if (e.params.empty()) return out;
    out += '<';
    for (std::size_t i = 0; i < e.params.size(); ++i) {
        const TemplateArg& p = e.params[i];
        if (i) out += ", ";
        const bool is_type = !p.name.empty() && p.name.front() == 't';
        // A type argument always names an earlier declaration, so this recursion ends.
        out += is_type && p.value < type ? full_name(static_cast<TypeRef>(p.value)) : std::to_string(p.value);
    }
    out += '>';
    return out;
}

const TypeBody* TypeTableBuilder::body(TypeRef type) const {
    return type < types_.size() && types_[type].body ? &*types_[type].body : nullptr;
}

bool TypeTableBuilder::derives_from(TypeRef type, TypeRef base) const {
    for (std::size_t steps = 0; type != 0 && steps < types_.size(); ++steps) {
        if (type == base) return true;
        const TypeBody* b = body(type);
        if (!b) return false;
        type = b->parent;
    }
    return false;
}

std::uint32_t TypeTableBuilder::resolved_size(TypeRef type) const {
    for (std::size_t steps = 0; type != 0 && steps < types_.size(); ++steps) {
        const TypeBody* b = body(type);
        if (!b) return 0;
        if (b->size) return *b->size;
        type = b->parent;
    }
    return 0;
}

std::uint32_t TypeTableBuilder::resolved_alignment(TypeRef type) const {
    for (std::size_t steps = 0; type != 0 && steps < types_.size(); ++steps) {
        const TypeBody* b = body(type);
        if (!b) return 0;
        if (b->size) return b->alignment;
        type = b->parent;
    }
    return 0;
}

std::optional<std::uint32_t> TypeTableBuilder::resolved_format(TypeRef type) const {
    for (std::size_t steps = 0; type != 0 && steps < types_.size(); ++steps) {
        const TypeBody* b = body(type);
        if (!b) return std::nullopt;
        if (b->format) return b->format;
        type = b->parent;
    }
    return std::nullopt;
}

// ---- Havok conventions ------------------------------------------------------------------

TypeRef TypeTableBuilder::primitive(std::string name, std::uint32_t format, std::uint32_t size,
                                    std::uint32_t alignment) {
    const TypeRef t = declare(std::move(name));
    if (!is_defined(t)) {
        TypeBody b;
        b.format = format;
        b.size = size;
        b.alignment = alignment;
        define(t, std::move(b));
    }
    return t;
}

TypeRef TypeTableBuilder::alias(std::string name, TypeRef target, std::vector<TemplateArg> params) {
    const TypeRef t = declare(std::move(name), std::move(params));
    if (!is_defined(t)) define(t, TypeBody{.parent = target});
    return t;
}

void TypeTableBuilder::define_record(TypeRef type, const RecordSpec& spec) {
    TypeBody b;
    b.parent = spec.parent;
    b.format = spec.format;
    b.subtype = spec.subtype;
    b.version = spec.version;
    b.size = spec.size;
    b.alignment = spec.alignment;
    b.flags = spec.flags;
    b.members = spec.members;
    define(type, std::move(b));
}

TypeRef TypeTableBuilder::record(std::string name, const RecordSpec& spec, std::vector<TemplateArg> params) {
    const TypeRef t = declare(std::move(name), std::move(params));
    if (!is_defined(t)) define_record(t, spec);
    return t;
}

TypeRef TypeTableBuilder::versioned_alias(std::string name, TypeRef parent, std::uint32_t version) {
    const TypeRef t = declare(std::move(name));
    if (!is_defined(t)) define(t, TypeBody{.parent = parent, .version = version});
    return t;
}

TypeRef TypeTableBuilder::pointer(TypeRef target) {
    const TypeRef t = declare("T*", {type_arg("tT", target)});
    if (!is_defined(t)) {
        define(t, TypeBody{.format = format_word::kPointer, .subtype = target, .size = 8, .alignment = 8, .flags = 0});
        types_[t].auto_pointer_flags = true;
    }
    return t;
}

TypeRef TypeTableBuilder::pointer(TypeRef target, std::uint32_t flags) {
    const TypeRef t = declare("T*", {type_arg("tT", target)});
    if (!is_defined(t))
        define(t,
               TypeBody{.format = format_word::kPointer, .subtype = target, .size = 8, .alignment = 8, .flags = flags});
    return t;
}

TypeRef TypeTableBuilder::ref_ptr(TypeRef target) {
    const TypeRef t = declare("hkRefPtr", {type_arg("tTYPE", target)});
    if (!is_defined(t)) {
        const TypeRef ptr = pointer(target);
        define_record(t, RecordSpec{.size = 8,
                                    .alignment = 8,
                                    .members = {{"ptr", 0, ptr, member_flags::kPrivate}},
                                    .format = format_word::kPointer,
                                    .subtype = target});
    }
    return t;
}

TypeRef TypeTableBuilder::array_of(TypeRef element) {
    if (!heap_allocator_) {
        heap_allocator_ = declare("hkContainerHeapAllocator");
        if (!is_defined(heap_allocator_))
            define_record(heap_allocator_, RecordSpec{.size = 1, .alignment = 1, .flags = type_flag::kInterface});
    }
    const TypeRef t = declare("hkArray", {type_arg("tT", element), type_arg("tAllocator", heap_allocator_)});
    if (!is_defined(t)) {
        const TypeRef data = pointer(element);
        if (!int_) int_ = primitive("int", format_word::integer(32, true), 4, 4);
        define_record(t, RecordSpec{.size = 16,
                                    .alignment = 8,
                                    .members = {{"m_data", 0, data, member_flags::kProtected},
                                                {"m_size", 8, int_, member_flags::kProtected},
                                                {"m_capacityAndFlags", 12, int_, member_flags::kProtected}},
                                    .format = format_word::kArray,
                                    .subtype = element});
    }
    return t;
}

TypeRef TypeTableBuilder::rel_array_of(TypeRef element) {
    const TypeRef t = declare("hkRelArray", {type_arg("tT", element)});
    if (!is_defined(t)) {
        const TypeRef u16 = primitive("unsigned short", format_word::integer(16, false), 2, 2);
        define_record(t, RecordSpec{.size = 4,
                                    .alignment = 2,
                                    .members = {{"m_size", 0, u16, member_flags::kProtected},
                                                {"m_offset", 2, u16, member_flags::kProtected}},
                                    .format = format_word::kArray,
                                    .subtype = element});
    }
    return t;
}

TypeRef TypeTableBuilder::inline_array(TypeRef element, std::uint32_t count) {
    const TypeRef t = declare("T[N]", {type_arg("tT", element), value_arg("vN", count)});
    if (!is_defined(t))
        define(t, TypeBody{.format = format_word::inline_array(count),
                           .subtype = element,
                           .size = resolved_size(element) * count,
                           .alignment = resolved_alignment(element)});
    return t;
}

TypeRef TypeTableBuilder::enum_of(TypeRef enum_type, TypeRef storage) {
    const TypeRef t = declare("hkEnum", {type_arg("tENUM", enum_type), type_arg("tSTORAGE", storage)});
    if (!is_defined(t))
        define_record(t, RecordSpec{.size = resolved_size(storage),
                                    .alignment = resolved_alignment(storage),
                                    .members = {{"storage", 0, storage, member_flags::kPrivate}},
                                    .format = resolved_format(storage).value_or(0)});
    return t;
}

TypeRef TypeTableBuilder::flags_of(TypeRef bits_type, TypeRef storage) {
    const TypeRef t = declare("hkFlags", {type_arg("tBITS", bits_type), type_arg("tSTORAGE", storage)});
    if (!is_defined(t))
        define_record(t, RecordSpec{.size = resolved_size(storage),
                                    .alignment = resolved_alignment(storage),
                                    .members = {{"storage", 0, storage, member_flags::kProtected}},
                                    .format = resolved_format(storage).value_or(0)});
    return t;
}

std::uint32_t TypeTableBuilder::pointer_flags(const Entry& entry) const {
    const TypeRef pointee = entry.body && entry.body->subtype ? *entry.body->subtype : 0;
    // Observed: T* to an hkReferencedObject (sub)class has flags 0, every other T* 0x40.
    if (referenced_object_ && derives_from(pointee, referenced_object_)) return 0;
    return type_flag::kPointerToPlainData;
}

// ---- serialisation (§5.3, §5.5) ------------------------------------------------------------

Result<std::vector<std::uint8_t>> TypeTableBuilder::type_section() const {
    if (error_) return *error_;
    const std::size_t count = types_.size();
    const auto check_ref = [&](TypeRef t, TypeRef owner, const char* what) -> Status {
        if (t >= count)
            return builder_error(full_name(owner) + ": " + what + " type index " + std::to_string(t) + " out of range");
        return ok_status();
    };
    for (TypeRef t = 1; t < count; ++t)
        if (!types_[t].body) return builder_error("type " + full_name(t) + " was declared but never defined");

    // TSTR holds names and parameter names in body order (as Havok writes it: the ER
    // compendium's string order follows its TBDY order, not the type indices); TNA1 then
    // lists the types by index.
    StringPool type_strings;
    for (TypeRef t : definition_order_) {
        type_strings.index(types_[t].name);
        for (const TemplateArg& p : types_[t].params) type_strings.index(p.name);
    }
    std::vector<std::uint8_t> names;
    append_varint(names, count);
    for (TypeRef t = 1; t < count; ++t) {
        const Entry& e = types_[t];
        append_varint(names, type_strings.index(e.name));
        append_varint(names, e.params.size());
        for (const TemplateArg& p : e.params) {
            if (!p.name.empty() && p.name.front() == 't' && p.value >= count)
                return builder_error(full_name(t) + ": template type argument out of range");
            append_varint(names, type_strings.index(p.name));
            append_varint(names, p.value);
        }
    }

    // TBDY, in definition order; FSTR interns member names in the same walk.
    StringPool field_strings;
    std::vector<std::uint8_t> bodies;
    for (TypeRef t : definition_order_) {
        const Entry& e = types_[t];
        const TypeBody& b = *e.body;
        MP_TRY(check_ref(b.parent, t, "parent"));
        std::uint32_t optionals = 0;
        if (b.format) optionals |= type_optional::kFormat;
        if (b.subtype) optionals |= type_optional::kSubType;
        if (b.version) optionals |= type_optional::kVersion;
        if (b.size) optionals |= type_optional::kSizeAlign;
        if (b.flags) optionals |= type_optional::kFlags;
        if (b.members) optionals |= type_optional::kMembers;
        if (b.interfaces) optionals |= type_optional::kInterfaces;
        append_varint(bodies, t);
        append_varint(bodies, b.parent);
        append_varint(bodies, optionals);
        if (b.format) append_varint(bodies, *b.format);
        if (b.subtype) {
            MP_TRY(check_ref(*b.subtype, t, "subtype"));
            append_varint(bodies, *b.subtype);
        }
        if (b.version) append_varint(bodies, *b.version);
        if (b.size) {
            append_varint(bodies, *b.size);
            append_varint(bodies, b.alignment);
        }
        if (b.flags) append_varint(bodies, e.auto_pointer_flags ? pointer_flags(e) : *b.flags);
        if (b.members) {
            if (b.members->size() > 0xFFFF) return builder_error(full_name(t) + ": more than 65535 members");
            append_varint(bodies, b.members->size() | (std::uint64_t{b.property_count} << 16));
            for (const MemberDecl& m : *b.members) {
                MP_TRY(check_ref(m.type, t, "member"));
                append_varint(bodies, field_strings.index(m.name));
                append_varint(bodies, m.flags);
                append_varint(bodies, m.offset);
                append_varint(bodies, m.type);
            }
        }
        if (b.interfaces) {
            append_varint(bodies, b.interfaces->size());
            for (const InterfaceDecl& i : *b.interfaces) {
                MP_TRY(check_ref(i.type, t, "interface"));
                append_varint(bodies, i.type);
                append_varint(bodies, i.offset);
            }
        }
    }

    // THSH in set_hash order (Havok lists the types in the order its objects first use them).
    std::vector<std::uint8_t> hashes;
    append_varint(hashes, hash_order_.size());
    for (TypeRef t : hash_order_) {
        append_varint(hashes, t);
        for (int i = 0; i < 4; ++i) hashes.push_back(static_cast<std::uint8_t>(*types_[t].hash >> (8 * i)));
    }

    std::vector<std::uint8_t> out;
    const std::size_t type_pos = open_section(out, "TYPE");
    append_leaf(out, "TPTR", std::vector<std::uint8_t>(count * 8, 0));  // in-place-load slots (§5.3)
    append_leaf(out, "TSTR", type_strings.bytes());
    append_leaf(out, "TNA1", names);
    append_leaf(out, "FSTR", field_strings.bytes());
    append_leaf(out, "TBDY", bodies);
    append_leaf(out, "THSH", hashes);
    append_leaf(out, "TPAD", {});
    close_section(out, type_pos);
    return out;
}

Result<std::shared_ptr<const TypeTable>> TypeTableBuilder::build() const {
    MP_TRY_ASSIGN(std::vector<std::uint8_t> bytes, type_section());
    MP_TRY_ASSIGN(Section section, read_root_section(bytes));
    return TypeTable::parse(bytes, section);
}

}  // namespace meshproof::tagfile
