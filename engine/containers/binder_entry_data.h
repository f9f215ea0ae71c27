// Reaching a binder member's bytes (spec §1.4, §3): the stored bytes, bounds-checked against
// the container they live in (the BND4 itself, or the BDT of a BXF4), and the decompressed
// bytes (a DCX member through the registry; a "compressed" member without a DCX header as
// raw zlib).
#pragma once

#include <cstdint>
#include <vector>

#include "engine/containers/binder.h"
#include "engine/containers/decompressor.h"
#include "engine/core/bytes.h"
#include "engine/core/error.h"

namespace meshproof {

// bytes[data_offset, data_offset + compressed_size) of `container` (the BND4 bytes, or the
// BDT bytes for an entry of parse_bhf4). kOutOfBounds (offset = data_offset) when outside.
Result<Bytes> entry_stored_bytes(const BinderEntry& entry, Bytes container);

// The same check against a container's size alone (a listing that keeps no bytes).
Status check_entry_range(const BinderEntry& entry, std::uint64_t container_size);

// The member's content: dcx_decompress when the stored bytes start "DCX\0"; raw zlib when the
// entry is flagged compressed (inflated to exactly uncompressed_size when the format records
// it); otherwise a copy of the stored bytes. Error offsets are relative to `container`.
Result<std::vector<std::uint8_t>> entry_decompressed_bytes(const BinderEntry& entry, Bytes container,
                                                           const DecompressorRegistry& registry);

// The same content as a span: into `buffer` (grown, never shrunk: dcx_decompress_into) when the
// member is compressed, or the stored bytes themselves when it is not (no copy). The span lives
// as long as `buffer` is untouched and `container` is mapped.
Result<Bytes> entry_content(const BinderEntry& entry, Bytes container, const DecompressorRegistry& registry,
                            std::vector<std::uint8_t>& buffer);

// `content` as an owned vector: `buffer` itself, cut to size, when content lies at its start (what
// the *_into functions return for a compressed member), else a copy.
std::vector<std::uint8_t> owned_copy(Bytes content, std::vector<std::uint8_t>&& buffer);

}  // namespace meshproof
