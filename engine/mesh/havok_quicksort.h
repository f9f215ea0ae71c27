// The Havok quicksort of havok-compressed-mesh.txt: "a quicksort that takes the middle element as
// pivot, swaps elements strictly on the wrong side and is not stable". Shared by the passes that
// reproduce an order (interior bits, primitive numbering, tree rebuild) and by the synthetic writer,
// so equal keys come out in exactly the order that procedure gives.
//
// ranks(n): what the quicksort makes of 0..n−1 under all-equal keys. The document's numbering
// rule: "the primitive stored at index p is the one of pre-order rank ranks(n)[p]", so the leaf of
// pre-order rank r carries payload p with ranks(n)[p] == r (leaf_payloads_in_preorder).
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace meshproof::mesh {

// Sorts [lo, hi] of `a` (inclusive) in place. `less(x, y)` is the strict comparison; equal
// elements are only swapped when both scans stop on them, as the procedure does.
template <class T, class Less>
void havok_quicksort_range(std::span<T> a, std::int64_t lo, std::int64_t hi, Less less) {
    while (lo < hi) {
        std::int64_t i = hi;
        std::int64_t j = lo;
        const T pivot = a[static_cast<std::size_t>((lo + hi) >> 1)];
        do {
            while (less(a[static_cast<std::size_t>(j)], pivot)) ++j;
            while (less(pivot, a[static_cast<std::size_t>(i)])) --i;
            if (i >= j) {
                if (i != j) std::swap(a[static_cast<std::size_t>(i)], a[static_cast<std::size_t>(j)]);
                --i;
                ++j;
            }
        } while (j <= i);
        if (lo < i) havok_quicksort_range(a, lo, i, less);
        lo = j;  // the upper part iteratively, as the original's tail jump
    }
}

template <class T, class Less>
void havok_quicksort(std::span<T> a, Less less) {
    if (a.size() > 1) havok_quicksort_range(a, 0, static_cast<std::int64_t>(a.size()) - 1, less);
}

// What the quicksort makes of 0..n−1 when every key is equal (a pure permutation).
std::vector<std::uint32_t> ranks(std::uint32_t n);

// The payloads a section tree of n leaves carries in pre-order: payload p at rank ranks(n)[p].
std::vector<std::uint32_t> leaf_payloads_in_preorder(std::uint32_t n);

}  // namespace meshproof::mesh
