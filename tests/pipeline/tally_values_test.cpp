// The tally's minima and value sets (Tally::min, Tally::value / values): merged commutatively
// whatever the order of threads (the report's determinism), bounded (kMaxDistinctValues), undone
// by discard_unit, and repeated under sub-scopes by end_unit like the counts and maxima.
#include <gtest/gtest.h>

#include <cmath>

#include "engine/pipeline/tally.h"

namespace meshproof {
namespace {

const TallyScope kS{"eldenring", "s", {}};  // any one scope

// Units 0..n split over two "threads" by `pick`, each unit recording its own values.
std::pair<Tally, Tally> split_units(std::uint64_t n, bool (*pick)(std::uint64_t), double (*value_of)(std::uint64_t)) {
    Tally a, b;
    for (std::uint64_t unit = 0; unit < n; ++unit) {
        Tally& t = pick(unit) ? a : b;
        t.begin_unit(unit % 3 ? TallyScope{"eldenring", "h", {}} : TallyScope{"eldenring", "l", {}}, unit);
        t.value("active", value_of(unit), unit + 1);
        t.values("payloads", {double(unit % 2), 1.0, 0.0});
        t.min("gap", 100.0 - double(unit));
    }
    return {a, b};
}

TEST(TallyValues, MergeIsCommutativeAndEqualsOneThread) {
    auto few = [](std::uint64_t u) { return double(u % 4); };
    auto [a, b] = split_units(
        40, [](std::uint64_t u) { return u % 3 == 1; }, few);
    Tally ab = a, ba = b;
    ab.merge(b);
    ba.merge(a);
    auto [all, none] = split_units(
        40, [](std::uint64_t) { return true; }, few);
    EXPECT_EQ(ab.value_sets(), ba.value_sets());
    EXPECT_EQ(ab.value_sets(), all.value_sets());
    EXPECT_EQ(ab.minima(), all.minima());
    EXPECT_EQ(ab.minima().at({"gap", TallyScope{"eldenring", "h", {}}}),
              62.0);  // unit 39 is in l (39 % 3 == 0): 38 is the last h
    const ValueSet& l = ab.value_sets().at({"active", TallyScope{"eldenring", "l", {}}});
    EXPECT_FALSE(l.overflowed);
    EXPECT_EQ(l.seen.size(), 4u);
    EXPECT_EQ(ab.value_sets().at({"payloads", TallyScope{"eldenring", "h", {}}}).seen.size(), 2u);
}

TEST(TallyValues, OverflowIsDecidedByTheUnionWhateverTheOrder) {
    // Each thread alone stays under the limit; together they pass it.
    auto many = [](std::uint64_t u) { return double(u); };
    const std::uint64_t n = 2 * kMaxDistinctValues;  // h: 2/3 of the units, each thread about half of those
    auto [a, b] = split_units(
        n, [](std::uint64_t u) { return u % 2 == 0; }, many);
    Tally ab = a, ba = b;
    ab.merge(b);
    ba.merge(a);
    EXPECT_EQ(ab.value_sets(), ba.value_sets());
    EXPECT_TRUE(ab.value_sets().at({"active", TallyScope{"eldenring", "h", {}}}).overflowed);
    EXPECT_TRUE(ab.value_sets().at({"active", TallyScope{"eldenring", "h", {}}}).seen.empty());
    auto [all, none] = split_units(
        n, [](std::uint64_t) { return true; }, many);
    EXPECT_EQ(ab.value_sets(), all.value_sets());
}

TEST(TallyValues, DiscardUndoesValuesAndMinima) {
    Tally with, without;
    for (Tally* t : {&with, &without}) {
        t->begin_unit(kS, 0);
        t->value("v", 0, 3);
        t->min("m", 5.0);
    }
    with.begin_unit(kS, 1);
    with.value("v", 0, 2);
    with.value("v", 7, 1);
    with.value("only_there", 1);
    with.min("m", 1.0);
    with.min("m_only_there", 1.0);
    with.discard_unit();
    EXPECT_EQ(with.value_sets(), without.value_sets());
    EXPECT_EQ(with.minima(), without.minima());
}

// The journal keeps each value the unit added, not a copy of each set it touched: undone latest
// first, a value the unit put in goes, a count it raised comes down, an add that overflowed a set
// puts the whole set back (and the adds after it were taken by nothing), and a value given as −0
// or as another NaN is found under the form the set keeps.
TEST(TallyValues, DiscardUndoesEachValueAndAnOverflow) {
    Tally with, without;
    for (Tally* t : {&with, &without}) {
        t->begin_unit(kS, 0);
        for (std::size_t v = 0; v < kMaxDistinctValues; ++v) t->value("full", static_cast<double>(v));
        t->value("z", 0.0);
    }
    with.begin_unit(kS, 1);
    with.value("made", 5.0);
    with.value("made", 5.0, 2);
    with.value("full", 3.0);         // raised
    with.value("full", -1.0);        // one distinct value too many: the set overflows
    with.value("full", 9.0);         // taken by nothing
    with.value("z", -0.0, 4);        // kept as +0
    with.value("z", std::nan("1"));  // kept as the one quiet NaN
    ASSERT_TRUE(with.value_sets().at({"full", kS}).overflowed);
    with.discard_unit();
    EXPECT_EQ(with.value_sets(), without.value_sets());
    EXPECT_FALSE(with.value_sets().at({"full", kS}).overflowed);
    for (Tally* t : {&with, &without}) {  // and the next unit adds to what was there
        t->begin_unit(kS, 2);
        t->value("z", 0.0);
    }
    EXPECT_EQ(with.value_sets().at({"z", kS}).seen.at({0.0}), 2u);
    EXPECT_EQ(with.value_sets(), without.value_sets());
}

TEST(TallyValues, EndUnitRepeatsValuesAndMinimaUnderSubScopes) {
    Tally t;
    t.begin_unit(TallyScope{"freelancer", "vers", {}}, 0, true);
    t.value("v", 2, 4);
    t.min("m", 3.0);
    t.end_unit({TallyScope{"freelancer", "vers", {SubScopeKind::kSeverity, "ivp-exact"}}});
    EXPECT_EQ(t.value_sets()
                  .at({"v", TallyScope{"freelancer", "vers", {SubScopeKind::kSeverity, "ivp-exact"}}})
                  .seen.at({2.0}),
              4u);
    EXPECT_EQ(t.minima().at({"m", TallyScope{"freelancer", "vers", {SubScopeKind::kSeverity, "ivp-exact"}}}), 3.0);
}

}  // namespace
}  // namespace meshproof
