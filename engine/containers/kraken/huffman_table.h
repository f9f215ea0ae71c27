// The code-length tables of Huffman byte arrays (spec kraken.md §5.1-§5.5) and the decoding
// lookup table built from them.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "engine/containers/kraken/bit_reader.h"

namespace meshproof::kraken {

inline constexpr unsigned kHuffmanMaxBits = 11;

// Ordered (symbol, code length) assignments (§5.1: the order matters for §5.5).
struct CodeLengths {
    std::array<std::uint8_t, 256> symbol{};
    std::array<std::uint8_t, 256> length{};
    std::size_t count = 0;
    bool single_symbol = false;  // §5.6: sparse or Golomb-Rice table with one symbol
};

enum class TableError { kNone, kBadMethod, kBadTable };

// §5.1: reads a table of any form from `reader` (MF over the payload).
TableError read_code_lengths(MsbForward& reader, CodeLengths& out);

// §5.5: entry = (length << 8) | symbol, indexed by the next 11 bits of an LSB-first reader
// (first bit read in bit 0), i.e. the canonical table pre-reversed. False if the code is
// not complete (Σ 2^(11-len) != 2048).
using HuffmanLut = std::array<std::uint16_t, 1u << kHuffmanMaxBits>;
bool build_lut(const CodeLengths& lengths, HuffmanLut& lut);

}  // namespace meshproof::kraken
