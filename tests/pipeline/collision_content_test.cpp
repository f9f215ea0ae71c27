// Selecting character-binder members by content (engine/pipeline/collision_content.h): which
// sets are selected so, and the TAG0 test on the first bytes, over every prefix and hostile bytes.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <vector>

#include "engine/io/install_scan.h"
#include "engine/pipeline/collision_content.h"

namespace meshproof {
namespace {

TEST(CollisionContent, OnlyTheCharacterSetIsSelectedByContent) {
    EXPECT_TRUE(selects_by_content(kCharacterSet));
    for (const char* set : {"h", "l", "f", "object", "asset", "loose"}) EXPECT_FALSE(selects_by_content(set)) << set;
}

// A TAG0 section header (size 0x40 with the container flag) and the start of its SDKV.
const std::vector<std::uint8_t> kTag0 = {0x40, 0x00, 0x00, 0x40, 'T', 'A', 'G', '0',
                                         0x00, 0x00, 0x00, 0x10, 'S', 'D', 'K', 'V'};

// ctest-labels: hostile
TEST(CollisionContent, OpensAsTag0OnEveryPrefix) {
    for (std::size_t n = 0; n <= kTag0.size(); ++n) EXPECT_EQ(opens_as_tag0(Bytes(kTag0.data(), n)), n >= 8) << n;
}

// ctest-labels: hostile
TEST(CollisionContent, HostileBytesAreNotTag0) {
    std::vector<std::uint8_t> b = kTag0;
    b[7] = '1';  // TAG1
    EXPECT_FALSE(opens_as_tag0(b));
    const std::array<std::uint8_t, 16> packfile = {0x57, 0xE0, 0xE0, 0x57, 0x10, 0xC0, 0xC0, 0x10};
    EXPECT_FALSE(opens_as_tag0(packfile));
    const std::array<std::uint8_t, 8> tcm0 = {0, 0, 0, 8, 'T', 'C', 'M', '0'};
    EXPECT_FALSE(opens_as_tag0(tcm0));
    EXPECT_FALSE(opens_as_tag0(Bytes{}));
}

}  // namespace
}  // namespace meshproof
