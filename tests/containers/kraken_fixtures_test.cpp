// Every Kraken fixture of the shared corpus decodes to the exact size and SHA-256 the corpus
// README gives; crafted streams match their .expected bytes or are rejected.
#include <filesystem>
#include <vector>

#include <gtest/gtest.h>

#include "engine/containers/kraken/kraken.h"
#include "tests/support/corpus.h"
#include "tests/support/kraken_fixtures.h"
#include "tests/support/sha256.h"

namespace meshproof {
namespace {

class KrakenFixtureTest : public ::testing::TestWithParam<test::KrakenFixture> {};

TEST_P(KrakenFixtureTest, DecodesToReadmeSizeAndSha256) {
    MP_REQUIRE_CORPUS();
    const test::KrakenFixture& fx = GetParam();
    const auto stream = test::load_kraken_stream(fx.path);
    ASSERT_TRUE(stream) << fx.path;
    ASSERT_EQ(stream->decoded_size, fx.decoded_size) << "header size differs from the README";
    std::vector<std::uint8_t> out(fx.decoded_size);
    const Status st = kraken_decompress(stream->stream(), out);
    ASSERT_TRUE(st.ok()) << fx.path << ": " << st.error().message << " at " << st.error().offset;
    EXPECT_EQ(test::sha256_hex(out), fx.sha256) << fx.path;
}

std::string fixture_name(const ::testing::TestParamInfo<test::KrakenFixture>& info) {
    std::string name = std::filesystem::path(info.param.path).filename().string();
    for (char& c : name) {
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    }
    return name;
}

INSTANTIATE_TEST_SUITE_P(Corpus, KrakenFixtureTest, ::testing::ValuesIn(test::kraken_fixtures()), fixture_name);

TEST(KrakenCrafted, MatchExpectedOrAreRejected) {
    MP_REQUIRE_CORPUS();
    for (const std::string& name : test::crafted_kraken_streams()) {
        SCOPED_TRACE(name);
        const auto stream = test::load_kraken_stream("kraken/crafted/" + name + ".kraken");
        ASSERT_TRUE(stream);
        std::vector<std::uint8_t> out(stream->decoded_size);
        const Status st = kraken_decompress(stream->stream(), out);
        const auto expected_path = test::corpus_path("kraken/crafted/" + name + ".expected");
        if (std::filesystem::exists(expected_path)) {
            ASSERT_TRUE(st.ok()) << st.error().message << " at " << st.error().offset;
            EXPECT_TRUE(out == test::read_file(expected_path));
        } else {
            ASSERT_FALSE(st.ok()) << "a stream without .expected must be rejected";
            EXPECT_EQ(st.error().code, ErrorCode::kDecompress) << st.error().message;
        }
    }
}

}  // namespace
}  // namespace meshproof
