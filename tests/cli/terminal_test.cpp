// Colour by --color and NO_COLOR, and the painted text (cli/terminal.h).
#include "cli/terminal.h"

#include <cstdio>
#include <cstdlib>

#include <gtest/gtest.h>

namespace meshproof::cli {
namespace {

TEST(Terminal, ColourChoiceReadsItsThreeWordsOnly) {
    EXPECT_EQ(parse_colour_choice("auto"), ColourChoice::kAuto);
    EXPECT_EQ(parse_colour_choice("always"), ColourChoice::kAlways);
    EXPECT_EQ(parse_colour_choice("never"), ColourChoice::kNever);
    EXPECT_EQ(parse_colour_choice("yes"), std::nullopt);
    EXPECT_EQ(parse_colour_choice("Always"), std::nullopt);
}

TEST(Terminal, AutoColoursATerminalUnlessNoColorIsSet) {
    EXPECT_TRUE(colour_wanted(ColourChoice::kAuto, true, nullptr));
    EXPECT_TRUE(colour_wanted(ColourChoice::kAuto, true, ""));  // set but empty: as unset (no-color.org)
    EXPECT_FALSE(colour_wanted(ColourChoice::kAuto, true, "1"));
    EXPECT_FALSE(colour_wanted(ColourChoice::kAuto, false, nullptr));  // a file or a pipe
}

TEST(Terminal, NeverAndAlwaysAreObeyed) {
    EXPECT_FALSE(colour_wanted(ColourChoice::kNever, true, nullptr));
    EXPECT_TRUE(colour_wanted(ColourChoice::kAlways, false, nullptr));
    EXPECT_TRUE(colour_wanted(ColourChoice::kAlways, false, "1"));  // asked on the command line
}

TEST(Terminal, PaintWrapsInTheColourAndTheResetOrNothing) {
    EXPECT_EQ(paint("FAIL", Colour::kRed, true), "\x1b[31mFAIL\x1b[0m");
    EXPECT_EQ(paint("ok", Colour::kGreen, true), "\x1b[32mok\x1b[0m");
    EXPECT_EQ(paint("warn", Colour::kYellow, true), "\x1b[33mwarn\x1b[0m");
    EXPECT_EQ(paint("head", Colour::kBold, true), "\x1b[1mhead\x1b[0m");
    EXPECT_EQ(paint("FAIL", Colour::kRed, false), "FAIL");
}

// The run's choice through use_colour and paint(…, stream): a file is never a terminal.
TEST(Terminal, TheRunsChoiceDecidesForAStream) {
    std::FILE* file = std::tmpfile();
    ASSERT_NE(file, nullptr);
    ::unsetenv("NO_COLOR");
    set_colour_choice(ColourChoice::kAlways);
    EXPECT_EQ(paint("x", Colour::kRed, file), "\x1b[31mx\x1b[0m");
    ::setenv("NO_COLOR", "1", 1);
    EXPECT_EQ(paint("x", Colour::kRed, file), "\x1b[31mx\x1b[0m");
    set_colour_choice(ColourChoice::kNever);
    EXPECT_EQ(paint("x", Colour::kRed, file), "x");
    set_colour_choice(ColourChoice::kAuto);
    ::unsetenv("NO_COLOR");
    EXPECT_FALSE(use_colour(file));
    std::fclose(file);
}

TEST(Terminal, WidthOfNoTerminalIsColumnsOrTheFallback) {
    std::FILE* file = std::tmpfile();
    ASSERT_NE(file, nullptr);
    ::setenv("COLUMNS", "132", 1);
    EXPECT_EQ(terminal_width(file), 132);
    ::setenv("COLUMNS", "nonsense", 1);
    EXPECT_EQ(terminal_width(file, 77), 77);
    ::unsetenv("COLUMNS");
    EXPECT_EQ(terminal_width(file), 80);
    std::fclose(file);
}

}  // namespace
}  // namespace meshproof::cli
