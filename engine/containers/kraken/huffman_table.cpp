#include "engine/containers/kraken/huffman_table.h"

#include "engine/containers/kraken/golomb_rice.h"

namespace meshproof::kraken {
namespace {

// §1.1 zigzag: 0,1,2,3,4 -> 0,-1,1,-2,2.
inline int zigzag(std::uint32_t v) { return (v & 1) ? -static_cast<int>((v + 1) / 2) : static_cast<int>(v / 2); }

// §1.3 leading-zero count with a maximum; returns -1 past the maximum (a reject).
inline int leading_zeros_at_most(MsbForward& r, unsigned max) {
    r.refill();
    const unsigned z = r.leading_zeros();
    return z > max ? -1 : static_cast<int>(z);
}

// §5.2 gamma table.
TableError read_gamma_table(MsbForward& r, CodeLengths& out) {
    const unsigned k = r.read(2);
    const unsigned max_zeros = 20u >> k;
    int avg = 32;
    unsigned sym = 0;
    unsigned count = 0;
    const bool start_with_run = r.read(1) != 0;
    bool first = true;
    while (true) {
        if (!(first && start_with_run)) {
            const int z = leading_zeros_at_most(r, 7);
            if (z < 0) return TableError::kBadTable;
            const unsigned g = r.read(2 * static_cast<unsigned>(z) + 2);
            sym += g - 1;
            if (sym >= 256) break;
        }
        first = false;
        const int z = leading_zeros_at_most(r, 7);
        if (z < 0) return TableError::kBadTable;
        const unsigned n = r.read(2 * static_cast<unsigned>(z) + 2) - 1;
        if (sym + n > 256) return TableError::kBadTable;
        count += n;
        for (unsigned i = 0; i < n; ++i) {
            const int zl = leading_zeros_at_most(r, max_zeros);
            if (zl < 0) return TableError::kBadTable;
            r.consume(static_cast<unsigned>(zl) + 1);
            const unsigned low = r.read(k);
            const std::uint32_t v = (static_cast<std::uint32_t>(zl) << k) | low;
            const int len = zigzag(v) + ((avg + 2) >> 2);
            if (len < 1 || len > 11) return TableError::kBadTable;
            avg = len + ((3 * avg + 2) >> 2);
            out.symbol[out.count] = static_cast<std::uint8_t>(sym);
            out.length[out.count] = static_cast<std::uint8_t>(len);
            ++out.count;
            ++sym;
        }
        if (sym == 256) break;
    }
    if (sym != 256 || count < 2) return TableError::kBadTable;
    return TableError::kNone;
}

// §5.3 sparse table.
TableError read_sparse_table(MsbForward& r, CodeLengths& out) {
    const unsigned n = r.read(8);
    if (n == 0) return TableError::kBadTable;
    if (n == 1) {
        out.symbol[0] = static_cast<std::uint8_t>(r.read(8));
        out.length[0] = 0;
        out.count = 1;
        out.single_symbol = true;
        return TableError::kNone;
    }
    const unsigned lb = r.read(3);
    if (lb > 4) return TableError::kBadTable;
    for (unsigned i = 0; i < n; ++i) {
        const unsigned s = r.read(8);
        const unsigned len = r.read(lb) + 1;
        if (len > 11) return TableError::kBadTable;
        out.symbol[i] = static_cast<std::uint8_t>(s);
        out.length[i] = static_cast<std::uint8_t>(len);
    }
    out.count = n;
    return TableError::kNone;
}

// §5.4 Golomb-Rice table.
TableError read_golomb_rice_table(MsbForward& r, CodeLengths& out) {
    const unsigned k = r.read(2);
    const std::uint32_t n = r.read(8) + 1;
    const std::uint32_t p = read_range_parameter_count(r, n);
    std::array<std::uint16_t, 512> u{};
    if (!read_unary_values(r, n + p, u.data())) return TableError::kBadTable;
    std::array<std::uint16_t, 256> v{};
    for (std::uint32_t i = 0; i < n; ++i) {
        const std::uint32_t low = r.read(k);
        const std::uint32_t value = (static_cast<std::uint32_t>(u[i]) << k) | low;
        if (value > 255) return TableError::kBadTable;  // §9.17 (R)
        v[i] = static_cast<std::uint16_t>(value);
    }
    if (!strict_section_ok(r)) return TableError::kBadTable;

    std::array<std::uint8_t, 256> lengths{};
    int rs = 30;
    for (std::uint32_t i = 0; i < n; ++i) {
        const int d = zigzag(v[i]);
        const int len = d + (rs >> 2) + 1;
        if (len < 1 || len > 11) return TableError::kBadTable;
        lengths[i] = static_cast<std::uint8_t>(len);
        rs += d;
    }
    std::array<SymbolRange, kMaxSymbolRanges> ranges{};
    const std::size_t nranges = read_symbol_ranges(r, n, p, u.data() + n, ranges.data());
    if (nranges == 0) return TableError::kBadTable;
    std::size_t i = 0;
    for (std::size_t ri = 0; ri < nranges; ++ri) {
        for (unsigned s = 0; s < ranges[ri].count; ++s, ++i) {
            out.symbol[i] = static_cast<std::uint8_t>(ranges[ri].start + s);
            out.length[i] = lengths[i];
        }
    }
    out.count = n;
    out.single_symbol = (n == 1);
    return TableError::kNone;
}

}  // namespace

TableError read_code_lengths(MsbForward& reader, CodeLengths& out) {
    out.count = 0;
    out.single_symbol = false;
    const unsigned first = reader.read(1);
    const unsigned second = reader.read(1);
    if (first == 0) return second ? read_gamma_table(reader, out) : read_sparse_table(reader, out);
    if (second == 0) return read_golomb_rice_table(reader, out);
    return TableError::kBadMethod;
}

bool build_lut(const CodeLengths& lengths, HuffmanLut& lut) {
    // Completeness (§5.5 step 2).
    std::uint32_t kraft = 0;
    std::array<std::uint16_t, kHuffmanMaxBits + 2> per_length{};
    for (std::size_t i = 0; i < lengths.count; ++i) {
        const unsigned len = lengths.length[i];
        if (len < 1 || len > kHuffmanMaxBits) return false;
        kraft += 1u << (kHuffmanMaxBits - len);
        ++per_length[len];
    }
    if (kraft != (1u << kHuffmanMaxBits)) return false;

    // Canonical codes (§5.5 step 3): first code of each length.
    std::array<std::uint32_t, kHuffmanMaxBits + 2> next_code{};
    std::uint32_t code = 0;
    for (unsigned len = 1; len <= kHuffmanMaxBits; ++len) {
        next_code[len] = code;
        code = (code + per_length[len]) << 1;
    }
    // Assignment order within a length is the list order, so a single pass suffices.
    for (std::size_t i = 0; i < lengths.count; ++i) {
        const unsigned len = lengths.length[i];
        const std::uint32_t c = next_code[len]++;
        // The code is sent top bit first but read by an LSB-first reader: reverse it.
        std::uint32_t reversed = 0;
        for (unsigned b = 0; b < len; ++b) reversed |= ((c >> b) & 1u) << (len - 1 - b);
        const std::uint16_t entry = static_cast<std::uint16_t>((len << 8) | lengths.symbol[i]);
        for (std::uint32_t hi = 0; hi < (1u << (kHuffmanMaxBits - len)); ++hi) {
            lut[reversed | (hi << len)] = entry;
        }
    }
    return true;
}

}  // namespace meshproof::kraken
