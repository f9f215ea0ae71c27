#include "engine/pipeline/file_scope.h"

#include <cctype>
#include <cstddef>

namespace meshproof {
namespace {

// `component` is `name`, or `name` followed by '.' (extensions); ASCII case ignored, as the
// games' own file systems do.
bool component_names(std::string_view component, std::string_view name) {
    if (name.empty() || component.size() < name.size()) return false;
    for (std::size_t i = 0; i < name.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(component[i])) != std::tolower(static_cast<unsigned char>(name[i])))
            return false;
    return component.size() == name.size() || component[name.size()] == '.';
}

// The last component of a path; "__" separates too (the shared corpus flattens a file's game
// path that way: equipment__models__commodities__crates__pod_drab.sur).
std::string_view last_component(std::string_view p) {
    std::size_t cut = p.find_last_of("/\\");
    p = cut == std::string_view::npos ? p : p.substr(cut + 1);
    cut = p.rfind("__");
    return cut == std::string_view::npos ? p : p.substr(cut + 2);
}

bool path_names_one_file(std::string_view unit_path, std::string_view name) {
    // "binder :: member/path": the binder's file name and the member's last component; a loose
    // file: its own last component.
    const std::size_t sep = unit_path.find(" :: ");
    if (sep == std::string_view::npos) return component_names(last_component(unit_path), name);
    return component_names(last_component(unit_path.substr(0, sep)), name) ||
           component_names(last_component(unit_path.substr(sep + 4)), name);
}

}  // namespace

bool path_names_file(std::string_view unit_path, std::string_view name) {
    // "!A,B": none of them (the document's "the other 367 meshes"); "A,B": any of them.
    const bool none = !name.empty() && name.front() == '!';
    if (none) name.remove_prefix(1);
    if (name.empty() || name.front() == ',' || name.back() == ',' || name.find(",,") != std::string_view::npos)
        return false;
    bool any = false;
    while (!any) {
        const std::size_t comma = name.find(',');
        any = path_names_one_file(unit_path, name.substr(0, comma));
        if (comma == std::string_view::npos) break;
        name.remove_prefix(comma + 1);
    }
    return any != none;
}

}  // namespace meshproof
