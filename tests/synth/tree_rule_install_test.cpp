// Pass "tree_rule" on a synthetic install (both games): the synthetic writer builds its own trees
// (the stock tree rule of engine/builder, the builder it shares with `meshproof build`) and its cut, so the rates are
// whatever they are; what must hold is checked in every game/set scope: the counts partition,
// the pass walks the same section trees and inner nodes as the nibble pass, and no tree is
// rejected (the writer writes one pre-order tree per section).
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>

#include "engine/pipeline/run.h"
#include "engine/synth/install_writer.h"
#include "tests/synth/temp_install.h"
#include "tests/support/param_printers.h"

namespace meshproof::synth {
namespace {
namespace fs = std::filesystem;

class TreeRuleInstall : public ::testing::TestWithParam<SynthGame> {};

TEST_P(TreeRuleInstall, CountersPartitionInEveryScope) {
    auto verified = test::write_and_verify(GetParam(), 3, {"nibble", "tree_rule"}, "tree-rule");
    ASSERT_TRUE(verified.ok()) << verified.error().message;
    const RunResult* run = &verified->run;
    ASSERT_EQ(run->passes.size(), 2u);
    const Tally& nibble = run->passes[0].tally;
    const Tally& t = run->passes[1].tally;
    ASSERT_EQ(run->passes[1].pass->info().name, "tree_rule");

    std::set<TallyScope> scopes;
    for (const auto& [key, value] : t.counts()) scopes.insert(key.second);
    ASSERT_FALSE(scopes.empty());
    std::uint64_t inner = 0, small = 0;
    for (const TallyScope& s : scopes) {
        auto c = [&](std::string_view name) { return t.count(name, s); };
        SCOPED_TRACE(scope_text(s));
        EXPECT_EQ(c("sections_bad_tree"), 0u);
        EXPECT_EQ(c("sections_checked"), nibble.count("sections_checked", s));
        EXPECT_EQ(c("sections_left_out"), nibble.count("sections_left_out", s));
        EXPECT_EQ(c("inner_nodes"), nibble.count("inner_nodes", s) + nibble.count("roots", s));
        EXPECT_EQ(
            c("first_child_larger") + c("first_child_smaller") + c("equal_surface_nodes") + c("nan_surface_nodes"),
            c("inner_nodes"));
        EXPECT_EQ(c("nan_surface_nodes"), 0u);
        EXPECT_EQ(c("equal_surface_two_leaves") + c("equal_surface_first_more_leaves") +
                      c("equal_surface_first_fewer_leaves") + c("equal_surface_same_leaves"),
                  c("equal_surface_nodes"));
        EXPECT_LE(c("sibling_sections_over127"), c("sibling_section_pairs"));
        EXPECT_LE(c("small_subtrees_exact"), c("small_subtrees"));
        EXPECT_GE(c("small_subtree_inner_nodes"), 2 * c("small_subtrees"));
        EXPECT_LE(c("small_subtree_inner_nodes"), 15 * c("small_subtrees"));
        EXPECT_LE(c("small_subtree_inner_exact"), c("small_subtree_inner_nodes"));
        // Each subtree's root is always a node of its merge; an exact subtree has all its nodes.
        EXPECT_GE(c("small_subtree_inner_exact"), c("small_subtrees") + c("small_subtrees_exact"));
        for (const char* n : {"3", "16", "17", "33"})
            EXPECT_LE(c(std::string("subtrees_") + n + "_exact"), c(std::string("subtrees_") + n)) << n;
        EXPECT_LE(c("subtrees_3") + c("subtrees_16"), c("small_subtrees"));
        inner += c("inner_nodes");
        small += c("small_subtrees");
    }
    EXPECT_GT(inner, 0u);
    EXPECT_GT(small, 0u);
}

INSTANTIATE_TEST_SUITE_P(Games, TreeRuleInstall, ::testing::Values(SynthGame::kEldenRing, SynthGame::kSekiro),
                         [](const auto& info) { return std::string(synth_game_name(info.param)); });

}  // namespace
}  // namespace meshproof::synth
