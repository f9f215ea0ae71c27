// See report_targets.h.
#include "cli/report_targets.h"

#include <filesystem>

#include <unistd.h>

namespace meshproof::cli {

namespace fs = std::filesystem;

Status check_report_targets(const std::vector<std::pair<std::string, std::string>>& targets) {
    auto refuse = [](const std::string& option, const std::string& why) {
        return make_error(ErrorCode::kIo, 0, option + ": " + why);
    };
    std::error_code ec;
    for (std::size_t i = 0; i < targets.size(); ++i) {
        const auto& [option, target] = targets[i];
        if (target.empty() || target == "-") continue;
        for (std::size_t j = 0; j < i; ++j)
            if (targets[j].second == target) return refuse(option, "the same file as " + targets[j].first + " (" + target + ")");
        const fs::path path(target);
        if (fs::is_directory(path, ec)) return refuse(option, target + " is a folder");
        const fs::path dir = path.parent_path().empty() ? fs::path(".") : path.parent_path();
        if (!fs::is_directory(dir, ec)) return refuse(option, "cannot write " + target + ": the folder " + dir.string() + " does not exist");
        if (fs::exists(path, ec) ? ::access(path.c_str(), W_OK) != 0 : ::access(dir.c_str(), W_OK | X_OK) != 0)
            return refuse(option, "cannot write " + target + ": permission denied");
    }
    return ok_status();
}

}  // namespace meshproof::cli
