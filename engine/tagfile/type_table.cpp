#include "engine/tagfile/type_table.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <string>

#include "engine/tagfile/varint.h"

namespace meshproof::tagfile {

namespace {

// Splits a NUL-separated string section (TSTR/FSTR, §5.3) into views over `storage`.
// Bytes after the last NUL count as unread, except 1..3 bytes of 0xFF: 2019.1 files (AC6)
// pad TST1/FST1 to 4 bytes with 0xFF instead of zeros.
std::vector<std::string_view> split_strings(const std::vector<char>& storage, std::uint64_t& unread) {
    std::vector<std::string_view> out;
    std::size_t start = 0;
    for (std::size_t i = 0; i < storage.size(); ++i) {
        if (storage[i] == '\0') {
            out.emplace_back(storage.data() + start, i - start);
            start = i + 1;
        }
    }
    const std::size_t tail = storage.size() - start;
    bool ff_padding = tail < 4;
    for (std::size_t i = start; i < storage.size(); ++i)
        ff_padding = ff_padding && static_cast<std::uint8_t>(storage[i]) == 0xFF;
    if (!ff_padding) unread += tail;
    return out;
}

// Leftover bytes after a grammar ends: up to 3 zero bytes are the 4-byte body padding of §5.1.
std::uint64_t leftover(const ByteReader& r, Bytes body) {
    const std::size_t rest = r.remaining();
    if (rest < 4) {
        bool zero = true;
        for (std::size_t i = r.pos(); i < body.size(); ++i) zero = zero && body[i] == 0;
        if (zero) return 0;
    }
    return rest;
}

Error bad_type(std::uint64_t offset, std::string message) {
    return make_error(ErrorCode::kBadType, offset, std::move(message));
}

Result<std::uint32_t> read_u32_varint(ByteReader& r, std::string_view what) {
    const std::uint64_t at = r.unit_offset();
    MP_TRY_ASSIGN(std::uint64_t v, read_varint(r));
    if (v > std::numeric_limits<std::uint32_t>::max()) return bad_type(at, std::string(what) + " does not fit 32 bits");
    return static_cast<std::uint32_t>(v);
}

}  // namespace

std::size_t TypeTable::MemberKeyHash::operator()(const MemberKey& k) const {
    return std::hash<std::string_view>{}(k.name) ^ (std::size_t{k.type} * 0x9E3779B97F4A7C15ull);
}
std::size_t TypeTable::NameHash::operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }

// Builds a TypeTable in place; one method per section kind.
class TypeTableParser {
public:
    TypeTableParser(Bytes unit, TypeTable& t) : unit_(unit), t_(t) {}

