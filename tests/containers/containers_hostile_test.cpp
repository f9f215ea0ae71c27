// ctest-labels: hostile
// Hostile input for DCX and binder readers: every prefix of each fixture (test::prefix_lengths)
// and single-byte corruptions give an error or a consistent result, never a crash. Labelled
// hostile, so scripts/test also runs them under ASan + UBSan.
#include <gtest/gtest.h>

#include "engine/containers/binder.h"
#include "engine/containers/binder_entry_data.h"
#include "engine/containers/binder_hash_table.h"
#include "engine/containers/binder_writer.h"
#include "engine/containers/dcx.h"
#include "engine/containers/dcx_writer.h"
#include "engine/containers/default_decompressors.h"
#include "engine/containers/zlib_stream.h"
#include "tests/containers/container_fixtures.h"
#include "tests/support/corpus.h"

namespace meshproof {
namespace {

constexpr std::uint8_t kFlips[] = {0x01, 0x80, 0xFF};

std::vector<std::uint8_t> patterned(std::size_t n) {
    std::vector<std::uint8_t> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<std::uint8_t>((i * 31) ^ (i >> 5));
    return v;
}

void put_be32(std::vector<std::uint8_t>& b, std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) b[at + i] = static_cast<std::uint8_t>(v >> (24 - 8 * i));
}

// Everything a caller would do with a binder: parse, hash table, every member's content.
void exercise_binder(Bytes header, Bytes container, bool split, const DecompressorRegistry& registry) {
    auto binder = split ? parse_bhf4(header) : parse_bnd4(header);
    if (!binder.ok()) return;
    (void)check_binder_hash_table(header, *binder);
    for (const BinderEntry& e : binder->entries) {
        auto content = entry_decompressed_bytes(e, container, registry);
        if (content.ok() && !e.compressed() && !is_dcx(entry_stored_bytes(e, container).value())) {
            EXPECT_EQ(content->size(), e.compressed_size);
        }
    }
}

// A split binder whose members need every decoding path (DFLT, ZSTD, raw zlib, plain).
Bxf4Bytes mixed_bxf4() {
    const auto content = patterned(3000);
    std::vector<BinderFile> files(4);
    files[0] = {"m\\a.hkx.dcx", 0, dcx_write_dflt(content), binder_entry_flags::kOrdinary, std::nullopt};
    files[1] = {"m\\b.hkx.dcx", 1, dcx_write_zstd(content), binder_entry_flags::kOrdinary, std::nullopt};
    files[2] = {"m\\c.hkx", 2, deflate_zlib(content, 6),
                binder_entry_flags::kOrdinary | binder_entry_flags::kCompressed, content.size()};
    files[3] = {"m\\d.txt", 3, content, binder_entry_flags::kOrdinary, std::nullopt};
    return write_bxf4(files);
}

class AnibndHostileTest : public ::testing::TestWithParam<test::AnibndFixture> {};

TEST_P(AnibndHostileTest, TruncatedPrefixesErrOrParseConsistently) {
    MP_REQUIRE_CORPUS();
    auto bytes = test::read_file(test::corpus_path(GetParam().path));
    if (GetParam().dcx) bytes = dcx_decompress(bytes, default_decompressors()).value();
    const auto full = parse_bnd4(bytes);
    ASSERT_TRUE(full.ok()) << full.error().message;
    for (std::size_t n : test::prefix_lengths(bytes.size(), GetParam().dcx ? 4099 : 257)) {
        const Bytes prefix = Bytes(bytes).first(n);
        auto binder = parse_bnd4(prefix);
        if (!binder.ok()) {
            EXPECT_LE(binder.error().offset, bytes.size()) << n;
            continue;
        }
        // Only a prefix that keeps all headers parses, and then to the same entries.
        ASSERT_GE(n, full->headers_end);
        ASSERT_EQ(binder->entries.size(), full->entries.size());
        for (std::size_t i = 0; i < binder->entries.size(); ++i) {
            const BinderEntry& e = binder->entries[i];
            EXPECT_EQ(e.name, full->entries[i].name);
            EXPECT_EQ(e.data_offset, full->entries[i].data_offset);
            auto data = entry_stored_bytes(e, prefix);
            EXPECT_EQ(data.ok(), e.data_offset + e.compressed_size <= n);
            if (!data.ok()) {
                EXPECT_EQ(data.error().code, ErrorCode::kOutOfBounds);
            }
        }
    }
}

// Header corruption runs on the uncompressed fixtures only: they cover every header layout, and
// a flipped byte inside a DCX stream tests the decompressor, which has its own corruption tests.
class AnibndHeaderCorruptTest : public ::testing::TestWithParam<test::AnibndFixture> {};

TEST_P(AnibndHeaderCorruptTest, CorruptHeaderBytesNeverCrash) {
    MP_REQUIRE_CORPUS();
    const auto registry = default_decompressors();
    const auto good = test::read_file(test::corpus_path(GetParam().path));
    const auto full = parse_bnd4(good);
    ASSERT_TRUE(full.ok());
    for (std::size_t at = 0; at < full->headers_end; ++at) {
        for (std::uint8_t flip : kFlips) {
            auto bytes = good;
            bytes[at] ^= flip;
            exercise_binder(bytes, bytes, false, registry);
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Corpus, AnibndHostileTest, ::testing::ValuesIn(test::anibnd_fixtures()),
                         [](const auto& info) { return test::fixture_param_name(info.param.path); });

std::vector<test::AnibndFixture> uncompressed_anibnd_fixtures() {
    std::vector<test::AnibndFixture> out;
    for (const auto& f : test::anibnd_fixtures())
        if (!f.dcx) out.push_back(f);
    return out;
}

INSTANTIATE_TEST_SUITE_P(Corpus, AnibndHeaderCorruptTest, ::testing::ValuesIn(uncompressed_anibnd_fixtures()),
                         [](const auto& info) { return test::fixture_param_name(info.param.path); });

TEST(DcxHostile, TruncatedFixturePrefixesAreErrors) {
    MP_REQUIRE_CORPUS();
    const auto registry = default_decompressors();
    std::vector<std::string> paths;
    for (const auto& fx : test::krak_dcx_fixtures()) paths.push_back(fx.path);
    for (const auto& fx : test::anibnd_fixtures())
        if (fx.dcx) paths.push_back(fx.path);
    for (const auto& path : paths) {
        SCOPED_TRACE(path);
        const auto bytes = test::read_file(test::corpus_path(path));
        const auto full = parse_dcx_header(bytes);
        ASSERT_TRUE(full.ok()) << full.error().message;
        const std::size_t needed = 0x4C + full->compressed_size;
        for (std::size_t n : test::prefix_lengths(bytes.size())) {
            const Bytes prefix = Bytes(bytes).first(n);
            auto h = parse_dcx_header(prefix);
            EXPECT_EQ(h.ok(), n >= needed) << n;
            if (!h.ok()) {
                EXPECT_EQ(h.error().code, ErrorCode::kTruncated) << n;
            }
            auto out = dcx_decompress(prefix, registry);
            if (out.ok()) {
                EXPECT_EQ(out->size(), full->uncompressed_size);
            }
        }
    }
}

// The header kept consistent with a cut stream: the decoder itself meets the truncation.
TEST(DcxHostile, TruncatedStreamsBehindConsistentHeadersAreErrors) {
    const auto registry = default_decompressors();
    const auto raw = patterned(150000);
    for (const auto& dcx : {dcx_write_dflt(raw), dcx_write_zstd(raw)}) {
        const std::size_t end = 0x4C + parse_dcx_header(dcx)->compressed_size;
        for (std::size_t n = 0x4C; n < end; n += (n < 0x4C + 512 ? 1 : 37)) {
            auto cut = std::vector<std::uint8_t>(dcx.begin(), dcx.begin() + static_cast<std::ptrdiff_t>(n));
            put_be32(cut, 0x20, static_cast<std::uint32_t>(n - 0x4C));
            auto out = dcx_decompress(cut, registry);
            ASSERT_FALSE(out.ok()) << n;
            EXPECT_TRUE(out.error().code == ErrorCode::kDecompress || out.error().code == ErrorCode::kSizeMismatch)
                << n << ": " << out.error().message;
        }
    }
}

TEST(DcxHostile, CorruptHeaderAndPayloadBytesErrOrKeepTheStatedSize) {
    const auto registry = default_decompressors();
    std::vector<std::vector<std::uint8_t>> files = {dcx_write_dflt(patterned(20000)), dcx_write_zstd(patterned(20000))};
    if (test::corpus_available()) {
        files.push_back(test::read_file(test::corpus_path("havok/h.hkx.dcx")));
        files.push_back(test::read_file(test::corpus_path("havok/anibnd/sekiro/chr__c0000_c1180.anibnd.dcx")));
    }
    for (const auto& good : files) {
        for (std::size_t at = 0; at < good.size(); at += (at < 0x4C + 64 ? 1 : 53)) {
            for (std::uint8_t flip : kFlips) {
                auto bytes = good;
                bytes[at] ^= flip;
                auto out = dcx_decompress(bytes, registry);
                if (out.ok()) {
                    EXPECT_EQ(out->size(), parse_dcx_header(bytes)->uncompressed_size);
                }
            }
        }
    }
}

TEST(BinderHostile, TruncatedBhf4AndBdf4PrefixesAreErrorsOrConsistent) {
    const auto registry = default_decompressors();
    const Bxf4Bytes bxf = mixed_bxf4();
    const auto full = parse_bhf4(bxf.bhd);
    ASSERT_TRUE(full.ok());
    for (std::size_t n : test::prefix_lengths(bxf.bhd.size())) {
        auto binder = parse_bhf4(Bytes(bxf.bhd).first(n));
        if (!binder.ok()) continue;
        // The hash table is not needed for reading, so a prefix that keeps every name parses.
        ASSERT_EQ(binder->entries.size(), full->entries.size()) << n;
        EXPECT_EQ(binder->entries.back().name, full->entries.back().name) << n;
    }
    for (std::size_t n : test::prefix_lengths(bxf.bdt.size())) {
        const Bytes bdt = Bytes(bxf.bdt).first(n);
        EXPECT_EQ(check_bdf4(bdt).ok(), n >= 0x30) << n;
        for (const BinderEntry& e : full->entries) {
            auto content = entry_decompressed_bytes(e, bdt, registry);
            EXPECT_EQ(content.ok(), e.data_offset + e.compressed_size <= n) << n;
        }
    }
}

TEST(BinderHostile, CorruptBhf4BytesNeverCrash) {
    const auto registry = default_decompressors();
    const Bxf4Bytes bxf = mixed_bxf4();
    for (std::size_t at = 0; at < bxf.bhd.size(); ++at) {
        for (std::uint8_t flip : kFlips) {
            auto bhd = bxf.bhd;
            bhd[at] ^= flip;
            exercise_binder(bhd, bxf.bdt, true, registry);
        }
    }
    // Corrupt member bytes reach every decoder.
    const auto full = parse_bhf4(bxf.bhd);
    ASSERT_TRUE(full.ok());
    for (std::size_t at = 0x30; at < bxf.bdt.size(); at += 7) {
        auto bdt = bxf.bdt;
        bdt[at] ^= 0x5A;
        exercise_binder(bxf.bhd, bdt, true, registry);
    }
}

}  // namespace
}  // namespace meshproof
