#include "engine/containers/kraken/tans.h"

#include <array>
#include <bit>

#include "engine/containers/kraken/bit_reader.h"
#include "engine/containers/kraken/golomb_rice.h"

namespace meshproof::kraken {
namespace {

constexpr unsigned kMaxTableLog = 11;

struct TansEntry {
    std::uint16_t base = 0;
    std::uint8_t symbol = 0;
    std::uint8_t nbits = 0;
};

inline int zigzag(std::uint32_t v) { return (v & 1) ? -static_cast<int>((v + 1) / 2) : static_cast<int>(v / 2); }

// §6.2 Golomb-Rice weights. weight[s] = 0 for absent symbols.
bool read_golomb_rice_weights(MsbForward& r, std::uint32_t table_size, std::array<std::uint32_t, 256>& weight) {
    const std::uint32_t q_bits = r.read(3);
    const std::uint32_t n = r.read(8) + 1;
    if (n < 2) return false;
    const std::uint32_t p = read_range_parameter_count(r, n);
    std::array<std::uint16_t, 512> u{};
    if (!read_unary_values(r, n + p, u.data())) return false;
    if (!strict_section_ok(r)) return false;
    std::array<SymbolRange, kMaxSymbolRanges> ranges{};
    const std::size_t nranges = read_symbol_ranges(r, n, p, u.data() + n, ranges.data());
    if (nranges == 0) return false;

    std::int64_t avg = 6;
    std::uint64_t total = 0;
    std::size_t i = 0;
    for (std::size_t ri = 0; ri < nranges; ++ri) {
        for (unsigned k = 0; k < ranges[ri].count; ++k, ++i) {
            const unsigned s = ranges[ri].start + k;
            const std::uint32_t e = q_bits + u[i];
            if (e > 15) return false;
            std::int64_t v =
                static_cast<std::int64_t>(r.read(e)) + (std::int64_t{1} << e) - (std::int64_t{1} << q_bits);
            const std::int64_t a4 = avg >> 2;
            std::int64_t lim = 2 * a4;
            if (v <= lim) v = a4 + zigzag(static_cast<std::uint32_t>(v));
            if (v < lim) lim = v;
            const std::int64_t w = v + 1;
            avg += lim - a4;
            if (w < 1 || w > table_size) return false;  // cannot sum to L otherwise
            weight[s] = static_cast<std::uint32_t>(w);
            total += static_cast<std::uint64_t>(w);
        }
    }
    return total == table_size;
}

// §6.3 explicit weights.
bool read_explicit_weights(MsbForward& r, unsigned table_log, std::array<std::uint32_t, 256>& weight) {
    const std::uint32_t table_size = 1u << table_log;
    const unsigned cnt = r.read(3) + 1;
    const unsigned d = r.read(4);
    if (d < 1 || d > table_log) return false;
    std::int64_t w = 0;
    std::int64_t total = 0;
    for (unsigned i = 0; i < cnt; ++i) {
        const unsigned s = r.read(8);
        if (weight[s] != 0) return false;
        w += r.read(d);
        if (w == 0) return false;
        weight[s] = static_cast<std::uint32_t>(w);
        total += w;
    }
    const unsigned s = r.read(8);
    if (weight[s] != 0) return false;
    const std::int64_t rem = static_cast<std::int64_t>(table_size) - total;
    if (rem < w || rem < 2) return false;
    weight[s] = static_cast<std::uint32_t>(rem);
    return true;
}

// §6.4 state table.
void build_table(unsigned table_log, const std::array<std::uint32_t, 256>& weight, TansEntry* table) {
    const std::uint32_t table_size = 1u << table_log;
    std::uint32_t ones = 0;
    for (unsigned s = 0; s < 256; ++s) ones += weight[s] == 1;
    const std::uint32_t k = table_size - ones;
    std::array<std::uint32_t, 5> lane_start{};
    for (unsigned j = 0; j < 4; ++j) lane_start[j + 1] = lane_start[j] + k / 4 + (j < k % 4 ? 1 : 0);

    std::uint32_t t = 0;
    std::uint32_t single_slot = k;
    for (unsigned s = 0; s < 256; ++s) {
        const std::uint32_t w = weight[s];
        if (w == 0) continue;
        if (w == 1) {
            table[single_slot++] = TansEntry{0, static_cast<std::uint8_t>(s), static_cast<std::uint8_t>(table_log)};
            continue;
        }
        // Counter values t..t+w-1 map to lane (c mod 4) at c/4; lanes are in ascending slot
        // order and slots rise with c inside a lane, so lane by lane gives ascending slots.
        std::uint32_t x = w;
        for (unsigned lane = 0; lane < 4; ++lane) {
            std::uint32_t c = t + ((lane + 4 - (t & 3)) & 3);
            for (; c < t + w; c += 4) {
                const std::uint32_t slot = lane_start[lane] + c / 4;
                const unsigned nbits = table_log - static_cast<unsigned>(std::bit_width(x) - 1);
                table[slot] = TansEntry{static_cast<std::uint16_t>((x << nbits) - table_size),
                                        static_cast<std::uint8_t>(s), static_cast<std::uint8_t>(nbits)};
                ++x;
            }
        }
        t += w;
    }
}

}  // namespace

Status decode_tans(DecodeContext& ctx, Bytes payload, std::span<std::uint8_t> out) {
    const std::uint8_t* base = payload.data();
    const std::size_t cs = payload.size();
    if (cs < 8) return ctx.corrupt(base, "tans: payload shorter than 8 bytes");
    if (out.size() < 5) return ctx.corrupt(base, "tans: fewer than 5 output bytes");
    MsbForward r(base, base + cs);
    if (r.read(1) != 0) return ctx.corrupt(base, "tans: reserved bit set");
    const unsigned table_log = r.read(2) + 8;
    const std::uint32_t table_size = 1u << table_log;
    std::array<std::uint32_t, 256> weight{};
    const bool ok =
        r.read(1) ? read_golomb_rice_weights(r, table_size, weight) : read_explicit_weights(r, table_log, weight);
    if (!ok) return ctx.corrupt(base, "tans: malformed weights");
    std::array<TansEntry, 1u << kMaxTableLog> table;
    build_table(table_log, weight, table.data());

    const std::size_t h = r.consumed_bytes();
    if (h >= cs) return ctx.corrupt(base, "tans: table leaves no stream bytes");
    LsbForward f(base + h, base + cs);
    LsbBackward g(base + h, base + cs);
    std::uint32_t st[5];
    st[0] = f.read(table_log);
    st[1] = g.read(table_log);
    st[2] = f.read(table_log);
    st[3] = g.read(table_log);
    st[4] = f.read(table_log);

    std::uint8_t* dst = out.data();
    const std::size_t need = out.size() - 5;
    std::size_t count = 0;
    bool forward = true;
    // Five steps per reader turn, each <= 11 bits: one refill per turn (>= 56 bits).
    auto step = [&](auto& rd) {
        rd.refill();
        for (int j = 0; j < 5; ++j) {
            const TansEntry e = table[st[j]];
            dst[count++] = e.symbol;
            st[j] = e.base + rd.peek(e.nbits);
            rd.consume(e.nbits);
            if (count == need) return;
        }
    };
    while (count < need) {
        if (forward) {
            step(f);
        } else {
            step(g);
        }
        forward = !forward;
    }
    if (!readers_meet(f, g, cs - h)) return ctx.corrupt(base + h, "tans: streams do not meet");
    for (int j = 0; j < 5; ++j) {
        if (st[j] >= 256) return ctx.corrupt(base + h, "tans: final state is not a byte");
        dst[need + static_cast<std::size_t>(j)] = static_cast<std::uint8_t>(st[j]);
    }
    return ok_status();
}

}  // namespace meshproof::kraken
