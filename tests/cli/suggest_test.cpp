// The "did you mean" of usage errors (cli/suggest.h): the distance and the threshold.
#include "cli/suggest.h"

#include <gtest/gtest.h>

namespace meshproof::cli {
namespace {

TEST(Suggest, EditDistanceCountsEachEditOnce) {
    EXPECT_EQ(edit_distance("verify", "verify"), 0u);
    EXPECT_EQ(edit_distance("verfy", "verify"), 1u);    // one deletion
    EXPECT_EQ(edit_distance("verifyy", "verify"), 1u);  // one insertion
    EXPECT_EQ(edit_distance("vxrify", "verify"), 1u);   // one substitution
    EXPECT_EQ(edit_distance("vreify", "verify"), 1u);   // two neighbours swapped: one edit, not two
    EXPECT_EQ(edit_distance("", "dump"), 4u);
    EXPECT_EQ(edit_distance("dump", ""), 4u);
    EXPECT_EQ(edit_distance("dump", "diff"), 3u);
}

TEST(Suggest, NearestCloseWordIsSuggested) {
    const std::vector<std::string> commands = {"verify", "dump", "unpack", "export", "synth", "diff", "build"};
    EXPECT_EQ(closest_word("verfy", commands), "verify");
    EXPECT_EQ(closest_word("expotr", commands), "export");
    EXPECT_EQ(closest_word("dumb", commands), "dump");
    const std::vector<std::string> options = {"--json", "--md", "--html", "--manifest", "--threads"};
    EXPECT_EQ(closest_word("--jsn", options), "--json");
    EXPECT_EQ(closest_word("--thread", options), "--threads");
    EXPECT_EQ(closest_word("--manfiest", options), "--manifest");
}

TEST(Suggest, NothingIsSuggestedWhenNoWordIsClose) {
    const std::vector<std::string> commands = {"verify", "dump", "unpack", "export", "synth", "diff", "build"};
    EXPECT_EQ(closest_word("xyz", commands), std::nullopt);
    EXPECT_EQ(closest_word("check", commands), std::nullopt);
    // Two edits in a five-letter word is too far (a third of five is one).
    EXPECT_EQ(closest_word("vrfy", commands), std::nullopt);
    // Short words take one edit at most: "d" is two from "diff" and "dump".
    EXPECT_EQ(closest_word("d", commands), std::nullopt);
    EXPECT_EQ(closest_word("anything", {}), std::nullopt);
    // One letter is never a typo of another: "-x" is not "-h".
    EXPECT_EQ(closest_word("-x", {"-h", "-o"}), std::nullopt);
}

TEST(Suggest, LongWordsTakeTwoEditsAtMost) {
    const std::vector<std::string> options = {"--max-elements", "--member"};
    EXPECT_EQ(closest_word("--max-elemnst", options), "--max-elements");  // a deletion and a swap
    EXPECT_EQ(closest_word("--mx-elemnst", options), std::nullopt);       // three
}

}  // namespace
}  // namespace meshproof::cli
