#include "engine/containers/kraken/recursive.h"

#include <array>
#include <cstring>

#include "engine/containers/kraken/bit_reader.h"
#include "engine/containers/kraken/byte_array.h"

namespace meshproof::kraken {
namespace {

// §8.1: n nested blocks whose outputs are concatenated.
Status decode_concatenation(DecodeContext& ctx, Bytes payload, std::span<std::uint8_t> out, int depth, unsigned n) {
    std::size_t in = 1;
    std::size_t written = 0;
    for (unsigned i = 0; i < n; ++i) {
        MP_TRY_ASSIGN(const DecodedBlock b,
                      decode_byte_array(ctx, payload.subspan(in), out.subspan(written), depth + 1));
        in += b.consumed;
        written += b.size;
    }
    if (written != out.size()) return ctx.corrupt(payload.data(), "recursive: parts do not fill the output");
    if (in != payload.size()) return ctx.corrupt(payload.data() + in, "recursive: parts do not use the payload");
    return ok_status();
}

// §8.2 with one output array.
Status decode_multi_array(DecodeContext& ctx, Bytes payload, std::span<std::uint8_t> out, int depth, unsigned b) {
    const std::uint8_t* base = payload.data();
    const std::size_t cs = payload.size();
    const std::size_t ds = out.size();
    if (cs < 4) return ctx.corrupt(base, "multi-array: payload too short");
    const unsigned nsrc = b & 0x3F;
    std::size_t in = 1;
    if (nsrc == 0) {
        MP_TRY_ASSIGN(const DecodedBlock blk, decode_byte_array(ctx, payload.subspan(in), out, depth + 1));
        if (blk.size != ds) return ctx.corrupt(base, "multi-array: block does not fill the output");
        if (in + blk.consumed != cs) return ctx.corrupt(base, "multi-array: block does not use the payload");
        return ok_status();
    }

    ScratchScope scope(ctx.scratch);
    // Sources back to back in one buffer; their running total is capped at ds (§10).
    std::span<std::uint8_t> sources = ctx.scratch.allocate(ds);
    std::array<std::size_t, 64> src_begin{};
    std::array<std::size_t, 64> src_end{};
    std::size_t total = 0;
    for (unsigned j = 1; j <= nsrc; ++j) {
        MP_TRY_ASSIGN(const DecodedBlock blk,
                      decode_byte_array(ctx, payload.subspan(in), sources.subspan(total), depth + 1));
        src_begin[j] = total;
        total += blk.size;
        src_end[j] = total;
        in += blk.consumed;
    }
    if (cs - in < 3) return ctx.corrupt(base + in, "multi-array: no room for the index header");
    const std::uint32_t f = load_le<std::uint16_t>(base + in);
    in += 2;

    MP_TRY_ASSIGN(const BlockHeader peek, parse_block_header(ctx, payload.subspan(in)));
    const std::size_t ni = peek.decoded_size;
    if (ni > total) return ctx.corrupt(base + in, "multi-array: more indices than source bytes");
    if (ni < 2) return ctx.corrupt(base + in, "multi-array: fewer than 2 indices");

    const bool combined = (f & 0x8000) != 0;
    std::span<std::uint8_t> idx = ctx.scratch.allocate(ni);
    std::span<std::uint8_t> log;
    std::size_t nl = 0;
    {
        MP_TRY_ASSIGN(const DecodedBlock blk, decode_byte_array(ctx, payload.subspan(in), idx, depth + 1));
        if (blk.size != ni) return ctx.corrupt(base + in, "multi-array: index block size");
        in += blk.consumed;
    }
    if (combined) {
        nl = ni;
    } else {
        nl = ni - 1;
        log = ctx.scratch.allocate(nl);
        MP_TRY_ASSIGN(const DecodedBlock blk, decode_byte_array(ctx, payload.subspan(in), log, depth + 1));
        if (blk.size != nl) return ctx.corrupt(base + in, "multi-array: length-log block size");
        in += blk.consumed;
        for (std::size_t i = 0; i < nl; ++i) {
            if (log[i] > 16) return ctx.corrupt(base + in, "multi-array: length log above 16");
        }
    }

    const std::size_t v = f & 0x3FFF;
    if (v > cs - in) return ctx.corrupt(base + in, "multi-array: bit section runs past the payload");
    if (in + v != cs) return ctx.corrupt(base + in, "multi-array: payload does not end at the bit section");
    // Interval lengths from the two-ended bit section, bounded to it (§8.2, §9.20 (R)).
    std::span<std::uint8_t> len_bytes = ctx.scratch.allocate(nl * sizeof(std::uint32_t));
    auto* lengths = reinterpret_cast<std::uint32_t*>(len_bytes.data());
    MsbForward fwd(base + in, base + in + v);
    MsbBackward bwd(base + in, base + in + v);
    for (std::size_t i = 0; i < nl; ++i) {
        const unsigned k = combined ? (idx[i] >> 4) : log[i];
        const std::uint32_t x = (i & 1) ? bwd.read(k) : fwd.read(k);
        lengths[i] = (std::uint32_t{1} << k) | x;
    }
    if (fwd.consumed_bytes() + bwd.consumed_bytes() > v) {
        return ctx.corrupt(base + in, "multi-array: bit readers overlap");
    }

    // Assembly (§8.2): intervals of the sources in index order until a 0 index.
    if ((combined ? (idx[ni - 1] & 15) : idx[ni - 1]) != 0) {
        return ctx.corrupt(base, "multi-array: last index is not 0");
    }
    std::array<std::size_t, 64> src_pos = src_begin;
    std::size_t i = 0;
    std::size_t l = 0;
    std::size_t written = 0;
    while (true) {
        if (i >= ni) return ctx.corrupt(base, "multi-array: index list ends without 0");
        const unsigned src = combined ? (idx[i] & 15) : idx[i];
        ++i;
        if (src == 0) break;
        if (src > nsrc || l >= nl) return ctx.corrupt(base, "multi-array: bad index or too many intervals");
        const std::size_t len = lengths[l++];
        if (len > src_end[src] - src_pos[src] || len > ds - written) {
            return ctx.corrupt(base, "multi-array: interval exceeds its source or the output");
        }
        std::memcpy(out.data() + written, sources.data() + src_pos[src], len);
        src_pos[src] += len;
        written += len;
    }
    if (combined) ++l;
    if (i != ni || l != nl) return ctx.corrupt(base, "multi-array: index or length list not used up");
    for (unsigned j = 1; j <= nsrc; ++j) {
        if (src_pos[j] != src_end[j]) return ctx.corrupt(base, "multi-array: a source is not used up");
    }
    if (written != ds) return ctx.corrupt(base, "multi-array: output size differs");
    return ok_status();
}

}  // namespace

Status decode_recursive(DecodeContext& ctx, Bytes payload, std::span<std::uint8_t> out, int depth) {
    if (payload.size() < 6) return ctx.corrupt(payload.data(), "recursive: payload shorter than 6 bytes");
    const unsigned b = payload[0];
    const unsigned n = b & 0x7F;
    if (n < 2) return ctx.corrupt(payload.data(), "recursive: fewer than 2 parts");
    if (b & 0x80) return decode_multi_array(ctx, payload, out, depth, b);
    return decode_concatenation(ctx, payload, out, depth, n);
}

}  // namespace meshproof::kraken
