// See tree_rule.h. Spec: havok-compressed-mesh.txt, the section-tree topology paragraphs and the
// rule's step 2 ("A list of 16 or fewer is joined from the bottom").
#include "engine/mesh/tree_rule.h"

#include <algorithm>
#include <limits>

#include <emmintrin.h>  // SSE2, the x86-64 baseline: four union surfaces at once

namespace meshproof::mesh {

namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

// box_surface(box_union(a, b)) for four boxes at once, a and b as six columns each (min x y z, max
// x y z). std::min(a, b) is `b < a ? b : a`, which is _mm_min_ps(b, a), and std::max(a, b) is
// `a < b ? b : a`, which is _mm_max_ps(b, a): the same float in every lane, NaN included (the union
// of two boxes with a NaN coordinate depends on which comes first, and the order is kept).
inline __m128 union_surface(const __m128 a[6], const __m128 b[6]) {
    const __m128 ex = _mm_sub_ps(_mm_max_ps(b[3], a[3]), _mm_min_ps(b[0], a[0]));
    const __m128 ey = _mm_sub_ps(_mm_max_ps(b[4], a[4]), _mm_min_ps(b[1], a[1]));
    const __m128 ez = _mm_sub_ps(_mm_max_ps(b[5], a[5]), _mm_min_ps(b[2], a[2]));
    const __m128 zy = _mm_mul_ps(ez, ey);
    const __m128 yx = _mm_mul_ps(ey, ex);
    const __m128 xz = _mm_mul_ps(ex, ez);
    return _mm_add_ps(_mm_add_ps(zy, yx), xz);
}

struct Columns {
    float* c[6];
    void load(std::uint32_t i, __m128 out[6]) const {
        for (int k = 0; k < 6; ++k) out[k] = _mm_loadu_ps(c[k] + i);
    }
    void broadcast(std::uint32_t i, __m128 out[6]) const {
        for (int k = 0; k < 6; ++k) out[k] = _mm_set1_ps(c[k][i]);
    }
    void set(std::uint32_t i, const Box& b) const {
        for (int k = 0; k < 3; ++k) c[k][i] = b.min[k], c[3 + k][i] = b.max[k];
    }
    void copy(std::uint32_t to, std::uint32_t from) const {
        for (int k = 0; k < 6; ++k) c[k][to] = c[k][from];
    }
    void join(std::uint32_t into, std::uint32_t other) const {   // box_union(box[into], box[other])
        for (int k = 0; k < 3; ++k) c[k][into] = std::min(c[k][into], c[k][other]);
        for (int k = 3; k < 6; ++k) c[k][into] = std::max(c[k][into], c[k][other]);
    }
};

// The costs of entry `fixed` against the entries from .. to − 1, written to cost[fixed][j] and
// cost[j][fixed]; `fixed` is the union's first box when `fixed_first`, else its second.
void fill_costs(const Columns& col, float* cost, std::uint32_t n, std::uint32_t fixed, std::uint32_t from, std::uint32_t to,
                bool fixed_first) {
    __m128 f[6], v[6];
    col.broadcast(fixed, f);
    alignas(16) float lane[4];
    for (std::uint32_t j = from; j < to; j += 4) {
        col.load(j, v);
        _mm_store_ps(lane, fixed_first ? union_surface(f, v) : union_surface(v, f));
        const std::uint32_t end = std::min(to, j + 4);
        for (std::uint32_t k = j; k < end; ++k) {
            cost[static_cast<std::size_t>(fixed) * n + k] = lane[k - j];
            cost[static_cast<std::size_t>(k) * n + fixed] = lane[k - j];
        }
    }
}

// Row i's first least cost over the columns i + 1 .. m − 1, by the same strict comparison from
// +inf as the scan of the whole list (so a NaN or +inf cost is never a row's least).
inline void rescan_row(const float* cost, std::uint32_t n, std::uint32_t i, std::uint32_t m, float& v, std::uint32_t& at) {
    v = std::numeric_limits<float>::infinity();
    at = kNone;
    const float* row = cost + static_cast<std::size_t>(i) * n;
    for (std::uint32_t j = i + 1; j < m; ++j) {
        if (row[j] < v) v = row[j], at = j;
    }
}

// A changed cost c at column j of a row whose least is (v, at) and whose column `at` did not change.
inline void offer(float c, std::uint32_t j, float& v, std::uint32_t& at) {
    if (c < v || (c == v && at != kNone && j < at)) v = c, at = j;
}

}  // namespace

