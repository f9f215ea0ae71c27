// The two ways a synthetic install's bytes reach the disk: a binder member with the default
// flags, and a whole file written at once.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/containers/binder_writer.h"

namespace meshproof::synth {

// A binder member with the default flags and sizes.
BinderFile binder_file(std::string name, std::int32_t id, std::vector<std::uint8_t> data);

// Writes `bytes` to `p`; on failure sets `error` ("cannot write P").
void write_file(const std::filesystem::path& p, const std::vector<std::uint8_t>& bytes, std::string& error);

}  // namespace meshproof::synth
