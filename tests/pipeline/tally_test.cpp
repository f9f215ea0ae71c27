#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cmath>
#include <limits>
#include <vector>

#include "engine/pipeline/tally.h"

namespace meshproof {
namespace {

const TallyScope kS{"eldenring", "s", {}};  // any one scope

TEST(Tally, CountsPerScopeAndTotals) {
    Tally t;
    t.begin_unit(TallyScope{"eldenring", "h", {}}, 0);
    t.add("triangles", 5);
    t.begin_unit(TallyScope{"eldenring", "l", {}}, 1);
    t.add("triangles", 2);
    t.add("triangles");
    EXPECT_EQ(t.count("triangles", TallyScope{"eldenring", "h", {}}), 5u);
    EXPECT_EQ(t.count("triangles", TallyScope{"eldenring", "l", {}}), 3u);
    EXPECT_EQ(t.total("triangles"), 8u);
    EXPECT_EQ(t.count("missing", TallyScope{"eldenring", "h", {}}), 0u);
}

TEST(Tally, KeepsTheFirstSamplesInPathOrderWhateverTheMergeOrder) {
    // Two threads see interleaved units; merged either way, the first 20 by (unit, sequence) win.
    Tally a, b;
    for (std::uint64_t unit = 0; unit < 30; ++unit) {
        Tally& t = unit % 2 ? a : b;
        t.begin_unit(kS, unit);
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
    a.begin_unit(kS, 0);
    a.max("excess_ulps", 2.5);
    b.begin_unit(kS, 1);
    b.max("excess_ulps", 7.0);
    b.max("excess_ulps", 1.0);
    Tally ab = a, ba = b;
    ab.merge(b);
    ba.merge(a);
    EXPECT_EQ(ab.maxima().at({"excess_ulps", kS}), 7.0);
    EXPECT_EQ(ba.maxima().at({"excess_ulps", kS}), 7.0);
}

// −0 and +0 compare equal, and a NaN compares with nothing: a merge that kept whichever came
// first would write "-0" or "0" (a NaN or a number) depending on which thread finished first.
TEST(Tally, SignedZerosAndNaNsMergeTheSameWhateverTheOrder) {
    const double nan = -std::numeric_limits<double>::quiet_NaN();  // a NaN with its sign bit set
    auto one = [](std::uint64_t unit, double hi, double lo, std::vector<double> value) {
        Tally t;
        t.begin_unit(kS, unit);
        t.max("m", hi);
        t.min("n", lo);
        t.value("v", value[0]);
        t.values("w", value);
        return t;
    };
    const Tally a = one(0, -0.0, 0.0, {-0.0, nan}), b = one(1, 0.0, -0.0, {0.0, 1.0}),
                c = one(2, nan, nan, {nan, -0.0});
    std::vector<Tally> orders;
    for (const auto& seq :
         std::vector<std::array<const Tally*, 3>>{{&a, &b, &c}, {&c, &b, &a}, {&b, &a, &c}, {&b, &c, &a}}) {
        Tally t = *seq[0];
        t.merge(*seq[1]);
        t.merge(*seq[2]);
        orders.push_back(std::move(t));
    }
    auto bits = [](double v) { return std::bit_cast<std::uint64_t>(v); };
    const std::uint64_t quiet = bits(std::numeric_limits<double>::quiet_NaN());
    for (const Tally& t : orders) {
        EXPECT_EQ(bits(t.maxima().at({"m", kS})), quiet);  // a NaN anywhere shows, as one quiet NaN
        EXPECT_EQ(bits(t.minima().at({"n", kS})), quiet);
        const auto& v = t.value_sets().at({"v", kS}).seen;
        ASSERT_EQ(v.size(), 2u);  // +0 (twice: −0 is +0) and NaN
        EXPECT_EQ(bits(v.begin()->first[0]), bits(0.0));
        EXPECT_EQ(v.begin()->second, 2u);
        EXPECT_EQ(bits(v.rbegin()->first[0]), quiet);
        const auto& w = t.value_sets().at({"w", kS}).seen;
        ASSERT_EQ(w.size(), 3u);  // (0, 1) < (0, NaN) < (NaN, 0)
        auto it = w.begin();
        EXPECT_EQ(bits(it->first[1]), bits(1.0));
        ++it;
        EXPECT_EQ(bits(it->first[0]), bits(0.0));
        EXPECT_EQ(bits(it->first[1]), quiet);
        EXPECT_EQ(bits(w.rbegin()->first[1]), bits(0.0));
    }
    // Without a NaN: +0 is the maximum of {−0, +0} and −0 the minimum, in either order.
    for (bool zero_first : {false, true}) {
        Tally x = one(0, zero_first ? 0.0 : -0.0, zero_first ? 0.0 : -0.0, {1.0});
        x.merge(one(1, zero_first ? -0.0 : 0.0, zero_first ? -0.0 : 0.0, {1.0}));
        EXPECT_FALSE(std::signbit(x.maxima().at({"m", kS})));
        EXPECT_TRUE(std::signbit(x.minima().at({"n", kS})));
    }
}

TEST(Tally, AJudgedUnitRepeatsItsCountsUnderSubScopesLeftOutOfTotals) {
    Tally t;
    t.begin_unit(TallyScope{"freelancer", "vers", {}}, 0, true);
    t.add("faces", 10);
    t.add("faces", 2);
    t.max("box_byte_max", 200);
    EXPECT_FALSE(t.unit_judged());
    t.judge(true);
    t.judge(false);  // one failed verdict makes the unit inexact
    EXPECT_TRUE(t.unit_judged());
    EXPECT_FALSE(t.unit_exact());
    t.end_unit({TallyScope{"freelancer", "vers", {SubScopeKind::kSeverity, "structurally-valid"}}});
    t.begin_unit(TallyScope{"freelancer", "vers", {}}, 1, true);
    t.add("faces", 5);
    EXPECT_TRUE(t.unit_exact());  // a new unit starts unjudged and exact
    t.end_unit({TallyScope{"freelancer", "vers", {SubScopeKind::kSeverity, "ivp-exact"}}});
    t.begin_unit(TallyScope{"freelancer", "vers", {}}, 2);  // not kept: end_unit repeats nothing
    t.add("faces", 100);
    t.end_unit({TallyScope{"freelancer", "vers", {SubScopeKind::kSeverity, "ivp-exact"}}});
    EXPECT_EQ(t.count("faces", TallyScope{"freelancer", "vers", {}}), 117u);
    EXPECT_EQ(t.count("faces", TallyScope{"freelancer", "vers", {SubScopeKind::kSeverity, "structurally-valid"}}), 12u);
    EXPECT_EQ(t.count("faces", TallyScope{"freelancer", "vers", {SubScopeKind::kSeverity, "ivp-exact"}}), 5u);
    EXPECT_EQ(t.total("faces"), 117u);  // sub-scopes repeat counts; a total never adds them
    EXPECT_EQ(t.maxima().at(
                  {"box_byte_max", TallyScope{"freelancer", "vers", {SubScopeKind::kSeverity, "structurally-valid"}}}),
              200.0);
    EXPECT_EQ(
        t.maxima().count({"box_byte_max", TallyScope{"freelancer", "vers", {SubScopeKind::kSeverity, "ivp-exact"}}}),
        0u);
    EXPECT_TRUE((TallyScope{"freelancer", "vers", {SubScopeKind::kSeverity, "ivp-exact"}}.is_sub_scope()));
    EXPECT_FALSE((TallyScope{"freelancer", "vers", {}}.is_sub_scope()));
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
        t.begin_unit(unit % 2 ? TallyScope{"eldenring", "h", {}} : TallyScope{"eldenring", "l", {}}, unit);
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
    EXPECT_EQ(with.count("triangles", TallyScope{"eldenring", "h", {}}),
              without.count("triangles", TallyScope{"eldenring", "h", {}}));
    EXPECT_FALSE(with.samples().contains("sampled_only_there"));
}

TEST(Tally, DiscardRestoresTheSampleItPushedOut) {
    // 20 samples from units 1..20, then unit 0 (earlier in path order) adds one: unit 20's is
    // pushed out of the first 20. Discarding unit 0 brings it back.
    Tally t;
    for (std::uint64_t unit = 1; unit <= kSamplesPerCounter; ++unit) {
        t.begin_unit(kS, unit);
        t.sample("c", "unit " + std::to_string(unit));
    }
    t.begin_unit(kS, 0);
    t.sample("c", "unit 0");
    ASSERT_EQ(t.samples().at("c").back().location, "unit 19");
    t.discard_unit();
    ASSERT_EQ(t.samples().at("c").size(), kSamplesPerCounter);
    EXPECT_EQ(t.samples().at("c").front().location, "unit 1");
    EXPECT_EQ(t.samples().at("c").back().location, "unit 20");
}

TEST(Tally, DiscardTouchesOnlyTheCurrentUnit) {
    Tally t;
    t.begin_unit(kS, 0);
    t.add("n", 5);
    t.max("m", 3.0);
    t.begin_unit(kS, 1);
    t.add("n", 7);
    t.max("m", 9.0);
    t.discard_unit();
    t.discard_unit();  // a second discard has nothing left to undo
    EXPECT_EQ(t.count("n", kS), 5u);
    EXPECT_EQ(t.maxima().at({"m", kS}), 3.0);
    Tally copy = t;  // a copy carries no journal: discarding it changes nothing
    copy.discard_unit();
    EXPECT_EQ(copy.count("n", kS), 5u);
}

TEST(TallyUnitFindings, TheUnitsOwnCountAndFirstSampleAreKeptApartFromTheRunsFirstN) {
    // Units 1..20 fill the run's first 20 samples; unit 21's own first location is still kept for
    // its per-member finding, and its count is its own, not the run's nor its sub-scopes'.
    Tally t;
    for (std::uint64_t unit = 1; unit <= kSamplesPerCounter; ++unit) {
        t.begin_unit(TallyScope{"eldenring", "h", {}}, unit);
        t.add("bad", 2);
        t.sample("bad", "unit " + std::to_string(unit));
    }
    t.begin_unit(TallyScope{"eldenring", "h", {}}, 21, /*keep_unit=*/true);
    EXPECT_EQ(t.unit_count("bad"), 0u);
    EXPECT_EQ(t.unit_first_sample("bad"), nullptr);
    t.add("bad", 3);
    t.add("fine", 0);
    t.sample("bad", "unit 21, first");
    t.sample("bad", "unit 21, second");
    t.end_unit({TallyScope{"eldenring", "h", {SubScopeKind::kFile, "x"}}});  // repeats the counts under a sub-scope
    EXPECT_EQ(t.unit_count("bad"), 3u);
    ASSERT_NE(t.unit_first_sample("bad"), nullptr);
    EXPECT_EQ(t.unit_first_sample("bad")->location, "unit 21, first");
    EXPECT_EQ(t.samples().at("bad").size(), kSamplesPerCounter);  // the run's first N are units 1..20
    EXPECT_TRUE(t.unit_added_any([](std::string_view c) { return c == "bad"; }));
    EXPECT_FALSE(t.unit_added_any([](std::string_view c) { return c == "fine"; }));
    t.begin_unit(TallyScope{"eldenring", "h", {}}, 22);
    EXPECT_EQ(t.unit_count("bad"), 0u);
    EXPECT_EQ(t.unit_first_sample("bad"), nullptr);
}

TEST(TallyUnitFindings, TheSampleCapIsSetAndAMergeKeepsTheLarger) {
    Tally a, b;
    a.set_sample_cap(3);
    b.set_sample_cap(0);
    for (std::uint64_t unit = 0; unit < 5; ++unit) {
        a.begin_unit(kS, unit);
        a.sample("c", "a" + std::to_string(unit));
        b.begin_unit(kS, 10 + unit);
        b.sample("c", "b" + std::to_string(unit));
    }
    EXPECT_EQ(a.samples().at("c").size(), 3u);
    EXPECT_TRUE(b.samples().at("c").empty());
    ASSERT_NE(b.unit_first_sample("c"), nullptr);  // a member's first location, whatever the cap
    Tally merged;
    merged.merge(b);
    merged.merge(a);
    EXPECT_EQ(merged.sample_cap(), kSamplesPerCounter);
    EXPECT_EQ(merged.samples().at("c").size(), 3u);
}

}  // namespace
}  // namespace meshproof
