#include "engine/tagfile/varint.h"

#include <gtest/gtest.h>

#include <vector>

namespace meshproof::tagfile {
namespace {

struct Case {
    std::vector<std::uint8_t> bytes;
    std::uint64_t value;
};

TEST(Varint, EveryWidth) {
    const std::vector<Case> cases = {
        {{0x00}, 0},
        {{0x7F}, 0x7F},
        {{0x80, 0x80}, 0x80},
        {{0xBF, 0xFF}, 0x3FFF},
        {{0xC0, 0x40, 0x00}, 0x4000},
        {{0xC3, 0x00, 0x01}, 0x30001},  // §5.4: the hkPropertyId member word, not "1"
        {{0xDF, 0xFF, 0xFF}, 0x1FFFFF},
        {{0xE0, 0x20, 0x00, 0x00}, 0x200000},
        {{0xE7, 0xFF, 0xFF, 0xFF}, 0x7FFFFFF},
        {{0xE8, 0x08, 0x00, 0x00, 0x00}, 0x8000000},
        {{0xEF, 0xFF, 0xFF, 0xFF, 0xFF}, 0x7FFFFFFFFull},
        {{0xF0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01}, 1},
        {{0xF7, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}, 0x07FFFFFFFFFFFFFFull},
        {{0xF8, 0x12, 0x34, 0x56, 0x78, 0x9A}, 0x123456789Aull},
        {{0xF8, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}, 0xFFFFFFFFFFull},
        {{0xF9, 0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF}, 0x0123456789ABCDEFull},
        {{0xF9, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}, ~0ull},
    };
    for (const Case& c : cases) {
        auto v = decode_varint(c.bytes, 0);
        ASSERT_TRUE(v.ok()) << std::hex << int(c.bytes[0]);
        EXPECT_EQ(v->value, c.value) << std::hex << int(c.bytes[0]);
        EXPECT_EQ(v->length, c.bytes.size());
        EXPECT_EQ(varint_length(c.bytes[0]), c.bytes.size());
    }
}

TEST(Varint, InvalidFirstBytes) {
    for (int b = 0xFA; b <= 0xFF; ++b) {
        const std::vector<std::uint8_t> bytes(9, static_cast<std::uint8_t>(b));
        auto v = decode_varint(bytes, 0);
        ASSERT_FALSE(v.ok());
        EXPECT_EQ(v.error().code, ErrorCode::kBadType);
    }
}

// ctest-labels: hostile
TEST(Varint, TruncatedVarints) {
    const std::vector<std::vector<std::uint8_t>> full = {{0x80, 0x80},
                                                         {0xC3, 0x00, 0x01},
                                                         {0xE7, 1, 2, 3},
                                                         {0xEF, 1, 2, 3, 4},
                                                         {0xF7, 1, 2, 3, 4, 5, 6, 7},
                                                         {0xF8, 1, 2, 3, 4, 5},
                                                         {0xF9, 1, 2, 3, 4, 5, 6, 7, 8}};
    for (const auto& bytes : full) {
        for (std::size_t n = 0; n < bytes.size(); ++n) {
            auto v = decode_varint(Bytes(bytes.data(), n), 0, 100);
            ASSERT_FALSE(v.ok());
            EXPECT_EQ(v.error().code, ErrorCode::kTruncated);
            EXPECT_EQ(v.error().offset, 100u);
        }
    }
}

TEST(Varint, ReaderAdvancesAndKeepsCursorOnError) {
    const std::vector<std::uint8_t> bytes = {0x05, 0xC3, 0x00, 0x01, 0xE7, 0x00};
    ByteReader r(bytes, 10);
    EXPECT_EQ(*read_varint(r), 5u);
    EXPECT_EQ(*read_varint(r), 0x30001u);
    EXPECT_EQ(r.pos(), 4u);
    auto bad = read_varint(r);
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().offset, 14u);
    EXPECT_EQ(r.pos(), 4u);
}

TEST(Varint, OffsetInsideSpan) {
    const std::vector<std::uint8_t> bytes = {0xFF, 0x81, 0x00};
    auto v = decode_varint(bytes, 1);
    ASSERT_TRUE(v.ok());
    EXPECT_EQ(v->value, 0x100u);
    EXPECT_FALSE(decode_varint(bytes, 3).ok());
}

}  // namespace
}  // namespace meshproof::tagfile
