// The Havok quicksort of havok-compressed-mesh.txt: "a quicksort that takes the middle element as
// pivot, swaps elements strictly on the wrong side and is not stable". Shared by the passes that
// reproduce an order (interior bits, primitive numbering, tree rebuild) and by the synthetic writer,
// so equal keys come out in exactly the order that procedure gives.
//
// Two implementations of the one procedure:
//   havok_quicksort_reference: the procedure as written, scan by scan (the definition; tests
//     hold the fast one to it on random arrays full of ties and NaNs).
//   havok_quicksort: the same swaps, found a block at a time. The procedure's left scan stops at
//     the positions p with !(a[p] < pivot), its right scan at those with !(pivot < a[q]), and it
//     swaps the k-th stop of one with the k-th stop of the other until they cross. Everything
//     between the two cursors is untouched when read, so the stops of a block of 64 positions can
//     be collected without a branch per element (BlockQuicksort's idea, Edelkamp and Weiß 2016)
//     and paired afterwards: the permutation is the procedure's, equal keys included, with far
//     fewer mispredicted branches. Small ranges use the procedure as written, two elements
//     its outcome in one comparison.
//
// ranks(n): what the quicksort makes of 0..n−1 under all-equal keys. The document's numbering
// rule: "the primitive stored at index p is the one of pre-order rank ranks(n)[p]", so the leaf of
// pre-order rank r carries payload p with ranks(n)[p] == r (leaf_payloads_in_preorder).
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace meshproof::rules {

// One partition of the procedure over [lo, hi] as written; leaves i and j where the scans crossed.
template <class T, class Less>
void havok_partition_reference(T* a, std::int64_t lo, std::int64_t hi, Less& less, std::int64_t& out_i,
                               std::int64_t& out_j) {
    std::int64_t i = hi;
    std::int64_t j = lo;
    const T pivot = a[(lo + hi) >> 1];
    do {
        while (less(a[j], pivot)) ++j;
        while (less(pivot, a[i])) --i;
        if (i >= j) {
            if (i != j) std::swap(a[i], a[j]);
            --i;
            ++j;
        }
    } while (j <= i);
    out_i = i;
    out_j = j;
}

// The same partition with the scans' stops collected a block at a time (see the header comment).
// Invariants: positions in [j, i] are untouched; position j − 1 (after a swap) holds a value the
// right scan stops at and i + 1 one the left scan stops at, so a scan that finds no stop inside
// [j, i] stops just outside it, as the procedure's does.
template <class T, class Less>
void havok_partition_blocks(T* a, std::int64_t lo, std::int64_t hi, Less& less, std::int64_t& out_i,
                            std::int64_t& out_j) {
    constexpr std::int64_t kBlock = 64;
    std::int64_t left_stops[kBlock], right_stops[kBlock];
    int left_count = 0, left_next = 0, right_count = 0, right_next = 0;
    std::int64_t left_read = lo, right_read = hi;  // next positions the collectors read
    std::int64_t i = hi;
    std::int64_t j = lo;
    const T pivot = a[(lo + hi) >> 1];
    for (;;) {
        std::int64_t jk;  // the left scan's stop: the first p in [j, i] with !(a[p] < pivot), else i + 1
        for (;;) {
            if (left_next < left_count) {
                jk = std::min(left_stops[left_next++], i + 1);
                break;
            }
            if (left_read > i) {
                jk = i + 1;
                break;
            }
            const std::int64_t end = std::min(left_read + kBlock - 1, i);
            left_count = left_next = 0;
            for (std::int64_t p = left_read; p <= end; ++p) {
                left_stops[left_count] = p;
                left_count += !less(a[p], pivot);
            }
            left_read = end + 1;
        }
        std::int64_t ik;  // the right scan's stop: the last q in [j, i] with !(pivot < a[q]), else j − 1
        for (;;) {
            if (right_next < right_count) {
                ik = std::max(right_stops[right_next++], j - 1);
                break;
            }
            if (right_read < j) {
                ik = j - 1;
                break;
            }
            const std::int64_t end = std::max(right_read - kBlock + 1, j);
            right_count = right_next = 0;
            for (std::int64_t q = right_read; q >= end; --q) {
                right_stops[right_count] = q;
                right_count += !less(pivot, a[q]);
            }
            right_read = end - 1;
        }
        if (ik < jk) {
            i = ik;
            j = jk;
            break;
        }
        if (ik != jk) std::swap(a[ik], a[jk]);
        i = ik - 1;
        j = jk + 1;
        if (j > i) break;
    }
    out_i = i;
    out_j = j;
}

// A caller's hook into the recursion: finish(a, lo, hi) is asked before each subrange [lo, hi]
// is partitioned and returns true when it has put that subrange in its final order itself (the
// procedure only ever permutes inside a subrange, so nothing else is affected). FinishNone never
// does: the procedure throughout.
struct FinishNone {
    template <class T>
    bool operator()(T*, std::int64_t, std::int64_t) const {
        return false;
    }
};

// Sorts [lo, hi] of `a` (inclusive) in place. `less(x, y)` is the strict comparison; equal
// elements are only swapped when both scans stop on them, as the procedure does.
template <bool kBlocks, class T, class Less, class Finish>
void havok_quicksort_range(T* a, std::int64_t lo, std::int64_t hi, Less& less, Finish& finish) {
    constexpr std::int64_t kSmall =
        8;  // below this the block bookkeeping does not pay (measured: 8 beats 4, 6, 12, 16)
    while (lo < hi) {
        if (finish(a, lo, hi)) return;
        if (kBlocks && hi - lo == 1) {
            // Two elements, as the procedure treats them: the pivot is a[lo], so the left scan
            // stops at once (!(a[lo] < a[lo]), NaN included) and the right scan stops at hi unless
            // a[lo] < a[hi] (then at lo, where i == j: no swap). So they are swapped exactly when
            // !(a[lo] < a[hi]), equal keys included, and both scans then cross: nothing is left.
            if (!less(a[lo], a[hi])) std::swap(a[lo], a[hi]);
            return;
        }
        std::int64_t i = 0, j = 0;
        if (kBlocks && hi - lo >= kSmall) havok_partition_blocks(a, lo, hi, less, i, j);
        else havok_partition_reference(a, lo, hi, less, i, j);
        if (lo < i) havok_quicksort_range<kBlocks>(a, lo, i, less, finish);
        lo = j;  // the upper part iteratively, as the original's tail jump
    }
}

template <bool kBlocks, class T, class Less>
void havok_quicksort_range(T* a, std::int64_t lo, std::int64_t hi, Less& less) {
    FinishNone none;
    havok_quicksort_range<kBlocks>(a, lo, hi, less, none);
}

template <class T, class Less>
void havok_quicksort(std::span<T> a, Less less) {
    if (a.size() > 1) havok_quicksort_range<true>(a.data(), 0, static_cast<std::int64_t>(a.size()) - 1, less);
}

template <class T, class Less>
void havok_quicksort_reference(std::span<T> a, Less less) {
    if (a.size() > 1) havok_quicksort_range<false>(a.data(), 0, static_cast<std::int64_t>(a.size()) - 1, less);
}

// What the quicksort makes of 0..n−1 when every key is equal (a pure permutation).
std::vector<std::uint32_t> ranks(std::uint32_t n);

// The payloads a section tree of n leaves carries in pre-order: payload p at rank ranks(n)[p].
std::vector<std::uint32_t> leaf_payloads_in_preorder(std::uint32_t n);

}  // namespace meshproof::rules