// The rule picks the first pair in list order (row i, then column j) with the least cost. Each row
// keeps its own first least (value and column), so a pick reads n row minima instead of n²/2 costs:
// the first row whose least is smallest, and that row's column, is the same pair the whole scan
// finds. After a join only the columns of the two changed entries and the removed last one move;
// a row whose least sat on one of them is scanned again, any other row only weighs the new costs.
// The boxes are kept as six columns so the costs of one entry against the others come four at once.
void least_surface_merge(std::span<const Box> leaves, MergeWorkspace& ws, MergedTree& out) {
    const std::uint32_t n = static_cast<std::uint32_t>(leaves.size());
    out.leaves = n;
    out.child[0].clear();
    out.child[1].clear();
    if (n < 2) return;
    // Every column padded so that a group of four loaded from any entry stays in its own column
    // (a load at entry n − 1 reads up to n + 2; the lanes past the list are read and dropped).
    const std::uint32_t stride = ((n + 3) & ~3u) + 4;
    ws.columns.assign(static_cast<std::size_t>(stride) * 6, 0.0f);
    Columns col;
    for (int k = 0; k < 6; ++k) col.c[k] = ws.columns.data() + static_cast<std::size_t>(k) * stride;
    for (std::uint32_t i = 0; i < n; ++i) col.set(i, leaves[i]);
    ws.node.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) ws.node[i] = i;
    ws.cost.resize(static_cast<std::size_t>(n) * n);
    ws.row_least.resize(n);
    ws.row_at.resize(n);
    float* cost = ws.cost.data();
    float* least = ws.row_least.data();
    std::uint32_t* at = ws.row_at.data();
    for (std::uint32_t i = 0; i + 1 < n; ++i) fill_costs(col, cost, n, i, i + 1, n, true);
    for (std::uint32_t i = 0; i < n; ++i) rescan_row(cost, n, i, n, least[i], at[i]);

    std::uint32_t next_id = n;
    for (std::uint32_t m = n; m > 1; --m) {
        // The first row with the least cost (strict comparison: a tie keeps the first), then its column.
        std::uint32_t bi = 0, bj = 1;
        float best = std::numeric_limits<float>::infinity();
        for (std::uint32_t i = 0; i + 1 < m; ++i) {
            if (least[i] < best) best = least[i], bi = i, bj = at[i];
        }
        out.child[0].push_back(ws.node[bi]);
        out.child[1].push_back(ws.node[bj]);
        // The new node takes the first one's place ...
        col.join(bi, bj);
        ws.node[bi] = next_id++;
        // ... and the last entry fills the second one's.
        const std::uint32_t last = m - 1;
        if (bj != last) {
            col.copy(bj, last);
            ws.node[bj] = ws.node[last];
            for (std::uint32_t k = 0; k < last; ++k) {
                if (k == bj) continue;
                const float c = cost[static_cast<std::size_t>(k) * n + last];
                cost[static_cast<std::size_t>(k) * n + bj] = c;
                cost[static_cast<std::size_t>(bj) * n + k] = c;
            }
        }
        // The joined node's costs against every other entry still in the list (the earlier entry
        // of a pair is the union's first box).
        fill_costs(col, cost, n, bi, 0, bi, false);
        fill_costs(col, cost, n, bi, bi + 1, last, true);
        // Row minima over the list of m − 1 entries.
        for (std::uint32_t k = 0; k < last; ++k) {
            if (k == bi || k == bj || at[k] == bi || at[k] == bj || at[k] == last) {
                rescan_row(cost, n, k, last, least[k], at[k]);
                continue;
            }
            const float* row = cost + static_cast<std::size_t>(k) * n;
            if (bi > k) offer(row[bi], bi, least[k], at[k]);
            if (bj > k && bj != last) offer(row[bj], bj, least[k], at[k]);
        }
    }
}

bool merged_leaf_sets(const MergedTree& tree, std::vector<std::uint64_t>& out) {
    out.clear();
    const std::uint32_t n = tree.leaves;
    if (n > 64) return false;
    if (n < 2) return true;
    out.resize(n - 1);
    auto set_of = [&](std::uint32_t id) -> std::uint64_t {
        return id < n ? std::uint64_t{1} << id : out[id - n];
    };
    for (std::uint32_t k = 0; k + 1 < n; ++k) out[k] = set_of(tree.child[0][k]) | set_of(tree.child[1][k]);
    return true;
}

std::uint32_t shared_leaf_sets(std::span<std::uint64_t> a, std::span<std::uint64_t> b) {
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    std::uint32_t shared = 0;
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (a[i] < b[j]) {
            ++i;
        } else if (b[j] < a[i]) {
            ++j;
        } else {
            ++shared;
            ++i;
            ++j;
        }
    }
    return shared;
}

}  // namespace meshproof::mesh
