#include "engine/containers/kraken/lz.h"

#include <cstring>

#include "engine/containers/kraken/byte_array.h"
#include "engine/containers/kraken/lz_tail.h"

namespace meshproof::kraken {
namespace {

using Vec16 = std::uint8_t __attribute__((vector_size(16)));
using Vec8 = std::uint8_t __attribute__((vector_size(8)));

template <class V>
inline V load_vec(const std::uint8_t* p) {
    V v;
    std::memcpy(&v, p, sizeof(V));
    return v;
}
template <class V>
inline void store_vec(std::uint8_t* p, V v) {
    std::memcpy(p, &v, sizeof(V));
}

// How many new distances ahead the match-source prefetch looks.
constexpr std::ptrdiff_t kPrefetchAhead = 4;

// Bytes the fast paths may write past the end of a copy (they stay inside the output).
constexpr std::size_t kWildCopy = 16;

// Literal run of `n` bytes at out[p] (§3.4 literal emission). `fast` means the caller has
// checked p + n + kWildCopy <= output size; `lit` always has kSlack readable bytes after it.
template <bool kDelta>
inline void emit_literals(std::uint8_t* out, std::size_t p, const std::uint8_t* lit, std::size_t n, std::size_t rep0,
                          bool fast) {
    std::uint8_t* d = out + p;
    if constexpr (!kDelta) {
        if (fast) {
            for (std::size_t i = 0; i < n; i += 16) store_vec(d + i, load_vec<Vec16>(lit + i));
        } else if (n) {
            std::memcpy(d, lit, n);
        }
    } else {
        const std::uint8_t* ref = d - rep0;
        std::size_t i = 0;
        if (fast) {
            if (rep0 >= 16) {
                for (; i < n; i += 16) store_vec(d + i, load_vec<Vec16>(lit + i) + load_vec<Vec16>(ref + i));
                return;
            }
            for (; i < n; i += 8) store_vec(d + i, load_vec<Vec8>(lit + i) + load_vec<Vec8>(ref + i));
            return;
        }
        for (; i < n; ++i) d[i] = static_cast<std::uint8_t>(lit[i] + ref[i]);
    }
}

// Match of `n` bytes from distance `dist` (>= 8) at out[p]; plain forward byte-copy semantics.
inline void copy_match(std::uint8_t* out, std::size_t p, std::size_t dist, std::size_t n, bool fast) {
    std::uint8_t* d = out + p;
    const std::uint8_t* s = d - dist;
    if (fast) {
        if (dist >= 16) {
            for (std::size_t i = 0; i < n; i += 16) store_vec(d + i, load_vec<Vec16>(s + i));
        } else {  // 8 <= dist < 16: every 8-byte unit reads bytes already written
            for (std::size_t i = 0; i < n; i += 8) store_vec(d + i, load_vec<Vec8>(s + i));
        }
        return;
    }
    for (std::size_t i = 0; i < n; ++i) d[i] = s[i];
}

struct LzStreams {
    std::span<const std::uint8_t> literals;
    std::span<const std::uint8_t> commands;
    const std::uint64_t* distances = nullptr;
    std::size_t distance_count = 0;
    const std::uint32_t* lengths = nullptr;
    std::size_t length_count = 0;
};

// §3.4 command loop.
template <bool kDelta>
Status run_commands(const DecodeContext& ctx, const std::uint8_t* where, const LzStreams& st, const LzTarget& tg,
                    std::size_t start) {
    std::uint8_t* out = tg.out.data();
    const std::size_t out_size = tg.out.size();
    const std::size_t end = tg.pos + tg.size;
    std::size_t p = start;
    const std::uint8_t* lit = st.literals.data();
    const std::uint8_t* const lit_end = lit + st.literals.size();
    const std::uint64_t* dist_next = st.distances;
    const std::uint64_t* const dist_end = st.distances + st.distance_count;
    const std::uint32_t* len_next = st.lengths;
    const std::uint32_t* const len_end = st.lengths + st.length_count;
    std::uint64_t recent0 = 8, recent1 = 8, recent2 = 8;

    for (const std::uint8_t f : st.commands) {
        std::size_t litlen = f & 3;
        if (litlen == 3) {
            if (len_next == len_end) return ctx.corrupt(where, "lz: length table exhausted");
            litlen = *len_next++;
        }
        if (litlen > static_cast<std::size_t>(lit_end - lit) || litlen > end - p) {
            return ctx.corrupt(where, "lz: literal run exceeds literals or output");
        }
        emit_literals<kDelta>(out, p, lit, litlen, recent0, p + litlen + kWildCopy <= out_size);
        p += litlen;
        lit += litlen;

        std::uint64_t dist;
        switch (f >> 6) {
            case 3:
                if (dist_next == dist_end) return ctx.corrupt(where, "lz: distance list exhausted");
                dist = *dist_next++;
                // Sources of new distances are often far back (cache misses dominate on
                // large windows): touch the one a few commands ahead. A hint only; the
                // address is computed as an integer and never dereferenced here.
                if (dist_end - dist_next > kPrefetchAhead) {
                    const std::uintptr_t ahead = reinterpret_cast<std::uintptr_t>(out + p) -
                                                 static_cast<std::uintptr_t>(dist_next[kPrefetchAhead]);
                    __builtin_prefetch(reinterpret_cast<const void*>(ahead));
                }
                recent2 = recent1;
                recent1 = recent0;
                recent0 = dist;
                break;
            case 0: dist = recent0; break;
            case 1:
                dist = recent1;
                recent1 = recent0;
                recent0 = dist;
                break;
            default:
                dist = recent2;
                recent2 = recent1;
                recent1 = recent0;
                recent0 = dist;
                break;
        }
        std::size_t mlen = (f >> 2) & 15;
        if (mlen == 15) {
            if (len_next == len_end) return ctx.corrupt(where, "lz: length table exhausted");
            mlen = 14 + std::size_t{*len_next++};
        } else {
            mlen += 2;
        }
        if (dist < 8 || dist > p - tg.window_base) return ctx.corrupt(where, "lz: match distance out of the window");
        if (mlen > end - p) return ctx.corrupt(where, "lz: match runs past the sub-chunk");
        copy_match(out, p, static_cast<std::size_t>(dist), mlen, p + mlen + kWildCopy <= out_size);
        p += mlen;
    }
    if (dist_next != dist_end || len_next != len_end) return ctx.corrupt(where, "lz: distances or lengths left over");
    const std::size_t tail = static_cast<std::size_t>(lit_end - lit);
    if (tail != end - p) return ctx.corrupt(where, "lz: literals left do not fill the sub-chunk");
    emit_literals<kDelta>(out, p, lit, tail, recent0, false);
    return ok_status();
}

}  // namespace

Status decode_lz_subchunk(DecodeContext& ctx, Bytes payload, unsigned mode, const LzTarget& tg) {
    const std::uint8_t* base = payload.data();
    const std::size_t l = payload.size();
    if (mode > 1) return ctx.corrupt(base, "lz: literal mode " + std::to_string(mode) + " is not 0 or 1");
    if (l < 13) return ctx.corrupt(base, "lz: sub-chunk shorter than 13 bytes");
    const std::size_t s = tg.size;
    const bool window_start = tg.pos == tg.window_base;
    std::size_t in = 0;
    std::size_t start = tg.pos;
    if (window_start) {  // §3.1: 8 raw bytes open a window
        if (s < 8) return ctx.corrupt(base, "lz: window start with fewer than 8 output bytes");
        std::memcpy(tg.out.data() + tg.pos, base, 8);
        in = 8;
        start += 8;
    }
    if (base[in] & 0x80) return ctx.corrupt(base + in, "lz: unsupported stream extension bit");

    ScratchScope scope(ctx.scratch);
    std::span<std::uint8_t> lit = ctx.scratch.allocate(s);
    MP_TRY_ASSIGN(const DecodedBlock lit_block, decode_byte_array(ctx, payload.subspan(in), lit, 0));
    in += lit_block.consumed;
    std::span<std::uint8_t> cmd = ctx.scratch.allocate(s);
    MP_TRY_ASSIGN(const DecodedBlock cmd_block, decode_byte_array(ctx, payload.subspan(in), cmd, 0));
    in += cmd_block.consumed;
    if (l - in < 3) return ctx.corrupt(base + in, "lz: no room for the offset streams");

    OffsetCodes offsets;
    if (base[in] >= 0x80) {
        offsets.scale = base[in] - 127u;
        ++in;
    }
    std::span<std::uint8_t> ofs = ctx.scratch.allocate(cmd_block.size);
    MP_TRY_ASSIGN(const DecodedBlock ofs_block, decode_byte_array(ctx, payload.subspan(in), ofs, 0));
    in += ofs_block.consumed;
    offsets.codes = ofs.first(ofs_block.size);
    if (offsets.scale > 1) {
        std::span<std::uint8_t> low = ctx.scratch.allocate(ofs_block.size);
        MP_TRY_ASSIGN(const DecodedBlock low_block, decode_byte_array(ctx, payload.subspan(in), low, 0));
        if (low_block.size != ofs_block.size) return ctx.corrupt(base + in, "lz: low-offset block size differs");
        in += low_block.consumed;
        offsets.low = low.first(low_block.size);
    }
    std::span<std::uint8_t> len = ctx.scratch.allocate(s / 4);
    MP_TRY_ASSIGN(const DecodedBlock len_block, decode_byte_array(ctx, payload.subspan(in), len, 0));
    in += len_block.consumed;

    auto* distances =
        reinterpret_cast<std::uint64_t*>(ctx.scratch.allocate(ofs_block.size * sizeof(std::uint64_t)).data());
    auto* lengths =
        reinterpret_cast<std::uint32_t*>(ctx.scratch.allocate(len_block.size * sizeof(std::uint32_t)).data());
    MP_TRY(read_lz_tail(ctx, payload.subspan(in), offsets, len.first(len_block.size), distances, lengths));

    const LzStreams streams{
        lit.first(lit_block.size), cmd.first(cmd_block.size), distances, ofs_block.size, lengths, len_block.size};
    return mode == 0 ? run_commands<true>(ctx, base, streams, tg, start)
                     : run_commands<false>(ctx, base, streams, tg, start);
}

}  // namespace meshproof::kraken