    Status parse(const Section& type_section) {
        MP_TRY_ASSIGN(std::vector<Section> children, read_children(unit_, type_section));
        const Section* names = nullptr;
        const Section* bodies = nullptr;
        const Section* hashes = nullptr;
        const Section* type_strings = nullptr;
        const Section* field_strings = nullptr;
        for (const Section& s : children) {
            const std::string_view tag = s.tag();
            // §5.2 aliases: TNAM ≡ TNA1, TBOD ≡ TBDY, TST1 ≡ TSTR, FST1 ≡ FSTR.
            if (tag == "TSTR" || tag == "TST1") type_strings = &s;
            else if (tag == "FSTR" || tag == "FST1") field_strings = &s;
            else if (tag == "TNA1" || tag == "TNAM") names = &s;
            else if (tag == "TBDY" || tag == "TBOD") bodies = &s;
            else if (tag == "THSH") hashes = &s;
            else if (tag == "TPTR" || tag == "TPAD") {
                // In-place-load slots (N × 8 zero bytes) and padding: nothing to read (§5.3).
                t_.unread_bytes_ += s.body.size() % 8;
            } else {
                t_.unread_bytes_ += s.body.size();  // an unknown leaf: nothing of it is read
            }
        }
        if (!type_strings) return bad_type(type_section.offset, "TYPE without TSTR/TST1");
        if (!names) return bad_type(type_section.offset, "TYPE without TNA1/TNAM");

        t_.type_string_bytes_.assign(type_strings->body.begin(), type_strings->body.end());
        type_strings_ = split_strings(t_.type_string_bytes_, t_.unread_bytes_);
        if (field_strings) {
            t_.field_string_bytes_.assign(field_strings->body.begin(), field_strings->body.end());
            field_strings_ = split_strings(t_.field_string_bytes_, t_.unread_bytes_);
        }
        MP_TRY(parse_names(*names));
        if (bodies) MP_TRY(parse_bodies(*bodies));
        if (hashes) MP_TRY(parse_hashes(*hashes));
        MP_TRY(resolve(type_section.offset));
        build_full_names();
        build_indices();
        return ok_status();
    }

private:
    // TNA1: varint N (incl. the null type); per type 1..N-1: name, template count, params.
    Status parse_names(const Section& s) {
        ByteReader r(s.body, s.body_offset());
        const std::uint64_t at = r.unit_offset();
        MP_TRY_ASSIGN(std::uint64_t count, read_varint(r));
        // Every type needs at least 2 bytes: a sane bound before allocating.
        if (count == 0 || count > s.body.size()) return bad_type(at, "implausible type count " + std::to_string(count));
        t_.types_.assign(count, TypeInfo{});
        for (std::uint32_t i = 1; i < count; ++i) {
            TypeInfo& info = t_.types_[i];
            MP_TRY_ASSIGN(info.name, type_string(r));
            const std::uint64_t params_at = r.unit_offset();
            MP_TRY_ASSIGN(std::uint32_t nparams, read_u32_varint(r, "template count"));
            if (nparams > r.remaining()) return bad_type(params_at, "implausible template count");
            info.first_param = static_cast<std::uint32_t>(t_.params_.size());
            info.param_count = nparams;
            for (std::uint32_t p = 0; p < nparams; ++p) {
                TemplateParam param;
                MP_TRY_ASSIGN(param.name, type_string(r));
                const std::uint64_t value_at = r.unit_offset();
                MP_TRY_ASSIGN(param.value, read_varint(r));
                if (param.is_type() && param.value >= count)
                    return bad_type(value_at, "template type argument out of range");
                t_.params_.push_back(param);
            }
        }
        t_.unread_bytes_ += leftover(r, s.body);
        return ok_status();
    }

    Result<std::string_view> type_string(ByteReader& r) {
        const std::uint64_t at = r.unit_offset();
        MP_TRY_ASSIGN(std::uint64_t index, read_varint(r));
        if (index >= type_strings_.size()) return bad_type(at, "type string index out of range");
        return type_strings_[index];
    }

    Result<std::uint32_t> type_index(ByteReader& r, std::string_view what) {
        const std::uint64_t at = r.unit_offset();
        MP_TRY_ASSIGN(std::uint64_t index, read_varint(r));
        if (index >= t_.types_.size()) return bad_type(at, std::string(what) + " type index out of range");
        return static_cast<std::uint32_t>(index);
    }

    // TBDY (§5.5): bodies until the end; a body starting with type index 0 is padding.
    Status parse_bodies(const Section& s) {
        ByteReader r(s.body, s.body_offset());
        while (r.remaining() > 0) {
            const std::uint64_t at = r.unit_offset();
            MP_TRY_ASSIGN(std::uint32_t type, type_index(r, "body"));
            if (type == 0) continue;  // padding / omitted body: skip the byte (§5.5)
            TypeInfo& info = t_.types_[type];
            if (info.has_body) return bad_type(at, "second body for type " + std::to_string(type));
            info.has_body = true;
            ++t_.body_count_;
            MP_TRY_ASSIGN(info.parent, type_index(r, "parent"));
            const std::uint64_t opt_at = r.unit_offset();
            MP_TRY_ASSIGN(info.optionals, read_u32_varint(r, "optionals"));
            if (info.optionals & type_optional::kAttributes)
                return make_error(ErrorCode::kUnsupported, opt_at, "type attributes (optional 0x80)");
            if (info.optionals & ~0x7Fu) return bad_type(opt_at, "unknown optional bits");
            if (info.optionals & type_optional::kFormat) {
                MP_TRY_ASSIGN(info.own_format, read_u32_varint(r, "format"));
            }
            if (info.optionals & type_optional::kSubType) {
                MP_TRY_ASSIGN(info.own_subtype, type_index(r, "subtype"));
            }
            if (info.optionals & type_optional::kVersion) {
                MP_TRY_ASSIGN(info.version, read_u32_varint(r, "version"));
            }
            if (info.optionals & type_optional::kSizeAlign) {
                MP_TRY_ASSIGN(info.own_size, read_u32_varint(r, "size"));
                MP_TRY_ASSIGN(info.own_alignment, read_u32_varint(r, "alignment"));
            }
            if (info.optionals & type_optional::kFlags) {
                MP_TRY_ASSIGN(info.type_flags, read_u32_varint(r, "type flags"));
            }
            if (info.optionals & type_optional::kMembers) MP_TRY(parse_members(r, type, info));
            if (info.optionals & type_optional::kInterfaces) MP_TRY(parse_interfaces(r, info));
        }
        return ok_status();
    }

