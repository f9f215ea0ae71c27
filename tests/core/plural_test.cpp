#include "engine/core/plural.h"

#include <gtest/gtest.h>

namespace meshproof {
namespace {

TEST(Plural, OneIsSingularEveryOtherCountPlural) {
    EXPECT_EQ(plural(1, "file", "files"), "1 file");
    EXPECT_EQ(plural(0, "file", "files"), "0 files");
    EXPECT_EQ(plural(2, "body", "bodies"), "2 bodies");
    EXPECT_EQ(plural(18446744073709551615ull, "ID", "IDs"), "18446744073709551615 IDs");
}

TEST(Plural, TheNounAloneForATable) {
    EXPECT_EQ(plural_noun(1, "byte", "bytes"), "byte");
    EXPECT_EQ(plural_noun(7, "byte", "bytes"), "bytes");
}

}  // namespace
}  // namespace meshproof
