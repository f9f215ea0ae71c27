// The files a command will write its reports to, checked before the run that makes them: a full
// install takes a minute to verify, and a report that cannot be written was found only after it
// (`--json /no/such/folder/r.json` ran the whole install, then failed). Refused: a target that is
// a folder, one whose folder does not exist or cannot be written, an existing file that cannot
// be written, and one file named for two reports. "-" (stdout) is never refused.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "engine/core/error.h"

namespace meshproof::cli {

// Each target with the option that names it ("--json"); empty targets are not asked for.
Status check_report_targets(const std::vector<std::pair<std::string, std::string>>& targets);

}  // namespace meshproof::cli