    Status parse_members(ByteReader& r, std::uint32_t type, TypeInfo& info) {
        const std::uint64_t at = r.unit_offset();
        // 2018+: low 16 bits = field count, high 16 = property count (`C3 00 01` on
        // hkPropertyId = 1 field, 3 properties). Only fields carry entries.
        MP_TRY_ASSIGN(std::uint32_t word, read_u32_varint(r, "member count"));
        const std::uint32_t fields = word & 0xFFFF;
        info.property_count = word >> 16;
        if (fields * 4ull > r.remaining()) return bad_type(at, "implausible member count");
        info.first_own_member = static_cast<std::uint32_t>(t_.own_members_.size());
        info.own_member_count = fields;
        for (std::uint32_t i = 0; i < fields; ++i) {
            Member m;
            const std::uint64_t name_at = r.unit_offset();
            MP_TRY_ASSIGN(std::uint64_t name, read_varint(r));
            if (name >= field_strings_.size()) return bad_type(name_at, "field name index out of range");
            m.name = field_strings_[name];
            MP_TRY_ASSIGN(m.flags, read_u32_varint(r, "member flags"));
            MP_TRY_ASSIGN(m.offset, read_u32_varint(r, "member offset"));
            MP_TRY_ASSIGN(m.type, type_index(r, "member"));
            m.owner = type;
            t_.own_members_.push_back(m);
        }
        return ok_status();
    }

    Status parse_interfaces(ByteReader& r, TypeInfo& info) {
        const std::uint64_t at = r.unit_offset();
        MP_TRY_ASSIGN(std::uint32_t count, read_u32_varint(r, "interface count"));
        if (count * 2ull > r.remaining()) return bad_type(at, "implausible interface count");
        info.first_interface = static_cast<std::uint32_t>(t_.interfaces_.size());
        info.interface_count = count;
        for (std::uint32_t i = 0; i < count; ++i) {
            Interface iface;
            MP_TRY_ASSIGN(iface.type, type_index(r, "interface"));
            MP_TRY_ASSIGN(iface.offset, read_u32_varint(r, "interface offset"));
            t_.interfaces_.push_back(iface);
        }
        return ok_status();
    }

    // THSH: varint count; per entry varint type index + u32 hash (§5.3).
    Status parse_hashes(const Section& s) {
        ByteReader r(s.body, s.body_offset());
        const std::uint64_t at = r.unit_offset();
        MP_TRY_ASSIGN(std::uint64_t count, read_varint(r));
        if (count * 5 > r.remaining()) return bad_type(at, "implausible hash count");
        for (std::uint64_t i = 0; i < count; ++i) {
            MP_TRY_ASSIGN(std::uint32_t type, type_index(r, "hash"));
            auto hash = r.le<std::uint32_t>();
            if (!hash) return r.truncated("type hash");
            t_.types_[type].hash = *hash;
            ++t_.hash_count_;
        }
        t_.unread_bytes_ += leftover(r, s.body);
        return ok_status();
    }

