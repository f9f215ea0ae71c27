// DCX writers (spec §4), the inverse of dcx_decompress: used by tests and the synthetic
// install writer. Both write the 0x11000 / 0x44 / 0x4C header layout of ER-era files.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/bytes.h"

namespace meshproof {

// DCX_DFLT: a zlib stream (libdeflate at `level`, 9 ⇒ `78 DA`), header preset 11000_44_9_15
// (Elden Ring's: byte 0x38 = 15), no padding after the stream.
std::vector<std::uint8_t> dcx_write_dflt(Bytes raw, int level = 9);

// DCX_ZSTD: one zstd frame at `level`, the file padded with zeros to a multiple of 16 bytes
// as FromSoftware's writers pad KRAK/ZSTD payloads (the header's compressed size excludes it).
std::vector<std::uint8_t> dcx_write_zstd(Bytes raw, int level = 15);

}  // namespace meshproof
