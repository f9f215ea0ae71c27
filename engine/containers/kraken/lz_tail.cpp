#include "engine/containers/kraken/lz_tail.h"

#include <array>

#include "engine/containers/kraken/bit_reader.h"

namespace meshproof::kraken {
namespace {

constexpr std::uint32_t kMaxExtendedLengths = 512;

// §3.2 classic offset (scale 0) from code byte c.
template <class Reader>
inline std::uint64_t read_classic_offset(Reader& r, unsigned c) {
    r.refill();
    if (c < 0xF0) {
        const unsigned n = (c >> 4) + 4;
        const std::uint64_t x = r.peek(n);
        r.consume(n);
        return ((((std::uint64_t{1} << n) | x) << 4) + (c & 0xF)) - 248;
    }
    const unsigned n = (c - 0xF0) + 4;
    const std::uint64_t x = r.peek(n);
    r.consume(n);
    const std::uint64_t y = r.peek(12);
    r.consume(12);
    return 0x7EFF00 + ((((std::uint64_t{1} << n) | x) << 12) + y);
}

// §3.2 scaled offset: false when nb > 26.
template <class Reader>
inline bool read_scaled_offset(Reader& r, unsigned c, unsigned scale, unsigned low, std::uint64_t& out) {
    const unsigned nb = c >> 3;
    if (nb > 26) return false;
    r.refill();
    const std::uint64_t x = r.peek(nb);
    r.consume(nb);
    const std::uint64_t u = (std::uint64_t{8 + (c & 7)} << nb) | x;
    const std::uint64_t d = u - 8;
    out = scale == 1 ? d : std::uint64_t{scale} * d + low;
    return true;
}

// §3.2 extended length: -1 on more than 12 leading zeros.
template <class Reader>
inline std::int64_t read_extended_length(Reader& r) {
    r.refill();
    const unsigned z = r.leading_zeros();
    if (z > 12) return -1;
    r.consume(z);
    const std::uint32_t g = r.peek(z + 7);
    r.consume(z + 7);
    return static_cast<std::int64_t>(g) - 64;
}

}  // namespace

Status read_lz_tail(const DecodeContext& ctx, Bytes tail, const OffsetCodes& offsets,
                    std::span<const std::uint8_t> len_codes, std::uint64_t* distances, std::uint32_t* lengths) {
    const std::uint8_t* t = tail.data();
    MsbForward a(t, t + tail.size());
    MsbBackward b(t, t + tail.size());

    // 1. Extended-length count from B.
    b.refill();
    const unsigned z = b.leading_zeros();
    if (z > 18) return ctx.corrupt(t, "lz: extended-length count has too many leading zeros");
    b.consume(z);
    const std::uint32_t x_count = b.read(z + 1) - 1;
    if (x_count > kMaxExtendedLengths) return ctx.corrupt(t, "lz: more than 512 extended lengths");

    // 2. Offsets, alternating A (even) and B (odd).
    const std::size_t nofs = offsets.codes.size();
    const std::uint8_t* codes = offsets.codes.data();
    if (offsets.scale == 0) {
        std::size_t i = 0;
        for (; i + 1 < nofs; i += 2) {
            distances[i] = read_classic_offset(a, codes[i]);
            distances[i + 1] = read_classic_offset(b, codes[i + 1]);
        }
        if (i < nofs) distances[i] = read_classic_offset(a, codes[i]);
    } else {
        const bool has_low = offsets.scale > 1;
        for (std::size_t i = 0; i < nofs; ++i) {
            const unsigned low = has_low ? offsets.low[i] : 0;
            const bool ok = (i & 1) ? read_scaled_offset(b, codes[i], offsets.scale, low, distances[i])
                                    : read_scaled_offset(a, codes[i], offsets.scale, low, distances[i]);
            if (!ok) return ctx.corrupt(t, "lz: scaled offset code above 26 bits");
        }
    }

    // 3. Extended lengths, alternating A (even) and B (odd).
    std::array<std::uint32_t, kMaxExtendedLengths> extended{};
    for (std::uint32_t j = 0; j < x_count; ++j) {
        const std::int64_t e = (j & 1) ? read_extended_length(b) : read_extended_length(a);
        if (e < 0) return ctx.corrupt(t, "lz: extended length has too many leading zeros");
        extended[j] = static_cast<std::uint32_t>(e);
    }

    // 4. The readers must tile the tail exactly.
    if (!readers_meet(a, b, tail.size())) return ctx.corrupt(t, "lz: offset and length streams do not meet");

    // Length table: 255 takes the next extended length; all of them must be used.
    std::uint32_t used = 0;
    for (std::size_t i = 0; i < len_codes.size(); ++i) {
        std::uint32_t v = len_codes[i];
        if (v == 255) {
            if (used == x_count) return ctx.corrupt(t, "lz: more 255 length codes than extended lengths");
            v = 255 + extended[used++];
        }
        lengths[i] = v + 3;
    }
    if (used != x_count) return ctx.corrupt(t, "lz: extended lengths left over");
    return ok_status();
}

}  // namespace meshproof::kraken
