// The Havok quicksort (havok-compressed-mesh.txt, "numbering"): the document's vectors for
// n = 4, 6, 8 and 10 pin the routine (middle pivot, strict comparisons, not stable).
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <utility>

#include "engine/mesh/havok_quicksort.h"

namespace meshproof::mesh {
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

}  // namespace
}  // namespace meshproof::mesh
