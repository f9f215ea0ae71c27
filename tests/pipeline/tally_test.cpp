#include <gtest/gtest.h>

#include "engine/pipeline/tally.h"

namespace meshproof {
namespace {

TEST(Tally, CountsPerScopeAndTotals) {
    Tally t;
    t.begin_unit("eldenring/h", 0);
    t.add("triangles", 5);
    t.begin_unit("eldenring/l", 1);
    t.add("triangles", 2);
    t.add("triangles");
    EXPECT_EQ(t.count("triangles", "eldenring/h"), 5u);
    EXPECT_EQ(t.count("triangles", "eldenring/l"), 3u);
    EXPECT_EQ(t.total("triangles"), 8u);
    EXPECT_EQ(t.count("missing", "eldenring/h"), 0u);
}

TEST(Tally, KeepsTheFirstSamplesInPathOrderWhateverTheMergeOrder) {
    // Two threads see interleaved units; merged either way, the first 20 by (unit, sequence) win.
    Tally a, b;
    for (std::uint64_t unit = 0; unit < 30; ++unit) {
        Tally& t = unit % 2 ? a : b;
        t.begin_unit("s", unit);
        t.sample("outside", "unit " + std::to_string(unit) + " first");
        t.sample("outside", "unit " + std::to_string(unit) + " second");
    }
    Tally ab = a, ba = b;
    ab.merge(b);
    ba.merge(a);
    const auto& s1 = ab.samples().at("outside");
    const auto& s2 = ba.samples().at("outside");
    ASSERT_EQ(s1.size(), kSamplesPerCounter);
    ASSERT_EQ(s2.size(), kSamplesPerCounter);
    for (std::size_t i = 0; i < s1.size(); ++i) EXPECT_EQ(s1[i].location, s2[i].location);
    EXPECT_EQ(s1.front().location, "unit 0 first");
    EXPECT_EQ(s1[1].location, "unit 0 second");
    EXPECT_EQ(s1.back().location, "unit 9 second");
}

TEST(Tally, MaximaMergeCommutatively) {
    Tally a, b;
    a.begin_unit("s", 0);
    a.max("excess_ulps", 2.5);
    b.begin_unit("s", 1);
    b.max("excess_ulps", 7.0);
    b.max("excess_ulps", 1.0);
    Tally ab = a, ba = b;
    ab.merge(b);
    ba.merge(a);
    EXPECT_EQ(ab.maxima().at({"excess_ulps", "s"}), 7.0);
    EXPECT_EQ(ba.maxima().at({"excess_ulps", "s"}), 7.0);
}


TEST(Tally, AJudgedUnitRepeatsItsCountsUnderSubScopesLeftOutOfTotals) {
    Tally t;
    t.begin_unit("freelancer/vers", 0, true);
    t.add("faces", 10);
    t.add("faces", 2);
    t.max("box_byte_max", 200);
    EXPECT_FALSE(t.unit_judged());
    t.judge(true);
    t.judge(false);   // one failed verdict makes the unit inexact
    EXPECT_TRUE(t.unit_judged());
    EXPECT_FALSE(t.unit_exact());
    t.end_unit({"freelancer/vers#structurally-valid"});
    t.begin_unit("freelancer/vers", 1, true);
    t.add("faces", 5);
    EXPECT_TRUE(t.unit_exact());   // a new unit starts unjudged and exact
    t.end_unit({"freelancer/vers#ivp-exact"});
    t.begin_unit("freelancer/vers", 2);   // not kept: end_unit repeats nothing
    t.add("faces", 100);
    t.end_unit({"freelancer/vers#ivp-exact"});
    EXPECT_EQ(t.count("faces", "freelancer/vers"), 117u);
    EXPECT_EQ(t.count("faces", "freelancer/vers#structurally-valid"), 12u);
    EXPECT_EQ(t.count("faces", "freelancer/vers#ivp-exact"), 5u);
    EXPECT_EQ(t.total("faces"), 117u);   // sub-scopes repeat counts; a total never adds them
    EXPECT_EQ(t.maxima().at({"box_byte_max", "freelancer/vers#structurally-valid"}), 200.0);
    EXPECT_EQ(t.maxima().count({"box_byte_max", "freelancer/vers#ivp-exact"}), 0u);
    EXPECT_TRUE(is_sub_scope("freelancer/vers#ivp-exact"));
    EXPECT_FALSE(is_sub_scope("freelancer/vers"));
}

}  // namespace
}  // namespace meshproof

