// A verify run that found nothing to check (an empty folder, the wrong folder, an install whose
// game archives were never unpacked) says so plainly and exits 2 (a usage error: the root holds
// no collision data), rather than 0 "everything checked matched" over nothing (issue 15).
#pragma once

#include <string>

#include "engine/pipeline/run.h"

namespace meshproof::cli {

// No member was read: no collision input, or inputs none of which holds a member.
bool nothing_to_check(const RunResult& run);

// The message for stderr: what was looked for, what was found instead (the game's packed
// archives, stray files), and that a game's archives must be unpacked first.
std::string nothing_to_check_message(const RunResult& run, const std::string& root);

}  // namespace meshproof::cli
