// Counters added so that a document figure has a counter of its own (corpus-manifests/counters.tsv):
// each is the complement or union of counters the pass already had, checked on the real sample
// and with a defect that moves a count from one side to the other.
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/verifiers/mesh_edits.h"
#include "tests/verifiers/verifier_fixtures.h"

namespace meshproof::test {
namespace {

class FigureCounters : public ErSampleTest {
protected:
    Tally run(std::string_view pass) { return run_pass(pass, sample_->member, sample_->tagfile.get()); }
};

TEST_F(FigureCounters, PrimsInLeafIsExactPlusWithinTolerance) {
    const Tally t = run("leafbox");
    EXPECT_EQ(t.count("prims_in_leaf", kScope), 12u);
    EXPECT_EQ(t.count("prims_in_leaf", kScope),
              t.count("prims_exact", kScope) + t.count("prims_within_tolerance", kScope));
}

TEST_F(FigureCounters, SimdChildLaneUnionIsTheComplementOfNotUnion) {
    const Tally before = run("leafbox");
    EXPECT_EQ(before.count("simd_child_lane_union", kScope), 3u);
    // Grow one child lane's box: that lane is no longer the union of its child's lanes.
    sample_->member.meshes[0].simd_tree.lane_box[1 * 4 + 0].min[0] -= 1.0f;  // node 1 lane 0 names node 2
    const Tally after = run("leafbox");
    EXPECT_EQ(after.count("simd_child_lane_union", kScope), 2u);
    EXPECT_EQ(after.count("simd_child_lane_not_union", kScope), 1u);
}

TEST_F(FigureCounters, RootMismatchIsRootsLessRootMatch) {
    const Tally t = run("nibble");
    for (const char* s : {"", "_stored_parent"}) {
        const std::string suffix = s;
        EXPECT_EQ(t.count("root_mismatch" + suffix, kScope) + t.count("root_match" + suffix, kScope),
                  t.count("roots" + suffix, kScope))
            << suffix;
    }
    EXPECT_GT(t.count("roots", kScope), 0u);
}

// A manifest may only name what a pass declares, so every value a pass records must be declared:
// counters in PassInfo::counters, maxima in PassInfo::maxima.
TEST_F(FigureCounters, EveryRecordedCounterAndMaximumIsDeclared) {
    auto declared = [](const std::vector<CounterInfo>& list, const std::string& name) {
        return std::any_of(list.begin(), list.end(), [&](const CounterInfo& c) { return c.name == name; });
    };
    std::size_t maxima_seen = 0;
    for (const Pass* pass : PassRegistry::global().all()) {
        const Tally t = run(pass->info().name);
        for (const auto& [key, value] : t.counts())
            EXPECT_TRUE(declared(pass->info().counters, key.first)) << pass->info().name << " counter " << key.first;
        for (const auto& [key, value] : t.maxima()) {
            ++maxima_seen;
            EXPECT_TRUE(declared(pass->info().maxima, key.first)) << pass->info().name << " maximum " << key.first;
        }
    }
    EXPECT_GT(maxima_seen, 0u);  // the sample records some (most primitives in a section, ...)
}

}  // namespace
}  // namespace meshproof::test
