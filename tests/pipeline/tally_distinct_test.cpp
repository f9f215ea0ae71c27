// Counts over distinct contents (engine/pipeline/distinct_counts.h, Tally::distinct): hand-built
// tallies as threads would hold them, merged in every order.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <vector>

#include "engine/pipeline/tally.h"

namespace meshproof {
namespace {

struct Seen {
    TallyScope scope;
    std::uint64_t ordinal;
    std::uint64_t key;
    std::uint64_t sections;
    std::uint64_t flagged;
};

// Eight units of one game over three "threads": key 7 in three binders (asset, character twice),
// key 9 twice in one set, key 4 once; a Sekiro unit with key 7 is of another game.
const std::vector<Seen> kUnits = {
    {TallyScope{"eldenring", "asset", {}}, 10, 7, 5, 2},     {TallyScope{"eldenring", "character", {}}, 30, 7, 5, 2},
    {TallyScope{"eldenring", "character", {}}, 31, 7, 5, 2}, {TallyScope{"eldenring", "asset", {}}, 11, 9, 3, 0},
    {TallyScope{"eldenring", "asset", {}}, 12, 9, 3, 0},     {TallyScope{"eldenring", "character", {}}, 32, 4, 8, 1},
    {TallyScope{"eldenring", "h", {}}, 2, 5, 100, 0},        {TallyScope{"sekiro", "object", {}}, 40, 7, 5, 2},
};

Tally thread_tally(const std::vector<std::size_t>& units) {
    Tally t;
    for (std::size_t i : units) {
        const Seen& u = kUnits[i];
        t.begin_unit(u.scope, u.ordinal);
        t.add("sections", u.sections);
        t.distinct("distinct_sections", u.key, u.sections);
        t.distinct("distinct_flagged_sections", u.key, u.flagged);
    }
    return t;
}

Tally merged(const std::vector<Tally>& threads, const std::vector<std::size_t>& order) {
    Tally out;
    for (std::size_t i : order) out.merge(threads[i]);
    out.fold_distinct();
    return out;
}

TEST(TallyDistinct, CountsEachContentOnceInTheSetOfItsFirstUnit) {
    const Tally t = merged({thread_tally({0, 1, 2, 3, 4, 5, 6, 7})}, {0});
    // Key 7 once (asset, ordinal 10), key 9 once, key 4 once, key 5 once.
    EXPECT_EQ(t.count("distinct_sections", TallyScope{"eldenring", "asset", {}}), 5u + 3u);
    EXPECT_EQ(t.count("distinct_sections", TallyScope{"eldenring", "character", {}}), 8u);
    EXPECT_EQ(t.count("distinct_sections", TallyScope{"eldenring", "h", {}}), 100u);
    EXPECT_EQ(t.count("distinct_flagged_sections", TallyScope{"eldenring", "asset", {}}), 2u);
    EXPECT_EQ(t.count("distinct_flagged_sections", TallyScope{"eldenring", "character", {}}), 1u);
    // The same bytes in another game count there too.
    EXPECT_EQ(t.count("distinct_sections", TallyScope{"sekiro", "object", {}}), 5u);
    // The plain count counts every read.
    EXPECT_EQ(t.total("sections"), 5u * 4 + 3u * 2 + 8u + 100u);
    EXPECT_EQ(t.total("distinct_sections"), 5u + 3u + 8u + 100u + 5u);
    EXPECT_TRUE(t.distinct_counts().empty());  // folded
}

TEST(TallyDistinct, AnyThreadSplitAndMergeOrderGivesTheSameCounts) {
    const Tally whole = merged({thread_tally({0, 1, 2, 3, 4, 5, 6, 7})}, {0});
    // The units spread over three threads in two ways, each merged in every order.
    const std::vector<std::vector<std::vector<std::size_t>>> splits = {
        {{1, 4}, {2, 5, 7}, {0, 3, 6}},
        {{2, 1, 0}, {7, 6}, {5, 4, 3}},
    };
    for (const auto& split : splits) {
        std::vector<Tally> threads;
        for (const auto& units : split) threads.push_back(thread_tally(units));
        std::vector<std::size_t> order = {0, 1, 2};
        do {
            const Tally t = merged(threads, order);
            EXPECT_EQ(t.counts(), whole.counts());
        } while (std::next_permutation(order.begin(), order.end()));
    }
    // Merging merged tallies (a tree of merges) too.
    Tally left = thread_tally({5, 0, 7});
    left.merge(thread_tally({3}));
    Tally right = thread_tally({6, 2});
    right.merge(thread_tally({1, 4}));
    right.merge(left);
    right.fold_distinct();
    EXPECT_EQ(right.counts(), whole.counts());
}

TEST(TallyDistinct, ADiscardedUnitAddsNoContent) {
    // The asset unit of key 7 (ordinal 10) times out: key 7 is then the character unit's.
    Tally t;
    for (std::size_t i : {1u, 0u, 2u}) {
        const Seen& u = kUnits[i];
        t.begin_unit(u.scope, u.ordinal);
        t.distinct("distinct_sections", u.key, u.sections);
        if (u.ordinal == 10) t.discard_unit();
    }
    t.fold_distinct();
    EXPECT_EQ(t.count("distinct_sections", TallyScope{"eldenring", "asset", {}}), 0u);
    EXPECT_EQ(t.count("distinct_sections", TallyScope{"eldenring", "character", {}}), 5u);
    // A key only a discarded unit held is gone altogether.
    Tally u;
    u.begin_unit(TallyScope{"eldenring", "asset", {}}, 3);
    u.distinct("distinct_sections", 99, 4);
    u.distinct("distinct_sections", 99, 2);
    u.discard_unit();
    EXPECT_TRUE(u.distinct_counts().empty());
}

TEST(TallyDistinct, AUnitAddsUpItsOwnCountsUnderOneKey) {
    Tally t;
    t.begin_unit(TallyScope{"eldenring", "asset", {}}, 3);
    t.distinct("distinct_sections", 1, 4);                  // mesh 0
    t.distinct("distinct_sections", 1, 2);                  // mesh 1
    t.begin_unit(TallyScope{"eldenring", "asset", {}}, 8);  // the same bytes again: counted once
    t.distinct("distinct_sections", 1, 4);
    t.distinct("distinct_sections", 1, 2);
    t.fold_distinct();
    EXPECT_EQ(t.count("distinct_sections", TallyScope{"eldenring", "asset", {}}), 6u);
}

}  // namespace
}  // namespace meshproof
