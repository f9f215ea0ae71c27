// zlib streams (RFC 1950) through libdeflate: the DCX_DFLT payload (§4) and the raw-zlib
// fallback for binder members flagged "compressed" without a DCX header (§3).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/core/bytes.h"
#include "engine/core/error.h"

namespace meshproof {

// Inflates `in` into exactly `out`: never writes past out.size(); a stream that inflates to
// more or fewer bytes is kSizeMismatch, a corrupt stream kDecompress. Bytes after the end of
// the zlib stream are ignored (writers may pad). Error offsets are relative to `in`.
Status inflate_zlib_exact(Bytes in, std::span<std::uint8_t> out);

// Inflates a stream whose output size is not recorded anywhere (a binder member of a format
// without the Compression bit). Growth is bounded by deflate's maximum ratio (1032:1), so a
// hostile stream cannot make it allocate without limit.
Result<std::vector<std::uint8_t>> inflate_zlib_any_size(Bytes in);

// A complete zlib stream of `in` at libdeflate level `level` (clamped to 1..12; 9 gives the
// `78 DA` header FromSoftware files carry).
std::vector<std::uint8_t> deflate_zlib(Bytes in, int level);

// A hard upper bound on what `compressed_size` bytes of deflate can inflate to (used to refuse
// absurd header sizes before allocating).
constexpr std::uint64_t max_inflated_size(std::uint64_t compressed_size) { return compressed_size * 1032 + 1024; }

}  // namespace meshproof
