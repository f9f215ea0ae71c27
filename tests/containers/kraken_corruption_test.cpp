// ctest-labels: hostile
// Random byte corruptions of Kraken fixtures give an error or bytes, never a crash or a write
// outside the output (the ASan build runs these: names contain "Corrupt"). Large fixtures are
// cut to their first blocks (kraken_decompress_prefix) to keep the runs short.
#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "engine/containers/kraken/kraken.h"
#include "tests/support/corpus.h"
#include "tests/support/kraken_fixtures.h"

namespace meshproof {
namespace {

constexpr std::size_t kBlock = 262144;

void corrupt_and_decode(const std::string& relative, std::size_t max_output, int rounds, std::uint32_t seed) {
    const auto stream = test::load_kraken_stream(relative);
    ASSERT_TRUE(stream) << relative;
    const std::size_t n = std::min<std::size_t>(stream->decoded_size, max_output);
    // Guard bytes around the output catch a write outside it even without ASan.
    constexpr std::size_t kGuard = 64;
    std::vector<std::uint8_t> buffer(n + 2 * kGuard, 0xA5);
    const std::span<std::uint8_t> dst(buffer.data() + kGuard, n);
    const Result<std::size_t> used = kraken_decompress_prefix(stream->stream(), dst);
    ASSERT_TRUE(used.ok()) << relative << ": " << used.error().message;
    std::vector<std::uint8_t> src(stream->stream().begin(),
                                  stream->stream().begin() + static_cast<std::ptrdiff_t>(*used));

    std::mt19937 rng(seed);
    std::size_t errors = 0;
    for (int round = 0; round < rounds; ++round) {
        std::vector<std::uint8_t> bad = src;
        const int flips = 1 + static_cast<int>(rng() % 4);
        for (int f = 0; f < flips; ++f) {
            const std::size_t at = rng() % bad.size();
            bad[at] ^= static_cast<std::uint8_t>(1 + rng() % 255);
        }
        const Status st = kraken_decompress(bad, dst);
        if (!st.ok()) {
            ++errors;
            ASSERT_LE(st.error().offset, bad.size());
            ASSERT_TRUE(st.error().code == ErrorCode::kDecompress || st.error().code == ErrorCode::kTruncated ||
                        st.error().code == ErrorCode::kUnsupported)
                << st.error().message;
        }
    }
    for (std::size_t i = 0; i < kGuard; ++i) {
        ASSERT_EQ(buffer[i], 0xA5);
        ASSERT_EQ(buffer[kGuard + n + i], 0xA5);
    }
    EXPECT_GT(errors, 0u) << "no corruption was ever detected";
}

TEST(KrakenCorrupt, HavokMembers) {
    MP_REQUIRE_CORPUS();
    corrupt_and_decode("havok/h.hkx.dcx", kBlock, 3000, 1);
    corrupt_and_decode("havok/h.compendium.dcx", kBlock, 2000, 2);
}

TEST(KrakenCorrupt, EldenRingEmevd) {
    MP_REQUIRE_CORPUS();
    corrupt_and_decode("kraken/er__m10_00_00_00.emevd.dcx", kBlock, 1000, 3);
}

TEST(KrakenCorrupt, GameBindersFirstBlocks) {
    MP_REQUIRE_CORPUS();
    corrupt_and_decode("kraken/sekiro__allmaterialbnd.mtdbnd.dcx", 2 * kBlock, 400, 4);
    corrupt_and_decode("kraken/er__allmaterial.matbinbnd.dcx", 2 * kBlock, 400, 5);
}

TEST(KrakenCorrupt, SilesiaFirstBlock) {
    MP_REQUIRE_CORPUS();
    corrupt_and_decode("kraken/silesia/xml.kraken", kBlock, 300, 6);
    corrupt_and_decode("kraken/silesia/dickens.kraken", kBlock, 200, 7);
}

// Random bytes behind a valid block header and a quantum header that claims them all: every
// sub-chunk and byte-array parser sees garbage.
TEST(KrakenCorrupt, RandomPayloadsBehindValidHeaders) {
    std::mt19937 rng(42);
    std::vector<std::uint8_t> dst(kBlock);
    for (int round = 0; round < 3000; ++round) {
        const std::size_t c = 1 + rng() % 2000;
        std::vector<std::uint8_t> src = {0x8C, 0x06, static_cast<std::uint8_t>((c - 1) >> 16),
                                         static_cast<std::uint8_t>((c - 1) >> 8), static_cast<std::uint8_t>(c - 1)};
        for (std::size_t i = 0; i < c; ++i) src.push_back(static_cast<std::uint8_t>(rng()));
        if (round % 2 && c > 16) {  // an LZ sub-chunk (§2.5) of mode 0/1 spanning the whole quantum
            const std::size_t l = c - 3;
            src[5] = static_cast<std::uint8_t>(0x80 | ((round / 2 % 2) << 3) | (l >> 16));
            src[6] = static_cast<std::uint8_t>(l >> 8);
            src[7] = static_cast<std::uint8_t>(l);
        }
        const std::size_t n = c + 1 + rng() % kBlock;
        const Status st = kraken_decompress(src, std::span(dst).first(std::min(n, kBlock)));
        if (!st.ok()) {
            ASSERT_LE(st.error().offset, src.size());
        }
    }
}

}  // namespace
}  // namespace meshproof
