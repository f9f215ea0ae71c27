#include "engine/containers/kraken/huffman.h"

#include <cstring>

#include "engine/containers/kraken/bit_reader.h"
#include "engine/containers/kraken/huffman_table.h"

namespace meshproof::kraken {
namespace {

template <class Reader>
inline std::uint8_t decode_symbol(Reader& r, const std::uint16_t* lut) {
    const std::uint16_t e = lut[r.template peek_n<kHuffmanMaxBits>()];
    r.consume(e >> 8);
    return static_cast<std::uint8_t>(e);
}

// §5.7: `m` symbols round-robin from streams A (forward from R), B (backward from E) and
// C (forward from R + lenA) over the region [R, E). False if the end checks fail.
bool decode_three_streams(const HuffmanLut& table, const std::uint8_t* region, std::size_t region_size,
                          std::size_t len_a, std::uint8_t* out, std::size_t m) {
    const std::uint16_t* lut = table.data();
    LsbForward a(region, region + len_a);
    LsbForward c(region + len_a, region + region_size);
    LsbBackward b(region + len_a, region + region_size);
    std::size_t t = 0;
    // After a refill each reader holds >= 56 bits: five 11-bit codes.
    while (m - t >= 15) {
        a.refill();
        b.refill();
        c.refill();
        for (int i = 0; i < 5; ++i) {
            out[t] = decode_symbol(a, lut);
            out[t + 1] = decode_symbol(b, lut);
            out[t + 2] = decode_symbol(c, lut);
            t += 3;
        }
    }
    for (; t < m; ++t) {
        switch (t % 3) {
            case 0:
                a.refill();
                out[t] = decode_symbol(a, lut);
                break;
            case 1:
                b.refill();
                out[t] = decode_symbol(b, lut);
                break;
            default:
                c.refill();
                out[t] = decode_symbol(c, lut);
                break;
        }
    }
    return a.consumed_bytes() == len_a && readers_meet(c, b, region_size - len_a);
}

}  // namespace

Status decode_huffman(DecodeContext& ctx, Bytes payload, std::span<std::uint8_t> out, bool two_sets) {
    const std::uint8_t* base = payload.data();
    const std::int64_t cs = static_cast<std::int64_t>(payload.size());
    MsbForward reader(base, base + payload.size());
    CodeLengths lengths;
    switch (read_code_lengths(reader, lengths)) {
        case TableError::kNone: break;
        case TableError::kBadMethod: return ctx.corrupt(base, "huffman: reserved table method 11");
        case TableError::kBadTable: return ctx.corrupt(base, "huffman: malformed code-length table");
    }
    const std::int64_t h = static_cast<std::int64_t>(reader.consumed_bytes());  // §5.6 position H

    if (lengths.single_symbol) {  // §5.6: ds copies of the symbol, the table uses all bytes
        if (h != cs) return ctx.corrupt(base, "huffman: single-symbol table does not end the payload");
        std::memset(out.data(), lengths.symbol[0], out.size());
        return ok_status();
    }
    HuffmanLut lut;
    if (!build_lut(lengths, lut)) return ctx.corrupt(base, "huffman: code lengths are not a complete code");

    if (!two_sets) {
        // §5.6 type 2: lenA, then one set of three streams over [H + 2, cs).
        if (cs - h < 3) return ctx.corrupt(base, "huffman: no room for the stream split");
        const std::int64_t len_a = load_le<std::uint16_t>(base + h);
        const std::int64_t r = h + 2;
        if (len_a > cs - r) return ctx.corrupt(base + h, "huffman: stream A exceeds the payload");
        if (!decode_three_streams(lut, base + r, static_cast<std::size_t>(cs - r), static_cast<std::size_t>(len_a),
                                  out.data(), out.size())) {
            return ctx.corrupt(base + r, "huffman: symbol streams do not end where their sizes say");
        }
        return ok_status();
    }
    // §5.6 type 4: two sets, the first for output[0, ceil(ds/2)).
    if (cs - h < 6) return ctx.corrupt(base, "huffman: no room for the two-set split");
    const std::int64_t m = load_le<std::uint16_t>(base + h) | (std::int64_t{base[h + 2]} << 16);
    const std::int64_t r1 = h + 3;
    if (m > cs - r1) return ctx.corrupt(base + h, "huffman: first set exceeds the payload");
    if (m < 2) return ctx.corrupt(base + h, "huffman: first set too small for its split");
    const std::int64_t len_a1 = load_le<std::uint16_t>(base + r1);
    if ((r1 + m) - (r1 + 2) < len_a1 + 2) return ctx.corrupt(base + r1, "huffman: stream A of set 1 too long");
    if (cs - (r1 + m) < 3) return ctx.corrupt(base + r1, "huffman: no room for the second set");
    const std::int64_t len_a2 = load_le<std::uint16_t>(base + r1 + m);
    const std::int64_t r2 = r1 + m + 2;
    if (cs - r2 < len_a2 + 2) return ctx.corrupt(base + r1 + m, "huffman: stream A of set 2 too long");

    const std::size_t half = (out.size() + 1) / 2;
    if (!decode_three_streams(lut, base + r1 + 2, static_cast<std::size_t>(m - 2), static_cast<std::size_t>(len_a1),
                              out.data(), half)) {
        return ctx.corrupt(base + r1, "huffman: set 1 streams do not end where their sizes say");
    }
    if (!decode_three_streams(lut, base + r2, static_cast<std::size_t>(cs - r2), static_cast<std::size_t>(len_a2),
                              out.data() + half, out.size() - half)) {
        return ctx.corrupt(base + r2, "huffman: set 2 streams do not end where their sizes say");
    }
    return ok_status();
}

}  // namespace meshproof::kraken
