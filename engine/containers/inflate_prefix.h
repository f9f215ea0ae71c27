// The first bytes of a zlib stream (RFC 1950 around RFC 1951 deflate; the DCX_DFLT payload, spec
// §4) without inflating it whole: a head of a DCX-wrapped binder (its entry table) costs what the
// head's own blocks cost. libdeflate, which inflates the whole content (zlib_stream.h), cannot stop
// early; this inflater, written from the RFCs, stops as soon as the output is full.
#pragma once

#include <cstdint>
#include <span>

#include "engine/core/bytes.h"
#include "engine/core/error.h"

namespace meshproof {

// Inflates exactly the first out.size() bytes of the zlib stream in `in` into `out`, and stops
// there: the rest of the stream is neither read nor checked, and neither is its Adler-32 (it
// covers the whole content). Never reads past `in`, never writes past `out`. Errors (offsets are
// bytes of `in`): kDecompress for a bad zlib header, a corrupt or truncated stream (a reserved
// block type, over-subscribed or incomplete code lengths, a code-length repeat with no previous
// length, a symbol that never occurs, a distance before the output's start, a stored block whose
// LEN and NLEN disagree); kSizeMismatch when the stream ends before out.size() bytes.
Status inflate_zlib_prefix(Bytes in, std::span<std::uint8_t> out);

}  // namespace meshproof
