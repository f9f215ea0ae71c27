// See tree_rule.h. Spec: havok-compressed-mesh.txt, the section-tree topology paragraphs and the
// rule's step 2 ("A list of 16 or fewer is joined from the bottom").
#include "engine/rules/tree_rule.h"

#include <algorithm>
#include <bit>
#include <limits>

#include <emmintrin.h>  // SSE2, the x86-64 baseline: four union surfaces at once

namespace meshproof::rules {

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
    void set(std::uint32_t i, const mesh::Box& b) const {
        for (int k = 0; k < 3; ++k) c[k][i] = b.min[k], c[3 + k][i] = b.max[k];
    }
    void copy(std::uint32_t to, std::uint32_t from) const {
        for (int k = 0; k < 6; ++k) c[k][to] = c[k][from];
    }
    void join(std::uint32_t into, std::uint32_t other) const {  // box_union(box[into], box[other])
        for (int k = 0; k < 3; ++k) c[k][into] = std::min(c[k][into], c[k][other]);
        for (int k = 3; k < 6; ++k) c[k][into] = std::max(c[k][into], c[k][other]);
    }
};

// The padded length of a column and of a cost row for a list of n: a whole group of four more than
// n rounded up, so a group loaded or stored from any entry below n stays inside (it reaches n + 2).
inline std::uint32_t padded(std::uint32_t n) { return ((n + 3) & ~3u) + 4; }

// A changed cost c at column j of a row whose least is (v, at) and whose column `at` did not change.
inline void offer(float c, std::uint32_t j, float& v, std::uint32_t& at) {
    if (c < v || (c == v && at != kNone && j < at)) v = c, at = j;
}

// Fewer rows than this: the pick and the row minima's update one row at a time (cheaper than
// groups of four on so few).
constexpr std::uint32_t kFewRows = 8;

// The merge's state: the boxes as six columns, the cost matrix (row i, column j > i: the surface of
// the union of boxes i and j, the earlier entry first; what a rescan reads), each row's first least
// cost over the columns after it and that column, each entry's node id. Below the diagonal only the
// two rows whose column changed at a join hold their costs (row bi and the moved row bj, columns
// before them: what update_minima reads there, four rows at a time); the other entries below it are
// never read, so they are not kept (the matrix was kept symmetric before: every cost stored twice).
// kStride is the row stride when it is known at compile time (the small lists), else 0. least and
// at have room for a group of four past the list.
template <std::uint32_t kStride>
struct MergeState {
    Columns col;
    float* cost;
    std::uint32_t runtime_stride;
    float* least;
    std::uint32_t* at;
    std::uint32_t* node;

    std::uint32_t stride() const {
        if constexpr (kStride != 0) return kStride;
        else return runtime_stride;
    }
    float* row(std::uint32_t i) const { return cost + static_cast<std::size_t>(i) * stride(); }

    // Entry `fixed` against the entries from .. to − 1 (the union's first box when `fixed_first`),
    // four costs per store into row `fixed` (a group's lanes past `to` land in the row's padding, on
    // the diagonal or in columns that have left the list or are written next); with `column`, also
    // one by one into column `fixed` of those rows; without `row`, only into the column.
    template <bool kColumn, bool kRow = true>
    void fill(std::uint32_t fixed, std::uint32_t from, std::uint32_t to, bool fixed_first) const {
        __m128 f[6], v[6];
        col.broadcast(fixed, f);
        float* r = row(fixed);
        alignas(16) float lane[4];
        for (std::uint32_t j = from; j < to; j += 4) {
            col.load(j, v);
            const __m128 c = fixed_first ? union_surface(f, v) : union_surface(v, f);
            if constexpr (kRow) _mm_storeu_ps(r + j, c);
            if constexpr (kColumn) {
                _mm_store_ps(lane, c);
                const std::uint32_t end = std::min(to, j + 4);
                for (std::uint32_t k = j; k < end; ++k) row(k)[fixed] = lane[k - j];
            }
        }
    }

