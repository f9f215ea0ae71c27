// A file scope: the sub-scope "game/set#file:NAME" (tally_scope.h) repeats the counts of the units of one named
// file, for figures the documents state of one file ("pod_drab.sur's hull has 62 faces", "the
// l binder of m10_00_00_00"). A unit path names NAME when one of its components — the binder
// or loose file, or a binder member's last path component — is NAME, or is NAME followed by a
// '.' and extensions, ASCII case ignored ("pod_drab.sur" names DATA/.../POD_DRAB.sur;
// "l10_00_00_00" names l10_00_00_00.hkxbhd and its members). "__" separates components too:
// the shared corpus flattens game paths that way.
// NAME may list several names, "A,B,C" (the units of any of them: "o009093, o009092, o009101"),
// or start with '!', "!A,B,C" (the units of none of them: "the other 367 meshes").
#pragma once

#include <string_view>

namespace meshproof {

bool path_names_file(std::string_view unit_path, std::string_view name);

}  // namespace meshproof
