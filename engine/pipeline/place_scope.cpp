#include "engine/pipeline/place_scope.h"

#include <cctype>
#include <fmt/format.h>

namespace meshproof {
namespace {

bool digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// "AA_BB_CC_DD" at `s`: eleven characters, digits with '_' at 2, 5 and 8.
bool map_digits(std::string_view s) {
    if (s.size() < 11) return false;
    for (std::size_t i = 0; i < 11; ++i)
        if ((i % 3 == 2) ? s[i] != '_' : !digit(s[i])) return false;
    return true;
}

// The path's components: '/', '\\', " :: " (binder and member) and "__" (the shared corpus
// flattens game paths that way) all separate.
std::vector<std::string_view> components(std::string_view p) {
    std::vector<std::string_view> out;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= p.size(); ++i) {
        std::size_t skip = 0;
        if (i == p.size() || p[i] == '/' || p[i] == '\\') skip = 1;
        else if (p.compare(i, 4, " :: ") == 0) skip = 4;
        else if (p.compare(i, 2, "__") == 0) skip = 2;
        if (skip == 0) continue;
        if (i > start) out.push_back(p.substr(start, i - start));
        start = i + skip;
        i += skip - 1;
    }
    return out;
}

}  // namespace

std::string map_of_path(std::string_view unit_path) {
    const std::vector<std::string_view> parts = components(unit_path);
    for (std::string_view c : parts)  // a folder named after its map
        if (c.size() == 12 && (c[0] == 'm' || c[0] == 'M') && map_digits(c.substr(1)))
            return fmt::format("m{}", c.substr(1));
    for (std::string_view c : parts) {  // a binder or member named after its map
        const char k = static_cast<char>(std::tolower(static_cast<unsigned char>(c.empty() ? ' ' : c[0])));
        if ((k == 'h' || k == 'l' || k == 'f') && map_digits(c.substr(1)) &&
            (c.size() == 12 || c[12] == '_' || c[12] == '.'))
            return fmt::format("m{}", c.substr(1, 11));
    }
    return "";
}

bool is_map_prefix(std::string_view t) {
    if (t.size() < 3 || t.size() > 12 || t[0] != 'm' || !digit(t[1]) || !digit(t[2])) return false;
    for (std::size_t i = 3; i < t.size(); ++i)
        if ((i % 3 == 0) ? t[i] != '_' : !digit(t[i])) return false;
    return true;
}

std::vector<std::string> map_prefixes(std::string_view key) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= key.size()) {
        const std::size_t comma = key.find(',', start);
        const std::size_t end = comma == std::string_view::npos ? key.size() : comma;
        out.emplace_back(key.substr(start, end - start));
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    return out;
}

bool map_in_place(std::string_view map_id, std::string_view key) {
    if (map_id.empty()) return false;
    for (const std::string& prefix : map_prefixes(key))
        if (!prefix.empty() && map_id.substr(0, prefix.size()) == prefix) return true;
    return false;
}

}  // namespace meshproof
