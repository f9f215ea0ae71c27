// DCX containers (spec §4): header parsing (dcx_header.h) and decompression through the
// decompressor registry. Writers are in dcx_writer.h.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/containers/dcx_header.h"
#include "engine/containers/decompressor.h"
#include "engine/core/bytes.h"
#include "engine/core/error.h"

namespace meshproof {

// The payload of a parsed header: exactly `compressed_size` bytes at 0x4C (KRAK/ZSTD writers
// pad after it; the padding is not part of the stream).
Bytes dcx_payload(Bytes dcx, const DcxHeader& header);

// Parses the header and decodes exactly `compressed_size` payload bytes into exactly
// `uncompressed_size` bytes. Errors: those of parse_dcx_header; kUnsupported when the codec
// has no registered decompressor (unsupported_codec_error); kSizeMismatch when the stated
// size is impossible for the codec or the stream decodes to another size; kDecompress for a
// corrupt stream. Decoder error offsets are made file-relative (+0x4C).
Result<std::vector<std::uint8_t>> dcx_decompress(Bytes dcx, const DecompressorRegistry& registry);

// As dcx_decompress, into the first uncompressed_size bytes of `buffer` (the result spans them).
// The buffer grows when it is smaller and never shrinks, so a thread that decodes member after
// member keeps one buffer: no allocation, no zero fill and no fresh pages once it has held the
// largest member (the per-member vector cost a memset and its page faults: issue 18).
Result<Bytes> dcx_decompress_into(Bytes dcx, const DecompressorRegistry& registry, std::vector<std::uint8_t>& buffer);

// The first bytes of the content, at least `want` of them (all of them when it has fewer), into
// `buffer`, the rest of the payload neither decoded nor checked (Decompressor::head_size): DFLT and
// ZSTD give exactly min(want, size) bytes, KRAK the 256 KiB blocks that hold them. For a look at a
// file's header (engine/pipeline/game_from_tagfiles.h) or a binder's entry table that leaves the
// whole decode to the run. Errors as dcx_decompress_into's, of the part decoded.
Result<Bytes> dcx_decompress_head(Bytes dcx, const DecompressorRegistry& registry, std::size_t want,
                                  std::vector<std::uint8_t>& buffer);

// Grows `buffer` to at least `size` bytes without keeping its contents (a reallocation would copy
// bytes about to be overwritten) and returns its first `size` bytes.
std::span<std::uint8_t> reuse_buffer(std::vector<std::uint8_t>& buffer, std::size_t size);

}  // namespace meshproof
