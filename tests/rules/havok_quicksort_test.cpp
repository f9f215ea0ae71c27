// The Havok quicksort (havok-compressed-mesh.txt, "numbering"): the document's vectors for
// n = 4, 6, 8 and 10 pin the routine (middle pivot, strict comparisons, not stable).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>
#include <utility>

#include "engine/rules/havok_quicksort.h"

namespace meshproof::rules {
namespace {

using V = std::vector<std::uint32_t>;

TEST(HavokQuicksort, LeafPayloadsInPreorderAreTheDocumentsVectors) {
    EXPECT_EQ(leaf_payloads_in_preorder(4), (V{2, 3, 0, 1}));
    EXPECT_EQ(leaf_payloads_in_preorder(6), (V{3, 4, 5, 0, 1, 2}));
    EXPECT_EQ(leaf_payloads_in_preorder(8), (V{5, 4, 7, 6, 1, 0, 3, 2}));
    EXPECT_EQ(leaf_payloads_in_preorder(10), (V{6, 5, 7, 9, 8, 1, 0, 2, 4, 3}));
}

TEST(HavokQuicksort, RanksAreThePermutationThePayloadsInvert) {
    // "the leaf of pre-order rank r carries the payload p with ranks(n)[p] == r"
    for (std::uint32_t n : {2u, 3u, 4u, 6u, 8u, 10u, 17u, 127u}) {
        const V r = ranks(n), payload = leaf_payloads_in_preorder(n);
        ASSERT_EQ(r.size(), n);
        for (std::uint32_t p = 0; p < n; ++p) EXPECT_EQ(payload[r[p]], p) << n;
        V sorted = r;
        std::sort(sorted.begin(), sorted.end());
        V iota(n);
        std::iota(iota.begin(), iota.end(), 0u);
        EXPECT_EQ(sorted, iota) << "ranks(" << n << ") is a permutation";
    }
    // Under all-equal keys the procedure only swaps pairs, so ranks(n) is its own inverse for the
    // document's n: ranks and payloads coincide there (a note for readers of the numbering rule).
    EXPECT_EQ(ranks(10), leaf_payloads_in_preorder(10));
    EXPECT_EQ(ranks(0), V{});
    EXPECT_EQ(ranks(1), V{0});
}

TEST(HavokQuicksort, SortsAscendingAndIsNotStable) {
    std::vector<std::pair<int, int>> a = {{3, 0}, {1, 1}, {2, 2}, {1, 3}, {3, 4}, {0, 5}, {2, 6}, {1, 7}};
    havok_quicksort(std::span<std::pair<int, int>>(a), [](const auto& x, const auto& y) { return x.first < y.first; });
    for (std::size_t i = 1; i < a.size(); ++i) EXPECT_LE(a[i - 1].first, a[i].first);
    // Equal keys come out in the order the procedure gives, not their input order (pinned from
    // this implementation, which the document's vectors above validate).
    std::vector<int> tags;
    for (const auto& e : a) tags.push_back(e.second);
    EXPECT_EQ(tags, (std::vector<int>{5, 3, 7, 1, 6, 2, 0, 4}));
}

// The block-collected scans must make exactly the procedure's swaps: same permutation, ties and
// NaNs included, at every size around the block and small-range thresholds.
TEST(HavokQuicksort, BlockPartitionGivesTheProceduresPermutation) {
    struct E {
        float key;
        std::uint32_t tag;
    };
    auto less = [](const E& x, const E& y) { return x.key < y.key; };
    std::mt19937 rng(20261130);
    int compared = 0;
    for (int round = 0; round < 600; ++round) {
        const std::uint32_t n = round < 200 ? static_cast<std::uint32_t>(round)
                                            : std::uniform_int_distribution<std::uint32_t>(0, 5000)(rng);
        const int distinct = std::array<int, 5>{1, 2, 7, 100, 1 << 30}[static_cast<std::size_t>(round % 5)];
        const bool nans = round % 7 == 3;
        std::vector<E> a(n);
        for (std::uint32_t k = 0; k < n; ++k) {
            a[k] = {static_cast<float>(std::uniform_int_distribution<int>(0, distinct - 1)(rng)), k};
            if (nans && rng() % 17 == 0) a[k].key = std::numeric_limits<float>::quiet_NaN();
        }
        if (round % 11 == 5) std::sort(a.begin(), a.end(), less);  // presorted input
        std::vector<E> fast = a, reference = a;
        havok_quicksort(std::span<E>(fast), less);
        havok_quicksort_reference(std::span<E>(reference), less);
        for (std::uint32_t k = 0; k < n; ++k)
            ASSERT_EQ(fast[k].tag, reference[k].tag) << "n " << n << " round " << round << " at " << k;
        if (!nans) {
            for (std::uint32_t k = 1; k < n; ++k) ASSERT_LE(fast[k - 1].key, fast[k].key);
        }
        ++compared;
    }
    EXPECT_EQ(compared, 600);
    // The documents' all-equal vectors through both.
    for (std::uint32_t n : {4u, 6u, 8u, 10u, 100u, 1000u}) {
        V fast(n), reference(n);
        std::iota(fast.begin(), fast.end(), 0u);
        std::iota(reference.begin(), reference.end(), 0u);
        auto never = [](std::uint32_t, std::uint32_t) { return false; };
        havok_quicksort(std::span<std::uint32_t>(fast), never);
        havok_quicksort_reference(std::span<std::uint32_t>(reference), never);
        EXPECT_EQ(fast, reference) << n;
    }
}

// Every array of up to 7 elements over the keys {0, 1, 2, NaN}: the small-range paths (two
// elements in one comparison, the procedure below the block threshold, the blocks above it on
// the subranges they leave) against the procedure, every tie and NaN pattern included.
TEST(HavokQuicksort, EverySmallArrayOfTiesAndNansGivesTheProceduresPermutation) {
    struct E {
        float key;
        std::uint32_t tag;
    };
    auto less = [](const E& x, const E& y) { return x.key < y.key; };
    const float keys[4] = {0.0f, 1.0f, 2.0f, std::numeric_limits<float>::quiet_NaN()};
    std::uint64_t arrays = 0;
    for (std::uint32_t n = 0; n <= 7; ++n) {
        std::uint32_t count = 1;
        for (std::uint32_t k = 0; k < n; ++k) count *= 4;
        for (std::uint32_t code = 0; code < count; ++code) {
            std::vector<E> a(n);
            for (std::uint32_t k = 0, c = code; k < n; ++k, c /= 4) a[k] = {keys[c % 4], k};
            std::vector<E> fast = a, reference = a;
            havok_quicksort(std::span<E>(fast), less);
            havok_quicksort_reference(std::span<E>(reference), less);
            for (std::uint32_t k = 0; k < n; ++k)
                ASSERT_EQ(fast[k].tag, reference[k].tag) << "n " << n << " code " << code << " at " << k;
            ++arrays;
        }
    }
    EXPECT_EQ(arrays, 1u + 4 + 16 + 64 + 256 + 1024 + 4096 + 16384);
    // Two equal keys are swapped (both scans stop on them), a stable sort would not.
    std::vector<E> two = {{1.0f, 0}, {1.0f, 1}};
    havok_quicksort(std::span<E>(two), less);
    EXPECT_EQ(two[0].tag, 1u);
}

// The pairing rule's sorts: 64-bit words ordered on the bits above a shift (step 1's record
// words, step 3's cost words), the bits below (direction and place) left out of the comparison,
// so most keys come in pairs or more: the same permutation as the procedure.
TEST(HavokQuicksort, ShiftedWordsFullOfTiesGiveTheProceduresPermutation) {
    std::mt19937_64 rng(20261203);
    for (int round = 0; round < 300; ++round) {
        const std::size_t n =
            round < 100 ? static_cast<std::size_t>(round) : std::uniform_int_distribution<std::size_t>(0, 20000)(rng);
        const int shift = round % 2 == 0 ? 32 : 17;
        const std::uint64_t distinct =
            std::array<std::uint64_t, 4>{1, 3, n / 2 + 1, n / 3 + 1}[static_cast<std::size_t>(round % 4)];
        std::vector<std::uint64_t> a(n);
        for (std::size_t k = 0; k < n; ++k)
            a[k] = (rng() % distinct) << shift | (k & ((std::uint64_t{1} << shift) - 1));
        auto less = [shift](std::uint64_t x, std::uint64_t y) { return (x >> shift) < (y >> shift); };
        std::vector<std::uint64_t> fast = a, reference = a;
        havok_quicksort(std::span<std::uint64_t>(fast), less);
        havok_quicksort_reference(std::span<std::uint64_t>(reference), less);
        ASSERT_EQ(fast, reference) << "n " << n << " round " << round;
    }
}

}  // namespace
}  // namespace meshproof::rules
