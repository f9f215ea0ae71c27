// The floor under a verify run, for `verify --inflate-only` (hidden; bench/full-install.sh): every
// member of every binder and folder decompressed by the pipeline's own code (bind_group,
// member_bytes) in the same nested oneTBB fan-out, compendiums included, and each decompressed
// byte read once into a checksum so that nothing can be skipped — but nothing parsed, decoded or
// checked. No verify can take less: the ratio of a run to it is what decoding and the passes cost.
// .sur files are not compressed and are not read here.
#pragma once

#include <cstdint>
#include <filesystem>

#include "engine/core/error.h"
#include "engine/pipeline/run.h"

namespace meshproof {

struct InflateFloor {
    std::uint64_t members = 0;   // members decompressed
    std::uint64_t bytes = 0;     // their decompressed bytes
    std::uint64_t failures = 0;  // groups or members that could not be opened or decompressed
    std::uint64_t checksum = 0;  // XOR of every decompressed 8-byte word (the proof each byte was read)
};

// Honours options.threads, options.game and options.decompressors; nothing else of RunOptions.
Result<InflateFloor> inflate_every_member(const std::filesystem::path& root, const RunOptions& options);

}  // namespace meshproof
