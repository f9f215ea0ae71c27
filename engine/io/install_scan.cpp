#include "engine/io/install_scan.h"
#include "engine/io/sibling_model.h"

#include <algorithm>
#include <cctype>
#include <system_error>

#include "engine/io/file_access.h"
#include "engine/core/path_text.h"

namespace meshproof {
namespace fs = std::filesystem;

std::string_view game_name(Game game) {
    switch (game) {
        case Game::kSekiro: return "sekiro";
        case Game::kEldenRing: return "eldenring";
        case Game::kFreelancer: return "freelancer";
        case Game::kUnknown: break;
    }
    return "unknown";
}

std::optional<Game> parse_game(std::string_view name) {
    std::string n = ascii_lower(name);
    if (n == "sekiro" || n == "sdt") return Game::kSekiro;
    if (n == "eldenring" || n == "er" || n == "elden-ring") return Game::kEldenRing;
    if (n == "freelancer" || n == "fl") return Game::kFreelancer;
    if (n == "unknown" || n == "auto") return Game::kUnknown;
    return std::nullopt;
}

std::string_view input_kind_name(InputKind kind) {
    switch (kind) {
        case InputKind::kSplitBinder: return "split-binder";
        case InputKind::kBinder: return "binder";
        case InputKind::kTagfile: return "tagfile";
        case InputKind::kCompendium: return "compendium";
        case InputKind::kSur: return "sur";
    }
    return "unknown";
}

std::string ascii_lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

namespace {

bool ends_with(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// mAA_BB_CC_DD
bool is_map_block_name(std::string_view n) {
    if (n.size() != 12 || n[0] != 'm') return false;
    for (int i : {1, 2, 4, 5, 7, 8, 10, 11})
        if (!is_digit(n[static_cast<std::size_t>(i)])) return false;
    return n[3] == '_' && n[6] == '_' && n[9] == '_';
}

// mAA
bool is_map_area_name(std::string_view n) { return n.size() == 3 && n[0] == 'm' && is_digit(n[1]) && is_digit(n[2]); }

// Lexically: `p` is the path found under `root`, and a file reached through a symbolic link is
// named where the user put the link (fs::relative would resolve it to its target's place, and
// group a linked tagfile with the target folder's compendiums instead of its own folder's).
std::string generic_rel(const fs::path& p, const fs::path& root) {
    fs::path rel = p.lexically_relative(root);
    if (rel.empty() || rel == ".") rel = p.filename();
    return path_text(rel);
}

// Layout detection (containers-and-tagfiles.md §1.2): Sekiro map/mAA_BB_CC_DD/,
// Elden Ring map/mAA/mAA_BB_CC_DD/, Freelancer DATA/.
Game detect_layout(const fs::path& root, std::string& why) {
    std::error_code ec;
    if (!fs::is_directory(root, ec)) {
        why = "a single file: no install layout";
        return Game::kUnknown;
    }
    fs::path map_dir, data_dir;
    for (const auto& e : fs::directory_iterator(root, ec)) {
        std::string n = ascii_lower(path_text(e.path().filename()));
        if (n == "map" && e.is_directory(ec)) map_dir = e.path();
        if (n == "data" && e.is_directory(ec)) data_dir = e.path();
    }
    if (!map_dir.empty()) {
        int sekiro = 0, er = 0;
        for (const auto& e : fs::directory_iterator(map_dir, ec)) {
            if (!e.is_directory(ec)) continue;
            std::string n = ascii_lower(path_text(e.path().filename()));
            if (is_map_block_name(n)) ++sekiro;
            if (is_map_area_name(n)) {
                for (const auto& inner : fs::directory_iterator(e.path(), ec))
                    if (inner.is_directory(ec) && is_map_block_name(ascii_lower(path_text(inner.path().filename())))) {
                        ++er;
                        break;
                    }
            }
        }
        if (er > 0 && er >= sekiro) {
            why = "map/mAA/mAA_BB_CC_DD/ layout (" + std::to_string(er) + " areas): Elden Ring";
            return Game::kEldenRing;
        }
        if (sekiro > 0) {
            why = "map/mAA_BB_CC_DD/ layout (" + std::to_string(sekiro) + " blocks): Sekiro";
            return Game::kSekiro;
        }
    }
    if (!data_dir.empty()) {
        why = "DATA/ folder: Freelancer";
        return Game::kFreelancer;
    }
    why = "no install layout found (map/ or DATA/); reading the files as found";
    return Game::kUnknown;
}

struct Classified {
    bool collision = false;
    InputKind kind = InputKind::kTagfile;
    std::string set;
};

Classified classify(std::string_view lower_name) {
    Classified c;
    auto set_of = [&](std::string_view fallback) { return set_from_name(lower_name, fallback); };
    if (ends_with(lower_name, ".hkxbhd")) return {true, InputKind::kSplitBinder, set_of("loose")};
    if (ends_with(lower_name, ".objbnd.dcx") || ends_with(lower_name, ".objbnd"))
        return {true, InputKind::kBinder, "object"};
    if (ends_with(lower_name, ".geomhkxbnd.dcx") || ends_with(lower_name, ".geomhkxbnd"))
        return {true, InputKind::kBinder, "asset"};
    if (ends_with(lower_name, ".chrbnd.dcx") || ends_with(lower_name, ".chrbnd"))
        return {true, InputKind::kBinder, std::string(kCharacterSet)};
    if (ends_with(lower_name, ".hkx") || ends_with(lower_name, ".hkx.dcx"))
        return {true, InputKind::kTagfile, set_of("loose")};
    if (ends_with(lower_name, ".compendium") || ends_with(lower_name, ".compendium.dcx"))
        return {true, InputKind::kCompendium, set_of("loose")};
    if (ends_with(lower_name, ".sur")) return {true, InputKind::kSur, "sur"};
    return c;
}

}  // namespace

bool is_packed_archive_name(std::string_view lower_name) {
    for (std::string_view ext : {".bhd", ".bdt", ".bhd5", ".bdt5"})
        if (ends_with(lower_name, ext)) return true;
    return false;
}

std::string set_from_name(std::string_view file_name, std::string_view fallback) {
    if (file_name.size() >= 2) {
        char c = static_cast<char>(std::tolower(static_cast<unsigned char>(file_name[0])));
        char next = file_name[1];
        if ((c == 'h' || c == 'l' || c == 'f') && (is_digit(next) || next == '.')) return std::string(1, c);
    }
    return std::string(fallback);
}

Result<InstallScan> scan_install(const fs::path& root, std::optional<Game> game) {
    std::error_code ec;
    if (!fs::exists(root, ec)) return make_error(ErrorCode::kIo, 0, "no such file or folder: " + path_text(root));

    InstallScan scan;
    scan.game = detect_layout(root, scan.detection);
    if (game) {
        scan.game_overridden = true;
        scan.detection = "set by --game (" + std::string(game_name(*game)) + "); layout says: " + scan.detection;
        scan.game = *game;
    }

    auto consider = [&](const fs::path& p, const fs::path& base) {
        ++scan.files_seen;
        std::string name = path_text(p.filename());
        std::string lower = ascii_lower(name);
        std::string rel = generic_rel(p, base);
        if (ends_with(lower, ".hkxbdt")) {
            // Data halves are read through their header; one without a header is stray.
            fs::path bhd = p;
            bhd.replace_extension(".hkxbhd");
            fs::path bhd_upper = p;
            bhd_upper.replace_extension(".HKXBHD");
            if (!fs::exists(bhd, ec) && !fs::exists(bhd_upper, ec))
                scan.strays.push_back({rel, "data half (.hkxbdt) without its .hkxbhd header"});
            return;
        }
        Classified c = classify(lower);
        if (!c.collision) {
            ++scan.files_ignored;
            if (is_packed_archive_name(lower)) scan.packed_archives.push_back(rel);
            return;
        }
        InputFile in{c.kind, rel, p, {}, c.set, {}};
        if (c.kind == InputKind::kSplitBinder) {
            fs::path bdt = p;
            bdt.replace_extension(".hkxbdt");
            if (!fs::exists(bdt, ec)) {
                fs::path upper = p;
                upper.replace_extension(".HKXBDT");
                if (fs::exists(upper, ec)) bdt = upper;
            }
            if (!fs::is_regular_file(bdt, ec)) {
                scan.strays.push_back({rel, "split binder header without its .hkxbdt data"});
                return;
            }
            in.data_path = bdt;
        }
        if (c.kind == InputKind::kSur) in.model_path = sibling_model(p).value_or(fs::path());
        if (auto why = unreadable_reason(p)) {
            scan.strays.push_back({rel, "unreadable: " + *why});
            return;
        }
        scan.inputs.push_back(std::move(in));
    };

    if (fs::is_regular_file(root, ec)) {
        // A data half alone holds no names and no offsets: its header is what is read. Said
        // plainly, not as "nothing to check" with advice to unpack the game's archives.
        if (ends_with(ascii_lower(path_text(root.filename())), ".hkxbdt")) {
            const bool upper = root.extension() == ".HKXBDT";
            const std::string header =
                path_text(fs::path(root.filename()).replace_extension(upper ? ".HKXBHD" : ".hkxbhd"));
            return make_error(ErrorCode::kUsage, 0,
                              path_text(root.filename()) + " is the data half of a split binder: give " + header +
                                  " (beside it) instead");
        }
        consider(root, root.parent_path());
        // A single loose tagfile names its types by TCRF: the compendiums beside it (as in the
        // folder it came from) are read too, as a folder run would, so that it can be decoded.
        if (!scan.inputs.empty() && scan.inputs.front().kind == InputKind::kTagfile) {
            std::vector<fs::path> siblings;
            for (const auto& e :
                 fs::directory_iterator(root.parent_path().empty() ? fs::path(".") : root.parent_path(), ec))
                if (e.path() != root && e.is_regular_file(ec)) siblings.push_back(e.path());
            std::sort(siblings.begin(), siblings.end());
            for (const fs::path& p : siblings) {
                const std::string lower = ascii_lower(path_text(p.filename()));
                if (ends_with(lower, ".compendium") || ends_with(lower, ".compendium.dcx"))
                    consider(p, root.parent_path());
            }
        }
    } else if (fs::exists(root, ec) && !fs::is_directory(root, ec)) {
        // A FIFO, device or socket: nothing to map, and listing it would say "Not a directory".
        return make_error(ErrorCode::kIo, 0, path_text(root) + " is neither a file nor a folder");
    } else {
        auto it = fs::recursive_directory_iterator(root, fs::directory_options::skip_permission_denied, ec);
        if (ec) return make_error(ErrorCode::kIo, 0, "cannot list " + path_text(root) + ": " + ec.message());
        for (auto end = fs::recursive_directory_iterator(); it != end; it.increment(ec)) {
            if (ec) {
                scan.strays.push_back({generic_rel(it->path(), root), "unreadable folder: " + ec.message()});
                ec.clear();
                continue;
            }
            if (it->is_regular_file(ec)) consider(it->path(), root);
            // Not followed (a link can lead back up the tree, or to the same folder many times
            // over), but said: a linked map/ folder read as "nothing to check" without a word.
            else if (it->is_symlink(ec) && it->is_directory(ec))
                scan.strays.push_back({generic_rel(it->path(), root),
                                       "a link to a folder, not followed: give the folder itself as a root"});
        }
    }

    // A folder of .sur files is Freelancer data even without DATA/ (issue: "any folder of .sur files").
    if (scan.game == Game::kUnknown && !scan.game_overridden) {
        bool only_sur =
            !scan.inputs.empty() && std::all_of(scan.inputs.begin(), scan.inputs.end(),
                                                [](const InputFile& f) { return f.kind == InputKind::kSur; });
        if (only_sur) {
            scan.game = Game::kFreelancer;
            scan.detection = "only .sur files: Freelancer";
        }
    }

    auto by_path = [](const auto& a, const auto& b) { return a.rel_path < b.rel_path; };
    std::sort(scan.inputs.begin(), scan.inputs.end(), by_path);
    std::sort(scan.strays.begin(), scan.strays.end(), by_path);
    std::sort(scan.packed_archives.begin(), scan.packed_archives.end());
    return scan;
}

}  // namespace meshproof
