#include "engine/core/plural.h"

#include <gtest/gtest.h>

namespace meshproof {
namespace {

TEST(Plural, OneIsSingularEveryOtherCountPlural) {
    EXPECT_EQ(plural(1, "file", "files"), "1 file");
    EXPECT_EQ(plural(0, "file", "files"), "0 files");
    EXPECT_EQ(plural(2, "body", "bodies"), "2 bodies");
    EXPECT_EQ(plural(18446744073709551615ull, "ID", "IDs"), "18,446,744,073,709,551,615 IDs");
}

TEST(Plural, CountsAreGroupedByThousands) {
    EXPECT_EQ(grouped(0), "0");
    EXPECT_EQ(grouped(999), "999");
    EXPECT_EQ(grouped(1000), "1,000");
    EXPECT_EQ(grouped(73800000), "73,800,000");
    EXPECT_EQ(plural(1204, "member", "members"), "1,204 members");
}

TEST(Plural, TheNounAloneForATable) {
    EXPECT_EQ(plural_noun(1, "byte", "bytes"), "byte");
    EXPECT_EQ(plural_noun(7, "byte", "bytes"), "bytes");
}

}  // namespace
}  // namespace meshproof
