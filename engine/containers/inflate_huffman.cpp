#include "engine/containers/inflate_huffman.h"

#include <algorithm>

namespace meshproof::inflate {
namespace {

constexpr int kMaxCodeBits = 15;
constexpr int kMaxSymbols = 288;

// RFC 1951 §3.2.5: the base and extra bits of length symbols 257..285 and distance symbols 0..29.
constexpr std::uint16_t kLengthBase[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                           31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
constexpr std::uint8_t kLengthExtra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                           2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
constexpr std::uint16_t kDistanceBase[30] = {1,    2,    3,    4,    5,    7,    9,    13,    17,    25,
                                             33,   49,   65,   97,   129,  193,  257,  385,   513,   769,
                                             1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
constexpr std::uint8_t kDistanceExtra[30] = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                             6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

Entry entry_for(Alphabet alphabet, int symbol, int length) {
    Entry e;
    e.length = static_cast<std::uint8_t>(length);
    switch (alphabet) {
        case Alphabet::kCodeLengths:
            e.kind = EntryKind::kLiteral;
            e.value = static_cast<std::uint16_t>(symbol);
            break;
        case Alphabet::kLiteralLength:
            if (symbol < 256) {
                e.kind = EntryKind::kLiteral;
                e.value = static_cast<std::uint16_t>(symbol);
            } else if (symbol == 256) {
                e.kind = EntryKind::kEnd;
            } else if (symbol <= 285) {
                e.kind = EntryKind::kLength;
                e.value = kLengthBase[symbol - 257];
                e.extra = kLengthExtra[symbol - 257];
            }
            break;
        case Alphabet::kDistance:
            if (symbol < 30) {
                e.kind = EntryKind::kDistance;
                e.value = kDistanceBase[symbol];
                e.extra = kDistanceExtra[symbol];
            }
            break;
    }
    return e;
}

// The low `bits` bits of `code` in reverse order.
std::uint32_t reversed(std::uint32_t code, int bits) {
    std::uint32_t r = 0;
    for (int i = 0; i < bits; ++i, code >>= 1) r = (r << 1) | (code & 1);
    return r;
}

}  // namespace

std::string_view build_table(std::span<const std::uint8_t> lengths, Alphabet alphabet, int root_bits,
                             std::span<Entry> entries) {
    if (lengths.size() > kMaxSymbols) return "too many symbols";
    std::array<int, kMaxCodeBits + 1> count{};
    for (std::uint8_t l : lengths) {
        if (l > kMaxCodeBits) return "code length over 15";
        ++count[l];
    }
    count[0] = 0;
    // Kraft's sum: every code of length l takes 2^(15-l) of the 2^15 code space.
    int left = 1;
    for (int l = 1; l <= kMaxCodeBits; ++l) {
        left = 2 * left - count[l];
        if (left < 0) return "over-subscribed code lengths";
    }
    if (left > 0) {
        const int used =
            static_cast<int>(lengths.size()) - static_cast<int>(std::count(lengths.begin(), lengths.end(), 0));
        const bool one_bit_distance = alphabet == Alphabet::kDistance && (used == 0 || (used == 1 && count[1] == 1));
        if (!one_bit_distance) return "incomplete code lengths";
    }

    // Symbols in canonical order (by length, then symbol) with their codes (§3.2.2).
    std::array<int, kMaxCodeBits + 2> first{};
    for (int l = 1; l <= kMaxCodeBits; ++l) first[l + 1] = first[l] + count[l];
    std::array<std::uint16_t, kMaxSymbols> sorted{};
    {
        std::array<int, kMaxCodeBits + 2> next = first;
        for (std::size_t s = 0; s < lengths.size(); ++s)
            if (lengths[s] != 0) sorted[next[lengths[s]]++] = static_cast<std::uint16_t>(s);
    }
    const int symbols = first[kMaxCodeBits + 1];
    std::array<std::uint32_t, kMaxSymbols> code{};
    {
        std::uint32_t c = 0;
        for (int l = 1, i = 0; l <= kMaxCodeBits; ++l) {
            c = (c + static_cast<std::uint32_t>(l > 1 ? count[l - 1] : 0)) << 1;
            for (std::uint32_t k = c; i < first[l + 1]; ++i, ++k) code[i] = k;
        }
    }

    const std::size_t root_size = std::size_t{1} << root_bits;
    if (entries.size() < root_size) return "table too small";
    std::fill(entries.begin(), entries.begin() + static_cast<std::ptrdiff_t>(root_size), Entry{});
    std::size_t next_free = root_size;
    std::size_t sub_start = 0;
    std::uint32_t sub_prefix = ~0u;
    int sub_bits = 0;
    for (int i = 0; i < symbols; ++i) {
        const int symbol = sorted[i];
        const int length = lengths[symbol];
        const Entry e = entry_for(alphabet, symbol, length);
        if (length <= root_bits) {
            for (std::size_t at = reversed(code[i], length); at < root_size; at += std::size_t{1} << length)
                entries[at] = e;
            continue;
        }
        const int tail_bits = length - root_bits;
        const std::uint32_t prefix = code[i] >> tail_bits;
        if (prefix != sub_prefix) {
            // Codes sharing a root prefix are consecutive in canonical order, the longest last.
            int last = i;
            while (last + 1 < symbols && (code[last + 1] >> (lengths[sorted[last + 1]] - root_bits)) == prefix) ++last;
            sub_bits = lengths[sorted[last]] - root_bits;
            const std::size_t size = std::size_t{1} << sub_bits;
            if (next_free + size > entries.size()) return "code lengths need too large a table";
            sub_prefix = prefix;
            sub_start = next_free;
            next_free += size;
            std::fill(entries.begin() + static_cast<std::ptrdiff_t>(sub_start),
                      entries.begin() + static_cast<std::ptrdiff_t>(next_free), Entry{});
            Entry link;
            link.kind = EntryKind::kSubtable;
            link.value = static_cast<std::uint16_t>(sub_start);
            link.length = static_cast<std::uint8_t>(root_bits);
            link.extra = static_cast<std::uint8_t>(sub_bits);
            entries[reversed(prefix, root_bits)] = link;
        }
        const std::size_t sub_size = std::size_t{1} << sub_bits;
        const std::uint32_t tail = code[i] & ((1u << tail_bits) - 1);
        for (std::size_t at = reversed(tail, tail_bits); at < sub_size; at += std::size_t{1} << tail_bits)
            entries[sub_start + at] = e;
    }
    return {};
}

namespace {

template <class T>
T built_fixed(std::span<const std::uint8_t> lengths, Alphabet alphabet) {
    T table;
    (void)build_table(lengths, alphabet, table);  // the fixed codes are complete
    return table;
}

}  // namespace

const LiteralLengthTable& fixed_literal_length_table() {
    static const LiteralLengthTable table = [] {
        std::array<std::uint8_t, 288> lengths{};
        std::fill(lengths.begin(), lengths.begin() + 144, 8);
        std::fill(lengths.begin() + 144, lengths.begin() + 256, 9);
        std::fill(lengths.begin() + 256, lengths.begin() + 280, 7);
        std::fill(lengths.begin() + 280, lengths.end(), 8);
        return built_fixed<LiteralLengthTable>(lengths, Alphabet::kLiteralLength);
    }();
    return table;
}

const DistanceTable& fixed_distance_table() {
    static const DistanceTable table = [] {
        std::array<std::uint8_t, 32> lengths{};
        lengths.fill(5);
        return built_fixed<DistanceTable>(lengths, Alphabet::kDistance);
    }();
    return table;
}

}  // namespace meshproof::inflate