// Issue 19: a member abandoned past its time budget leaves no trace in any pass's tally, so the
// report reads as if it had been a decode error from the start.
namespace meshproof {
namespace {

Tally tally_of_units(bool with_abandoned) {
    Tally t;
    for (std::uint64_t unit = 0; unit < 30; ++unit) {
        const bool abandoned = with_abandoned && unit == 3;
        if (!with_abandoned && unit == 3) continue;
        t.begin_unit(unit % 2 ? "eldenring/h" : "eldenring/l", unit);
        t.add("triangles", 10 + unit);
        if (unit == 3) t.add("only_in_the_abandoned_unit", 2);
        t.max("excess", unit == 3 ? 1000.0 : double(unit));
        if (unit == 3) t.max("excess_only_there", 5.0);
        t.sample("outside", "unit " + std::to_string(unit));
        t.sample(unit == 3 ? "sampled_only_there" : "outside", "unit " + std::to_string(unit) + " again");
        if (abandoned) t.discard_unit();
    }
    return t;
}

TEST(Tally, DiscardedUnitLeavesNoTrace) {
    const Tally with = tally_of_units(true), without = tally_of_units(false);
    EXPECT_EQ(with.counts(), without.counts());
    EXPECT_EQ(with.maxima(), without.maxima());
    ASSERT_EQ(with.samples().size(), without.samples().size());
    for (const auto& [counter, list] : without.samples()) {
        const auto& mine = with.samples().at(counter);
        ASSERT_EQ(mine.size(), list.size()) << counter;
        for (std::size_t i = 0; i < list.size(); ++i) EXPECT_EQ(mine[i].location, list[i].location);
    }
    EXPECT_EQ(with.count("triangles", "eldenring/h"), without.count("triangles", "eldenring/h"));
    EXPECT_FALSE(with.samples().contains("sampled_only_there"));
}

TEST(Tally, DiscardRestoresTheSampleItPushedOut) {
    // 20 samples from units 1..20, then unit 0 (earlier in path order) adds one: unit 20's is
    // pushed out of the first 20. Discarding unit 0 brings it back.
    Tally t;
    for (std::uint64_t unit = 1; unit <= kSamplesPerCounter; ++unit) {
        t.begin_unit("s", unit);
        t.sample("c", "unit " + std::to_string(unit));
    }
    t.begin_unit("s", 0);
    t.sample("c", "unit 0");
    ASSERT_EQ(t.samples().at("c").back().location, "unit 19");
    t.discard_unit();
    ASSERT_EQ(t.samples().at("c").size(), kSamplesPerCounter);
    EXPECT_EQ(t.samples().at("c").front().location, "unit 1");
    EXPECT_EQ(t.samples().at("c").back().location, "unit 20");
}

TEST(Tally, DiscardTouchesOnlyTheCurrentUnit) {
    Tally t;
    t.begin_unit("s", 0);
    t.add("n", 5);
    t.max("m", 3.0);
    t.begin_unit("s", 1);
    t.add("n", 7);
    t.max("m", 9.0);
    t.discard_unit();
    t.discard_unit();  // a second discard has nothing left to undo
    EXPECT_EQ(t.count("n", "s"), 5u);
    EXPECT_EQ(t.maxima().at({"m", "s"}), 3.0);
    Tally copy = t;     // a copy carries no journal: discarding it changes nothing
    copy.discard_unit();
    EXPECT_EQ(copy.count("n", "s"), 5u);
}

}  // namespace
}  // namespace meshproof
