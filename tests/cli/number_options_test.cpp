// The shared validators of numeric options (cli/number_options.h), on their own.
#include "cli/number_options.h"

#include <limits>

#include <gtest/gtest.h>

namespace meshproof::cli {
namespace {

// What the validator says of `text`: empty when accepted.
std::string check(const CLI::Validator& v, std::string text) { return v(text); }

TEST(NumberOptions, WholeNumberTakesDigitsInItsRangeOnly) {
    const CLI::Validator threads = thread_count();
    EXPECT_EQ(check(threads, "0"), "");
    EXPECT_EQ(check(threads, "8"), "");
    EXPECT_EQ(check(threads, "1024"), "");
    const std::string accepted = ": expected a whole number from 0 (every core) to 1024";
    for (const char* bad : {"-1", "1025", "2.5", "1e3", "abc", "", "+3", " 4", "4 ", "99999999999999999999999"})
        EXPECT_EQ(check(threads, bad), bad + accepted) << bad;
}

TEST(NumberOptions, WholeNumberWithoutANote) {
    const CLI::Validator level = whole_number(0, 12);
    EXPECT_EQ(check(level, "12"), "");
    EXPECT_EQ(check(level, "13"), "13: expected a whole number from 0 to 12");
    const CLI::Validator seed = whole_number(0, std::numeric_limits<std::uint64_t>::max());
    EXPECT_EQ(check(seed, "18446744073709551615"), "");
    EXPECT_EQ(check(seed, "18446744073709551616"),
              "18446744073709551616: expected a whole number from 0 to 18446744073709551615");
}

TEST(NumberOptions, RealNumberRefusesNanAndWhatIsOutsideItsRange) {
    const CLI::Validator seconds =
        real_number(0, std::numeric_limits<double>::max(), "a number of seconds, 0 (no limit) or more");
    for (const char* good : {"0", "2.5", "1e12", "1e308", ".5"}) EXPECT_EQ(check(seconds, good), "") << good;
    for (const char* bad : {"nan", "inf", "-1", "abc", "", "1e400", "3s"})
        EXPECT_EQ(check(seconds, bad), std::string(bad) + ": expected a number of seconds, 0 (no limit) or more")
            << bad;
    const CLI::Validator metres =
        real_number(0, std::numeric_limits<double>::infinity(), "a number of metres, 0 or more, or inf");
    EXPECT_EQ(check(metres, "inf"), "");
    EXPECT_EQ(check(metres, "-inf"), "-inf: expected a number of metres, 0 or more, or inf");
}

}  // namespace
}  // namespace meshproof::cli
