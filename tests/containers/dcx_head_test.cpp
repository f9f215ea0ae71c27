// A look at a DCX's first bytes (dcx_decompress_head, for game detection): a Kraken stream stops
// after the 256 KiB blocks that hold the bytes wanted, and they equal the whole decode's first
// bytes; a stream corrupt past its first block still gives its head (the rest was not decoded);
// DFLT and ZSTD stop at exactly the bytes wanted, and a content shorter than the bytes wanted is
// given whole.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "engine/containers/dcx.h"
#include "engine/containers/dcx_writer.h"
#include "engine/containers/default_decompressors.h"
#include "tests/containers/inflate_samples.h"
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

TEST(DcxHead, DeflateAndZstdStopAtTheBytesWanted) {
    std::vector<std::uint8_t> raw(3 * kBlock);
    for (std::size_t i = 0; i < raw.size(); ++i) raw[i] = static_cast<std::uint8_t>(i * 7 / 5);
    for (const auto& dcx : {dcx_write_dflt(raw), dcx_write_zstd(raw)}) {
        for (const auto& [want, size] :
             {std::pair<std::size_t, std::size_t>{24, 24}, {kBlock + 1, kBlock + 1}, {raw.size() + 5, raw.size()}}) {
            std::vector<std::uint8_t> buffer;
            auto head = dcx_decompress_head(dcx, default_decompressors(), want, buffer);
            ASSERT_TRUE(head.ok()) << head.error().message;
            ASSERT_EQ(head->size(), size) << want;
            EXPECT_TRUE(std::equal(head->begin(), head->end(), raw.begin())) << want;
        }
    }
}

TEST(DcxHead, ZstdHeadsAreTheWholeDecodesFirstBytes) {
    for (const auto& [name, content] : test::inflate_samples()) {
        for (int level : {1, 3, 15, 19}) {
            const std::vector<std::uint8_t> dcx = dcx_write_zstd(content, level);
            std::vector<std::size_t> wants = {1, 2, 3, 24, 100, 131071, 131072, 131073, content.size()};
            for (std::size_t n = 1000; n < content.size(); n += 7919) wants.push_back(n);
            for (std::size_t want : wants) {
                if (want > content.size()) continue;
                std::vector<std::uint8_t> buffer;
                auto head = dcx_decompress_head(dcx, default_decompressors(), want, buffer);
                ASSERT_TRUE(head.ok()) << name << " level " << level << " head " << want << ": "
                                       << head.error().message;
                ASSERT_EQ(head->size(), want);
                ASSERT_TRUE(std::equal(head->begin(), head->end(), content.begin()))
                    << name << " level " << level << " head " << want;
            }
        }
    }
}

TEST(DcxHead, AZstdFrameCorruptAfterTheHeadStillGivesTheHead) {
    const std::vector<std::uint8_t> content = test::text_like(600000, 9);
    std::vector<std::uint8_t> dcx = dcx_write_zstd(content, 3);
    auto header = parse_dcx_header(dcx);
    ASSERT_TRUE(header.ok());
    const std::size_t end = DcxHeader::payload_offset() + header->compressed_size;
    std::fill(dcx.begin() + static_cast<std::ptrdiff_t>(end - 64), dcx.begin() + static_cast<std::ptrdiff_t>(end),
              std::uint8_t{0xFF});
    ASSERT_FALSE(dcx_decompress(dcx, default_decompressors()).ok());
    std::vector<std::uint8_t> buffer;
    auto head = dcx_decompress_head(dcx, default_decompressors(), 65536, buffer);
    ASSERT_TRUE(head.ok()) << head.error().message;
    EXPECT_TRUE(std::equal(head->begin(), head->end(), content.begin()));
}

TEST(DcxHead, AZstdHeadLongerThanTheFrameIsASizeMismatch) {
    const std::vector<std::uint8_t> content = test::text_like(5000, 10);
    const std::vector<std::uint8_t> dcx = dcx_write_zstd(content, 3);
    auto header = parse_dcx_header(dcx);
    ASSERT_TRUE(header.ok());
    std::vector<std::uint8_t> head(content.size() + 1);
    const Status s = default_decompressors().find("ZSTD")->decompress_head(dcx_payload(dcx, *header), head);
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error().code, ErrorCode::kSizeMismatch) << s.error().message;
}

}  // namespace
}  // namespace meshproof
