#include "engine/pipeline/several_roots.h"

#include <algorithm>
#include <string>

#include "engine/core/path_text.h"

namespace meshproof {

namespace fs = std::filesystem;

Status check_root_games(const std::vector<fs::path>& roots, const std::vector<InstallScan>& scans) {
    if (scans.size() < 2) return ok_status();
    for (std::size_t i = 0; i < scans.size(); ++i) {
        if (scans[i].game == Game::kUnknown)
            return make_error(ErrorCode::kUsage, 0,
                              "cannot tell the game of " + path_text(roots[i]) + " (" + scans[i].detection +
                                  "): with several roots each must be an install of its own game");
        for (std::size_t j = 0; j < i; ++j)
            if (scans[j].game == scans[i].game)
                return make_error(ErrorCode::kUsage, 0,
                                  path_text(roots[j]) + " and " + path_text(roots[i]) + " are both " +
                                      std::string(game_name(scans[i].game)) + ": give one root per game");
    }
    return ok_status();
}

void prefix_paths(InstallScan& scan) {
    const std::string prefix = std::string(game_name(scan.game)) + "/";
    for (InputFile& in : scan.inputs) in.rel_path = prefix + in.rel_path;
    for (StrayFile& s : scan.strays) s.rel_path = prefix + s.rel_path;
    for (std::string& a : scan.packed_archives) a = prefix + a;
}

InstallScan merged_scan(std::vector<InstallScan>& scans) {
    if (scans.size() == 1) return std::move(scans.front());
    InstallScan out;
    for (InstallScan& s : scans) {
        out.game_overridden = out.game_overridden || s.game_overridden;
        out.detection += (out.detection.empty() ? "" : "; ") + std::string(game_name(s.game)) + ": " + s.detection;
        out.inputs.insert(out.inputs.end(), s.inputs.begin(), s.inputs.end());
        out.strays.insert(out.strays.end(), s.strays.begin(), s.strays.end());
        out.packed_archives.insert(out.packed_archives.end(), s.packed_archives.begin(), s.packed_archives.end());
        out.files_seen += s.files_seen;
        out.files_ignored += s.files_ignored;
    }
    std::sort(out.inputs.begin(), out.inputs.end(),
              [](const InputFile& a, const InputFile& b) { return a.rel_path < b.rel_path; });
    std::sort(out.strays.begin(), out.strays.end(),
              [](const StrayFile& a, const StrayFile& b) { return a.rel_path < b.rel_path; });
    std::sort(out.packed_archives.begin(), out.packed_archives.end());
    return out;
}

}  // namespace meshproof
