#include "engine/containers/kraken/kraken.h"

#include <algorithm>
#include <cstring>
#include <string>

#include "engine/containers/kraken/byte_array.h"
#include "engine/containers/kraken/codec_names.h"
#include "engine/containers/kraken/decode_context.h"
#include "engine/containers/kraken/lz.h"

namespace meshproof {
namespace kraken {
namespace {

constexpr std::size_t kBlockSize = kKrakenBlockSize;  // §2.1: one quantum per block
constexpr std::size_t kSubChunkSize = 131072;         // §2.5

struct BlockHeaderFlags {
    bool uncompressed = false;
    bool reset = false;
    bool checksums = false;
};

// §2.2 block header.
Result<BlockHeaderFlags> read_block_header(const DecodeContext& ctx, const std::uint8_t* p) {
    const unsigned b0 = p[0];
    const unsigned b1 = p[1];
    const unsigned codec = b1 & 0x7F;
    if ((b0 & 0x0F) != 0x0C || (b0 & 0x30) != 0) return ctx.corrupt(p, "bad block header byte");
    if (codec != kKrakenCodecId) {
        return make_error(ErrorCode::kUnsupported, ctx.offset_of(p),
                          "kraken: block uses Oodle codec " + std::to_string(codec) + " (" +
                              std::string(oodle_codec_name(codec)) + "), only Kraken (6) is supported");
    }
    return BlockHeaderFlags{(b0 & 0x40) != 0, (b0 & 0x80) != 0, (b1 & 0x80) != 0};
}

// §2.5: the sub-chunks of a compressed quantum payload [payload) producing out[pos, pos+q).
Status decode_quantum_payload(DecodeContext& ctx, Bytes payload, std::span<std::uint8_t> out, std::size_t pos,
                              std::size_t q, std::size_t window_base) {
    const std::uint8_t* base = payload.data();
    std::size_t in = 0;
    const std::size_t end = pos + q;
    while (pos < end) {
        const std::size_t s = std::min(kSubChunkSize, end - pos);
        if (payload.size() - in < 4) return ctx.corrupt(base + in, "sub-chunk header cut short");
        const std::uint8_t* h_ptr = base + in;
        const std::uint32_t h = (std::uint32_t{h_ptr[0]} << 16) | (std::uint32_t{h_ptr[1]} << 8) | h_ptr[2];
        if ((h & 0x800000) == 0) {
            // Entropy-only: one byte-array block is the sub-chunk's output.
            MP_TRY_ASSIGN(const DecodedBlock b, decode_byte_array(ctx, payload.subspan(in), out.subspan(pos, s), 0));
            if (b.size != s) return ctx.corrupt(h_ptr, "entropy-only sub-chunk has the wrong size");
            in += b.consumed;
        } else {
            in += 3;
            const std::size_t l = h & 0x7FFFF;
            const unsigned mode = (h >> 19) & 0xF;
            if (l > payload.size() - in) return ctx.corrupt(h_ptr, "sub-chunk payload runs past the quantum");
            const Bytes sub = payload.subspan(in, l);
            if (l < s) {
                MP_TRY(decode_lz_subchunk(ctx, sub, mode, LzTarget{out, pos, s, window_base}));
            } else if (l == s && mode == 0) {
                std::memcpy(out.data() + pos, sub.data(), l);
            } else {
                return ctx.corrupt(
                    h_ptr, l == s ? "stored sub-chunk with a nonzero mode" : "sub-chunk larger than its output");
            }
            in += l;
        }
        pos += s;
    }
    if (in != payload.size()) return ctx.corrupt(base + in, "sub-chunks do not use the whole quantum");
    return ok_status();
}

// The scratch arena is kept per thread between calls: a fresh one would cost an allocation
// of its first chunk per call, which dominates for small members (a few KiB of output).
// It holds a few MiB at most (the arrays of one sub-chunk and their nested temporaries).
ScratchArena& thread_scratch() {
    thread_local ScratchArena arena;
    return arena;
}

Result<std::size_t> decode_stream(Bytes src, std::span<std::uint8_t> dst) {
    DecodeContext ctx{src.data(), thread_scratch()};
    const ScratchScope everything(ctx.scratch);
    const std::uint8_t* p = src.data();
    const std::size_t n = dst.size();
    std::size_t in = 0;
    std::size_t pos = 0;
    std::size_t window_base = 0;
    while (pos < n) {
        if (src.size() - in < 2) return ctx.truncated(p + in, "input ends before the block header");
        MP_TRY_ASSIGN(const BlockHeaderFlags block, read_block_header(ctx, p + in));
        in += 2;
        const std::size_t q = std::min(kBlockSize, n - pos);
        if (block.reset) window_base = pos;  // §2.6 / open point 2
        if (block.uncompressed) {
            if (src.size() - in < q) return ctx.truncated(p + in, "input ends inside an uncompressed block");
            std::memcpy(dst.data() + pos, p + in, q);
            in += q;
            pos += q;
            continue;
        }
        // §2.3 quantum header.
        if (src.size() - in < 3) return ctx.truncated(p + in, "input ends inside a quantum header");
        const std::uint8_t* qh = p + in;
        const std::uint32_t v = (std::uint32_t{qh[0]} << 16) | (std::uint32_t{qh[1]} << 8) | qh[2];
        if ((v & 0x3FFFF) == 0x3FFFF) {
            if ((v >> 18) != 1) return ctx.corrupt(qh, "quantum header uses a special code Kraken does not have");
            if (src.size() - in < 4) return ctx.truncated(qh, "input ends inside a fill quantum header");
            std::memset(dst.data() + pos, qh[3], q);  // fill quantum: never a checksum
            in += 4;
            pos += q;
            continue;
        }
        const std::size_t c = (v & 0x3FFFF) + 1;
        in += 3;
        if (block.checksums) {  // open point 1: the algorithm is unknown; parse and skip it
            if (src.size() - in < 3) return ctx.truncated(qh, "input ends inside a quantum checksum");
            in += 3;
        }
        if (src.size() - in < c) return ctx.truncated(qh, "input ends inside a quantum payload");
        if (c > q) return ctx.corrupt(qh, "quantum payload larger than its output");
        const Bytes payload = src.subspan(in, c);
        if (c == q) {
            std::memcpy(dst.data() + pos, payload.data(), c);
        } else {
            MP_TRY(decode_quantum_payload(ctx, payload, dst, pos, q, window_base));
        }
        in += c;
        pos += q;
    }
    return in;
}

}  // namespace
}  // namespace kraken

Result<std::size_t> kraken_decompress_prefix(Bytes src, std::span<std::uint8_t> dst) {
    return kraken::decode_stream(src, dst);
}

Status kraken_decompress(Bytes src, std::span<std::uint8_t> dst) {
    MP_TRY_ASSIGN(const std::size_t used, kraken::decode_stream(src, dst));
    if (used != src.size()) {
        return make_error(ErrorCode::kDecompress, used,
                          "kraken: " + std::to_string(src.size() - used) + " bytes left after the stream");
    }
    return ok_status();
}

}  // namespace meshproof
