// DCX (spec §4): real KRAK and DFLT headers, writer round trips, typed errors.
#include <gtest/gtest.h>

#include <cctype>
#include <cstring>
#include <memory>
#include <numeric>

#include <zstd.h>

#include "engine/containers/dcx.h"
#include "engine/containers/deflate_decompressor.h"
#include "engine/containers/zstd_decompressor.h"
#include "engine/containers/dcx_writer.h"
#include "engine/containers/default_decompressors.h"
#include "tests/containers/container_fixtures.h"
#include "tests/support/corpus.h"

namespace meshproof {
namespace {

std::vector<std::uint8_t> sample_bytes(std::size_t n) {
    std::vector<std::uint8_t> v(n);
    std::uint32_t x = 12345;
    for (std::size_t i = 0; i < n; ++i) {
        x = x * 1103515245u + 12345u;
        v[i] = (i % 7 == 0) ? static_cast<std::uint8_t>(x >> 24) : static_cast<std::uint8_t>(i / 64);
    }
    return v;
}

void put_be32(std::vector<std::uint8_t>& b, std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) b[at + i] = static_cast<std::uint8_t>(v >> (24 - 8 * i));
}

class KrakDcxTest : public ::testing::TestWithParam<test::KrakDcxFixture> {};

TEST_P(KrakDcxTest, HeaderMatchesReadmeAndDecodesOnlyWithKraken) {
    MP_REQUIRE_CORPUS();
    const auto bytes = test::read_file(test::corpus_path(GetParam().path));
    ASSERT_FALSE(bytes.empty());
    ASSERT_TRUE(is_dcx(bytes));
    auto h = parse_dcx_header(bytes);
    ASSERT_TRUE(h.ok()) << h.error().message;
    EXPECT_EQ(h->codec, "KRAK");
    EXPECT_EQ(h->version, 0x11000u);
    EXPECT_EQ(h->field10, 0x44u);
    EXPECT_EQ(h->field14, 0x4Cu);
    EXPECT_EQ(h->level, 6);
    EXPECT_EQ(h->uncompressed_size, GetParam().uncompressed_size);
    EXPECT_EQ(h->compressed_size, GetParam().compressed_size);
    // Writers pad KRAK payloads: the file may be longer than header + payload, never shorter.
    EXPECT_GE(bytes.size(), 0x4Cu + h->compressed_size);
    EXPECT_LT(bytes.size(), 0x4Cu + h->compressed_size + 16);
    const Bytes payload = dcx_payload(bytes, *h);
    ASSERT_GE(payload.size(), 2u);
    EXPECT_EQ(payload[0], 0x8C);  // Kraken block header (§4)
    EXPECT_EQ(payload[1], 0x06);

    // With the default registry (our Kraken decoder included) the member decodes to the stated size.
    auto out = dcx_decompress(bytes, default_decompressors());
    ASSERT_TRUE(out.ok()) << out.error().message;
    EXPECT_EQ(out->size(), GetParam().uncompressed_size);

    // A registry without KRAK reports the codec as unsupported, at the codec field.
    DecompressorRegistry without_kraken;
    without_kraken.add(make_deflate_decompressor());
    without_kraken.add(make_zstd_decompressor());
    auto missing = dcx_decompress(bytes, without_kraken);
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().code, ErrorCode::kUnsupported);
    EXPECT_EQ(missing.error().offset, 0x28u);
    EXPECT_EQ(missing.error().message.rfind("unsupported compression KRAK (no decoder registered;", 0), 0u)
        << missing.error().message;
}

INSTANTIATE_TEST_SUITE_P(Corpus, KrakDcxTest, ::testing::ValuesIn(test::krak_dcx_fixtures()),
                         [](const auto& info) { return test::fixture_param_name(info.param.path); });

