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
// The shortcut: the quicksort only ever permutes inside the subrange it works on, and subranges
// are disjoint, so the relative order of two records in different subranges is fixed the moment
// they are split. A subrange that holds at most one record of each crowded group leaves every
// crowded group's relative order decided already (its records elsewhere are finished by the
// procedure or by this same argument); whatever the procedure would do inside it changes only
// the order of equal keys of groups of one or two. So such a subrange is put in key order by
// place_by_key_start (the records of one key in the order it reads them), and the result is the
// procedure's wherever the result can depend on it. The records of a
// crowded group have one key, so two of them in a subrange show as two crowded words with one
// key (one key start): the check stamps the crowded words' key starts and refuses on a repeat.
// Checked only on subranges of kMinShortcut..kMaxShortcut records (the check reads the subrange
// once; above that size it would read the array at every level), and on the whole array when it
// has no crowded record at all.
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
    // Per key start: the generation of the last subrange whose repeat check met a crowded record
    // of that key (values below the current generation are stale).
    std::vector<std::uint32_t> stamp;
    std::uint32_t generation = 0;
    std::uint32_t next_generation() {
        if (++generation == 0) std::fill(stamp.begin(), stamp.end(), 0u), generation = 1;
        return generation;
    }
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

inline constexpr std::int64_t kMinShortcut = 16;    // below, the procedure costs less than the check
inline constexpr std::int64_t kMaxShortcut = 1024;  // above, the check is not tried (see the header comment)

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

// Sorts `words` by (word >> shift) as havok_quicksort does, except where the shortcut applies
// (header comment): such a subrange is put in key order by place_by_key_start. observe(words, lo,
// hi) is called on each subrange [lo, hi] the shortcut is about to finish, before it is (tests
// read what it holds). `crowded_total`: how many words have the crowded bit. key_start: per record
// place (the word's bits below the direction, shift − 2 of them), how many records have a smaller key.
template <class Observe = NoShortcutObserver>
void sort_record_words(std::span<std::uint64_t> words, int shift, std::size_t crowded_total,
                       std::span<const std::uint32_t> key_start, RecordSortScratch& scratch, Observe observe = {},
                       RecordSortCheck check = RecordSortCheck::kExact) {
    if (words.size() < 2) return;
    const std::uint64_t crowded = std::uint64_t{1} << (shift - 1);
    const std::uint64_t place_mask = (std::uint64_t{1} << (shift - 2)) - 1;
    auto less = [shift](std::uint64_t a, std::uint64_t b) { return (a >> shift) < (b >> shift); };
    const std::int64_t last = static_cast<std::int64_t>(words.size()) - 1;
    if (crowded_total == 0 && check == RecordSortCheck::kExact) {
        // No crowded group at all: every order by key is the procedure's wherever it matters.
        observe(words.data(), 0, last);
        place_by_key_start(words.data(), 0, last, key_start, place_mask, scratch);
        return;
    }
    if (scratch.stamp.size() < words.size()) scratch.stamp.resize(words.size(), 0u);  // key starts are < words.size()
    auto finish = [&](std::uint64_t* a, std::int64_t lo, std::int64_t hi) {
        const std::int64_t n = hi - lo + 1;
        if (n < kMinShortcut || n > kMaxShortcut) return false;
        if (check == RecordSortCheck::kExact) {
            // The shortcut's condition: no two records of one crowded group in [lo, hi]. Counted
            // first without a branch (the crowded records are rare), collected only when two.
            std::size_t count = 0;
            for (std::int64_t p = lo; p <= hi; ++p) count += (a[p] >> (shift - 1)) & 1u;
            if (count > 1) {
                // Two records of one edge share its key start (the sorted array's run of that
                // key): a stamp per key start, this subrange's generation, finds a repeat in one
                // read, stopping at the first.
                const std::uint32_t generation = scratch.next_generation();
                std::uint32_t* stamp = scratch.stamp.data();
                const std::uint64_t crowded_bit = crowded, mask = place_mask;
                for (std::int64_t p = lo; p <= hi; ++p) {
                    const std::uint64_t w = a[p];
                    if ((w & crowded_bit) == 0) continue;
                    std::uint32_t& st = stamp[key_start[w & mask]];
                    if (st == generation) return false;
                    st = generation;
                }
            }
        }
        observe(a, lo, hi);
        place_by_key_start(a, lo, hi, key_start, place_mask, scratch);
        return true;
    };
    havok_quicksort_range<true>(words.data(), 0, last, less, finish);
}

}  // namespace meshproof::rules