    // §5.5 Resolution: size, alignment, format and subtype come from the first body up the
    // parent chain that has them; members are flattened base first. Each type is resolved
    // once, after its parent (a chain is walked only up to its first resolved ancestor), so
    // the work is linear in the type count; a parent cycle is an error. The flattened member
    // lists repeat every base's members in each subclass: a hostile deep chain would make
    // them quadratic, so their total is bounded (kLimit) far above any real table.
    Status resolve(std::uint64_t at) {
        const std::size_t n = t_.types_.size();
        std::vector<std::uint8_t> state(n, 0);  // 0 unresolved, 1 on the current chain, 2 resolved
        state[0] = 2;
        const std::uint64_t member_budget = 16 * (std::uint64_t{t_.own_members_.size()} + n) + 65536;
        std::vector<std::uint32_t> chain;
        for (std::uint32_t t = 1; t < n; ++t) {
            chain.clear();
            for (std::uint32_t a = t; state[a] != 2; a = t_.types_[a].parent) {
                if (state[a] == 1) return bad_type(at, "parent cycle at type " + std::to_string(a));
                state[a] = 1;
                chain.push_back(a);
            }
            for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
                resolve_one(*it);
                state[*it] = 2;
                if (t_.members_.size() > member_budget)
                    return make_error(ErrorCode::kLimit, at,
                                      "inherited members exceed " + std::to_string(member_budget) +
                                          " (an inheritance chain out of proportion to the table)");
            }
        }
        return ok_status();
    }

    // `type` after its parent (resolved, or 0).
    void resolve_one(std::uint32_t type) {
        TypeInfo& info = t_.types_[type];
        const TypeInfo& parent = t_.types_[info.parent];
        const bool has_parent = info.parent != 0;
        if (info.optionals & type_optional::kFormat) info.format.raw = info.own_format;
        else if (has_parent) info.format = parent.format;
        if (info.optionals & type_optional::kSubType) info.subtype = info.own_subtype;
        else if (has_parent) info.subtype = parent.subtype;
        if (info.optionals & type_optional::kSizeAlign) {
            info.size = info.own_size;
            info.alignment = info.own_alignment;
        } else if (has_parent) {
            info.size = parent.size;
            info.alignment = parent.alignment;
        }
        info.first_member = static_cast<std::uint32_t>(t_.members_.size());
        if (has_parent) {
            const std::uint32_t first = parent.first_member, count = parent.member_count;
            for (std::uint32_t m = 0; m < count; ++m) t_.members_.push_back(t_.members_[first + m]);
        }
        for (std::uint32_t m = 0; m < info.own_member_count; ++m)
            t_.members_.push_back(t_.own_members_[info.first_own_member + m]);
        info.member_count = static_cast<std::uint32_t>(t_.members_.size()) - info.first_member;
    }

    // "name<arg, arg>", type arguments by their own full name. Each name is built once, after
    // its arguments' (post-order with an explicit stack), and cut at kMaxFullName bytes: a
    // hostile table whose arguments nest (T1<T2, T2>, T2<T3, T3>, …) cannot make the work or
    // the names exponential. An argument that is still being named (a cycle, which no real
    // table has) prints as its bare name with "<…>".
    static constexpr std::size_t kMaxFullName = 1024;

    void build_full_names() {
        const std::size_t n = t_.types_.size();
        std::vector<std::uint8_t> state(n, 0);  // 0 unnamed, 1 naming, 2 named
        t_.full_names_.assign(n, std::string());
        std::vector<std::pair<std::uint32_t, std::uint32_t>> stack;  // (type, next param)
        for (std::uint32_t root = 0; root < n; ++root) {
            if (state[root] != 0) continue;
            stack.push_back({root, 0});
            state[root] = 1;
            while (!stack.empty()) {
                auto& [type, next] = stack.back();
                const TypeInfo& info = t_.types_[type];
                bool descended = false;
                while (next < info.param_count) {
                    const TemplateParam& param = t_.params_[info.first_param + next++];
                    if (!param.is_type()) continue;
                    const auto arg = static_cast<std::uint32_t>(param.value);
                    if (state[arg] == 0) {
                        state[arg] = 1;
                        stack.push_back({arg, 0});
                        descended = true;
                        break;
                    }
                }
                if (descended) continue;
                t_.full_names_[type] = compose_name(type, state);
                state[type] = 2;
                stack.pop_back();
            }
        }
        for (std::uint32_t t = 0; t < n; ++t) t_.types_[t].full_name = t_.full_names_[t];
    }

    std::string compose_name(std::uint32_t type, const std::vector<std::uint8_t>& state) const {
        const TypeInfo& info = t_.types_[type];
        std::string out(type == 0 ? std::string_view("void") : info.name);
        if (info.param_count == 0) return out;
        out += '<';
        for (std::uint32_t p = 0; p < info.param_count && out.size() < kMaxFullName; ++p) {
            const TemplateParam& param = t_.params_[info.first_param + p];
            if (p) out += ", ";
            if (!param.is_type()) {
                out += std::to_string(param.value);
                continue;
            }
            const auto arg = static_cast<std::uint32_t>(param.value);
            if (state[arg] == 2) out += t_.full_names_[arg];
            else out += std::string(arg == 0 ? std::string_view("void") : t_.types_[arg].name) + "<…>";
        }
        if (out.size() >= kMaxFullName) {
            out.resize(kMaxFullName);
            out += "…";
        }
        out += '>';
        return out;
    }

    void build_indices() {
        for (std::uint32_t t = 1; t < t_.types_.size(); ++t) {
            const TypeInfo& info = t_.types_[t];
            t_.by_full_name_.try_emplace(info.full_name, t);
            t_.by_name_.try_emplace(info.name, t);
            // Flattened members are base first: a later (more derived) member of the same
            // name replaces the base one, as C++ name hiding does.
            for (std::uint32_t m = 0; m < info.member_count; ++m) {
                const std::uint32_t index = info.first_member + m;
                t_.member_index_.insert_or_assign(TypeTable::MemberKey{t, t_.members_[index].name}, index);
            }
        }
    }

    Bytes unit_;
    TypeTable& t_;
    std::vector<std::string_view> type_strings_;
    std::vector<std::string_view> field_strings_;
};

