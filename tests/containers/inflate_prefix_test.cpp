// The prefix inflater (inflate_prefix.h) against libdeflate's whole inflate: a head of n bytes is
// the whole content's first n bytes, for many n, on the corpus's DCX_DFLT files and on our zlib
// writer's output at levels 1, 6, 9 and 12 of contents that make stored, fixed and dynamic blocks,
// long runs and distances near 32 KiB. The head stops where it is full: a stream corrupt after it
// still gives it.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "engine/containers/dcx.h"
#include "engine/containers/dcx_header.h"
#include "engine/containers/default_decompressors.h"
#include "engine/containers/inflate_prefix.h"
#include "engine/containers/zlib_stream.h"
#include "tests/containers/inflate_samples.h"
#include "tests/support/corpus.h"

namespace meshproof {
namespace {

// Head sizes to try on a content of `size` bytes: every one up to 300, powers of two and their
// neighbours, a stride across the whole, and the whole.
std::vector<std::size_t> head_sizes(std::size_t size, std::size_t stride) {
    std::vector<std::size_t> out;
    for (std::size_t n = 1; n <= std::min<std::size_t>(size, 300); ++n) out.push_back(n);
    for (std::size_t p = 512; p <= size + 1; p *= 2)
        for (std::size_t n : {p - 1, p, p + 1})
            if (n <= size) out.push_back(n);
    for (std::size_t n = 301; n < size; n += stride) out.push_back(n);
    out.push_back(size);
    return out;
}

void expect_heads_match(Bytes zlib, const std::vector<std::uint8_t>& whole, std::size_t stride,
                        const std::string& what) {
    for (std::size_t n : head_sizes(whole.size(), stride)) {
        std::vector<std::uint8_t> head(n);
        const Status s = inflate_zlib_prefix(zlib, head);
        ASSERT_TRUE(s.ok()) << what << " head " << n << ": " << s.error().message;
        ASSERT_TRUE(std::equal(head.begin(), head.end(), whole.begin())) << what << " head " << n;
    }
}

TEST(InflatePrefix, HeadsOfOurWriterAtEveryLevelAreTheWholeInflatesFirstBytes) {
    for (const auto& [name, content] : test::inflate_samples()) {
        for (int level : {1, 6, 9, 12}) {
            const std::vector<std::uint8_t> zlib = deflate_zlib(content, level);
            std::vector<std::uint8_t> whole(content.size());
            ASSERT_TRUE(inflate_zlib_exact(zlib, whole).ok());
            ASSERT_EQ(whole, content);
            expect_heads_match(zlib, whole, 4093, name + " level " + std::to_string(level));
        }
    }
}

TEST(InflatePrefix, HeadsOfTheCorpusDfltFilesAreTheWholeInflatesFirstBytes) {
    MP_REQUIRE_CORPUS();
    for (const std::string& path : test::dflt_dcx_fixtures()) {
        const std::vector<std::uint8_t> dcx = test::read_file(test::corpus_path(path));
        auto header = parse_dcx_header(dcx);
        ASSERT_TRUE(header.ok()) << path;
        ASSERT_EQ(header->codec, "DFLT") << path;
        auto whole = dcx_decompress(dcx, default_decompressors());
        ASSERT_TRUE(whole.ok()) << path << ": " << whole.error().message;
        expect_heads_match(dcx_payload(dcx, *header), *whole, 65521, path);
    }
}

TEST(InflatePrefix, AnEmptyHeadReadsOnlyTheZlibHeader) {
    std::vector<std::uint8_t> zlib = deflate_zlib(test::short_phrase(), 9);
    zlib.resize(2);
    EXPECT_TRUE(inflate_zlib_prefix(zlib, {}).ok());
    zlib[1] ^= 1;  // the check bits no longer make a multiple of 31
    const Status s = inflate_zlib_prefix(zlib, {});
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error().code, ErrorCode::kDecompress);
}

TEST(InflatePrefix, AHeadLongerThanTheContentIsASizeMismatch) {
    const std::vector<std::uint8_t> content = test::text_like(5000, 7);
    for (int level : {1, 9}) {
        const std::vector<std::uint8_t> zlib = deflate_zlib(content, level);
        std::vector<std::uint8_t> head(content.size() + 1);
        const Status s = inflate_zlib_prefix(zlib, head);
        ASSERT_FALSE(s.ok());
        EXPECT_EQ(s.error().code, ErrorCode::kSizeMismatch) << s.error().message;
    }
}

TEST(InflatePrefix, AStreamCorruptAfterTheHeadStillGivesTheHead) {
    const std::vector<std::uint8_t> content = test::text_like(400000, 8);
    std::vector<std::uint8_t> zlib = deflate_zlib(content, 9);
    std::fill(zlib.end() - 2000, zlib.end(), std::uint8_t{0xFF});
    std::vector<std::uint8_t> whole(content.size());
    ASSERT_FALSE(inflate_zlib_exact(zlib, whole).ok());
    std::vector<std::uint8_t> head(65536);
    ASSERT_TRUE(inflate_zlib_prefix(zlib, head).ok());
    EXPECT_TRUE(std::equal(head.begin(), head.end(), content.begin()));
}

}  // namespace
}  // namespace meshproof
