#include "engine/containers/kraken/golomb_rice.h"

#include <bit>

namespace meshproof::kraken {

std::uint32_t read_truncated_binary(MsbForward& reader, std::uint32_t x) {
    const unsigned y = static_cast<unsigned>(std::bit_width(x - 1));  // ceil(log2(x))
    const std::uint32_t t = (std::uint32_t{1} << y) - x;
    reader.refill();
    const std::uint32_t v = reader.peek(y);
    if ((v >> 1) < t) {
        reader.consume(y - 1);
        return v >> 1;
    }
    reader.consume(y);
    return v - t;
}

std::uint32_t read_range_parameter_count(MsbForward& reader, std::uint32_t n) {
    if (n == 256) return 0;
    const std::uint32_t limit = 2 * (n < 257 - n ? n : 257 - n);
    return read_truncated_binary(reader, limit);
}

bool read_unary_values(MsbForward& reader, std::size_t count, std::uint16_t* out) {
    for (std::size_t i = 0; i < count; ++i) {
        unsigned value = 0;
        while (true) {
            reader.refill();
            const unsigned zeros = reader.leading_zeros();
            const unsigned buffered = reader.buffered();
            if (zeros < buffered) {
                value += zeros;
                reader.consume(zeros + 1);
                break;
            }
            value += buffered;
            reader.consume(buffered);
            if (value >= 256) return false;
        }
        if (value >= 256) return false;  // §9.17 (R): unary value < 256
        out[i] = static_cast<std::uint16_t>(value);
        // Strictness (§5.4): past the bytes everything is zero, so a run that started inside
        // them and ended past them shows up as consumed_bits > size * 8; stop early.
        if (!strict_section_ok(reader)) return false;
    }
    return true;
}

std::size_t read_symbol_ranges(MsbForward& reader, std::uint32_t n, std::uint32_t p, const std::uint16_t* q,
                               SymbolRange* ranges) {
    std::uint32_t cur = 0;
    std::uint32_t used = 0;
    std::uint32_t j = 0;
    std::size_t count = 0;
    if (p & 1) {
        const std::uint32_t e = q[j++];
        if (e >= 8) return 0;
        cur = reader.read(e + 1) + (std::uint32_t{1} << (e + 1)) - 1;
    }
    for (std::uint32_t r = 0; r < p / 2; ++r) {
        const std::uint32_t a = q[j++];
        if (a >= 9) return 0;
        const std::uint32_t cnt = reader.read(a) + (std::uint32_t{1} << a);
        const std::uint32_t b = q[j++];
        if (b >= 8) return 0;
        const std::uint32_t gap = reader.read(b + 1) + (std::uint32_t{1} << (b + 1)) - 1;
        // Only committed after the final check below proves every range ends below 256.
        ranges[count++] = SymbolRange{static_cast<std::uint16_t>(cur & 0xFFFF), static_cast<std::uint16_t>(cnt)};
        used += cnt;
        cur += cnt + gap;
        if (cur >= 256 || used >= n) return 0;  // the final check, taken early
    }
    if (cur >= 256 || used >= n || cur + (n - used) > 256) return 0;
    ranges[count++] = SymbolRange{static_cast<std::uint16_t>(cur), static_cast<std::uint16_t>(n - used)};
    return count;
}

}  // namespace meshproof::kraken