    // Row i's first least cost over the columns i + 1 .. m − 1 and its column: the least of the
    // costs below +inf (a NaN lane never wins _mm_min_ps(cost, least), which keeps `least` when
    // either is NaN), then the first column holding a cost equal to it. That is the strict scan
    // from +inf (`if (c < v) v = c, at = j`): a NaN or +inf cost is never a row's least.
    void rescan(std::uint32_t i, std::uint32_t m) const {
        const float* r = row(i);
        if (m <= i + 5) {  // four costs or fewer: the scan itself is cheaper
            float v = std::numeric_limits<float>::infinity();
            std::uint32_t a = kNone;
            for (std::uint32_t j = i + 1; j < m; ++j)
                if (r[j] < v) v = r[j], a = j;
            least[i] = v, at[i] = a;
            return;
        }
        const std::uint32_t first = (i + 1) & ~3u;
        auto group = [&](std::uint32_t g) { return masked(r + g, g, i + 1, m); };
        __m128 low = kInf4();
        for (std::uint32_t g = first; g < m; g += 4) low = _mm_min_ps(group(g), low);
        low = horizontal_min(low);
        least[i] = std::numeric_limits<float>::infinity();
        at[i] = kNone;
        if (!(_mm_cvtss_f32(low) < std::numeric_limits<float>::infinity())) return;
        for (std::uint32_t g = first; g < m; g += 4) {
            const int hit = _mm_movemask_ps(_mm_cmpeq_ps(group(g), low));
            if (hit != 0) {
                at[i] = g + static_cast<std::uint32_t>(__builtin_ctz(static_cast<unsigned>(hit)));
                least[i] = r[at[i]];
                return;
            }
        }
    }

    // The first row with the least row minimum (strict comparison from +inf: a tie keeps the first),
    // over rows 0 .. rows − 1; none below +inf: row 0 and column 1, the whole scan's default.
    void pick(std::uint32_t rows, std::uint32_t& bi, std::uint32_t& bj) const {
        bi = 0, bj = 1;
        if (rows < kFewRows) {
            float best = std::numeric_limits<float>::infinity();
            for (std::uint32_t i = 0; i < rows; ++i)
                if (least[i] < best) best = least[i], bi = i, bj = at[i];
            return;
        }
        __m128 low = kInf4();
        for (std::uint32_t g = 0; g < rows; g += 4) low = _mm_min_ps(masked(least + g, g, 0, rows), low);
        low = horizontal_min(low);
        if (!(_mm_cvtss_f32(low) < std::numeric_limits<float>::infinity())) return;
        for (std::uint32_t g = 0; g < rows; g += 4) {
            const int hit = _mm_movemask_ps(_mm_cmpeq_ps(masked(least + g, g, 0, rows), low));
            if (hit != 0) {
                bi = g + static_cast<std::uint32_t>(__builtin_ctz(static_cast<unsigned>(hit)));
                bj = at[bi];
                return;
            }
        }
    }

