// The floor rule's two readings by name (engine/rules/floor_rule.h): equal on a parent of positive
// extent, apart on an inverted one; the box read off the candidates; the nibble distance.
#include <gtest/gtest.h>

#include "engine/rules/floor_rule.h"

namespace meshproof::rules {
namespace {

TEST(FloorRule, ReadingsAgreeOnAPositiveExtent) {
    // The document's worked values: 2² = 4 exactly on the minimum side, 226 − 9 on the maximum.
    for (auto reading : {floor_nibbles_largest_fit, floor_nibbles_searched_up}) {
        EXPECT_EQ(reading(0.0f, 226.0f, 4.0f, 226.0f).byte, 0x20);
        EXPECT_EQ(reading(0.0f, 226.0f, 0.0f, 217.0f).byte, 0x03);
        const FloorNibbles f = reading(0.0f, 226.0f, 4.0f, 217.0f);
        EXPECT_EQ(f.min, 4.0f);
        EXPECT_EQ(f.max, 217.0f);
    }
}

TEST(FloorRule, InvertedParentParts) {
    EXPECT_EQ(floor_nibbles_largest_fit(10.0f, 0.0f, 5.0f, 5.0f).byte >> 4, 15);
    EXPECT_EQ(floor_nibbles_searched_up(10.0f, 0.0f, 5.0f, 5.0f).byte >> 4, 0);
}

TEST(FloorRule, NibbleDistance) {
    EXPECT_EQ(nibble_distance(0x23, 0x23), 0);
    EXPECT_EQ(nibble_distance(0x23, 0x13), 1);
    EXPECT_EQ(nibble_distance(0x0F, 0xF0), 30);
}

}  // namespace
}  // namespace meshproof::rules
