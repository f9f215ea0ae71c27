// Step 3's sort of the quad-pairing rule (quad_pairing.h) for a caller that reads the pairs taken
// as a set only (PairsRead::kAsSet): the Havok quicksort by cost, with an exact shortcut where the
// tie order can no longer change which pairs are taken.
//
// A word is key << 32 | risky << 31 | i: key the order-keeping integer of candidate i's cost (no
// NaN), the sort comparing the keys alone. `risky` says that another candidate of the same cost
// shares a triangle with candidate i (mark_risky_candidates sets it, before the sort).
//
// What the set of pairs depends on: step 3 walks the sorted candidates and takes one unless one of
// its two triangles is taken. Take a stretch of consecutive candidates that share no triangle
// with each other: whether one of them is taken depends only on what was taken before the stretch
// (the others in it touch other triangles), so any order of the stretch takes the same ones and
// leaves the same triangles taken after it. So two sorted orders give the same set of pairs when
// they have the same key sequence and differ only by reordering such stretches of equal keys.
//
// The shortcut: the quicksort only ever permutes inside the subrange it works on, and the
// subranges are disjoint, so [lo, hi] holds the very candidates the procedure's result has there,
// already in the procedure's place relative to everything outside. If no two candidates of one
// key in [lo, hi] share a triangle (no two risky words with one key: two that shared one would
// both be risky), each run of one key inside [lo, hi] is such a stretch, and putting [lo, hi] in
// key order in any tie order (std::sort on the whole words) gives the procedure's set of pairs.
// Checked on subranges of kMinCandidateShortcut..kMaxCandidateShortcut words (the check reads the
// subrange once), and on the whole array when it has no risky word at all. The order of the pairs
// taken is NOT the procedure's: callers reading that order (the row-pairing product, whose pair
// order gives tree_rule its leaf order) keep the plain quicksort.
//
// Tests: QuadPairing.HybridCandidateSort* (tests/rules/quad_pairing_test.cpp) compare the set of
// pairs with the rule as written on rows full of ties and shared triangles, and show that the
// comparison fails when the check is off.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/rules/havok_quicksort.h"

namespace meshproof::rules {

struct CandidateSortScratch {
    std::vector<std::uint32_t> row_start, row_fill, by_row;  // the candidates of each row (both halves)
    std::vector<std::uint64_t> risky_keys;                   // one subrange's risky keys, for the repeat check
    std::size_t shortcut_candidates = 0;                     // candidates the shortcut has placed (for tests)
};

// For tests only: kUnchecked takes the shortcut on every subrange in size (wrong by construction).
enum class CandidateSortCheck : std::uint8_t { kExact, kUnchecked };

inline constexpr std::uint64_t kRiskyBit = std::uint64_t{1} << 31;
inline constexpr std::uint64_t kCandidateIndexMask = kRiskyBit - 1;
inline constexpr std::int64_t kMinCandidateShortcut = 16;
inline constexpr std::int64_t kMaxCandidateShortcut = 1024;

// Sets the risky bit of every word whose candidate shares a triangle with another candidate of the
// same key; returns how many. cand[i].first / .second: candidate i's rows (< rows). A row with more
// than kManyPerRow candidates marks them all (more than needed: the shortcut is then taken less
// often, never wrongly).
template <class Candidate>
std::size_t mark_risky_candidates(std::span<std::uint64_t> words, std::span<const Candidate> cand, std::size_t rows,
                                  CandidateSortScratch& scratch) {
    constexpr std::uint32_t kManyPerRow = 8;
    std::vector<std::uint32_t>& start = scratch.row_start;
    start.assign(rows + 1, 0);
    for (const Candidate& c : cand) ++start[c.first + 1], ++start[c.second + 1];
    for (std::size_t r = 0; r < rows; ++r) start[r + 1] += start[r];
    scratch.row_fill.assign(start.begin(), start.end() - 1);
    scratch.by_row.resize(cand.size() * 2);
    for (std::size_t i = 0; i < cand.size(); ++i) {
        scratch.by_row[scratch.row_fill[cand[i].first]++] = static_cast<std::uint32_t>(i);
        scratch.by_row[scratch.row_fill[cand[i].second]++] = static_cast<std::uint32_t>(i);
    }
    std::size_t total = 0;
    auto mark = [&](std::uint32_t i) {
        total += (words[i] & kRiskyBit) == 0;
        words[i] |= kRiskyBit;
    };
    for (std::size_t r = 0; r < rows; ++r) {
        const std::uint32_t b = start[r], e = start[r + 1];
        if (e - b < 2) continue;
        if (e - b > kManyPerRow) {
            for (std::uint32_t x = b; x < e; ++x) mark(scratch.by_row[x]);
            continue;
        }
        for (std::uint32_t x = b; x < e; ++x)
            for (std::uint32_t y = x + 1; y < e; ++y) {
                const std::uint32_t i = scratch.by_row[x], j = scratch.by_row[y];
                if ((words[i] >> 32) == (words[j] >> 32)) mark(i), mark(j);
            }
    }
    return total;
}

// Sorts `words` by (word >> 32) as havok_quicksort does, except where the shortcut applies (header
// comment). `risky_total`: how many words have the risky bit.
inline void sort_candidate_words(std::span<std::uint64_t> words, std::size_t risky_total, CandidateSortScratch& scratch,
                                 CandidateSortCheck check = CandidateSortCheck::kExact) {
    if (words.size() < 2) return;
    auto less = [](std::uint64_t a, std::uint64_t b) { return (a >> 32) < (b >> 32); };
    if (risky_total == 0 && check == CandidateSortCheck::kExact) {
        // No two candidates of one cost share a triangle anywhere: any order by key.
        std::sort(words.begin(), words.end());
        scratch.shortcut_candidates += words.size();
        return;
    }
    auto finish = [&](std::uint64_t* a, std::int64_t lo, std::int64_t hi) {
        const std::int64_t n = hi - lo + 1;
        if (n < kMinCandidateShortcut || n > kMaxCandidateShortcut) return false;
        if (check == CandidateSortCheck::kExact) {
            std::size_t count = 0;
            for (std::int64_t p = lo; p <= hi; ++p) count += (a[p] & kRiskyBit) != 0;
            if (count > 1) {
                std::vector<std::uint64_t>& keys = scratch.risky_keys;
                keys.clear();
                for (std::int64_t p = lo; p <= hi; ++p)
                    if (a[p] & kRiskyBit) keys.push_back(a[p] >> 32);
                std::sort(keys.begin(), keys.end());
                if (std::adjacent_find(keys.begin(), keys.end()) != keys.end()) return false;
            }
        }
        std::sort(a + lo, a + hi + 1);
        scratch.shortcut_candidates += static_cast<std::size_t>(n);
        return true;
    };
    havok_quicksort_range<true>(words.data(), 0, static_cast<std::int64_t>(words.size()) - 1, less, finish);
}

}  // namespace meshproof::rules
