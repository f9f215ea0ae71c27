// Pass "quads" on a synthetic install: the writer joins consecutive source rows (a b c), (a c d)
// into quads, so the stock quads are the written quads, every row has a key, and the pairing
// rule's counters partition as they must.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "engine/pipeline/run.h"
#include "engine/synth/install_writer.h"
#include "tests/synth/temp_install.h"
#include "tests/support/param_printers.h"

namespace meshproof::synth {
namespace {
namespace fs = std::filesystem;

class QuadsInstall : public ::testing::TestWithParam<SynthGame> {};

TEST_P(QuadsInstall, CountersPartitionAndStockQuadsAreTheWrittenQuads) {
    auto verified = test::write_and_verify(GetParam(), 5, {"quads"}, "quads");
    ASSERT_TRUE(verified.ok()) << verified.error().message;
    const SynthResult* written = &verified->written;
    const RunResult* run = &verified->run;
    ASSERT_EQ(run->passes.size(), 1u);
    const Tally& t = run->passes[0].tally;
    auto total = [&](std::string_view c) { return t.total(c); };

    std::printf("  synthetic %s:\n", synth_game_name(GetParam()).data());
    for (const auto& c : run->passes[0].pass->info().counters)
        std::printf("    %-32s %llu\n", c.name.c_str(), static_cast<unsigned long long>(total(c.name)));

    const SynthCounts& c = written->counts;
    EXPECT_EQ(total("quads"), c.quads);
    EXPECT_EQ(total("meshes"), c.meshes);
    EXPECT_EQ(total("quad_halves"), 2 * c.quads);
    // Every written row has a key and a pParam row: the stock pairs are the quads.
    EXPECT_EQ(total("rows"), c.source_rows);
    EXPECT_EQ(total("rows_used"), c.source_rows);
    EXPECT_EQ(total("rows_no_triangle"), 0u);
    EXPECT_EQ(total("rows_no_param"), 0u);
    EXPECT_EQ(total("stock_pairs"), c.quads);
    EXPECT_EQ(total("stock_pairs_unusable"), 0u);

    const std::uint64_t stock = total("stock_pairs"), found = total("found"), made = total("made");
    EXPECT_GT(found, 0u);
    EXPECT_LE(found, stock);
    EXPECT_LE(found, made);
    EXPECT_LE(made, total("candidates"));
    EXPECT_EQ(found + total("missed"), stock);
    EXPECT_EQ(total("found_first_half_agrees") + total("found_first_half_swapped"), found);
    EXPECT_EQ(total("section_found") + total("section_missed"), stock);
    EXPECT_EQ(total("section_missed"), total("section_missed_diff_primdata") + total("section_missed_multi_edge") +
                                           total("section_missed_two_edge"));
    EXPECT_LE(total("section_found"), total("section_made"));
    EXPECT_LE(total("source_index_found"), total("source_index_made"));
    EXPECT_LE(total("all_records_found"), total("all_records_made"));
    EXPECT_GE(total("found_by_position"), found);
    EXPECT_LE(total("found_by_position"), stock);
    EXPECT_LE(total("meshes_exact"), total("meshes_with_rows"));
    EXPECT_LE(total("local_index_found"), total("local_index_stock_pairs"));
    // The writer's source indices name one vertex each: no mesh uses one index for far corners.
    EXPECT_EQ(total("meshes_local_indices"), 0u);
}

INSTANTIATE_TEST_SUITE_P(Games, QuadsInstall, ::testing::Values(SynthGame::kEldenRing, SynthGame::kSekiro),
                         [](const auto& info) { return std::string(synth_game_name(info.param)); });

}  // namespace
}  // namespace meshproof::synth