Result<std::shared_ptr<const TypeTable>> TypeTable::parse(Bytes unit, const Section& type_section) {
    if (type_section.tag() != "TYPE" || type_section.leaf) return bad_type(type_section.offset, "not a TYPE container");
    auto table = std::make_shared<TypeTable>();
    TypeTableParser parser(unit, *table);
    MP_TRY(parser.parse(type_section));
    return std::shared_ptr<const TypeTable>(std::move(table));
}

std::span<const TemplateParam> TypeTable::template_params(std::uint32_t type) const {
    const TypeInfo& i = info(type);
    return std::span<const TemplateParam>(params_).subspan(i.first_param, i.param_count);
}
std::span<const Member> TypeTable::own_members(std::uint32_t type) const {
    const TypeInfo& i = info(type);
    return std::span<const Member>(own_members_).subspan(i.first_own_member, i.own_member_count);
}
std::span<const Member> TypeTable::members(std::uint32_t type) const {
    const TypeInfo& i = info(type);
    return std::span<const Member>(members_).subspan(i.first_member, i.member_count);
}
std::span<const Interface> TypeTable::interfaces(std::uint32_t type) const {
    const TypeInfo& i = info(type);
    return std::span<const Interface>(interfaces_).subspan(i.first_interface, i.interface_count);
}

std::optional<std::uint32_t> TypeTable::find_type(std::string_view name) const {
    if (auto it = by_full_name_.find(name); it != by_full_name_.end()) return it->second;
    if (auto it = by_name_.find(name); it != by_name_.end()) return it->second;
    return std::nullopt;
}

const Member* TypeTable::member(std::uint32_t type, std::string_view name) const {
    auto it = member_index_.find(MemberKey{type, name});
    return it == member_index_.end() ? nullptr : &members_[it->second];
}

FieldRef TypeTable::field_ref(std::uint32_t record_type, const Member& m) const {
    const TypeInfo& mt = info(m.type);
    return FieldRef{record_type, m.offset, m.type, mt.size, mt.format, m.flags, m.name};
}

Result<FieldRef> TypeTable::field_ref(std::uint32_t type, std::string_view name) const {
    const Member* m = member(type, name);
    if (!m)
        return make_error(ErrorCode::kMissingField, 0,
                          "type " + std::string(full_name(type)) + " has no member " + std::string(name));
    return field_ref(type, *m);
}

bool TypeTable::is_a(std::uint32_t type, std::uint32_t base) const {
    // Chains were checked acyclic at parse time; the bound is belt and braces.
    for (std::size_t steps = 0; type != 0 && steps <= types_.size(); ++steps, type = info(type).parent)
        if (type == base) return true;
    return false;
}

}  // namespace meshproof::tagfile