    // After joining bi and bj (bj's place now the moved last entry, or gone when it was the last):
    // the row minima of rows 0 .. rows − 1, four rows at a time. A row whose least sat on a changed
    // column (bi, bj, the last) or that is itself bi or bj is scanned again; any other weighs the
    // new costs at columns bi and then bj after it: c < v, or c == v at an earlier column
    // (offer(c, j, v, at) of the scalar form, `at != kNone` being a signed −1 that no column is below).
    void update_minima(std::uint32_t rows, std::uint32_t bi, std::uint32_t bj, std::uint32_t last) const {
        if (rows < kFewRows) {
            for (std::uint32_t k = 0; k < rows; ++k) {
                if (k == bi || k == bj || at[k] == bi || at[k] == bj || at[k] == last) {
                    rescan(k, last);
                    continue;
                }
                if (bi > k) offer(row(bi)[k], bi, least[k], at[k]);
                if (bj > k && bj != last) offer(row(bj)[k], bj, least[k], at[k]);
            }
            return;
        }
        const __m128i lanes = _mm_setr_epi32(0, 1, 2, 3);
        const __m128i vi = _mm_set1_epi32(static_cast<int>(bi)), vj = _mm_set1_epi32(static_cast<int>(bj)),
                      vl = _mm_set1_epi32(static_cast<int>(last));
        const bool offer_j = bj != last;
        for (std::uint32_t g = 0; g < rows; g += 4) {
            const __m128i k = _mm_add_epi32(_mm_set1_epi32(static_cast<int>(g)), lanes);
            __m128 v = _mm_loadu_ps(least + g);
            __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(at + g));
            const __m128i again = _mm_or_si128(
                _mm_or_si128(_mm_cmpeq_epi32(k, vi), _mm_cmpeq_epi32(k, vj)),
                _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi32(a, vi), _mm_cmpeq_epi32(a, vj)), _mm_cmpeq_epi32(a, vl)));
            auto offer = [&](const float* column_row, const __m128i& j) {  // costs of rows k at column j
                const __m128 c = _mm_loadu_ps(column_row + g);
                const __m128 before = _mm_castsi128_ps(_mm_cmplt_epi32(k, j));
                const __m128 earlier = _mm_and_ps(_mm_cmpeq_ps(c, v), _mm_castsi128_ps(_mm_cmpgt_epi32(a, j)));
                const __m128 take = _mm_and_ps(before, _mm_or_ps(_mm_cmplt_ps(c, v), earlier));
                v = _mm_or_ps(_mm_and_ps(take, c), _mm_andnot_ps(take, v));
                const __m128i t = _mm_castps_si128(take);
                a = _mm_or_si128(_mm_and_si128(t, j), _mm_andnot_si128(t, a));
            };
            offer(row(bi), vi);
            if (offer_j) offer(row(bj), vj);
            _mm_storeu_ps(least + g, v);
            _mm_storeu_si128(reinterpret_cast<__m128i*>(at + g), a);
            int scan = _mm_movemask_ps(_mm_castsi128_ps(again));
            while (scan != 0) {
                const std::uint32_t r = g + static_cast<std::uint32_t>(__builtin_ctz(static_cast<unsigned>(scan)));
                scan &= scan - 1;
                if (r < rows) rescan(r, last);
            }
        }
    }

    // The whole scan itself: the first pair in list order (row i, then column j > i) with the least
    // cost over the list of m entries. Row by row, its least cost four columns at a time (a NaN lane
    // never wins _mm_min_ps(cost, least), the lanes outside i + 1 .. m − 1 are +inf), a row taken
    // when its least is below the best so far (strict, from +inf: a tie keeps the earlier row); then
    // that row's first column holding its least. The first row with the least row minimum and its
    // first column at it is the first pair in list order with the least cost; no cost below +inf:
    // row 0 and column 1, the scan's default.
    // Kept by merge_list in this form: each row's group holding its diagonal is +inf in the lanes
    // before its first column (set once, never written again), so only the last group, the one
    // holding column m − 1, is masked (its lanes from m on hold what left the list or padding).
    void pick_scanning(std::uint32_t m, std::uint32_t& bi, std::uint32_t& bj) const {
        bi = 0, bj = 1;
        float best = std::numeric_limits<float>::infinity();
        const std::uint32_t last_group = (m - 1) & ~3u;
        const __m128 keep = _mm_castsi128_ps(
            _mm_cmplt_epi32(_mm_add_epi32(_mm_set1_epi32(static_cast<int>(last_group)), _mm_setr_epi32(0, 1, 2, 3)),
                            _mm_set1_epi32(static_cast<int>(m))));
        const __m128 beyond = _mm_andnot_ps(keep, kInf4());
        for (std::uint32_t i = 0; i + 1 < m; ++i) {
            const float* r = row(i);
            // the last group first, its NaN lanes made +inf (min(x, +inf) is +inf for a NaN x)
            __m128 low = _mm_min_ps(_mm_or_ps(_mm_and_ps(keep, _mm_load_ps(r + last_group)), beyond), kInf4());
            for (std::uint32_t g = (i + 1) & ~3u; g < last_group; g += 4) low = _mm_min_ps(_mm_load_ps(r + g), low);
            const float v = _mm_cvtss_f32(horizontal_min(low));
            if (v < best) best = v, bi = i;
        }
        if (!(best < std::numeric_limits<float>::infinity())) return;
        // Row bi's columns equal to its least as bits, the first of them its column: its lanes
        // before bi + 1 are +inf, never equal; a lane from m on may equal it, but a column below m
        // holds it (the row's least came from there) and comes first.
        const float* r = row(bi);
        const __m128 least4 = _mm_set1_ps(best);
        std::uint64_t equal = 0;  // columns up to kMidList + 3 (static_assert below)
        for (std::uint32_t g = (bi + 1) & ~3u; g <= last_group; g += 4)
            equal |= static_cast<std::uint64_t>(_mm_movemask_ps(_mm_cmpeq_ps(_mm_load_ps(r + g), least4))) << g;
        bj = static_cast<std::uint32_t>(std::countr_zero(equal));
    }

    static __m128 kInf4() { return _mm_set1_ps(std::numeric_limits<float>::infinity()); }
    static __m128 horizontal_min(__m128 x) {  // no NaN in x
        x = _mm_min_ps(x, _mm_shuffle_ps(x, x, _MM_SHUFFLE(1, 0, 3, 2)));
        return _mm_min_ps(x, _mm_shuffle_ps(x, x, _MM_SHUFFLE(2, 3, 0, 1)));
    }
    // Four floats from p (entries g .. g + 3), +inf outside from .. to − 1.
    static __m128 masked(const float* p, std::uint32_t g, std::uint32_t from, std::uint32_t to) {
        const __m128i j = _mm_add_epi32(_mm_set1_epi32(static_cast<int>(g)), _mm_setr_epi32(0, 1, 2, 3));
        const __m128 in = _mm_castsi128_ps(_mm_and_si128(_mm_cmpgt_epi32(j, _mm_set1_epi32(static_cast<int>(from) - 1)),
                                                         _mm_cmplt_epi32(j, _mm_set1_epi32(static_cast<int>(to)))));
        return _mm_or_ps(_mm_and_ps(in, _mm_loadu_ps(p)), _mm_andnot_ps(in, kInf4()));
    }
};

