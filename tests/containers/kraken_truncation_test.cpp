// ctest-labels: hostile
// Every prefix truncation of every Kraken fixture gives a typed error (kTruncated), never a
// crash and never a write outside the output (the ASan build runs these: names contain
// "Truncat"). Small fixtures: every prefix. Multi-MB fixtures: every prefix up to 64 KiB,
// every prefix within a few bytes of each of the first block boundaries, then a stride.
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <set>
#include <vector>

#include <gtest/gtest.h>

#include "engine/containers/kraken/kraken.h"
#include "tests/support/corpus.h"
#include "tests/support/kraken_fixtures.h"

namespace meshproof {
namespace {

constexpr std::size_t kBlock = 262144;

// Input offsets where each of the first `blocks` 256 KiB blocks ends.
std::vector<std::size_t> block_boundaries(Bytes stream, std::size_t decoded, std::size_t blocks) {
    std::vector<std::size_t> out;
    std::vector<std::uint8_t> dst(decoded);
    for (std::size_t i = 1; i <= blocks && (i - 1) * kBlock < decoded; ++i) {
        const std::size_t n = std::min(decoded, i * kBlock);
        const Result<std::size_t> used = kraken_decompress_prefix(stream, std::span(dst).first(n));
        if (!used.ok()) break;
        out.push_back(*used);
    }
    return out;
}

std::vector<std::size_t> truncation_points(Bytes stream, std::size_t decoded) {
    // Budget: roughly proportional to (prefix count) x (decoded bytes before the cut).
    const bool small = decoded <= (1u << 20);
    if (small) return test::prefix_lengths(stream.size(), 1);
    std::set<std::size_t> points;
    // Dense prefixes only where they cut the first block (cheap: nothing decodes yet).
    const std::vector<std::size_t> bounds = block_boundaries(stream, decoded, 8);
    const std::size_t dense = bounds.empty() ? 0 : std::min<std::size_t>(bounds.front(), 64 * 1024);
    for (std::size_t n = 0; n < dense; ++n) points.insert(n);
    for (std::size_t b : bounds) {
        for (std::size_t d = 0; d <= 8; ++d) {
            if (b >= d) points.insert(b - d);
            if (b + d < stream.size()) points.insert(b + d);
        }
    }
    const std::size_t stride = std::max<std::size_t>(stream.size() / 96, 4099);
    for (std::size_t n : test::prefix_lengths(stream.size(), stride)) {
        if (n >= 64 * 1024) points.insert(n);
    }
    points.erase(stream.size());
    return {points.begin(), points.end()};
}

void expect_every_prefix_rejected(const std::string& relative) {
    const auto stream = test::load_kraken_stream(relative);
    ASSERT_TRUE(stream) << relative;
    const Bytes full = stream->stream();
    std::vector<std::uint8_t> dst(stream->decoded_size);
    std::size_t checked = 0;
    for (std::size_t n : truncation_points(full, dst.size())) {
        if (n >= full.size()) continue;
        const Status st = kraken_decompress(full.first(n), dst);
        ASSERT_FALSE(st.ok()) << relative << ": prefix of " << n << " bytes accepted";
        ASSERT_EQ(st.error().code, ErrorCode::kTruncated) << relative << " prefix " << n << ": " << st.error().message;
        ASSERT_LE(st.error().offset, n) << relative << " prefix " << n;
        ++checked;
    }
    EXPECT_GT(checked, 0u);
}

class KrakenTruncation : public ::testing::TestWithParam<test::KrakenFixture> {};

TEST_P(KrakenTruncation, EveryPrefixIsATypedError) {
    MP_REQUIRE_CORPUS();
    expect_every_prefix_rejected(GetParam().path);
}

std::string fixture_name(const ::testing::TestParamInfo<test::KrakenFixture>& info) {
    std::string name = std::filesystem::path(info.param.path).filename().string();
    for (char& c : name) {
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    }
    return name;
}

INSTANTIATE_TEST_SUITE_P(Corpus, KrakenTruncation, ::testing::ValuesIn(test::kraken_fixtures()), fixture_name);

TEST(KrakenTruncation, CraftedStreamsEveryPrefix) {
    MP_REQUIRE_CORPUS();
    for (const std::string& name : test::crafted_kraken_streams()) {
        if (!std::filesystem::exists(test::corpus_path("kraken/crafted/" + name + ".expected"))) continue;
        SCOPED_TRACE(name);
        expect_every_prefix_rejected("kraken/crafted/" + name + ".kraken");
    }
}

}  // namespace
}  // namespace meshproof

namespace meshproof {
namespace {

// Truncation inside a quantum: the quantum header (and, for an LZ sub-chunk, its length) are
// patched to the shorter payload so the container checks pass and every inner stream of the
// sub-chunk sees the cut. Must give kDecompress, never a crash.
void expect_inner_cuts_rejected(const std::string& relative) {
    const auto stream = test::load_kraken_stream(relative);
    ASSERT_TRUE(stream);
    const Bytes s = stream->stream();
    ASSERT_GE(s.size(), 8u);
    ASSERT_LE(stream->decoded_size, 131072u) << "a one-sub-chunk fixture is expected";
    const std::size_t c = ((std::size_t{s[2]} << 16 | std::size_t{s[3]} << 8 | s[4]) & 0x3FFFF) + 1;
    ASSERT_EQ(s.size(), 5 + c) << "a one-block stream is expected";
    const bool lz = (s[5] & 0x80) != 0;
    std::vector<std::uint8_t> dst(stream->decoded_size);
    for (std::size_t cut = 1; cut < c; ++cut) {
        std::vector<std::uint8_t> bad(s.begin(), s.begin() + static_cast<std::ptrdiff_t>(5 + cut));
        bad[2] = static_cast<std::uint8_t>((bad[2] & 0xFC) | ((cut - 1) >> 16));
        bad[3] = static_cast<std::uint8_t>((cut - 1) >> 8);
        bad[4] = static_cast<std::uint8_t>(cut - 1);
        if (lz && cut >= 3) {  // §2.5: L = h & 0x7FFFF
            const std::size_t l = cut - 3;
            bad[5] = static_cast<std::uint8_t>((bad[5] & 0xF8) | (l >> 16));
            bad[6] = static_cast<std::uint8_t>(l >> 8);
            bad[7] = static_cast<std::uint8_t>(l);
        }
        const Status st = kraken_decompress(bad, dst);
        ASSERT_FALSE(st.ok()) << relative << " cut at " << cut;
        ASSERT_EQ(st.error().code, ErrorCode::kDecompress) << st.error().message;
        ASSERT_LE(st.error().offset, bad.size());
    }
}

TEST(KrakenTruncation, InsideTheQuantumOfSmallMembers) {
    MP_REQUIRE_CORPUS();
    expect_inner_cuts_rejected("havok/h.hkx.dcx");
    expect_inner_cuts_rejected("havok/h.compendium.dcx");
    expect_inner_cuts_rejected("kraken/er__m10_00_00_00.emevd.dcx");
}

}  // namespace
}  // namespace meshproof
