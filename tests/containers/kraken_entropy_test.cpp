// Entropy-layer forms the corpus fixtures never use (spec kraken.md §8.2 multi-array,
// §5.6 single-symbol Huffman table), built by hand and wrapped as the only entropy-only
// sub-chunk of a one-block stream (§2.5).
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/containers/kraken/kraken.h"

namespace meshproof {
namespace {

// 40-bit long-form header of a coded byte-array block (§4.1); bit 7 of byte 0 is clear,
// which is what marks an entropy-only sub-chunk.
std::vector<std::uint8_t> long_block(unsigned type, const std::vector<std::uint8_t>& payload, std::size_t ds) {
    const std::uint64_t v = (std::uint64_t{type} << 36) | (std::uint64_t{ds - 1} << 18) | payload.size();
    std::vector<std::uint8_t> out;
    for (int i = 4; i >= 0; --i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
    out.insert(out.end(), payload.begin(), payload.end());
    return out;
}

// One reset block, one normal quantum (§2.3) holding `block` as its only sub-chunk.
std::vector<std::uint8_t> stream_of(const std::vector<std::uint8_t>& block) {
    const std::size_t c = block.size() - 1;
    std::vector<std::uint8_t> s = {0x8C, 0x06, static_cast<std::uint8_t>(c >> 16), static_cast<std::uint8_t>(c >> 8),
                                   static_cast<std::uint8_t>(c)};
    s.reserve(s.size() + block.size());
    s.insert(s.end(), block.begin(), block.end());
    return s;
}

std::string expected_multi_array() { return std::string(16, 'a') + std::string(40, 'b') + std::string(24, 'a'); }

// Two RLE sources (40 x 'a', 40 x 'b'), intervals 16 (src 1), 40 (src 2), 24 (src 1).
const std::vector<std::uint8_t> kSources = {0x82, 0xB0, 0x98, 0x01, 'a', 0xB0, 0x98, 0x01, 'b'};

TEST(KrakenEntropy, MultiArraySeparateLengthLogs) {
    std::vector<std::uint8_t> payload = kSources;
    const std::vector<std::uint8_t> rest = {0x02, 0x00,              // F: V = 2
                                            0x80, 0x04, 1, 2, 1, 0,  // IDX (raw)
                                            0x80, 0x03, 4, 5, 4,     // LOG (raw)
                                            0x08, 0x40};             // MF 0000 1000 | MB 01000
    payload.insert(payload.end(), rest.begin(), rest.end());
    const auto src = stream_of(long_block(5, payload, 80));
    std::vector<std::uint8_t> out(80);
    const Status st = kraken_decompress(src, out);
    ASSERT_TRUE(st.ok()) << st.error().message;
    EXPECT_EQ(std::string(out.begin(), out.end()), expected_multi_array());
}

TEST(KrakenEntropy, MultiArrayCombinedIndexAndLengthLog) {
    std::vector<std::uint8_t> payload = kSources;
    const std::vector<std::uint8_t> rest = {0x02, 0x80,                          // F: combined, V = 2
                                            0x80, 0x04, 0x41, 0x52, 0x41, 0x00,  // (log2 << 4) | index
                                            0x08, 0x40};
    payload.insert(payload.end(), rest.begin(), rest.end());
    const auto src = stream_of(long_block(5, payload, 80));
    std::vector<std::uint8_t> out(80);
    const Status st = kraken_decompress(src, out);
    ASSERT_TRUE(st.ok()) << st.error().message;
    EXPECT_EQ(std::string(out.begin(), out.end()), expected_multi_array());
}

// ctest-labels: hostile
TEST(KrakenEntropy, MultiArrayHostileVariantsAreRejected) {
    // Each variant breaks one §8.2 rule: index past N, last index not 0, a source not used
    // up, interval longer than its source.
    const std::vector<std::vector<std::uint8_t>> bad_rests = {
        {0x02, 0x00, 0x80, 0x04, 1, 3, 1, 0, 0x80, 0x03, 4, 5, 4, 0x08, 0x40},
        {0x02, 0x00, 0x80, 0x04, 1, 2, 1, 1, 0x80, 0x03, 4, 5, 4, 0x08, 0x40},
        {0x02, 0x00, 0x80, 0x04, 1, 2, 1, 0, 0x80, 0x03, 3, 5, 4, 0x00, 0x40},
        {0x02, 0x00, 0x80, 0x04, 1, 2, 1, 0, 0x80, 0x03, 4, 6, 4, 0x08, 0x40},
    };
    for (const auto& rest : bad_rests) {
        std::vector<std::uint8_t> payload = kSources;
        payload.insert(payload.end(), rest.begin(), rest.end());
        const auto src = stream_of(long_block(5, payload, 80));
        std::vector<std::uint8_t> out(80);
        const Status st = kraken_decompress(src, out);
        ASSERT_FALSE(st.ok());
        EXPECT_EQ(st.error().code, ErrorCode::kDecompress);
    }
}

TEST(KrakenEntropy, SingleSymbolSparseHuffmanTable) {
    // MF bits: 0 (classic), 0 (sparse), n = 1, symbol 'Q'; the table fills the 3 payload bytes.
    const auto src = stream_of(long_block(2, {0x00, 0x54, 0x40}, 50));
    std::vector<std::uint8_t> out(50);
    const Status st = kraken_decompress(src, out);
    ASSERT_TRUE(st.ok()) << st.error().message;
    EXPECT_EQ(std::string(out.begin(), out.end()), std::string(50, 'Q'));

    // One spare byte after the table: H != cs is a reject.
    const auto longer = stream_of(long_block(2, {0x00, 0x54, 0x40, 0x00}, 50));
    EXPECT_FALSE(kraken_decompress(longer, out).ok());
}

}  // namespace
}  // namespace meshproof
