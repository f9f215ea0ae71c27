// Step 1's sort of the quad-pairing rule (quad_pairing.h) on its packed record words: the Havok
// quicksort by edge key, with an exact shortcut where the tie order can no longer matter.
//
// A word is key << shift | crowded << (shift − 1) | (the caller's bits below: direction, place).
// The sort compares the keys alone. `crowded` says that the record's edge (its key) holds three
// or more records of the whole array; the caller sets it from a count made before the sort.
//
// What the rule reads of the sorted order (steps 2 and 3, quad_pairing.cpp pair_records and the
// plain form in tests/rules/quad_pairing_test.cpp): the records are visited group by group (one
// group per key, in key order); a group's size goes to edge_uses (no order); a group of one
// record makes nothing; a group of two records {x, y} makes at most one candidate and the same
// one whichever comes first, because the fit is symmetric (one is a third edge and the other a
// first edge, they run opposite ways, lie in different rows with different opposite vertices and
// the same primitive data: each condition reads the same with x and y swapped) and the candidate
// is (the row with the third edge, the other) with the cost of those two boxes; the every-fit
// rule makes that same one candidate. Only inside a crowded group (three or more) does the order
// decide anything: which later record is the first fit, and the order of the group's candidates
// (hence step 3's ties). So two sorted orders give the same candidates in the same order, the
// same pairs and the same counts, when they have the same key sequence (every sort by key has)
// and the same relative order of the records of each crowded group.
//
// The shortcut: the quicksort only ever permutes inside the subrange it works on, and subranges are
// disjoint, so the relative order of two records in different subranges is fixed the moment they
// are split. A subrange that holds at most one record of each crowded group leaves every crowded
// group's relative order decided already (its records elsewhere are finished by the procedure or by
// this same argument); whatever the procedure would do inside it changes only the order of equal
// keys of groups of one or two. So such a subrange is put in key order by place_by_key_start (the
// records of one key in the order it reads them), and the result is the procedure's wherever the
// result can depend on it. The records of a crowded group have one key, and [lo, hi] holds exactly
// the keys the sorted array has there, so the check needs no look at the subrange: a crowded group
// of c records takes the sorted array's positions [s, s + c − 1] (s its key start), and [lo, hi]
// holds two of its records exactly when it holds two of those positions. The crowded groups' runs
// are listed once before the sort, sorted by start (by the quad pairing as it counts the keys, else
// by list_crowded_runs); a subrange is refused when the first run that ends after lo starts before
// hi (a run has three or more positions, so that run and [lo, hi] then share two). One binary
// search per subrange of kMinShortcut records or more, whatever its size, and the whole array at
// once when it has no crowded record at all.
//
// Tests: QuadPairing.HybridRecordSort* (tests/rules/quad_pairing_test.cpp) compare the rule with
// this sort against the rule as written on inputs full of ties, check that no shortcut subrange
// holds two records of a crowded group, and show that the comparison fails when the check is off.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/rules/havok_quicksort.h"

