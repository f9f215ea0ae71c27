// Container-level behaviour of kraken_decompress on small hand-written streams (spec
// kraken.md §2, §11): other Oodle codecs are rejected by name, sizes must match exactly,
// nothing is written outside the output.
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/containers/kraken/kraken.h"
#include "engine/containers/kraken/kraken_decompressor.h"

namespace meshproof {
namespace {

// One block with a fill quantum (§2.3: code k == 1): `n` copies of `byte`.
std::vector<std::uint8_t> fill_stream(std::uint8_t header0, std::uint8_t codec, std::uint8_t byte) {
    return {header0, codec, 0x07, 0xFF, 0xFF, byte};
}

TEST(KrakenStream, FillQuantumDecodes) {
    const auto src = fill_stream(0x8C, 0x06, 0x5A);
    std::vector<std::uint8_t> out(1000);
    ASSERT_TRUE(kraken_decompress(src, out).ok());
    EXPECT_EQ(out, std::vector<std::uint8_t>(1000, 0x5A));
}

TEST(KrakenStream, OtherOodleCodecsAreRejectedByName) {
    const std::pair<std::uint8_t, std::string> codecs[] = {
        {5, "LZNA"}, {10, "Mermaid/Selkie"}, {11, "BitKnit"}, {12, "Leviathan"}, {3, "unknown"}};
    for (const auto& [id, name] : codecs) {
        const auto src = fill_stream(0x8C, id, 0);
        std::vector<std::uint8_t> out(16);
        const Status st = kraken_decompress(src, out);
        ASSERT_FALSE(st.ok());
        EXPECT_EQ(st.error().code, ErrorCode::kUnsupported);
        EXPECT_NE(st.error().message.find(name), std::string::npos) << st.error().message;
        EXPECT_EQ(st.error().offset, 0u);
    }
}

// ctest-labels: hostile
TEST(KrakenStream, BadBlockHeaderByteIsCorrupt) {
    for (std::uint8_t b0 : {0x8Du, 0x9Cu, 0xACu, 0x00u}) {
        const auto src = fill_stream(b0, 0x06, 0);
        std::vector<std::uint8_t> out(16);
        const Status st = kraken_decompress(src, out);
        ASSERT_FALSE(st.ok());
        EXPECT_EQ(st.error().code, ErrorCode::kDecompress);
    }
}

TEST(KrakenStream, SizeMustMatchExactly) {
    // An uncompressed block of 10 bytes (§2.2 bit 6).
    std::vector<std::uint8_t> src = {0xCC, 0x06, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    std::vector<std::uint8_t> out(10);
    ASSERT_TRUE(kraken_decompress(src, out).ok());
    EXPECT_EQ(out[9], 9);

    std::vector<std::uint8_t> longer(11);
    const Status too_long = kraken_decompress(src, longer);
    ASSERT_FALSE(too_long.ok());
    EXPECT_EQ(too_long.error().code, ErrorCode::kTruncated);

    std::vector<std::uint8_t> guard(12, 0xEE);
    const Status too_short = kraken_decompress(src, std::span(guard).first(9));
    ASSERT_FALSE(too_short.ok());  // three bytes of input left over
    EXPECT_EQ(guard[9], 0xEE);
    EXPECT_EQ(guard[10], 0xEE);

    const Result<std::size_t> used = kraken_decompress_prefix(src, std::span(guard).first(9));
    ASSERT_TRUE(used.ok());
    EXPECT_EQ(*used, 11u);
}

TEST(KrakenStream, EmptyOutputNeedsEmptyInput) {
    std::vector<std::uint8_t> none;
    EXPECT_TRUE(kraken_decompress({}, none).ok());
    const std::vector<std::uint8_t> src = {0x8C, 0x06};
    EXPECT_FALSE(kraken_decompress(src, none).ok());
}

TEST(KrakenStream, WholeMatchAndOtherSpecialQuantaAreRejected) {
    for (std::uint8_t k : {0x00u, 0x0Bu, 0xFFu}) {
        const std::vector<std::uint8_t> src = {0x8C, 0x06, static_cast<std::uint8_t>(k | 0x03), 0xFF, 0xFF, 0};
        std::vector<std::uint8_t> out(64);
        const Status st = kraken_decompress(src, out);
        ASSERT_FALSE(st.ok());
        EXPECT_EQ(st.error().code, ErrorCode::kDecompress);
    }
}

TEST(KrakenDecompressorAdapter, DecodesAndReportsLeftoverAsSizeMismatch) {
    const KrakenDecompressor d;
    EXPECT_EQ(d.codec(), "KRAK");
    std::vector<std::uint8_t> src = {0x8C, 0x06, 0x07, 0xFF, 0xFF, 0x11};  // one fill block
    std::vector<std::uint8_t> out(1000);
    ASSERT_TRUE(d.decompress(src, out).ok());
    EXPECT_EQ(out, std::vector<std::uint8_t>(1000, 0x11));
    EXPECT_GE(d.max_output_size(src.size()), out.size());

    std::vector<std::uint8_t> two_blocks(300000);  // the input ends before the second block
    const Status short_input = d.decompress(src, two_blocks);
    ASSERT_FALSE(short_input.ok());
    EXPECT_EQ(short_input.error().code, ErrorCode::kTruncated);

    src.push_back(0);
    const Status leftover = d.decompress(src, out);
    ASSERT_FALSE(leftover.ok());
    EXPECT_EQ(leftover.error().code, ErrorCode::kSizeMismatch);
}

}  // namespace
}  // namespace meshproof
