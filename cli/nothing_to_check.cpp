#include "cli/nothing_to_check.h"

#include <fmt/format.h>

#include "engine/core/plural.h"

namespace meshproof::cli {

namespace {

constexpr std::size_t kListed = 8;

std::string listed(const std::vector<std::string>& paths) {
    std::string out;
    for (std::size_t i = 0; i < paths.size() && i < kListed; ++i) out += (i ? ", " : "") + paths[i];
    if (paths.size() > kListed) out += fmt::format(" and {} more", paths.size() - kListed);
    return out;
}

}  // namespace

bool nothing_to_check(const RunResult& run) { return run.members.empty(); }

std::string nothing_to_check_message(const RunResult& run, const std::string& root) {
    const InstallScan& scan = run.scan;
    std::string out = fmt::format("meshproof verify: nothing to check in {}: {} seen, {}, no member read\n", root,
                                  plural(scan.files_seen, "file", "files"),
                                  plural(scan.inputs.size(), "collision input", "collision inputs"));
    out +=
        "  looked for: map collision split binders (.hkxbhd + .hkxbdt), object and asset binders (.objbnd(.dcx),\n"
        "  .geomhkxbnd(.dcx)), loose Havok tagfiles (.hkx, .hkx.dcx) and compendiums, Freelancer .sur files\n";
    for (const auto& s : scan.strays) out += fmt::format("  STRAY {}: {}\n", s.rel_path, s.reason);
    if (!scan.packed_archives.empty()) {
        out += fmt::format("  found the game's packed archives ({}): this install was never unpacked;\n",
                           listed(scan.packed_archives));
        out += "  meshproof reads unpacked files only\n";
    }
    out +=
        "  a game's archives (Data0.bhd + Data0.bdt, ...) must be unpacked first, e.g. with UXM Selective Unpacker\n"
        "  or WitchyBND; then verify the unpacked install's folder (the one holding map/)\n";
    return out;
}

}  // namespace meshproof::cli
