// Oodle Kraken decoder for DCX_KRAK payloads, written from ../shared/spec/kraken.md alone.
//
// Safe on untrusted input: every read is bounds-checked, nothing is written outside `dst`,
// and a corrupt stream is reported as an Error (kDecompress for a corrupt stream,
// kTruncated when the input ends early, kUnsupported for another Oodle codec) whose offset
// is the byte offset in `src`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "engine/core/bytes.h"
#include "engine/core/error.h"

namespace meshproof {

// A Kraken stream decodes in blocks of this many output bytes, the last one shorter (§2.1).
inline constexpr std::size_t kKrakenBlockSize = 262144;

// Decodes the raw Kraken stream `src` into `dst`, whose size is the decoded size N (from the
// container: the DCX header's uncompressed size). Succeeds only if the stream produces
// exactly dst.size() bytes and uses all of `src` (spec §2.8: leftover input is an error).
Status kraken_decompress(Bytes src, std::span<std::uint8_t> dst);

// As kraken_decompress, but leftover input after the N-th output byte is allowed; returns the
// number of input bytes the stream used.
Result<std::size_t> kraken_decompress_prefix(Bytes src, std::span<std::uint8_t> dst);

}  // namespace meshproof
