// How `meshproof build` turns an OBJ `usemtl` name into a hit material id (materialNameData,
// containers-and-tagfiles.md §7: "u32 (hit material id)"):
//   1. the `--materials` file, lines `name = id` (`#` starts a comment; blank lines are skipped;
//      the name is everything before the last `=`, blanks trimmed, so it may hold spaces);
//   2. else a name that is a decimal number ("21");
//   3. else `m` and a decimal number ("m21"), the name `meshproof export` gives material 21, so
//      that export → build keeps every material without a file;
//   4. else `None`, what Blender writes for an object without a material: 0, as rows before any
//      usemtl take (a file that maps `None` wins by rule 1).
// A name none of these resolves is the caller's usage error (it names it).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "engine/core/bytes.h"
#include "engine/core/error.h"

namespace meshproof::builder {

struct MaterialMap {
    std::unordered_map<std::string, std::uint32_t> id_of;
};

// Errors (kBadHeader, offset of the field; the message begins "L:C: " as read_obj's): a line with
// no `=`, an empty name, an id that is not a decimal u32, a name given two different ids.
Result<MaterialMap> read_material_map(Bytes text);

// The id of `name` by the four rules above; nullopt when none applies.
std::optional<std::uint32_t> material_id(const MaterialMap& map, std::string_view name);

// Whether `name` stands for "no material" (rule 4: Blender's `None`, not mapped by the file).
bool names_no_material(const MaterialMap& map, std::string_view name);

}  // namespace meshproof::builder
