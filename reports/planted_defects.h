// The defects `meshproof synth --defects` planted in a synthetic install, as its defects.json
// (beside the install's manifest.json) lists them: the file of each planted defect. verify reads
// it so that a synthetic install's failures are reported as planted ("160 violations, all in files
// synth planted a defect in"), and a failure in a file with no planted defect is called out.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <set>
#include <string>

#include "engine/core/error.h"

namespace meshproof {

struct PlantedDefects {
    std::string path;                    // the defects.json read
    std::uint64_t planted = 0;           // defects injected (every location listed)
    std::set<std::string> member_paths;  // the member paths ("binder :: member") holding one or more
};

// ROOT/defects.json where there is one (nullopt otherwise); an error when it is there but not a
// synth defects list.
Result<std::optional<PlantedDefects>> load_planted_defects(const std::filesystem::path& root);

}  // namespace meshproof
