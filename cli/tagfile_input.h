// Picking one tagfile (or compendium) out of what the user named, as `dump` and `export` do:
// a loose file, whose sibling compendiums resolve its TCRF unless --compendium names some, or
// one member of a binder (by full name or last path component), resolved against the binder's
// own compendium members.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "cli/input_bytes.h"
#include "engine/tagfile/compendium.h"

namespace meshproof::cli {

struct SelectedUnit {
    std::string where;                // "file" or "binder :: member", for messages
    std::vector<std::uint8_t> owned;  // a decompressed member
    Bytes bytes;                      // the unit: owned, or the input's content
    tagfile::CompendiumRegistry compendiums;
    std::vector<std::filesystem::path> compendium_files;  // the files read for `compendiums`
};

// Adds a compendium's IDs unless all are known already (the same file can come twice).
void add_compendium_once(tagfile::CompendiumRegistry& registry, Bytes tcm0);

// `member` empty: the input itself must be a tagfile or compendium (not a binder), except a
// binder with exactly one tagfile member, which is then chosen. Errors name what is missing.
Result<SelectedUnit> select_unit(const std::string& file, OpenedInput& input,
                                 const std::vector<std::string>& compendium_files, const std::string& member);

}  // namespace meshproof::cli
