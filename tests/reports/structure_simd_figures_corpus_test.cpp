// The structure and simd figures of issue 15 item 3 on the real Elden Ring sample (../shared/corpus
// /havok: 2 h and 2 l tagfiles, one mesh of one section each, 13 shared vertices and no packed one;
// corpus/havok/README.md: isCompact 1, hasSimdTree 1, empty lanes ±3.40282e+38), measured against
// the checked-in document manifest.
#include <gtest/gtest.h>

#include <filesystem>

#include "reports/figures.h"
#include "reports/manifest.h"
#include "tests/support/corpus_run_fixtures.h"

namespace meshproof {
namespace {

using test::figure;
using test::kManifests;
using test::Values;

TEST(StructureSimdFiguresCorpus, EldenRingSample) {
    MP_REQUIRE_CORPUS();
    const RunResult run = test::verify_corpus_folder("havok", {"simd", "structure"});
    auto manifest = load_manifest(kManifests / "eldenring.json", PassRegistry::global());
    ASSERT_TRUE(manifest.ok()) << manifest.error().message;
    auto results = evaluate_figures(*manifest, run);
    EXPECT_TRUE(judge_partial_install(results));  // 4 sections against the document's 722,405

    // "version 6 in Sekiro, 7 with externShapes in Elden Ring": each of the 4 tagfiles' compendium.
    const FigureResult& version = figure(results, "havok.structure.eldenring.shape_version");
    EXPECT_EQ(version.status, FigureStatus::kMatch);
    EXPECT_EQ(version.values, (Values{{{7}, 4}}));
    // "Every section names exactly one data run": one section per tagfile. A figure of both games
    // read on one game: it holds on what was read (the other game could still show another value).
    const FigureResult& runs = figure(results, "havok.structure.both.data_runs_per_section");
    EXPECT_EQ(runs.status, FigureStatus::kHoldsOnRead);
    EXPECT_EQ(runs.values, (Values{{{1}, 4}}));
    // Every section's runs and indices in range: all 4 of 4 read, against the document's 722,405.
    const FigureResult& tile = figure(results, "havok.structure.eldenring.runs_tile_sections");
    EXPECT_EQ(tile.status, FigureStatus::kHoldsOnRead);
    EXPECT_EQ(tile.measured, 4.0);
    // 13 shared vertices per file, each listed by its one section: 52, a whole-install count.
    const FigureResult& single = figure(results, "havok.structure.eldenring.single_section_shared");
    EXPECT_EQ(single.status, FigureStatus::kNotComparable);
    EXPECT_EQ(single.measured, 52.0);
    // No packed vertex: no position in two sections (within the bound), no section to share of;
    // "of 31.4 million" over both games: not comparable on one game's sample.
    const FigureResult& two = figure(results, "havok.structure.both.packed_in_two_sections");
    EXPECT_EQ(two.status, FigureStatus::kNotComparable);
    EXPECT_EQ(two.measured, 0.0);
    EXPECT_EQ(figure(results, "havok.structure.eldenring.codec_spans_packed").status, FigureStatus::kUnchecked);

    const FigureResult& compact = figure(results, "havok.simd.eldenring.iscompact_with_leaves");
    EXPECT_EQ(compact.status, FigureStatus::kMatch);
    EXPECT_EQ(compact.values, (Values{{{1}, 4}}));
    EXPECT_EQ(figure(results, "havok.simd.eldenring.hassimdtree_max").status, FigureStatus::kMatch);
    const FigureResult& other = figure(results, "havok.simd.eldenring.iscompact_other_max");
    // No leafless tree: a maximum nothing recorded reads 0, below the whole install's 246.
    EXPECT_EQ(other.status, FigureStatus::kNotComparable);
    EXPECT_EQ(other.measured, 0.0);
    // "about +3.4 × 10³⁸": the sample's empty lanes hold ±0x7F7FFFEE (3.40282e+38).
    // A minimum of both games reached on one: holds on what was read.
    const FigureResult& bound = figure(results, "havok.simd.both.empty_lane_bound");
    EXPECT_EQ(bound.status, FigureStatus::kHoldsOnRead);
    ASSERT_TRUE(bound.measured.has_value());
    EXPECT_FLOAT_EQ(static_cast<float>(*bound.measured), 3.40282e38f);
}

}  // namespace
}  // namespace meshproof
