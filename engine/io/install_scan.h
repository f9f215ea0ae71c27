// Install scan: finds the collision inputs of an unpacked install (or of any folder or file)
// and says which game the layout belongs to. Paths are reported relative to the root, with
// '/' separators, in the game's own terms (map/m10/m10_00_00_00/h10_00_00_00.hkxbhd).
// Odd, stray or unreadable files are counted and listed, never fatal.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/error.h"

namespace meshproof {

enum class Game { kUnknown, kSekiro, kEldenRing, kFreelancer };
std::string_view game_name(Game game);  // "unknown", "sekiro", "eldenring", "freelancer"
std::optional<Game> parse_game(std::string_view name);

enum class InputKind {
    kSplitBinder,  // .hkxbhd header + .hkxbdt data (map h / l / f sets)
    kBinder,       // BND4 (usually DCX-wrapped) that may hold .hkx members: objbnd, geomhkxbnd, chrbnd
    kTagfile,      // loose .hkx or .hkx.dcx
    kCompendium,   // loose .compendium or .compendium.dcx
    kSur,          // Freelancer .sur
};
std::string_view input_kind_name(InputKind kind);

struct InputFile {
    InputKind kind;
    std::string rel_path;             // game terms, '/' separators
    std::filesystem::path path;       // absolute or as given
    std::filesystem::path data_path;  // the .hkxbdt of a split binder
    std::string set;                  // h, l, f, object, asset, character, loose, sur
    // The model a .sur file collides for (.cmp, else .3db), paired by the scan as a split binder's
    // halves are; empty when there is none.
    std::filesystem::path model_path;
};

struct StrayFile {
    std::string rel_path;
    std::string reason;
};

struct InstallScan {
    Game game = Game::kUnknown;
    bool game_overridden = false;
    std::string detection;          // why the game was chosen, for the report
    std::vector<InputFile> inputs;  // sorted by rel_path
    std::vector<StrayFile> strays;  // sorted by rel_path: unusable collision-looking files
    std::uint64_t files_seen = 0;
    std::uint64_t files_ignored = 0;  // not collision data (textures, params, ...)
    // The game's packed archives (Data0.bhd + Data0.bdt, DLC.bdt, ...; counted in files_ignored):
    // an install that was never unpacked, whose collision binders meshproof cannot reach.
    std::vector<std::string> packed_archives;  // rel paths, sorted
};

// A FromSoftware packed archive half by its name: .bhd / .bdt, .bhd5 / .bdt5 (not the map
// collision binders' .hkxbhd / .hkxbdt).
bool is_packed_archive_name(std::string_view lower_name);

// `root` may be a folder or a single file. `game` overrides detection. A split binder's data half
// (.hkxbdt) given alone is an error naming the header (.hkxbhd) to give instead.
Result<InstallScan> scan_install(const std::filesystem::path& root, std::optional<Game> game = std::nullopt);

// The set of character binders (chr/cNNNN.chrbnd.dcx): they hold skeletons, ragdolls and cloth
// besides collision, so their members are selected by content (engine/pipeline/collision_content.h),
// and the document's "named collision binders" (a figure over every set of a game) leave them out;
// they are read for the figures "over every distinct tagfile read".
inline constexpr std::string_view kCharacterSet = "character";
// The sets of binders whose every member is its own kind by name (not h/l/f by member name).
inline bool is_fixed_set(std::string_view set) { return set == "object" || set == "asset" || set == kCharacterSet; }

// The binder set a file name implies: h/l/f for map collision names (h10_00_00_00_000123.hkx.dcx,
// h.hkx), otherwise `fallback`.
std::string set_from_name(std::string_view file_name, std::string_view fallback);

// Lower-cased copy (paths from Windows compare case-insensitively).
std::string ascii_lower(std::string_view s);

}  // namespace meshproof