// The rule picks the first pair in list order (row i, then column j) with the least cost. Each row
// keeps its own first least (value and column), so a pick reads n row minima instead of n²/2 costs:
// the first row whose least is smallest, and that row's column, is the same pair the whole scan
// finds. After a join only the columns of the two changed entries and the removed last one move;
// a row whose least sat on one of them is scanned again, any other row only weighs the new costs.
// The boxes are kept as six columns so the costs of one entry against the others come four at once.
// kScan: each pick scans every pair (pick_scanning) and no row minima are kept.
template <bool kScan, std::uint32_t kStride>
void merge_list(std::span<const mesh::Box> leaves, const MergeState<kStride>& s, MergedTree& out) {
    const std::uint32_t n = static_cast<std::uint32_t>(leaves.size());
    for (std::uint32_t i = 0; i < n; ++i) s.col.set(i, leaves[i]), s.node[i] = i;
    for (std::uint32_t i = 0; i + 1 < n; ++i) {
        if constexpr (kScan)
            _mm_store_ps(s.row(i) + ((i + 1) & ~3u), MergeState<kStride>::kInf4());  // lanes before i + 1 stay +inf
        s.template fill<false>(i, i + 1, n, true);
    }
    if constexpr (!kScan) {
        for (std::uint32_t i = 0; i < ((n + 3) & ~3u); ++i)
            s.least[i] = std::numeric_limits<float>::infinity(), s.at[i] = kNone;
        for (std::uint32_t i = 0; i + 1 < n; ++i) s.rescan(i, n);
    }

    std::uint32_t next_id = n;
    for (std::uint32_t m = n; m > 1; --m) {
        std::uint32_t bi, bj;
        if constexpr (kScan) s.pick_scanning(m, bi, bj);
        else s.pick(m - 1, bi, bj);
        out.child[0].push_back(s.node[bi]);
        out.child[1].push_back(s.node[bj]);
        // The new node takes the first one's place ...
        s.col.join(bi, bj);
        s.node[bi] = next_id++;
        // ... and the last entry fills the second one's (its costs against entry bi are made anew
        // below). Its costs move with it, as computed (the earlier entry first at the time): entry
        // k before bj gets at column bj its cost at column `last`, and row bj holds it at column k
        // too (update_minima reads column bj there); entry bj gets at each column j after it what
        // row j held at column `last`.
        const std::uint32_t last = m - 1;
        if (bj != last) {
            s.col.copy(bj, last);
            s.node[bj] = s.node[last];
            float* to = s.row(bj);
            for (std::uint32_t k = 0; k < bj; ++k) {
                float* r = s.row(k);
                r[bj] = r[last];
                if constexpr (!kScan) to[k] = r[last];  // (scanning: row bj's lanes before its diagonal stay +inf)
            }
            for (std::uint32_t j = bj + 1; j < last; ++j) to[j] = s.row(j)[last];
        }
        // The joined node's costs against every other entry still in the list: column bi of the
        // rows before it (and row bi's start, for update_minima), row bi after it.
        s.template fill<true, !kScan>(bi, 0, bi, false);
        s.template fill<false>(bi, bi + 1, last, true);
        // Row minima over the list of m − 1 entries (its last row has no pair after it).
        if constexpr (!kScan)
            if (last > 1) s.update_minima(last - 1, bi, bj, last);
    }
}

