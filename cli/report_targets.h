// The files a command will write its reports to, checked before the run that makes them: a full
// install takes a minute to verify, and a report that cannot be written was found only after it
// (`--json /no/such/folder/r.json` ran the whole install, then failed). Refused: a target that is
// a folder, one whose folder does not exist or cannot be written, an existing file that cannot
// be written, and one file named for two reports (however each is spelt); "-" (stdout) for two
// reports (they would run together into one unreadable stream). A report never replaces a file the run reads (`verify install --json
// install/map/m10_00_00_00/h10_00_00_00.hkxbhd` wrote the report over the binder): refused too, an
// existing target that is a file named in `read` (the --manifest), or that lies in a root's folder
// (a folder root, or the folder of a one-file root) and is not empty or a meshproof report or
// timings file already (a report written there by an earlier run may be replaced).
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/error.h"

namespace meshproof::cli {

// Each target with the option that names it ("--json"); empty targets are not asked for.
Status check_report_targets(const std::vector<std::pair<std::string, std::string>>& targets,
                            const std::vector<std::filesystem::path>& roots = {},
                            const std::vector<std::filesystem::path>& read = {});

// The file starts as a report or timings file of meshproof does (JSON, Markdown, HTML, timings),
// or is empty.
bool is_meshproof_output(const std::filesystem::path& path);

}  // namespace meshproof::cli
