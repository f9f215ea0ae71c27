// The new figure kinds on the real sample (../shared/corpus): the Elden Ring collision tagfiles
// (2 h and 2 l tagfiles — each loose file and its .dcx — with 2 meshes per set) and the retail
// .sur sample, measured against the checked-in document manifests. The expected values are the
// sample's own, stated by corpus/havok/README.md or counted here from the pass's plain counters.
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

TEST(FigureKindsCorpus, EldenRingSampleValueSetsAndBound) {
    MP_REQUIRE_CORPUS();
    const RunResult run =
        test::verify_corpus_folder("havok", {"tagfile", "simd", "structure", "page", "keys", "numbering"});
    auto manifest = load_manifest(kManifests / "eldenring.json", PassRegistry::global());
    ASSERT_TRUE(manifest.ok()) << manifest.error().message;
    const auto results = evaluate_figures(*manifest, run);

    // "SDK version string stored in the collision tagfiles: 20180100", over the h set's 2 tagfiles.
    const FigureResult& sdk = figure(results, "havok.sdk.eldenring.version");
    EXPECT_EQ(sdk.status, FigureStatus::kMatch);
    EXPECT_EQ(sdk.values, (Values{{{20180100}, 2}}));
    // "isActive byte of every simd node: 0": every node of the 4 meshes' trees.
    const FigureResult& active = figure(results, "havok.simd.eldenring.isactive");
    EXPECT_EQ(active.status, FigureStatus::kMatch);
    ASSERT_EQ(active.values.size(), 1u);
    EXPECT_EQ(active.values[0].first, std::vector<double>{0});
    EXPECT_GT(active.values[0].second, 4u);
    // "data run value of every section: 0xFFFF": one run per section, one section per mesh here. A
    // figure of both games, on Elden Ring alone: it holds on what was read (FORMAT.md "Figures of both games").
    const FigureResult& runs = figure(results, "havok.structure.both.data_run_value");
    EXPECT_EQ(runs.status, FigureStatus::kHoldsOnRead);
    EXPECT_EQ(runs.why, "holds on what was read: a figure of both games, measured on eldenring alone");
    EXPECT_EQ(runs.values, (Values{{{0xFFFF}, test::tally_of(run, "structure").total("sections")}}));
    // "(bound) 16 µm": every triangle of the sample lies inside its domain (README: 0 outside).
    const FigureResult& bound = figure(results, "havok.page.both.domain_tolerance_um");
    EXPECT_EQ(bound.status, FigureStatus::kHoldsOnRead);
    EXPECT_LE(*bound.measured, 16.0);
    // The sample's meshes all store numPrimitiveKeys exactly: the minimum over the others has nothing to measure.
    EXPECT_EQ(test::tally_of(run, "keys").total("numprimitivekeys_exact"), 4u);
    EXPECT_EQ(figure(results, "havok.keys.both.numprimitivekeys_min_excess").status, FigureStatus::kUnchecked);
}

TEST(FigureKindsCorpus, RetailSurSampleMeanAndMedian) {
    MP_REQUIRE_CORPUS();
    const RunResult run = test::verify_corpus_folder("sur/retail-sample", {"sur_read", "sur_derive"});
    auto manifest = load_manifest(kManifests / "freelancer.json", PassRegistry::global());
    ASSERT_TRUE(manifest.ok()) << manifest.error().message;
    const auto results = evaluate_figures(*manifest, run);

    // "averaging 69 faces" per type-5 hull: the sample's mean is its faces_skip over its skip_hulls.
    const Tally& read = test::tally_of(run, "sur_read");
    const FigureResult& mean = figure(results, "sur.corpus.skip_hull_avg_faces");
    ASSERT_TRUE(mean.measured.has_value());
    EXPECT_DOUBLE_EQ(*mean.measured, double(read.count("faces_skip", TallyScope{"freelancer", "vers", {}})) /
                                         double(read.count("skip_hulls", TallyScope{"freelancer", "vers", {}})));
    // The median error of MAXLancer's constant: one value per stored component (3 per surface).
    const FigureResult& median = figure(results, "sur.derive.inertia_maxlancer_median_error");
    ASSERT_TRUE(median.measured.has_value()) << median.why;
    std::uint64_t components = 0;
    for (const auto& [value, n] : median.values) components += n;
    EXPECT_LE(components,
              test::tally_of(run, "sur_derive").count("inertia_components", TallyScope{"freelancer", "vers", {}}));
    EXPECT_GT(components, 0u);
    EXPECT_FALSE(median.values_overflowed);
}

}  // namespace
}  // namespace meshproof
