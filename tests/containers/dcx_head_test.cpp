// A look at a DCX's first bytes (dcx_decompress_head, for game detection): a Kraken stream stops
// after the 256 KiB blocks that hold the bytes wanted, and they equal the whole decode's first
// bytes; a stream corrupt past its first block still gives its head (the rest was not decoded);
// a codec that cannot stop early (DFLT) decodes everything, and a content shorter than the bytes
// wanted is given whole.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "engine/containers/dcx.h"
#include "engine/containers/dcx_writer.h"
#include "engine/containers/default_decompressors.h"
#include "tests/support/corpus.h"

namespace meshproof {
namespace {

constexpr std::size_t kBlock = 262144;
const char* const kLargeKrak = "kraken/er__allmaterial.matbinbnd.dcx";

TEST(DcxHead, KrakenStopsAfterTheBlocksThatHoldTheBytesWanted) {
    MP_REQUIRE_CORPUS();
    const std::vector<std::uint8_t> dcx = test::read_file(test::corpus_path(kLargeKrak));
    auto whole = dcx_decompress(dcx, default_decompressors());
    ASSERT_TRUE(whole.ok()) << whole.error().message;
    ASSERT_GT(whole->size(), 2 * kBlock);
    for (const auto& [want, size] : {std::pair<std::size_t, std::size_t>{24, kBlock},
                                     {kBlock, kBlock},
                                     {kBlock + 1, 2 * kBlock},
                                     {whole->size() + 5, whole->size()}}) {
        std::vector<std::uint8_t> buffer;
        auto head = dcx_decompress_head(dcx, default_decompressors(), want, buffer);
        ASSERT_TRUE(head.ok()) << head.error().message;
        ASSERT_EQ(head->size(), size) << want;
        EXPECT_TRUE(std::equal(head->begin(), head->end(), whole->begin())) << want;
    }
}

TEST(DcxHead, AKrakenStreamCorruptPastItsFirstBlockStillGivesItsHead) {
    MP_REQUIRE_CORPUS();
    std::vector<std::uint8_t> dcx = test::read_file(test::corpus_path(kLargeKrak));
    // The stream's last bytes overwritten: the whole decode fails, the first block never reads them.
    std::fill(dcx.end() - 64, dcx.end(), std::uint8_t{0xFF});
    ASSERT_FALSE(dcx_decompress(dcx, default_decompressors()).ok());
    std::vector<std::uint8_t> buffer;
    auto head = dcx_decompress_head(dcx, default_decompressors(), 24, buffer);
    ASSERT_TRUE(head.ok()) << head.error().message;
    EXPECT_EQ(head->size(), kBlock);
}

TEST(DcxHead, DeflateDecodesEverything) {
    std::vector<std::uint8_t> raw(3 * kBlock);
    for (std::size_t i = 0; i < raw.size(); ++i) raw[i] = static_cast<std::uint8_t>(i * 7 / 5);
    const std::vector<std::uint8_t> dcx = dcx_write_dflt(raw);
    std::vector<std::uint8_t> buffer;
    auto head = dcx_decompress_head(dcx, default_decompressors(), 24, buffer);
    ASSERT_TRUE(head.ok()) << head.error().message;
    EXPECT_TRUE(std::equal(head->begin(), head->end(), raw.begin(), raw.end()));
}

}  // namespace
}  // namespace meshproof
