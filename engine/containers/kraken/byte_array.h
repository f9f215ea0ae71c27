// The entropy layer (spec kraken.md §4): self-delimiting "byte-array blocks" that decode to
// an array of bytes. Header parsing (§4.1) and dispatch to the coded types.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "engine/containers/kraken/decode_context.h"
#include "engine/core/bytes.h"
#include "engine/core/error.h"

namespace meshproof::kraken {

enum class BlockType : std::uint8_t { kRaw = 0, kTans = 1, kHuffman3 = 2, kRle = 3, kHuffman6 = 4, kRecursive = 5 };

struct BlockHeader {
    BlockType type = BlockType::kRaw;
    std::size_t header_size = 0;
    std::size_t payload_size = 0;  // n (raw) or cs (coded)
    std::size_t decoded_size = 0;  // n (raw) or ds (coded)
    std::size_t total_size() const { return header_size + payload_size; }
};

// §4.1: parses the header at the start of `src` (which extends to the end of the enclosing
// region) and checks the payload is available. Capacity is the caller's business.
Result<BlockHeader> parse_block_header(const DecodeContext& ctx, Bytes src);

struct DecodedBlock {
    std::size_t size = 0;      // decoded bytes written to the front of `out`
    std::size_t consumed = 0;  // header + payload bytes
};

// Decodes the block at the start of `src` into `out`; out.size() is the capacity (§4.1).
// `depth` counts enclosing blocks (§4.2).
Result<DecodedBlock> decode_byte_array(DecodeContext& ctx, Bytes src, std::span<std::uint8_t> out, int depth);

}  // namespace meshproof::kraken
