// The sur_derive pass over the retail sample, the legacy files and the mod corpus (issue 8).
// Expected values: the sample's own measured counts (a quarter of the corpus the documents
// measured), checked against the documents' statements — freelancer-surface.md "What the
// derivations reproduce" and ivp-surface-notes.md §7, §10, §15 (leaf and inner rules exact on
// every retail node, mass centre and radius on every part, the fallback exact, the pod_drab
// figure) — plus partitions between counters and a byte-identical report at 1 and N threads.
#include <gtest/gtest.h>

#include <string>

#include "engine/pipeline/run.h"
#include "reports/run_report.h"
#include "tests/support/corpus_run_fixtures.h"
#include "tests/sur/sur_fixtures.h"

namespace meshproof {
namespace {

using test::tally_of;

RunResult verify(const std::string& folder, int threads = 0) {
    return test::verify_corpus_folder(folder, {"sur_derive"}, threads);
}

// Every value is counted once per checked item, in disjoint classes.
void expect_partitions(const Tally& t, const TallyScope& scope) {
    auto c = [&](const char* n) { return t.count(n, scope); };
    EXPECT_EQ(c("files_derived_exact") + c("files_derived_differ"), c("files"));
    EXPECT_EQ(c("leaf_sphere_within") + c("leaf_sphere_differ"), c("leaf_nodes"));
    EXPECT_EQ(c("leaf_box_exact") + c("leaf_box_differ"), c("leaf_nodes"));
    EXPECT_EQ(c("inner_sphere_within") + c("inner_sphere_differ"), c("inner_nodes"));
    EXPECT_EQ(c("inner_box_exact") + c("inner_box_differ"), c("inner_nodes"));
    EXPECT_EQ(c("mass_center_within") + c("mass_center_differ"), c("mass_checked"));
    EXPECT_EQ(c("radius_within") + c("radius_differ"), c("mass_checked"));
    EXPECT_EQ(c("deviation_exact") + c("deviation_off_by_one") + c("deviation_differ"), c("mass_checked"));
    EXPECT_EQ(c("inertia_components"), 3 * c("mass_checked"));
    EXPECT_EQ(c("inertia_within_25pct") + c("inertia_beyond_25pct"), c("inertia_components"));
    EXPECT_LE(c("inertia_exact"), c("inertia_within_0_1pct"));
    EXPECT_LE(c("inertia_within_0_1pct"), c("inertia_within_25pct"));
    EXPECT_EQ(c("fallback_inertia_exact") + c("fallback_inertia_differ"), c("fallback_parts"));
    EXPECT_LE(c("inertia_identical_reproduced"), c("inertia_identical_parts"));
    EXPECT_LE(c("inertia_identical_exact_reproduced"), c("inertia_identical_exact_parts"));
    EXPECT_LE(c("inertia_identical_exact_parts"), c("inertia_identical_parts"));
    EXPECT_LE(c("leaf_center_exact"), c("leaf_nodes"));
    EXPECT_LE(c("inner_center_exact"), c("inner_nodes"));
    EXPECT_EQ(c("pierce_exact") + c("pierce_differ"), c("pierce_faces"));
    EXPECT_EQ(c("pierce_in_range_hold") + c("pierce_in_range_fail"), c("pierce_faces"));
    EXPECT_EQ(c("opposite_derived_exact") + c("opposite_derived_differ") + c("opposite_undetermined"),
              c("opposite_faces"));
    EXPECT_EQ(c("opposite_faces"), c("pierce_faces"));
}

TEST(SurDeriveRun, RetailSampleReproducesTheDerivedValues) {
    MP_REQUIRE_CORPUS();
    const RunResult run = verify("sur/retail-sample");
    EXPECT_FALSE(run.any_violation());
    const Tally& t = tally_of(run, "sur_derive");
    const TallyScope vers = TallyScope{"freelancer", "vers", {}};
    auto c = [&](const char* n) { return t.count(n, vers); };
    expect_partitions(t, vers);
    EXPECT_EQ(c("files"), 196u);
    EXPECT_EQ(c("surfaces"), 351u);
    EXPECT_EQ(c("tree_errors"), 0u);
    // Full binary trees: leaves = terminal hulls (2,537 in the sample), inner = leaves − parts.
    EXPECT_EQ(c("leaf_nodes"), 2537u);
    EXPECT_EQ(c("inner_nodes"), c("leaf_nodes") - c("surfaces"));
    // Leaf rule (§7.1): every centre bit-exact, every sphere within 1e-4, every box byte
    // (the document's one corpus-wide box miss is not in the sample).
    EXPECT_EQ(c("leaf_center_exact"), c("leaf_nodes"));
    EXPECT_EQ(c("leaf_sphere_within"), c("leaf_nodes"));
    EXPECT_EQ(c("leaf_box_exact"), c("leaf_nodes"));
    // Inner rule (§7.2): union of all leaves below reproduces every inner box and sphere.
    EXPECT_EQ(c("inner_box_exact"), c("inner_nodes"));
    EXPECT_EQ(c("inner_sphere_within"), c("inner_nodes"));
    // Mass centre within 1e-4 × radius and radius: all parts.
    EXPECT_EQ(c("mass_checked"), 351u);
    EXPECT_EQ(c("mass_center_within"), c("mass_checked"));
    EXPECT_EQ(c("radius_within"), c("mass_checked"));
    // Deviation byte: exact or one step off (notes §10.3: 1,350 + 15 of 1,365). Issue 17: the
    // step radius · (1.0f / 250.0f) with the double radius reproduces 349 (the independent
    // implementation's 349 + 2 off by one); radius / 250.0f in f32 gave 347.
    EXPECT_EQ(c("deviation_differ"), 0u);
    EXPECT_EQ(c("deviation_exact"), 349u);
    EXPECT_EQ(c("deviation_off_by_one"), 2u);
    // Fallback parts reproduce exactly and uniformly (84 of 84 corpus-wide).
    EXPECT_EQ(c("fallback_parts"), 21u);
    EXPECT_EQ(c("fallback_inertia_exact"), c("fallback_parts"));
    // The stored inertia shows the fallback on the same 21 parts the double test takes it on;
    // every alternative criterion agrees on the sample (the corpus: 81 in double, 84 the document).
    EXPECT_EQ(c("fallback_stored"), 21u);
    EXPECT_EQ(c("fallback_f32_cross"), 21u);
    EXPECT_EQ(c("fallback_f32_all"), 21u);
    EXPECT_EQ(c("fallback_without_hardpoint_hulls"), 21u);
    // Identical components, both readings (corpus: 92 to 1e-4, 88 bit for bit).
    EXPECT_EQ(c("inertia_identical_parts"), 22u);
    EXPECT_EQ(c("inertia_identical_reproduced"), 21u);
    EXPECT_EQ(c("inertia_identical_exact_parts"), 22u);
    EXPECT_EQ(c("inertia_identical_exact_reproduced"), 21u);
    // Inertia: about half within 0.1 % (2,067 / 2,187 of 4,095), roughly a quarter beyond 25 %.
    EXPECT_EQ(c("inertia_components"), 1053u);
    EXPECT_EQ(c("inertia_within_0_1pct"), 547u);
    EXPECT_EQ(c("inertia_beyond_25pct"), 247u);
    EXPECT_EQ(c("files_derived_exact"), 196u);
    // Pierce: every face of the sample (sur_read: 43,586), all in range; IVP's pairing in stored
    // order reproduces most (151,761 of 177,824 corpus-wide, 85 %), not all (ties, notes §6).
    EXPECT_EQ(c("pierce_faces"), 43586u);
    EXPECT_EQ(c("pierce_in_range_hold"), c("pierce_faces"));
    EXPECT_GT(c("pierce_exact"), c("pierce_faces") * 80 / 100);
    EXPECT_GT(c("pierce_differ"), 0u);
    // Issue 17: IVP's double normals reproduce the independent implementation's 37,758 exactly
    // (86.6 %; corpus 151,761 of 177,824, 85.3 %); the f32 reading, kept as the alternative, 37,322.
    EXPECT_EQ(c("pierce_exact"), 37758u);
    EXPECT_EQ(c("pierce_exact_f32"), 37322u);
    // "Face.opposites 177,824 of 177,824 — fully determined": every face of the sample.
    EXPECT_EQ(c("opposite_derived_exact"), 43586u);
    // Bit-exact counts, kept as measured (the bands above are the documents' criteria):
    // leaf radii 2,215 of 2,537 (notes 7,979 of 9,111); inner centres and radii are not
    // bit-exact everywhere under this reading (the notes' 7,746/7,746 is met within 1e-4).
    EXPECT_EQ(c("leaf_radius_exact"), 2215u);
    EXPECT_EQ(c("inner_center_exact"), 1044u);
    EXPECT_EQ(c("inner_radius_exact"), 1265u);
    // "pod_drab.sur computes 72.27 where the file says 122.50."
    bool pod = false;
    for (const Sample& s : t.samples().at("inertia_beyond_25pct"))
        if (s.location.find("pod_drab.sur") != std::string::npos) {
            pod = true;
            EXPECT_EQ(s.detail.rfind("derived 72.27", 0), 0u) << s.detail;
            EXPECT_NE(s.detail.find("stored 122.50"), std::string::npos) << s.detail;
        }
    EXPECT_TRUE(pod);
}

TEST(SurDeriveRun, LegacySurfacesFollowTheSameRules) {
    MP_REQUIRE_CORPUS();
    const RunResult run = verify("sur/retail-legacy");
    const Tally& t = tally_of(run, "sur_derive");
    const TallyScope legacy = TallyScope{"freelancer", "legacy", {}};
    auto c = [&](const char* n) { return t.count(n, legacy); };
    expect_partitions(t, legacy);
    EXPECT_EQ(c("files"), 17u);
    EXPECT_EQ(c("surfaces"), 23u);
    EXPECT_EQ(c("files_derived_exact"), 17u);
    EXPECT_EQ(c("leaf_box_exact"), c("leaf_nodes"));
    EXPECT_EQ(c("inner_box_exact"), c("inner_nodes"));
    EXPECT_EQ(c("fallback_inertia_exact"), c("fallback_parts"));
    EXPECT_EQ(c("opposite_derived_exact"), c("opposite_faces"));
    EXPECT_EQ(t.total("files"), 17u);  // nothing lands in the vers scope
}

TEST(SurDeriveRun, ModFilesAreJudgedNotFailed) {
    MP_REQUIRE_CORPUS();
    const RunResult run = verify("sur/mods");
    EXPECT_FALSE(run.any_violation());
    const Tally& t = tally_of(run, "sur_derive");
    const TallyScope vers = TallyScope{"freelancer", "vers", {}};
    expect_partitions(t, vers);
    // Notes §14: mod-built files miss the inner-node rule nearly everywhere and many mass centres.
    EXPECT_GT(t.count("files_derived_differ", vers), t.count("files_derived_exact", vers));
    EXPECT_GT(t.count("inner_box_differ", vers), t.count("inner_box_exact", vers));
    EXPECT_GT(t.count("mass_center_differ", vers), 0u);
    // Notes §14: "opposites stay valid except 8 half-edges in Lithium": there the hull holds a
    // half-edge twice, so the opposite is not determined (sur_read counts the same 8 half-edges).
    EXPECT_EQ(t.count("opposite_derived_differ", vers), 0u);
    EXPECT_EQ(t.count("opposite_undetermined", vers), 16u);
    for (const auto& s : t.samples().at("opposite_undetermined"))
        EXPECT_EQ(s.location.rfind("lithium__", 0), 0u) << s.location;
    EXPECT_LE(t.samples().at("inner_box_differ").size(), kSamplesPerCounter);
    for (const auto& c : run.passes.front().pass->info().counters) EXPECT_FALSE(c.violation) << c.name;
}

// The file's severity is the verdict of every judging pass that ran (notes §14: IVP-exact means
// every exact rule of §15 holds, structural and derived): with both passes, a file is IVP-exact
// only when it is so for each of them.
TEST(SurDeriveRun, SeverityIsTheVerdictOfBothJudgingPasses) {
    MP_REQUIRE_CORPUS();
    const RunResult both = test::verify_corpus_folder("sur/mods", {"sur_read", "sur_derive"});
    const TallyScope vers = TallyScope{"freelancer", "vers", {}}, exact = vers.with(SubScopeKind::kSeverity, kIvpExact),
                     valid = vers.with(SubScopeKind::kSeverity, kStructurallyValid);
    const Tally& read = tally_of(both, "sur_read");
    const Tally& derive = tally_of(both, "sur_derive");
    EXPECT_EQ(read.count("files", exact), derive.count("files", exact));
    EXPECT_EQ(read.count("files_structurally_valid", exact), 0u);
    EXPECT_EQ(derive.count("files_derived_differ", exact), 0u);
    EXPECT_EQ(read.count("files", exact) + read.count("files", valid), 269u);
    EXPECT_LT(read.count("files", exact), read.count("files_exact_structure", vers));  // stricter than either alone
    EXPECT_LE(read.count("files", exact), derive.count("files_derived_exact", vers));
    EXPECT_GT(read.count("files", exact), 0u);
}

TEST(SurDeriveRun, ReportIsByteIdenticalAtOneAndManyThreads) {
    MP_REQUIRE_CORPUS();
    const RunResult one = verify("sur", 1);
    const RunResult many = verify("sur", 4);
    EXPECT_FALSE(tally_of(one, "sur_derive").samples().empty());
    EXPECT_EQ(render_json(one, {"sur"}), render_json(many, {"sur"}));
}

}  // namespace
}  // namespace meshproof