namespace meshproof::rules {

struct RecordSortScratch {
    // The crowded groups' runs in the sorted array, by start: the crowded words' key starts
    // sorted (one entry per record), then one run per start, its first and last position.
    std::vector<std::uint32_t> crowded_starts, run_first, run_last;
    std::vector<std::uint32_t> next_slot;  // per key start: the next position its records take
    std::vector<std::uint64_t> placed;     // one subrange in key order
    std::size_t shortcut_records = 0;      // records the shortcut has placed, over every sort (for tests)
};

// For tests only: kUnchecked takes the shortcut on every subrange in size, crowded or not (wrong
// by construction: the tests show the comparison with the rule as written catches it).
enum class RecordSortCheck : std::uint8_t { kExact, kUnchecked };

struct NoShortcutObserver {
    void operator()(const std::uint64_t*, std::int64_t, std::int64_t) const {}
};

inline constexpr std::int64_t kMinShortcut = 16;  // below, the procedure costs less than the placing

// Puts a[lo, hi] in key order in two reads: the words of one key take the positions of that key's
// run (key_start[place]: where the run starts in the sorted array) that fall in [lo, hi], in the
// order read. Exact because [lo, hi] holds exactly the records the sorted array has there (the
// quicksort's subranges hold what ends there), so its runs are the sorted array's runs cut to it.
inline void place_by_key_start(std::uint64_t* a, std::int64_t lo, std::int64_t hi,
                               std::span<const std::uint32_t> key_start, std::uint64_t place_mask,
                               RecordSortScratch& scratch) {
    const auto n = static_cast<std::size_t>(hi - lo + 1);
    const auto low = static_cast<std::uint32_t>(lo);
    std::vector<std::uint32_t>& next = scratch.next_slot;
    if (next.size() < key_start.size()) next.resize(key_start.size());
    for (std::int64_t p = lo; p <= hi; ++p) {
        const std::uint32_t s = key_start[a[p] & place_mask];
        next[s] = std::max(s, low);
    }
    scratch.placed.resize(n);
    scratch.shortcut_records += n;
    for (std::int64_t p = lo; p <= hi; ++p) scratch.placed[next[key_start[a[p] & place_mask]]++ - low] = a[p];
    std::copy(scratch.placed.begin(), scratch.placed.end(), a + lo);
}

// The runs of the crowded groups in the sorted array into scratch.run_first / run_last, by start:
// a group's records share its key start, and the group holds as many records as that start has
// crowded words.
inline void list_crowded_runs(std::span<const std::uint64_t> words, std::uint64_t crowded, std::uint64_t place_mask,
                              std::span<const std::uint32_t> key_start, RecordSortScratch& scratch) {
    std::vector<std::uint32_t>& starts = scratch.crowded_starts;
    starts.clear();
    for (const std::uint64_t w : words)
        if (w & crowded) starts.push_back(key_start[w & place_mask]);
    std::sort(starts.begin(), starts.end());
    scratch.run_first.clear(), scratch.run_last.clear();
    for (std::size_t g = 0; g < starts.size();) {
        std::size_t end = g + 1;
        while (end < starts.size() && starts[end] == starts[g]) ++end;
        scratch.run_first.push_back(starts[g]);
        scratch.run_last.push_back(starts[g] + static_cast<std::uint32_t>(end - g) - 1);
        g = end;
    }
}

// Sorts `words` by (word >> shift) as havok_quicksort does, except where the shortcut applies
// (header comment): such a subrange is put in key order by place_by_key_start. observe(words, lo,
// hi) is called on each subrange [lo, hi] the shortcut is about to finish, before it is (tests
// read what it holds). `crowded_total`: how many words have the crowded bit. key_start: per record
// place (the word's bits below the direction, shift − 2 of them), how many records have a smaller key.
// scratch.run_first / run_last: the crowded runs, listed by the caller (list_crowded_runs, or as
// it counted the keys), by start; not read when no word is crowded.
template <class Observe = NoShortcutObserver>
void sort_record_words_listed(std::span<std::uint64_t> words, int shift, std::size_t crowded_total,
                              std::span<const std::uint32_t> key_start, RecordSortScratch& scratch,
                              Observe observe = {}, RecordSortCheck check = RecordSortCheck::kExact) {
    if (words.size() < 2) return;
    const std::uint64_t place_mask = (std::uint64_t{1} << (shift - 2)) - 1;
    auto less = [shift](std::uint64_t a, std::uint64_t b) { return (a >> shift) < (b >> shift); };
    const std::int64_t last = static_cast<std::int64_t>(words.size()) - 1;
    if (crowded_total == 0 && check == RecordSortCheck::kExact) {
        // No crowded group at all: every order by key is the procedure's wherever it matters.
        observe(words.data(), 0, last);
        place_by_key_start(words.data(), 0, last, key_start, place_mask, scratch);
        return;
    }
    const std::span<const std::uint32_t> run_first(scratch.run_first), run_last(scratch.run_last);
    auto finish = [&](std::uint64_t* a, std::int64_t lo, std::int64_t hi) {
        if (hi - lo + 1 < kMinShortcut) return false;
        if (check == RecordSortCheck::kExact) {
            // The shortcut's condition: no crowded run shares two positions with [lo, hi] (header
            // comment). Runs are disjoint and sorted, so only the first that ends after lo can.
            const auto it = std::upper_bound(run_last.begin(), run_last.end(), static_cast<std::uint32_t>(lo));
            if (it != run_last.end() && run_first[static_cast<std::size_t>(it - run_last.begin())] < hi) return false;
        }
        observe(a, lo, hi);
        place_by_key_start(a, lo, hi, key_start, place_mask, scratch);
        return true;
    };
    havok_quicksort_range<true>(words.data(), 0, last, less, finish);
}

// The same with the crowded runs listed here from the words (list_crowded_runs).
template <class Observe = NoShortcutObserver>
void sort_record_words(std::span<std::uint64_t> words, int shift, std::size_t crowded_total,
                       std::span<const std::uint32_t> key_start, RecordSortScratch& scratch, Observe observe = {},
                       RecordSortCheck check = RecordSortCheck::kExact) {
    if (words.size() < 2) return;
    const std::uint64_t crowded = std::uint64_t{1} << (shift - 1);
    const std::uint64_t place_mask = (std::uint64_t{1} << (shift - 2)) - 1;
    if (crowded_total != 0 || check != RecordSortCheck::kExact)
        list_crowded_runs(words, crowded, place_mask, key_start, scratch);
    sort_record_words_listed(words, shift, crowded_total, key_start, scratch, observe, check);
}

}  // namespace meshproof::rules
