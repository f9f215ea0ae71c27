// See material_map.h.
#include "engine/builder/material_map.h"

#include <algorithm>
#include <charconv>
#include <cstring>

#include <fmt/format.h>

namespace meshproof::builder {

namespace {

// Blender's OBJ export names an object without a material so (`usemtl None`).
constexpr std::string_view kBlenderNoMaterial = "None";

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

// [b, e) with blanks trimmed at both ends.
std::pair<std::size_t, std::size_t> trimmed(std::string_view s, std::size_t b, std::size_t e) {
    while (b < e && is_blank(s[b])) ++b;
    while (e > b && is_blank(s[e - 1])) --e;
    return {b, e};
}

// A whole decimal u32 (no sign, no blanks).
std::optional<std::uint32_t> decimal_u32(std::string_view s) {
    if (s.empty() || s.front() < '0' || s.front() > '9') return std::nullopt;
    std::uint32_t v = 0;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
    return v;
}

}  // namespace

Result<MaterialMap> read_material_map(Bytes bytes) {
    const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    MaterialMap map;
    std::uint64_t line = 1;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t line_end = text.find('\n', pos);
        if (line_end == std::string_view::npos) line_end = text.size();
        std::size_t end = text.find('#', pos);
        if (end == std::string_view::npos || end > line_end) end = line_end;
        const auto at = [&](std::size_t offset, std::string_view what) {
            return make_error(ErrorCode::kBadHeader, offset, fmt::format("{}:{}: {}", line, offset - pos + 1, what));
        };
        const auto [b, e] = trimmed(text, pos, end);
        if (b < e) {
            const std::size_t eq = text.rfind('=', e - 1);
            if (eq == std::string_view::npos || eq < b) return at(b, "expected `name = id`");
            const auto [nb, ne] = trimmed(text, b, eq);
            if (nb == ne) return at(b, "the material name before `=` is empty");
            const auto [ib, ie] = trimmed(text, eq + 1, e);
            const auto id = decimal_u32(text.substr(ib, ie - ib));
            if (!id)
                return at(ib < ie ? ib : eq, fmt::format("`{}` is not a material id (a decimal number below 2^32)",
                                                         text.substr(ib, std::min<std::size_t>(ie - ib, 64))));
            const std::string name(text.substr(nb, ne - nb));
            const auto [it, inserted] = map.id_of.try_emplace(name, *id);
            if (!inserted && it->second != *id)
                return at(nb, fmt::format("material `{}` is given id {} here and id {} above", name, *id, it->second));
        }
        pos = line_end + 1;
        ++line;
    }
    return map;
}

std::optional<std::uint32_t> material_id(const MaterialMap& map, std::string_view name) {
    if (const auto it = map.id_of.find(std::string(name)); it != map.id_of.end()) return it->second;
    if (const auto id = decimal_u32(name)) return id;
    if (name.size() > 1 && name.front() == 'm') return decimal_u32(name.substr(1));
    if (name == kBlenderNoMaterial) return 0u;
    return std::nullopt;
}

bool names_no_material(const MaterialMap& map, std::string_view name) {
    return name == kBlenderNoMaterial && !map.id_of.contains(std::string(name));
}

}  // namespace meshproof::builder
