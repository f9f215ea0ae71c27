// The varint encoder (varint_writer.h): shortest widths at every boundary of §5.4, checked
// against the reader's decoder.
#include "engine/tagfile/varint_writer.h"

#include <gtest/gtest.h>

#include <vector>

#include "engine/tagfile/varint.h"

namespace meshproof::tagfile {
namespace {

std::vector<std::uint8_t> encode(std::uint64_t v) {
    std::vector<std::uint8_t> out;
    append_varint(out, v);
    return out;
}

TEST(WriterVarint, WidthsAtEveryBoundary) {
    const struct {
        std::uint64_t last;
        std::uint8_t width;
    } ranges[] = {
        {(1ull << 7) - 1, 1},  {(1ull << 14) - 1, 2}, {(1ull << 21) - 1, 3}, {(1ull << 27) - 1, 4},
        {(1ull << 35) - 1, 5}, {(1ull << 40) - 1, 6}, {(1ull << 59) - 1, 8}, {~0ull, 9},
    };
    std::uint64_t first = 0;
    for (const auto& r : ranges) {
        for (std::uint64_t v : {first, first + 1, r.last - 1, r.last}) {
            EXPECT_EQ(varint_width(v), r.width) << std::hex << v;
            const auto bytes = encode(v);
            ASSERT_EQ(bytes.size(), r.width) << std::hex << v;
            auto decoded = decode_varint(bytes, 0);
            ASSERT_TRUE(decoded.ok()) << std::hex << v;
            EXPECT_EQ(decoded->value, v);
            EXPECT_EQ(decoded->length, r.width);
        }
        first = r.last + 1;
    }
}

TEST(WriterVarint, KnownEncodings) {
    EXPECT_EQ(encode(0), (std::vector<std::uint8_t>{0x00}));
    EXPECT_EQ(encode(0x7F), (std::vector<std::uint8_t>{0x7F}));
    EXPECT_EQ(encode(0x80), (std::vector<std::uint8_t>{0x80, 0x80}));
    EXPECT_EQ(encode(0x30001), (std::vector<std::uint8_t>{0xC3, 0x00, 0x01}));  // hkPropertyId member word
    EXPECT_EQ(encode(0x8000000), (std::vector<std::uint8_t>{0xE8, 0x08, 0x00, 0x00, 0x00}));
    EXPECT_EQ(encode(0x123456789Aull), (std::vector<std::uint8_t>{0xF8, 0x12, 0x34, 0x56, 0x78, 0x9A}));
    EXPECT_EQ(encode(1ull << 40), (std::vector<std::uint8_t>{0xF0, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00}));
    EXPECT_EQ(encode(0x0123456789ABCDEFull),  // below 2^59: the 8-byte form
              (std::vector<std::uint8_t>{0xF1, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF}));
    EXPECT_EQ(encode(0x0823456789ABCDEFull),
              (std::vector<std::uint8_t>{0xF9, 0x08, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF}));
}

TEST(WriterVarint, AppendsBackToBack) {
    std::vector<std::uint8_t> out;
    const std::uint64_t values[] = {5, 300, 1ull << 30, 42};
    for (std::uint64_t v : values) append_varint(out, v);
    ByteReader r(out);
    for (std::uint64_t v : values) {
        auto got = read_varint(r);
        ASSERT_TRUE(got.ok());
        EXPECT_EQ(*got, v);
    }
    EXPECT_EQ(r.remaining(), 0u);
}

}  // namespace
}  // namespace meshproof::tagfile
