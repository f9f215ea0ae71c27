// See report_targets.h.
#include "cli/report_targets.h"

#include <filesystem>
#include <fstream>
#include <string_view>

#include "cli/same_file.h"
#include "cli/write_access.h"

namespace meshproof::cli {

namespace fs = std::filesystem;

namespace {

// The path with symbolic links and "." / ".." resolved as far as it exists.
fs::path resolved(const fs::path& p) {
    std::error_code ec;
    fs::path r = fs::weakly_canonical(p, ec);
    return ec ? fs::absolute(p, ec).lexically_normal() : r;
}

// `path` is `folder` or under it (both resolved).
bool within(const fs::path& path, const fs::path& folder) {
    auto f = folder.begin(), p = path.begin();
    for (; f != folder.end(); ++f, ++p) {
        if (f->empty()) continue;  // a trailing separator
        if (p == path.end() || *p != *f) return false;
    }
    return true;
}

}  // namespace

bool is_meshproof_output(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::string head(2048, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    if (head.empty()) return true;
    const std::string_view h(head);
    const std::string_view first = h.substr(0, 256);
    return (h.starts_with("{") && first.find("\"report_format\"") != std::string_view::npos) ||
           (h.starts_with("{") && first.find("\"meshproof-timings-") != std::string_view::npos) ||
           h.starts_with("# meshproof verify report") || h.starts_with("# meshproof verify failures") ||
           (h.starts_with("<!DOCTYPE html>") && h.find("meshproof verify report") != std::string_view::npos);
}

Status check_report_targets(const std::vector<std::pair<std::string, std::string>>& targets,
                            const std::vector<fs::path>& roots, const std::vector<fs::path>& read) {
    auto refuse = [](const std::string& option, const std::string& why) {
        return make_error(ErrorCode::kIo, 0, option + ": " + why);
    };
    std::error_code ec;
    for (std::size_t i = 0; i < targets.size(); ++i) {
        const auto& [option, target] = targets[i];
        if (target == "-")
            for (std::size_t j = 0; j < i; ++j)
                if (targets[j].second == "-")
                    return refuse(option, "stdout ('-') is " + targets[j].first + "'s already: one report per stream");
        if (target.empty() || target == "-") continue;
        const fs::path path(target);
        const fs::path where = resolved(path);
        for (std::size_t j = 0; j < i; ++j)
            if (!targets[j].second.empty() && targets[j].second != "-" && resolved(targets[j].second) == where)
                return refuse(option, "the same file as " + targets[j].first + " (" + target + ")");
        if (fs::is_directory(path, ec)) return refuse(option, target + " is a folder");
        const fs::path dir = path.parent_path().empty() ? fs::path(".") : path.parent_path();
        if (!fs::is_directory(dir, ec))
            return refuse(option, "cannot write " + target + ": the folder " + dir.string() + " does not exist");
        const bool exists = fs::exists(path, ec);
        if (exists ? !may_overwrite(path) : !may_create_in(dir))
            return refuse(option, "cannot write " + target + ": permission denied");
        if (!exists) continue;
        for (const fs::path& r : read)
            if (same_file(path, r))
                return refuse(option, target + " is " + r.string() + ", which the run reads: name another file");
        for (const fs::path& root : roots) {
            const fs::path folder =
                fs::is_directory(root, ec) ? root : (root.parent_path().empty() ? fs::path(".") : root.parent_path());
            if (within(where, resolved(folder)) && !is_meshproof_output(path))
                return refuse(
                    option,
                    target + " is a file of " + root.string() +
                        " and not a meshproof report: verify never writes into what it reads; name another file");
        }
    }
    return ok_status();
}

}  // namespace meshproof::cli
