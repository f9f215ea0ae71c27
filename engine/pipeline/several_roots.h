// A run over several roots, one install of its own game each (run_verify's second form): the
// roots' games checked, each root's paths under "GAME/", and the scans merged into the one the
// reports read (RunResult::scan).
#pragma once

#include <filesystem>
#include <vector>

#include "engine/core/error.h"
#include "engine/io/install_scan.h"

namespace meshproof {

// Several roots must each be one known game, and no two the same: a figure's scope names a game,
// and the members of two roots of one game would be summed as one install.
Status check_root_games(const std::vector<std::filesystem::path>& roots, const std::vector<InstallScan>& scans);

// Each root's paths under "GAME/", so that the members of two installs never share a path and the
// reports say which install each came from.
void prefix_paths(InstallScan& scan);

// The roots' scans as one: with one root, its scan; with several, every input, stray and packed
// archive in path order, the counts summed, `game` unknown and `detection` each root's.
InstallScan merged_scan(std::vector<InstallScan>& scans);

}  // namespace meshproof
