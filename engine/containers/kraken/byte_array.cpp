#include "engine/containers/kraken/byte_array.h"

#include <cstring>
#include <string>

#include "engine/containers/kraken/huffman.h"
#include "engine/containers/kraken/recursive.h"
#include "engine/containers/kraken/rle.h"
#include "engine/containers/kraken/tans.h"

namespace meshproof::kraken {

Result<BlockHeader> parse_block_header(const DecodeContext& ctx, Bytes src) {
    const std::uint8_t* p = src.data();
    if (src.empty()) return ctx.corrupt(p, "block header missing");
    const std::uint8_t b0 = p[0];
    const unsigned type = (b0 >> 4) & 7;
    const bool short_form = b0 >= 0x80;
    BlockHeader h;
    if (type == 0) {
        if (short_form) {
            if (src.size() < 2) return ctx.corrupt(p, "raw block header cut short");
            h.header_size = 2;
            h.payload_size = load_be<std::uint16_t>(p) & 0xFFF;
        } else {
            if (src.size() < 3) return ctx.corrupt(p, "raw block header cut short");
            if (b0 & 0xFC) return ctx.corrupt(p, "raw block size above 18 bits");
            h.header_size = 3;
            h.payload_size = (std::size_t{p[0]} << 16) | (std::size_t{p[1]} << 8) | p[2];
        }
        h.decoded_size = h.payload_size;
    } else {
        if (type >= 6) return ctx.corrupt(p, "block type " + std::to_string(type) + " is reserved");
        if (short_form) {
            if (src.size() < 3) return ctx.corrupt(p, "coded block header cut short");
            const std::uint32_t v = (std::uint32_t{p[0]} << 16) | (std::uint32_t{p[1]} << 8) | p[2];
            h.header_size = 3;
            h.payload_size = v & 0x3FF;
            h.decoded_size = h.payload_size + ((v >> 10) & 0x3FF) + 1;
        } else {
            if (src.size() < 5) return ctx.corrupt(p, "coded block header cut short");
            std::uint64_t v = 0;
            for (int i = 0; i < 5; ++i) v = (v << 8) | p[i];
            h.header_size = 5;
            h.payload_size = v & 0x3FFFF;
            h.decoded_size = ((v >> 18) & 0x3FFFF) + 1;
            if (h.payload_size >= h.decoded_size) return ctx.corrupt(p, "coded block no smaller than its output");
        }
    }
    h.type = static_cast<BlockType>(type);
    if (!in_range(h.header_size, h.payload_size, src.size())) {
        return ctx.corrupt(p, "block payload runs past its region");
    }
    return h;
}

Result<DecodedBlock> decode_byte_array(DecodeContext& ctx, Bytes src, std::span<std::uint8_t> out, int depth) {
    if (depth > kMaxNesting) return ctx.corrupt(src.data(), "byte-array blocks nested too deeply");
    MP_TRY_ASSIGN(const BlockHeader h, parse_block_header(ctx, src));
    if (h.decoded_size > out.size()) {
        return ctx.corrupt(src.data(), "block decodes to " + std::to_string(h.decoded_size) + " bytes, more than the " +
                                           std::to_string(out.size()) + " allowed");
    }
    const Bytes payload = src.subspan(h.header_size, h.payload_size);
    const std::span<std::uint8_t> dst = out.first(h.decoded_size);
    switch (h.type) {
        case BlockType::kRaw:
            if (!payload.empty()) std::memcpy(dst.data(), payload.data(), payload.size());
            break;
        case BlockType::kTans: MP_TRY(decode_tans(ctx, payload, dst)); break;
        case BlockType::kHuffman3: MP_TRY(decode_huffman(ctx, payload, dst, false)); break;
        case BlockType::kHuffman6: MP_TRY(decode_huffman(ctx, payload, dst, true)); break;
        case BlockType::kRle: MP_TRY(decode_rle(ctx, payload, dst, depth)); break;
        case BlockType::kRecursive: MP_TRY(decode_recursive(ctx, payload, dst, depth)); break;
    }
    return DecodedBlock{h.decoded_size, h.total_size()};
}

}  // namespace meshproof::kraken