TEST(DcxDflt, RealAnibndHeadersOfBothVariantsDecompress) {
    MP_REQUIRE_CORPUS();
    const DecompressorRegistry registry = default_decompressors();
    for (const auto& fx : test::anibnd_fixtures()) {
        if (!fx.dcx) continue;
        SCOPED_TRACE(fx.path);
        const auto bytes = test::read_file(test::corpus_path(fx.path));
        auto h = parse_dcx_header(bytes);
        ASSERT_TRUE(h.ok()) << h.error().message;
        EXPECT_EQ(h->codec, "DFLT");
        EXPECT_EQ(h->level, 9);
        EXPECT_EQ(h->field10, fx.dcx_field10);
        EXPECT_EQ(h->field14, fx.dcx_field10 + 8);
        EXPECT_EQ(h->version, fx.dcx_field10 == 0x24 ? 0x10000u : 0x11000u);
        EXPECT_EQ(h->unk38, fx.dcx_field10 == 0x24 ? 0 : 15);
        EXPECT_EQ(h->uncompressed_size, fx.uncompressed_size);
        EXPECT_EQ(bytes.size(), 0x4Cu + h->compressed_size);
        auto out = dcx_decompress(bytes, registry);
        ASSERT_TRUE(out.ok()) << out.error().message;
        EXPECT_EQ(out->size(), fx.uncompressed_size);
        EXPECT_TRUE(has_prefix(*out, "BND4"));
    }
}

TEST(DcxDflt, WriterRoundTripsAndWritesTheErLayout) {
    const DecompressorRegistry registry = default_decompressors();
    for (std::size_t n : {0u, 1u, 100u, 70000u, 300000u}) {
        const auto raw = sample_bytes(n);
        const auto dcx = dcx_write_dflt(raw);
        auto h = parse_dcx_header(dcx);
        ASSERT_TRUE(h.ok()) << h.error().message;
        EXPECT_EQ(h->codec, "DFLT");
        EXPECT_EQ(h->version, 0x11000u);
        EXPECT_EQ(h->field10, 0x44u);
        EXPECT_EQ(h->level, 9);
        EXPECT_EQ(h->uncompressed_size, n);
        EXPECT_EQ(dcx[0x4C], 0x78);
        EXPECT_EQ(dcx[0x4D], 0xDA);
        auto out = dcx_decompress(dcx, registry);
        ASSERT_TRUE(out.ok()) << out.error().message;
        EXPECT_TRUE(*out == raw) << n;
    }
}

TEST(DcxZstd, WriterRoundTripsWithPaddingAfterThePayload) {
    const DecompressorRegistry registry = default_decompressors();
    for (std::size_t n : {0u, 5u, 4096u, 200000u}) {
        const auto raw = sample_bytes(n);
        const auto dcx = dcx_write_zstd(raw);
        EXPECT_EQ(dcx.size() % 16, 0u);
        auto h = parse_dcx_header(dcx);
        ASSERT_TRUE(h.ok()) << h.error().message;
        EXPECT_EQ(h->codec, "ZSTD");
        EXPECT_LE(0x4Cu + h->compressed_size, dcx.size());
        auto out = dcx_decompress(dcx, registry);
        ASSERT_TRUE(out.ok()) << out.error().message;
        EXPECT_TRUE(*out == raw) << n;
    }
}

TEST(DcxDflt, InflatedSizeDifferentFromHeaderIsSizeMismatch) {
    const DecompressorRegistry registry = default_decompressors();
    const auto raw = sample_bytes(5000);
    for (std::uint32_t stated : {4999u, 5001u, 0u}) {
        auto dcx = dcx_write_dflt(raw);
        put_be32(dcx, 0x1C, stated);
        auto out = dcx_decompress(dcx, registry);
        ASSERT_FALSE(out.ok()) << stated;
        EXPECT_EQ(out.error().code, ErrorCode::kSizeMismatch) << out.error().message;
    }
}

TEST(DcxZstd, FrameSizeDifferentFromHeaderIsSizeMismatch) {
    auto dcx = dcx_write_zstd(sample_bytes(5000));
    put_be32(dcx, 0x1C, 5001);
    auto out = dcx_decompress(dcx, default_decompressors());
    ASSERT_FALSE(out.ok());
    EXPECT_EQ(out.error().code, ErrorCode::kSizeMismatch) << out.error().message;
}

TEST(DcxDflt, ImpossibleStatedSizeIsRefusedBeforeAllocating) {
    auto dcx = dcx_write_dflt(sample_bytes(10));
    put_be32(dcx, 0x1C, 0xFFFFFFFFu);
    auto out = dcx_decompress(dcx, default_decompressors());
    ASSERT_FALSE(out.ok());
    EXPECT_EQ(out.error().code, ErrorCode::kSizeMismatch);
    EXPECT_EQ(out.error().offset, 0x1Cu);
}

