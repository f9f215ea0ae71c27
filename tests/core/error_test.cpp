#include <gtest/gtest.h>

#include "engine/core/bytes.h"
#include "engine/core/error.h"

namespace meshproof {
namespace {

TEST(ErrorCode, NamesAreStableAndDistinct) {
    EXPECT_EQ(error_code_name(ErrorCode::kTruncated), "truncated");
    EXPECT_EQ(error_code_name(ErrorCode::kBadMagic), "bad-magic");
    EXPECT_EQ(error_code_name(ErrorCode::kUsage), "usage");
    EXPECT_NE(error_code_name(ErrorCode::kOutOfBounds), error_code_name(ErrorCode::kBadHeader));
}

Result<int> parse_positive(int v) {
    if (v <= 0) return make_error(ErrorCode::kBadHeader, 7, "not positive");
    return v;
}

Result<int> doubled(int v) {
    MP_TRY_ASSIGN(int x, parse_positive(v));
    return 2 * x;
}

TEST(Result, PropagatesErrorsWithOffset) {
    EXPECT_EQ(doubled(4).value(), 8);
    auto bad = doubled(-1);
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().code, ErrorCode::kBadHeader);
    EXPECT_EQ(bad.error().offset, 7u);
}

TEST(ByteReader, ReadsBothEndiannessAndStopsAtTheEnd) {
    const std::uint8_t raw[] = {0x01, 0x02, 0x03, 0x04, 0x05};
    ByteReader r(Bytes(raw), 100);
    EXPECT_EQ(*r.le<std::uint16_t>(), 0x0201);
    EXPECT_EQ(*r.be<std::uint16_t>(), 0x0304);
    EXPECT_EQ(r.unit_offset(), 104u);
    EXPECT_FALSE(r.le<std::uint16_t>().has_value());
    EXPECT_EQ(*r.le<std::uint8_t>(), 0x05);
    EXPECT_FALSE(r.le<std::uint8_t>().has_value());
}

TEST(InRange, IsOverflowSafe) {
    EXPECT_TRUE(in_range(0, 4, 4));
    EXPECT_FALSE(in_range(1, 4, 4));
    EXPECT_FALSE(in_range(~0ull, 2, 4));
    EXPECT_FALSE(in_range(2, ~0ull, 4));
}

}  // namespace
}  // namespace meshproof
