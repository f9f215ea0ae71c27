// The model a Freelancer .sur file collides for, laid out as the game does: the same folder and
// base name, `.cmp` before `.3db` (freelancer-models.md §2). Names are matched ignoring ASCII
// case, as the game's file system does (an exact name first, then a scan of the folder). Shared
// by the install scan (a .sur input paired with its model) and `meshproof dump` / `export`.
#pragma once

#include <filesystem>
#include <optional>

namespace meshproof {

std::optional<std::filesystem::path> sibling_model(const std::filesystem::path& sur_path);

}  // namespace meshproof
