// Tally::add_batch (UnitCounts::flush hands a pass's counts over as one batch): the same tally as
// add() one counter after the other, under the unit's scope and its sub-scopes, and undone alike
// when the unit is discarded, whatever the tally's cache of key positions holds.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/pipeline/tally.h"

namespace meshproof {
namespace {

const TallyScope kS{"eldenring", "s", {}};  // any one scope

const std::vector<std::string> kNames = {"prims", "prims_exact", "prims_outside", "leaves"};
const std::vector<std::string> kOtherNames = {"leaves", "roots"};  // a second list sharing a name

std::string_view name_at(const void* list, std::size_t i) {
    return (*static_cast<const std::vector<std::string>*>(list))[i];
}

// One unit's counts, by batch or by add(), and maybe discarded.
struct UnitPlan {
    TallyScope scope;
    std::vector<std::uint64_t> n, other;
    bool keep = false;
    std::vector<TallyScope> subs;
    bool discard = false;
};

Tally tally_of(const std::vector<UnitPlan>& units, bool batch) {
    Tally t;
    for (std::size_t u = 0; u < units.size(); ++u) {
        const UnitPlan& p = units[u];
        t.begin_unit(p.scope, u, p.keep);
        if (batch) {
            t.add_batch(&kNames, &name_at, p.n);
            if (!p.other.empty()) t.add_batch(&kOtherNames, &name_at, p.other);
            t.add_batch(&kNames, &name_at, p.n);  // the same list twice in a unit adds up
        } else {
            for (std::size_t i = 0; i < p.n.size(); ++i) t.add(kNames[i], p.n[i]);
            for (std::size_t i = 0; i < p.other.size(); ++i) t.add(kOtherNames[i], p.other[i]);
            for (std::size_t i = 0; i < p.n.size(); ++i) t.add(kNames[i], p.n[i]);
        }
        t.add("by_name", u);  // a plain add beside the batches
        if (p.discard) t.discard_unit();
        else if (p.keep) t.end_unit(p.subs);
    }
    return t;
}

std::vector<UnitPlan> plans(bool with_discards) {
    std::vector<UnitPlan> units;
    const std::array<TallyScope, 3> scopes = {TallyScope{"eldenring", "l", {}}, TallyScope{"eldenring", "h", {}},
                                              TallyScope{"eldenring", "f", {}}};
    for (std::uint64_t u = 0; u < 40; ++u) {
        UnitPlan p;
        p.scope = scopes[(u / 3) % 3];
        p.n = {u, u % 3, 0, 7 * u};
        if (u % 4 == 1) p.other = {u + 1, 2};
        p.keep = u % 5 != 0;
        if (p.keep) p.subs = {p.scope.with(SubScopeKind::kSeverity, u % 2 ? kIvpExact : kStructurallyValid)};
        // Discarded: the first unit of all (every key new), the first in a scope, one in a cached scope.
        p.discard = with_discards && (u == 0 || u == 6 || u == 17 || u == 33);
        units.push_back(p);
    }
    return units;
}

std::vector<UnitPlan> without_discarded(std::vector<UnitPlan> units) {
    std::vector<UnitPlan> kept;
    for (UnitPlan& p : units)
        if (!p.discard) kept.push_back(std::move(p));
    return kept;
}

TEST(TallyBatch, EqualsAddingEachCounterInTurn) {
    const Tally batch = tally_of(plans(false), true), one_by_one = tally_of(plans(false), false);
    EXPECT_EQ(batch.counts(), one_by_one.counts());
    EXPECT_EQ(batch.count("prims", TallyScope{"eldenring", "l", {SubScopeKind::kSeverity, "ivp-exact"}}),
              one_by_one.count("prims", TallyScope{"eldenring", "l", {SubScopeKind::kSeverity, "ivp-exact"}}));
    EXPECT_GT(batch.count("prims", TallyScope{"eldenring", "l", {SubScopeKind::kSeverity, "ivp-exact"}}), 0u);
    EXPECT_TRUE(batch.counts().contains({"prims_outside", TallyScope{"eldenring", "f", {}}}));  // zeros are keys too
    EXPECT_EQ(batch.total("leaves"), one_by_one.total("leaves"));
}

TEST(TallyBatch, DiscardedUnitAfterABatchLeavesTheTallyAsIfNeverBegun) {
    // Units 0, 6, 17 and 33 discarded: the one that created every key, the first of a scope, and
    // two in scopes the cache already holds. The units differ only in ordinal from the run
    // without them, and counts do not depend on ordinals.
    std::vector<UnitPlan> units = plans(true);
    const Tally with = tally_of(units, true);
    const Tally without = tally_of(without_discarded(units), true);
    const Tally by_add = tally_of(units, false);
    EXPECT_EQ(with.units(), without.units());
    EXPECT_EQ(with.counts(), by_add.counts());
    // by_name counts the ordinal, which shifts without the discarded units: compare the batches' counters.
    for (const char* n : {"prims", "prims_exact", "prims_outside", "leaves", "roots"})
        for (const TallyScope& s :
             {TallyScope{"eldenring", "l", {}}, TallyScope{"eldenring", "h", {}}, TallyScope{"eldenring", "f", {}},
              TallyScope{"eldenring", "l", {SubScopeKind::kSeverity, "ivp-exact"}},
              TallyScope{"eldenring", "h", {SubScopeKind::kSeverity, "structurally-valid"}}})
            EXPECT_EQ(with.count(n, s), without.count(n, s)) << n << " " << scope_text(s);
    std::size_t with_keys = 0, without_keys = 0;
    for (const auto& [key, n] : with.counts()) with_keys += key.first != "by_name";
    for (const auto& [key, n] : without.counts()) without_keys += key.first != "by_name";
    EXPECT_EQ(with_keys, without_keys);
}

TEST(TallyBatch, ADiscardedFirstUnitLeavesNoKeyAndTheNextBatchAddsThemAgain) {
    Tally t;
    t.begin_unit(kS, 0, true);
    const std::vector<std::uint64_t> n = {1, 2, 3, 4};
    t.add_batch(&kNames, &name_at, n);
    t.discard_unit();
    EXPECT_TRUE(t.counts().empty());
    EXPECT_EQ(t.units(), 0u);
    t.begin_unit(kS, 1, true);
    t.add_batch(&kNames, &name_at, n);
    t.end_unit({kS.with(SubScopeKind::kSeverity, kIvpExact)});
    EXPECT_EQ(t.count("prims_outside", kS), 3u);
    EXPECT_EQ(t.count("prims_outside", kS.with(SubScopeKind::kSeverity, kIvpExact)), 3u);
    EXPECT_EQ(t.counts().size(), 8u);
}

TEST(TallyBatch, ACopyKeepsNoPositionsIntoTheOriginal) {
    Tally t;
    t.begin_unit(kS, 0);
    const std::vector<std::uint64_t> n = {1, 1, 1, 1};
    t.add_batch(&kNames, &name_at, n);
    Tally copy = t;
    copy.begin_unit(kS, 1);
    copy.add_batch(&kNames, &name_at, n);
    EXPECT_EQ(copy.count("prims", kS), 2u);
    EXPECT_EQ(t.count("prims", kS), 1u);
    t.merge(copy);
    EXPECT_EQ(t.count("prims", kS), 3u);
}

}  // namespace
}  // namespace meshproof
