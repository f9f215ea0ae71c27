// DEFLATE's canonical Huffman codes (RFC 1951 §3.2.2) as two-level lookup tables, for the prefix
// inflater (inflate_prefix.h). A code is read least significant bit first from the stream but is
// written most significant bit first, so each table index is a code's bits reversed: a lookup of
// the next `root_bits` stream bits gives the symbol of every code of at most that many bits, and
// for longer codes the place of a subtable indexed by the bits after them.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace meshproof::inflate {

// What one table entry decodes to.
enum class EntryKind : std::uint8_t {
    kInvalid,   // no code of the stream's code lengths reaches this entry (an incomplete code)
    kLiteral,   // a literal byte, or a code-length symbol 0..18 (value)
    kLength,    // a match length: value is its base, extra its extra bits
    kEnd,       // the end of the block (symbol 256)
    kDistance,  // a match distance: value is its base, extra its extra bits
    kSubtable,  // codes longer than the root: value is the subtable's start, extra its index bits
};

struct Entry {
    std::uint16_t value = 0;
    std::uint8_t length = 0;  // the bits the code takes (all of them, root and subtable's)
    EntryKind kind = EntryKind::kInvalid;
    std::uint8_t extra = 0;
};

// What each symbol of an alphabet stands for: symbols with no meaning (litlen 286/287, distances
// 30/31, which RFC 1951 says never occur) map to kInvalid, so a code may name them but a stream
// that uses one is refused.
enum class Alphabet : std::uint8_t { kCodeLengths, kLiteralLength, kDistance };

// Room for a table of `root_bits` and its subtables: a complete code of 288 symbols up to 15 bits
// long needs well under this (the builder checks, and refuses a code that would not fit).
template <int RootBits, int Capacity>
struct Table {
    static constexpr int kRootBits = RootBits;
    std::array<Entry, Capacity> entries{};
};
using LiteralLengthTable = Table<10, 1024 + 4096>;
using DistanceTable = Table<8, 256 + 2048>;
using CodeLengthTable = Table<7, 128>;

// Fills `entries` (root table first, subtables after) from the code lengths of an alphabet
// (0 = symbol unused, at most 15). Returns an empty view on success, else why the lengths are
// refused: an over-subscribed code, or an incomplete one (allowed only where RFC 1951 §3.2.7
// allows it: a distance code with no codes, or with a single code of one bit).
std::string_view build_table(std::span<const std::uint8_t> lengths, Alphabet alphabet, int root_bits,
                             std::span<Entry> entries);

template <class T>
std::string_view build_table(std::span<const std::uint8_t> lengths, Alphabet alphabet, T& table) {
    return build_table(lengths, alphabet, T::kRootBits, table.entries);
}

// The fixed codes of block type 01 (RFC 1951 §3.2.6), built once.
const LiteralLengthTable& fixed_literal_length_table();
const DistanceTable& fixed_distance_table();

}  // namespace meshproof::inflate