// Lists of up to 36 (the rule's bottom-up size, 16 or fewer, and the tree_rule pass's subtrees of
// 17 and 33 leaves): every array on the stack, strides known, and each pick the whole scan
// (pick_scanning) instead of keeping row minima: on so few entries the rescans and updates cost
// more than scanning again. Two sizes of arrays, so the lists of 16 or fewer (nearly every merge)
// keep their small frame.
constexpr std::uint32_t kSmallList = 16;
constexpr std::uint32_t kMidList = 36;
static_assert(kMidList + 3 < 64, "pick_scanning keeps a row's equal columns as bits of one word");

template <std::uint32_t kMax>
void merge_on_stack(std::span<const mesh::Box> leaves, MergedTree& out) {
    constexpr std::uint32_t kStride = ((kMax + 3) & ~3u) + 4;
    static_assert(kStride >= kMax + 3);
    static_assert(kMax % 4 == 0);
    const std::uint32_t n = static_cast<std::uint32_t>(leaves.size());
    alignas(16) float columns[6][kStride];
    for (auto& c : columns)  // lanes past the list are loaded and dropped: zeros, never garbage
        for (std::uint32_t g = n & ~3u; g < padded(n); g += 4)
            _mm_store_ps(c + g, _mm_setzero_ps());  // leaves set after
    alignas(16) float cost[kMax * kStride];
    float least[kMax];  // whole groups of four rows
    std::uint32_t at[kMax], node[kMax];
    MergeState<kStride> s{
        {{columns[0], columns[1], columns[2], columns[3], columns[4], columns[5]}}, cost, kStride, least, at, node};
    merge_list<true>(leaves, s, out);
}

}  // namespace

void least_surface_merge(std::span<const mesh::Box> leaves, MergeWorkspace& ws, MergedTree& out) {
    const std::uint32_t n = static_cast<std::uint32_t>(leaves.size());
    out.leaves = n;
    out.child[0].clear();
    out.child[1].clear();
    if (n < 2) return;
    if (n <= kSmallList) return merge_on_stack<kSmallList>(leaves, out);
    if (n <= kMidList) return merge_on_stack<kMidList>(leaves, out);
    const std::uint32_t stride = padded(n);
    ws.columns.assign(static_cast<std::size_t>(stride) * 6, 0.0f);
    ws.cost.resize(static_cast<std::size_t>(n) * stride);
    ws.row_least.resize((n + 3) & ~3u);  // whole groups of four rows
    ws.row_at.resize((n + 3) & ~3u);
    ws.node.resize(n);
    MergeState<0> s{{}, ws.cost.data(), stride, ws.row_least.data(), ws.row_at.data(), ws.node.data()};
    for (int k = 0; k < 6; ++k) s.col.c[k] = ws.columns.data() + static_cast<std::size_t>(k) * stride;
    merge_list<false>(leaves, s, out);
}

bool merged_leaf_sets(const MergedTree& tree, std::vector<std::uint64_t>& out) {
    out.clear();
    const std::uint32_t n = tree.leaves;
    if (n > 64) return false;
    if (n < 2) return true;
    out.resize(n - 1);
    auto set_of = [&](std::uint32_t id) -> std::uint64_t { return id < n ? std::uint64_t{1} << id : out[id - n]; };
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

std::uint32_t shared_leaf_ranges(std::span<const std::uint64_t> ranges, std::span<const std::uint64_t> sets) {
    // lengths[f]: bit len − 1 set when a range of `len` bits starts at bit f. Both lists hold
    // distinct sets, so the sorted walk of shared_leaf_sets counts each set of `sets` found in
    // `ranges` once: the count here.
    std::uint64_t lengths[64] = {};
    auto run = [](std::uint64_t s, int& first, int& length) {  // s one nonzero run of bits?
        if (s == 0) return false;
        first = std::countr_zero(s);
        const std::uint64_t t = s >> first;
        length = std::popcount(t);
        return (t & (t + 1)) == 0;
    };
    for (const std::uint64_t r : ranges) {
        int f = 0, len = 0;
        if (!run(r, f, len)) {
            std::vector<std::uint64_t> a(ranges.begin(), ranges.end()), b(sets.begin(), sets.end());
            return shared_leaf_sets(a, b);
        }
        lengths[f] |= std::uint64_t{1} << (len - 1);
    }
    std::uint32_t shared = 0;
    for (const std::uint64_t s : sets) {
        int f = 0, len = 0;
        if (run(s, f, len)) shared += static_cast<std::uint32_t>((lengths[f] >> (len - 1)) & 1u);
    }
    return shared;
}

}  // namespace meshproof::rules