// ctest-labels: hostile
TEST(DcxDflt, CorruptStreamIsDecompressErrorWithFileOffset) {
    auto dcx = dcx_write_dflt(sample_bytes(5000));
    for (std::size_t i = 0x4E; i < dcx.size(); ++i) dcx[i] = 0xFF;
    auto out = dcx_decompress(dcx, default_decompressors());
    ASSERT_FALSE(out.ok());
    EXPECT_EQ(out.error().code, ErrorCode::kDecompress) << out.error().message;
    EXPECT_GE(out.error().offset, 0x4Cu);
}

struct HeaderCorruption {
    std::size_t offset;
    std::uint8_t value;
    ErrorCode code;
};

// ctest-labels: hostile
TEST(DcxHeader, CorruptFieldsGiveTypedErrorsAtTheirOffset) {
    const auto good = dcx_write_dflt(sample_bytes(100));
    const HeaderCorruption cases[] = {
        {0x00, 'X', ErrorCode::kBadMagic},   {0x03, 1, ErrorCode::kBadMagic},     {0x18, 'X', ErrorCode::kBadMagic},
        {0x24, 'X', ErrorCode::kBadMagic},   {0x44, 'X', ErrorCode::kBadMagic},   {0x28, 'E', ErrorCode::kUnsupported},
        {0x05, 0x02, ErrorCode::kBadHeader}, {0x0B, 0x19, ErrorCode::kBadHeader}, {0x0F, 0x25, ErrorCode::kBadHeader},
        {0x13, 0x45, ErrorCode::kBadHeader}, {0x17, 0x2C, ErrorCode::kBadHeader}, {0x2F, 0x21, ErrorCode::kBadHeader},
        {0x31, 0x01, ErrorCode::kBadHeader}, {0x34, 0x01, ErrorCode::kBadHeader}, {0x38, 0x03, ErrorCode::kBadHeader},
        {0x3C, 0x01, ErrorCode::kBadHeader}, {0x41, 0x02, ErrorCode::kBadHeader}, {0x4B, 0x09, ErrorCode::kBadHeader},
    };
    for (const auto& c : cases) {
        auto bytes = good;
        bytes[c.offset] = c.value;
        auto h = parse_dcx_header(bytes);
        ASSERT_FALSE(h.ok()) << "offset 0x" << std::hex << c.offset;
        EXPECT_EQ(h.error().code, c.code) << std::hex << c.offset << ": " << h.error().message;
        // The error points at the field (4-byte aligned start) that holds the corrupted byte.
        EXPECT_EQ(h.error().offset / 4, c.offset / 4) << std::hex << c.offset << ": " << h.error().message;
    }
}

TEST(DcxHeader, KrakAndZstdRequireThe11000Layout) {
    auto bytes = dcx_write_zstd(sample_bytes(100));
    put_be32(bytes, 0x04, 0x10000);
    auto h = parse_dcx_header(bytes);
    ASSERT_FALSE(h.ok());
    EXPECT_EQ(h.error().code, ErrorCode::kBadHeader);
    EXPECT_EQ(h.error().offset, 0x04u);
}

// ctest-labels: hostile
TEST(DcxHeader, CompressedSizeBeyondTheFileIsTruncated) {
    auto bytes = dcx_write_dflt(sample_bytes(1000));
    put_be32(bytes, 0x20, static_cast<std::uint32_t>(bytes.size()));
    auto h = parse_dcx_header(bytes);
    ASSERT_FALSE(h.ok());
    EXPECT_EQ(h.error().code, ErrorCode::kTruncated);
}

// ctest-labels: hostile
TEST(DcxHeader, NotADcxIsBadMagicAndShortIsTruncated) {
    const std::uint8_t bnd[] = {'B', 'N', 'D', '4', 0, 0, 0, 0};
    EXPECT_FALSE(is_dcx(bnd));
    EXPECT_EQ(parse_dcx_header(bnd).error().code, ErrorCode::kBadMagic);
    const std::uint8_t short_dcx[] = {'D', 'C', 'X', 0, 0, 1};
    EXPECT_TRUE(is_dcx(short_dcx));
    EXPECT_EQ(parse_dcx_header(short_dcx).error().code, ErrorCode::kTruncated);
}

}  // namespace
}  // namespace meshproof
