// ctest-labels: hostile
// The builder's fast forms of four rules against the rules written plainly, on many random inputs
// with the awkward values mixed in (ties, zero and negative extents, NaN, ±inf, subnormals): the
// binned split's bins and choice (stock_tree.cpp computes three axes in one SSE register), the
// floor rule's nibbles (floor_candidates.h tries all sixteen at once) and the refinement
// (stock_tree.cpp tests again only the nodes an exchange touched) and the SAH-16 reference split
// (reference_splits.cpp sorts once, divides the sorted lists and sweeps four cuts at once in SSE;
// its median split divides the same lists; their surfaces summed without making the trees) and the
// bottom-up merge
// (tree_rule.cpp keeps each row's least cost instead of scanning every pair at every join). The
// plain forms here are the references; any bit of difference fails.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "engine/rules/reference_splits.h"
#include "engine/rules/floor_rule.h"
#include "engine/rules/stock_tree.h"
#include "engine/rules/box_measure.h"
#include "engine/mesh/static_tree_codec.h"
#include "engine/rules/tree_rule.h"
#include "tests/support/awkward_floats.h"

namespace meshproof::rules {
namespace {

using test::awkward;
using test::Rng;

// The floor rule as a search over n with the decoder's arithmetic, started at the estimate of
// exact arithmetic (the form the builder used before the vector form).
std::uint8_t floor_rule_by_search(float pmin, float pmax, float bmin, float bmax) {
    const float extent = pmax - pmin;
    auto estimate = [&](float room) {
        if (!(extent > 0.0f) || !(room > 0.0f)) return 0;
        const double e = std::sqrt(static_cast<double>(room) / extent * 226.0);
        return e >= 15.0 ? 15 : static_cast<int>(e);
    };
    auto largest = [](int n, auto ok) {
        while (n > 0 && !ok(n)) --n;
        while (n < 15 && ok(n + 1)) ++n;
        return n;
    };
    const int h = largest(estimate(bmin - pmin), [&](int n) {
        float lo = 0, hi = 0;
        mesh::shrink_axis(pmin, pmax, static_cast<std::uint8_t>(n << 4), mesh::BoxRule::kProductFirst, lo, hi);
        return lo <= bmin;
    });
    const int l = largest(estimate(pmax - bmax), [&](int n) {
        float lo = 0, hi = 0;
        mesh::shrink_axis(pmin, pmax, static_cast<std::uint8_t>(n), mesh::BoxRule::kProductFirst, lo, hi);
        return hi >= bmax;
    });
    return static_cast<std::uint8_t>(h << 4 | l);
}

TEST(FastRuleForms, FloorRuleNibblesEqualTheSearch) {
    Rng r{7};
    int checked = 0;
    for (int i = 0; i < 300000; ++i) {
        const float scale = std::ldexp(1.0f, static_cast<int>(r.next() % 40) - 20);
        float pmin = awkward(r, (r.unit() - 0.5f) * scale * 4);
        float pmax = awkward(r, pmin + r.unit() * scale);
        // Below: inside the parent mostly, sometimes on its faces or outside.
        float bmin = awkward(r, pmin + (pmax - pmin) * (r.unit() * 0.6f - 0.05f));
        float bmax = awkward(r, pmax - (pmax - pmin) * (r.unit() * 0.6f - 0.05f));
        if (r.next() % 16 == 0) bmin = pmin;  // ties with every candidate 0
        if (r.next() % 16 == 0) bmax = pmax;
        if (r.next() % 32 == 0) std::swap(pmin, pmax);  // a negative extent
        ASSERT_EQ(rules::floor_nibbles_searched_up(pmin, pmax, bmin, bmax).byte,
                  floor_rule_by_search(pmin, pmax, bmin, bmax))
            << pmin << " " << pmax << " " << bmin << " " << bmax;
        ++checked;
    }
    EXPECT_EQ(checked, 300000);
    // The document's worked values come out of both.
    EXPECT_EQ(rules::floor_nibbles_searched_up(0.0f, 226.0f, 4.0f, 226.0f).byte, 0x20);
    EXPECT_EQ(rules::floor_nibbles_searched_up(0.0f, 226.0f, 4.0f, 1.0f).byte, 0x2F);
}

// The binned split's choice, one float at a time: each leaf's bin on each axis, each bin's box,
// the cost of every occupied bin from the prefix and suffix boxes, the first least.
struct ScalarChoice {
    int axis = -1, bin = -1;
    float cost = std::numeric_limits<float>::infinity();
    bool every_cost_nan = false;   // then the first occupied bin of x, at cost NaN
    std::vector<int> bin_of_leaf;  // on the chosen axis
};

ScalarChoice choose_by_scalar_rule(const std::vector<mesh::Box>& leaves) {
    mesh::Box whole = leaves[0];
    for (const mesh::Box& b : leaves) whole = rules::box_union(whole, b);
    ScalarChoice best;
    std::vector<std::vector<int>> bins(3, std::vector<int>(leaves.size()));
    for (int axis = 0; axis < 3; ++axis) {
        const float lo = whole.min[axis], extent = whole.max[axis] - whole.min[axis];
        mesh::Box bin_box[kBins];
        int count[kBins] = {};
        for (std::size_t k = 0; k < leaves.size(); ++k) {
            const float c = (leaves[k].min[axis] + leaves[k].max[axis]) * 0.5f;
            int b = 0;
            if (extent > 0) {
                const float at = (c - lo) / extent * float(kBins) + 0.5f;
                b = !(at >= 0) ? 0 : at >= float(kBins - 1) ? kBins - 1 : static_cast<int>(at);
            }
            bins[axis][k] = b;
            bin_box[b] = count[b] ? rules::box_union(bin_box[b], leaves[k]) : leaves[k];
            ++count[b];
        }
        float below[kBins], above[kBins];
        int n_below[kBins], n_above[kBins];
        mesh::Box acc{};
        bool have = false;
        for (int b = 0, c = 0; b < kBins; ++b) {
            if (count[b]) acc = have ? rules::box_union(acc, bin_box[b]) : bin_box[b], have = true;
            c += count[b];
            below[b] = rules::box_surface(acc), n_below[b] = c;
        }
        have = false;
        for (int b = kBins - 1, c = 0; b >= 0; --b) {
            if (count[b]) acc = have ? rules::box_union(acc, bin_box[b]) : bin_box[b], have = true;
            c += count[b];
            above[b] = rules::box_surface(acc), n_above[b] = c;
        }
        for (int b = 0; b < kBins; ++b) {
            if (!count[b]) continue;
            const float cost = below[b] * float(n_below[b]) + above[b] * float(n_above[b]);
            if (cost < best.cost) best.cost = cost, best.axis = axis, best.bin = b;
        }
    }
    if (best.axis < 0) {
        best.axis = 0;
        best.bin = *std::min_element(bins[0].begin(), bins[0].end());
        best.every_cost_nan = true;
    }
    best.bin_of_leaf = bins[best.axis];
    return best;
}

TEST(FastRuleForms, BinnedSplitEqualsTheScalarRule) {
    Rng r{11};
    int odd_without_nan = 0;  // the split's NaN-free form (boxes joined from empty) on ±inf, ±0, subnormals
    for (int set = 0; set < 3000; ++set) {
        const std::size_t n = 2 + r.next() % 200;
        const float spread = std::ldexp(1.0f, static_cast<int>(r.next() % 30) - 12);
        const bool flat = r.next() % 8 == 0;  // every centre on one plane: an axis of no extent
        const bool odd = r.next() % 10 == 0;  // NaN / inf / subnormal coordinates mixed in
        const bool grid = r.next() % 4 == 0;  // centres on a coarse grid: ties everywhere
        std::vector<mesh::Box> leaves(n);
        for (mesh::Box& b : leaves)
            for (int k = 0; k < 3; ++k) {
                float c = grid ? float(r.next() % 5) * spread : (r.unit() - 0.5f) * spread;
                if (flat && k == 1) c = 3.0f;
                const float half = r.unit() * spread * 0.1f;
                b.min[k] = c - half, b.max[k] = c + half;
                if (odd) b.min[k] = awkward(r, b.min[k]), b.max[k] = awkward(r, b.max[k]);
                if (odd && set % 2 == 0) {  // every other odd set without NaN
                    if (std::isnan(b.min[k])) b.min[k] = -std::numeric_limits<float>::infinity();
                    if (std::isnan(b.max[k])) b.max[k] = -0.0f;
                }
            }
        odd_without_nan += odd && set % 2 == 0;
        std::vector<std::uint32_t> list(n);
        for (std::uint32_t i = 0; i < n; ++i) list[i] = i;
        BinSplit s;
        ASSERT_TRUE(binned_split(leaves, list, s));
        const ScalarChoice want = choose_by_scalar_rule(leaves);
        ASSERT_EQ(s.axis, want.axis) << "set " << set;
        ASSERT_EQ(s.bin, want.bin) << "set " << set;
        if (want.every_cost_nan) EXPECT_TRUE(std::isnan(s.cost)) << "set " << set;
        else ASSERT_EQ(std::bit_cast<std::uint32_t>(s.cost), std::bit_cast<std::uint32_t>(want.cost)) << "set " << set;
        // Below the bin to the first list and above it to the second, each in list order.
        std::vector<std::uint32_t> below, above;
        for (std::uint32_t i = 0; i < n; ++i) {
            if (want.bin_of_leaf[i] < want.bin) below.push_back(i);
            if (want.bin_of_leaf[i] > want.bin) above.push_back(i);
        }
        const std::vector<std::uint32_t> first_head(s.first.begin(),
                                                    s.first.begin() + long(std::min(below.size(), s.first.size())));
        if (!below.empty()) {
            EXPECT_EQ(first_head, below) << "set " << set;
        }
        const std::vector<std::uint32_t> second_tail(s.second.end() - long(std::min(above.size(), s.second.size())),
                                                     s.second.end());
        if (!above.empty()) {
            EXPECT_EQ(second_tail, above) << "set " << set;
        }
        EXPECT_EQ(s.first.size() + s.second.size(), n);
    }
    EXPECT_GT(odd_without_nan, 100);
}

// Step 3 as written: every pass tests every node in pre-order, until a pass changes nothing; then
// the larger child first.
std::uint32_t refine_every_node(BinaryTree& t) {
    std::uint32_t exchanges = 0;
    std::vector<std::uint32_t> stack;
    for (int pass = 0; pass < 10000; ++pass) {
        std::uint32_t changed = 0;
        stack.assign(1, t.root);
        while (!stack.empty()) {
            const std::uint32_t n = stack.back();
            stack.pop_back();
            if (t.is_leaf(n)) continue;
            const std::uint32_t A = t.first[n], B = t.second[n];
            if (n != t.root && !t.is_leaf(A) && !t.is_leaf(B)) {
                const std::uint32_t a1 = t.first[A], a2 = t.second[A], b1 = t.first[B], b2 = t.second[B];
                const float present = rules::box_surface(t.box[A]) + rules::box_surface(t.box[B]);
                const mesh::Box w1a = rules::box_union(t.box[a1], t.box[b1]),
                                w1b = rules::box_union(t.box[a2], t.box[b2]);
                const mesh::Box w2a = rules::box_union(t.box[a1], t.box[b2]),
                                w2b = rules::box_union(t.box[b1], t.box[a2]);
                const float cost1 = rules::box_surface(w1a) + rules::box_surface(w1b);
                const float cost2 = rules::box_surface(w2a) + rules::box_surface(w2b);
                const bool second_way = cost2 <= cost1;
                if ((second_way ? cost2 : cost1) < present) {
                    if (second_way) t.second[A] = b2, t.first[B] = b1, t.second[B] = a2, t.box[A] = w2a, t.box[B] = w2b;
                    else t.second[A] = b1, t.first[B] = a2, t.second[B] = b2, t.box[A] = w1a, t.box[B] = w1b;
                    ++changed;
                }
            }
            stack.push_back(t.second[n]);
            stack.push_back(t.first[n]);
        }
        exchanges += changed;
        if (changed == 0) break;
    }
    stack.assign(1, t.root);
    while (!stack.empty()) {
        const std::uint32_t n = stack.back();
        stack.pop_back();
        if (t.is_leaf(n)) continue;
        if (n != t.root && rules::box_surface(t.box[t.second[n]]) > rules::box_surface(t.box[t.first[n]]))
            std::swap(t.first[n], t.second[n]);
        stack.push_back(t.second[n]);
        stack.push_back(t.first[n]);
    }
    return exchanges;
}

// Step 1 written node by node, as the document words it: every node keeps its own box; a leaf
// descends from the root, growing every box it passes, into the child of the smaller
// (squared centre distance × summed extents), the first on a tie; at a leaf the two become the
// children of a new node in its place.
BinaryTree insert_node_by_node(std::span<const mesh::Box> leaves, std::uint64_t& second_choices) {
    BinaryTree t;
    if (leaves.empty()) return t;
    t.root = t.add_leaf(0, leaves[0]);
    auto cost = [](const mesh::Box& child, const mesh::Box& leaf) {
        float d2 = 0;
        for (int k = 0; k < 3; ++k) {
            const float d = (child.min[k] + child.max[k]) * 0.5f - (leaf.min[k] + leaf.max[k]) * 0.5f;
            d2 = d2 + d * d;
        }
        float extents = 0;
        for (int k = 0; k < 3; ++k) extents = extents + (child.max[k] - child.min[k]);
        for (int k = 0; k < 3; ++k) extents = extents + (leaf.max[k] - leaf.min[k]);
        return d2 * extents;
    };
    for (std::uint32_t i = 1; i < leaves.size(); ++i) {
        const std::uint32_t fresh = t.add_leaf(i, leaves[i]);
        if (t.is_leaf(t.root)) {
            t.root = t.add_inner(t.root, fresh);
            continue;
        }
        std::uint32_t node = t.root;
        t.box[node] = rules::box_union(t.box[node], leaves[i]);
        for (;;) {
            const int c = cost(t.box[t.second[node]], leaves[i]) < cost(t.box[t.first[node]], leaves[i]) ? 1 : 0;
            second_choices += static_cast<std::uint64_t>(c);
            const std::uint32_t child = c == 0 ? t.first[node] : t.second[node];
            if (t.is_leaf(child)) {
                const std::uint32_t joined = t.add_inner(child, fresh);
                (c == 0 ? t.first[node] : t.second[node]) = joined;
                break;
            }
            node = child;
            t.box[node] = rules::box_union(t.box[node], leaves[i]);
        }
    }
    return t;
}

TEST(FastRuleForms, InsertionDescentEqualsTheNodeByNodeRule) {
    Rng r{31};
    std::uint64_t second_choices = 0, nan_sets = 0;
    for (int set = 0; set < 500; ++set) {
        const std::size_t n = 1 + r.next() % 700;
        const float spread = std::ldexp(1.0f, static_cast<int>(r.next() % 12) - 4);
        const bool odd_values = set % 5 == 0;
        std::vector<mesh::Box> leaves(n);
        for (mesh::Box& b : leaves)
            for (int k = 0; k < 3; ++k) {
                // Grid centres and equal sizes make ties in the costs; a few sets take NaN, ±inf,
                // zero and subnormal coordinates.
                const float c = r.next() % 3 == 0 ? float(r.next() % 4) : (r.unit() - 0.5f) * spread;
                const float half = r.next() % 4 == 0 ? 0.0f : r.unit() * spread * 0.2f;
                b.min[k] = odd_values ? awkward(r, c - half) : c - half;
                b.max[k] = odd_values ? awkward(r, c + half) : c + half;
                if (b.min[k] != b.min[k] || b.max[k] != b.max[k]) ++nan_sets;
            }
        // Every other set in sweep order (neighbours one after another, as a builder's leaves
        // come), where a leaf retraces most of the previous leaf's path before it parts.
        if (set % 2 == 1)
            for (std::size_t i = 0; i < n; ++i) {
                const float x = float(i / 16) * spread * 0.1f, y = float(i % 16) * spread * 0.1f;
                leaves[i].min[0] = odd_values ? awkward(r, x) : x, leaves[i].max[0] = x + spread * 0.1f;
                leaves[i].min[1] = y, leaves[i].max[1] = odd_values ? awkward(r, y) : y + spread * 0.1f;
            }
        const BinaryTree want = insert_node_by_node(leaves, second_choices);
        const BinaryTree got = insert_leaves(leaves);
        if (n >= 2) {
            // The leaf list kept during the descent gives the tree's leaves left to right.
            InsertionTree inserted;
            insert_into(leaves, inserted);
            std::vector<std::uint32_t> listed, walked, stack{want.root};
            insertion_order(inserted, listed);
            while (!stack.empty()) {
                const std::uint32_t node = stack.back();
                stack.pop_back();
                if (want.is_leaf(node)) walked.push_back(want.leaf[node]);
                else stack.push_back(want.second[node]), stack.push_back(want.first[node]);
            }
            ASSERT_EQ(listed, walked) << "set " << set;
        }
        ASSERT_EQ(got.root, want.root) << "set " << set;
        ASSERT_EQ(got.first, want.first) << "set " << set;
        ASSERT_EQ(got.second, want.second) << "set " << set;
        ASSERT_EQ(got.leaf, want.leaf) << "set " << set;
        for (std::uint32_t i = 0; i < got.size(); ++i)
            ASSERT_EQ(std::memcmp(&got.box[i], &want.box[i], sizeof(mesh::Box)), 0) << "set " << set << " node " << i;
    }
    // The sets descend both ways and meet the awkward values.
    EXPECT_GT(second_choices, 100000u);
    EXPECT_GT(nan_sets, 100u);
}

TEST(FastRuleForms, RefinementTestingOnlyTouchedNodesEqualsEveryNodeEveryPass) {
    Rng r{23};
    std::uint32_t total_exchanges = 0;
    for (int set = 0; set < 400; ++set) {
        const std::size_t n = 3 + r.next() % 600;
        const float spread = std::ldexp(1.0f, static_cast<int>(r.next() % 12) - 4);
        std::vector<mesh::Box> leaves(n);
        for (mesh::Box& b : leaves)
            for (int k = 0; k < 3; ++k) {
                const float c = r.next() % 3 == 0 ? float(r.next() % 4) : (r.unit() - 0.5f) * spread;
                const float half = r.unit() * spread * 0.2f;
                b.min[k] = c - half, b.max[k] = c + half;
            }
        // The insertion tree, which refinement improves a lot, and the rebuilt one.
        for (int which = 0; which < 2; ++which) {
            BinaryTree t = insert_leaves(leaves);
            if (which == 1) {
                RebuildWorkspace ws;
                t = rebuild(leaves, leaves_left_to_right(t), ws);
            }
            BinaryTree want = t;
            const std::uint32_t e = refine(t);
            ASSERT_EQ(e, refine_every_node(want)) << "set " << set;
            ASSERT_EQ(t.first, want.first) << "set " << set;
            ASSERT_EQ(t.second, want.second) << "set " << set;
            for (std::uint32_t i = 0; i < t.size(); ++i)
                ASSERT_EQ(std::memcmp(&t.box[i], &want.box[i], sizeof(mesh::Box)), 0);
            total_exchanges += e;
        }
    }
    EXPECT_GT(total_exchanges, 1000u);  // the sets make the refinement work
}

// SAH-16 as reference_splits.h words it, sorting every list on every axis at every split.
std::uint32_t sah_by_sorting(std::span<const mesh::Box> boxes, std::vector<std::uint32_t> range, BinaryTree& out) {
    const std::size_t n = range.size();
    if (n == 1) return out.add_leaf(range[0], boxes[range[0]]);
    if (n <= kBottomUpMax) {
        std::vector<mesh::Box> b(n);
        for (std::size_t i = 0; i < n; ++i) b[i] = boxes[range[i]];
        rules::MergeWorkspace mws;
        rules::MergedTree merged;
        rules::least_surface_merge(b, mws, merged);
        std::vector<std::uint32_t> node(2 * n - 1);
        for (std::size_t i = 0; i < n; ++i) node[i] = out.add_leaf(range[i], boxes[range[i]]);
        for (std::size_t k = 0; k + 1 < n; ++k)
            node[n + k] = out.add_inner(node[merged.child[0][k]], node[merged.child[1][k]]);
        return node[2 * n - 2];
    }
    float best = std::numeric_limits<float>::infinity();
    std::vector<std::uint32_t> best_order = range;
    std::size_t best_cut = n / 2;
    for (int axis = 0; axis < 3; ++axis) {
        std::vector<std::uint32_t> s = range;
        auto key = [&](std::uint32_t i) {
            const float c = (boxes[i].min[axis] + boxes[i].max[axis]) * 0.5f;
            return c == c ? c : std::numeric_limits<float>::infinity();
        };
        std::sort(s.begin(), s.end(),
                  [&](std::uint32_t a, std::uint32_t b) { return key(a) != key(b) ? key(a) < key(b) : a < b; });
        if (axis == 0) best_order = s;
        for (std::size_t cut = 1; cut < n; ++cut) {
            // Each part's union from its first leaf on, the second's from its last leaf back (with a
            // NaN coordinate the union depends on the order).
            mesh::Box p = boxes[s[0]], q = boxes[s[n - 1]];
            for (std::size_t i = 1; i < cut; ++i) p = rules::box_union(p, boxes[s[i]]);
            for (std::size_t i = n - 1; i-- > cut;) q = rules::box_union(q, boxes[s[i]]);
            const float cost = rules::box_surface(p) * float(cut) + rules::box_surface(q) * float(n - cut);
            if (cost < best) best = cost, best_order = s, best_cut = cut;
        }
    }
    const std::uint32_t first = sah_by_sorting(boxes, {best_order.begin(), best_order.begin() + long(best_cut)}, out);
    const std::uint32_t second = sah_by_sorting(boxes, {best_order.begin() + long(best_cut), best_order.end()}, out);
    return out.add_inner(first, second);
}

TEST(FastRuleForms, SahSixteenDividingSortedListsEqualsSortingAtEverySplit) {
    Rng r{31};
    ReferenceSplitWorkspace ws;
    for (int set = 0; set < 450; ++set) {  // every third with NaN, ±inf, ±0 and subnormals: the sweep's four lanes
        const std::size_t n = 1 + r.next() % 300;
        std::vector<mesh::Box> leaves(n);
        for (mesh::Box& b : leaves)
            for (int k = 0; k < 3; ++k) {
                const float c = r.next() % 3 == 0 ? float(r.next() % 4) : (r.unit() - 0.5f) * 50.0f;  // ties
                const float half = r.unit() * 2.0f;
                b.min[k] = c - half, b.max[k] = c + half;
                if (set % 3 == 2) b.min[k] = awkward(r, b.min[k]), b.max[k] = awkward(r, b.max[k]);
            }
        BinaryTree fast, plain;
        sah16_tree(leaves, ws, fast);
        std::vector<std::uint32_t> all(n);
        for (std::uint32_t i = 0; i < n; ++i) all[i] = i;
        plain.root = sah_by_sorting(leaves, all, plain);
        ASSERT_EQ(fast.root, plain.root) << "set " << set;
        ASSERT_EQ(fast.first, plain.first) << "set " << set;
        ASSERT_EQ(fast.second, plain.second) << "set " << set;
        ASSERT_EQ(fast.leaf, plain.leaf) << "set " << set;
    }
}

// The median split as reference_splits.h words it, sorting the list on its longest axis at every
// split (the form before the lists were sorted once and divided).
std::uint32_t median_by_sorting(std::span<const mesh::Box> boxes, std::vector<std::uint32_t> range, BinaryTree& out) {
    if (range.size() == 1) return out.add_leaf(range[0], boxes[range[0]]);
    auto centre = [&](std::uint32_t i, int a) { return (boxes[i].min[a] + boxes[i].max[a]) * 0.5f; };
    float lo[3], hi[3];
    for (int a = 0; a < 3; ++a) lo[a] = std::numeric_limits<float>::infinity(), hi[a] = -lo[a];
    for (std::uint32_t i : range)
        for (int a = 0; a < 3; ++a) lo[a] = std::min(lo[a], centre(i, a)), hi[a] = std::max(hi[a], centre(i, a));
    int axis = 0;
    for (int a = 1; a < 3; ++a)
        if (hi[a] - lo[a] > hi[axis] - lo[axis]) axis = a;
    auto key = [&](std::uint32_t i) {
        const float c = centre(i, axis);
        return c == c ? c : std::numeric_limits<float>::infinity();
    };
    std::sort(range.begin(), range.end(),
              [&](std::uint32_t a, std::uint32_t b) { return key(a) != key(b) ? key(a) < key(b) : a < b; });
    const long half = static_cast<long>(range.size() / 2);
    const std::uint32_t first = median_by_sorting(boxes, {range.begin(), range.begin() + half}, out);
    const std::uint32_t second = median_by_sorting(boxes, {range.begin() + half, range.end()}, out);
    return out.add_inner(first, second);
}

// Both reference splits from lists sorted once (by integer keys: −0 and +0 one centre, NaN with
// +inf) and divided at each split, alone and together, against sorting at every split; centres on a
// coarse grid (ties broken by leaf index), signed zeros, NaN and ±inf among them.
TEST(FastRuleForms, MedianSplitDividingSortedListsEqualsSortingAtEverySplit) {
    Rng r{37};
    ReferenceSplitWorkspace ws;
    std::uint32_t awkward_centres = 0;
    for (int set = 0; set < 400; ++set) {
        const std::size_t n = 1 + r.next() % 200;
        std::vector<mesh::Box> leaves(n);
        for (mesh::Box& b : leaves)
            for (int k = 0; k < 3; ++k) {
                const float c = r.next() % 3 == 0 ? float(int(r.next() % 5) - 2) : (r.unit() - 0.5f) * 50.0f;
                const float half = r.next() % 4 == 0 ? 0.0f : r.unit() * 2.0f;  // flat: a centre of ±0 from ±0
                b.min[k] = c - half, b.max[k] = c + half;
                if (set % 2 == 1) b.min[k] = awkward(r, b.min[k]), b.max[k] = awkward(r, b.max[k]);
                const float centre = (b.min[k] + b.max[k]) * 0.5f;
                awkward_centres += !std::isfinite(centre) || (centre == 0.0f && std::signbit(centre));
            }
        std::vector<std::uint32_t> all(n);
        for (std::uint32_t i = 0; i < n; ++i) all[i] = i;
        BinaryTree fast, plain, both_median, both_sah, sah;
        median_split_tree(leaves, ws, fast);
        plain.root = median_by_sorting(leaves, all, plain);
        ASSERT_EQ(fast.root, plain.root) << "set " << set;
        ASSERT_EQ(fast.first, plain.first) << "set " << set;
        ASSERT_EQ(fast.second, plain.second) << "set " << set;
        ASSERT_EQ(fast.leaf, plain.leaf) << "set " << set;
        sah16_tree(leaves, ws, sah);
        reference_split_trees(leaves, ws, both_median, both_sah);
        ASSERT_EQ(both_median.leaf, plain.leaf) << "set " << set;
        ASSERT_EQ(both_median.first, plain.first) << "set " << set;
        ASSERT_EQ(both_sah.leaf, sah.leaf) << "set " << set;
        ASSERT_EQ(both_sah.first, sah.first) << "set " << set;
        ASSERT_EQ(both_sah.second, sah.second) << "set " << set;
    }
    EXPECT_GT(awkward_centres, 500u);
}

// reference_split_surfaces sums the inner nodes' surfaces as the split rules make them, without
// making the trees: the same doubles as inner_surface of reference_split_trees' trees, bit for bit
// (the order of the terms included: surfaces of very different sizes, so a sum in another order
// rounds differently). Ties on a grid, flat boxes, NaN, ±inf and subnormals; 1 to 300 leaves.
TEST(FastRuleForms, SplitSurfacesEqualTheTreesInnerSurface) {
    Rng r{41};
    ReferenceSplitWorkspace ws, ws_trees;
    std::uint32_t nan_sums = 0, order_sensitive = 0;
    // A NaN sum as any NaN: which operand's NaN an addition passes on is the compiler's choice (it
    // may swap a commutative operation's operands), and the pass only asks whether a sum is finite.
    auto bits = [](double v) { return std::isnan(v) ? std::uint64_t{1} : std::bit_cast<std::uint64_t>(v); };
    for (int set = 0; set < 600; ++set) {
        const std::size_t n = 1 + r.next() % 300;
        std::vector<mesh::Box> leaves(n);
        for (mesh::Box& b : leaves) {
            const float scale = r.next() % 4 == 0 ? 1000.0f : r.next() % 2 == 0 ? 0.001f : 1.0f;  // sums that round
            for (int k = 0; k < 3; ++k) {
                const float c = r.next() % 3 == 0 ? float(int(r.next() % 5) - 2) : (r.unit() - 0.5f) * 50.0f;
                const float half = r.next() % 4 == 0 ? 0.0f : r.unit() * 2.0f * scale;
                b.min[k] = c - half, b.max[k] = c + half;
                if (set % 3 == 2) b.min[k] = awkward(r, b.min[k]), b.max[k] = awkward(r, b.max[k]);
            }
        }
        BinaryTree median, sah16;
        reference_split_trees(leaves, ws_trees, median, sah16);
        const SplitSurfaces s = reference_split_surfaces(leaves, ws);
        ASSERT_EQ(bits(s.median), bits(inner_surface(median))) << "set " << set;
        ASSERT_EQ(bits(s.sah16), bits(inner_surface(sah16))) << "set " << set;
        nan_sums += std::isnan(s.median) || std::isnan(s.sah16);
        // The same terms summed backwards: a different double on many sets, so a sum in another
        // order than the trees' would fail above.
        double backwards = 0;
        for (std::uint32_t k = median.size(); k-- > 0;)
            if (!median.is_leaf(k)) backwards += rules::box_surface(median.box[k]);
        order_sensitive += std::isfinite(backwards) && bits(backwards) != bits(s.median);
    }
    EXPECT_GT(nan_sums, 20u);
    EXPECT_GT(order_sensitive, 30u);
}

// The bottom-up merge as rule step 2 words it: every join scans every pair for the first least
// union surface; the joined node takes the first place, the last entry the second's. The costs are
// kept in a matrix moved with the entries, as the builder did before it kept row minima: with a NaN
// coordinate the union of two boxes depends on their order, so the reference keeps that order too.
rules::MergedTree merge_scanning_every_pair(std::vector<mesh::Box> box) {
    rules::MergedTree out;
    const auto n = static_cast<std::uint32_t>(box.size());
    out.leaves = n;
    if (n < 2) return out;
    auto cost_of = [&](std::uint32_t i, std::uint32_t j) {
        return rules::box_surface(rules::box_union(box[i], box[j]));
    };
    std::vector<float> cost(std::size_t{n} * n);
    for (std::uint32_t i = 0; i < n; ++i)
        for (std::uint32_t j = i + 1; j < n; ++j) cost[i * n + j] = cost[j * n + i] = cost_of(i, j);
    std::vector<std::uint32_t> node(n);
    for (std::uint32_t i = 0; i < n; ++i) node[i] = i;
    std::uint32_t next_id = n;
    for (std::uint32_t m = n; m > 1; --m) {
        std::uint32_t bi = 0, bj = 1;
        float best = std::numeric_limits<float>::infinity();
        for (std::uint32_t i = 0; i + 1 < m; ++i)
            for (std::uint32_t j = i + 1; j < m; ++j)
                if (cost[i * n + j] < best) best = cost[i * n + j], bi = i, bj = j;
        out.child[0].push_back(node[bi]);
        out.child[1].push_back(node[bj]);
        box[bi] = rules::box_union(box[bi], box[bj]);
        node[bi] = next_id++;
        const std::uint32_t last = m - 1;
        if (bj != last) {
            box[bj] = box[last], node[bj] = node[last];
            for (std::uint32_t k = 0; k < last; ++k)
                if (k != bj) cost[k * n + bj] = cost[bj * n + k] = cost[k * n + last];
        }
        for (std::uint32_t k = 0; k < last; ++k)
            if (k != bi) cost[k * n + bi] = cost[bi * n + k] = k < bi ? cost_of(k, bi) : cost_of(bi, k);
    }
    return out;
}

TEST(FastRuleForms, MergeKeepingRowMinimaEqualsScanningEveryPair) {
    Rng r{47};
    rules::MergeWorkspace ws;
    rules::MergedTree fast;
    std::uint32_t not_first_pair = 0;
    for (int set = 0; set < 4000; ++set) {
        const std::size_t n = 1 + r.next() % 80;  // the stack path to 36, row minima above
        std::vector<mesh::Box> leaves(n);
        const bool grid = set % 3 == 0;  // equal boxes and equal surfaces: ties in every row
        for (mesh::Box& b : leaves)
            for (int k = 0; k < 3; ++k) {
                const float c = grid ? float(r.next() % 3) : (r.unit() - 0.5f) * 20.0f;
                const float half = grid ? 0.5f : r.unit();
                b.min[k] = awkward(r, c - half), b.max[k] = awkward(r, c + half);
            }
        rules::least_surface_merge(leaves, ws, fast);
        const rules::MergedTree plain = merge_scanning_every_pair(leaves);
        ASSERT_EQ(fast.leaves, plain.leaves) << "set " << set;
        ASSERT_EQ(fast.child[0], plain.child[0]) << "set " << set;
        ASSERT_EQ(fast.child[1], plain.child[1]) << "set " << set;
        for (std::size_t k = 0; k < plain.child[0].size(); ++k)
            not_first_pair += plain.child[0][k] != 0 || plain.child[1][k] != 1;
    }
    EXPECT_GT(not_first_pair, 10000u);  // the joins are not just the default pair
}

// The lists of 36 or fewer (the rule's bottom-up size, 16 or fewer: the pass's maximal subtrees,
// SAH-16's leaves; and the pass's subtrees of 17 and 33 leaves) take tree_rule.cpp's stack path:
// fixed strides (one for 16 or fewer, one for 17..36), only the upper triangle of the costs, each
// pick scanning every pair four columns at a time (pick_scanning, no row minima kept; a row's
// columns past 32 among its bits). Every size 2..36, with flat boxes (a zero extent: surfaces of 0
// and -0 tie), whole grids of equal boxes and the awkward values, against the matrix scan.
TEST(FastRuleForms, MergeOnTheStackEqualsScanningEveryPair) {
    Rng r{53};
    rules::MergeWorkspace ws;
    rules::MergedTree fast;
    std::uint32_t not_first_pair = 0, flat = 0;
    for (int set = 0; set < 10500; ++set) {
        const std::size_t n = 2 + set % 35;
        std::vector<mesh::Box> leaves(n);
        const int kind = (set / 35) % 4;  // 0 plain, 1 grid, 2 flat, 3 awkward
        for (mesh::Box& b : leaves)
            for (int k = 0; k < 3; ++k) {
                const float c = kind == 1 || kind == 2 ? float(r.next() % 3) : (r.unit() - 0.5f) * 20.0f;
                const float half = kind == 1 ? 0.5f : kind == 2 ? (r.next() % 2 == 0 ? 0.0f : 0.5f) : r.unit();
                b.min[k] = c - half, b.max[k] = c + half;
                if (kind == 3) b.min[k] = awkward(r, b.min[k]), b.max[k] = awkward(r, b.max[k]);
                flat += half == 0.0f;
            }
        rules::least_surface_merge(leaves, ws, fast);
        const rules::MergedTree plain = merge_scanning_every_pair(leaves);
        ASSERT_EQ(fast.leaves, plain.leaves) << "set " << set;
        ASSERT_EQ(fast.child[0], plain.child[0]) << "set " << set << " n " << n;
        ASSERT_EQ(fast.child[1], plain.child[1]) << "set " << set << " n " << n;
        for (std::size_t k = 0; k < plain.child[0].size(); ++k)
            not_first_pair += plain.child[0][k] != 0 || plain.child[1][k] != 1;
    }
    EXPECT_GT(not_first_pair, 10000u);
    EXPECT_GT(flat, 1000u);
}

// The tree_rule pass counts the merged subtree's leaf sets among the stored subtree's, whose leaves
// are numbered in the stored pre-order, so each stored set is one run of bits
// (rules::shared_leaf_ranges looks a set up by its first bit and length instead of sorting both
// lists). Against shared_leaf_sets: stored trees split at random, sets from the merge of random
// boxes listed left to right, from another split of the same leaves (many shared runs), or the
// stored sets themselves; and ranges that are not runs (the fallback).
void random_runs(Rng& r, std::uint32_t lo, std::uint32_t hi, std::vector<std::uint64_t>& out) {
    if (hi - lo < 2) return;
    out.push_back((hi - lo == 64 ? ~std::uint64_t{0} : ((std::uint64_t{1} << (hi - lo)) - 1)) << lo);
    const std::uint32_t mid = lo + 1 + r.next() % (hi - lo - 1);
    random_runs(r, lo, mid, out);
    random_runs(r, mid, hi, out);
}

TEST(FastRuleForms, SharedLeafRangesEqualsSortingBothLists) {
    Rng r{61};
    rules::MergeWorkspace ws;
    rules::MergedTree merged;
    std::uint64_t shared_total = 0, fallback = 0;
    for (int set = 0; set < 6000; ++set) {
        const auto n = static_cast<std::uint32_t>(2 + r.next() % 63);
        std::vector<std::uint64_t> ranges, sets;
        random_runs(r, 0, n, ranges);
        const int kind = set % 4;  // 0 merge of boxes, 1 another split, 2 the same sets, 3 not runs
        if (kind == 0) {
            std::vector<mesh::Box> leaves(n);
            for (mesh::Box& b : leaves)
                for (int k = 0; k < 3; ++k) {
                    const float c = set % 8 == 0 ? float(r.next() % 3) : (r.unit() - 0.5f) * 20.0f;
                    b.min[k] = c - 0.5f, b.max[k] = c + 0.5f;
                }
            rules::least_surface_merge(leaves, ws, merged);
            ASSERT_TRUE(rules::merged_leaf_sets(merged, sets));
        } else if (kind == 1) {
            random_runs(r, 0, n, sets);
            for (std::uint64_t& s : sets)  // some sets that are not runs, some runs moved by one
                if (r.next() % 5 == 0) s ^= std::uint64_t{1} << (r.next() % n);
        } else {
            sets = ranges;
        }
        if (kind == 3 && !ranges.empty()) {
            ranges[r.next() % ranges.size()] ^= std::uint64_t{1} << (r.next() % n);
            std::sort(ranges.begin(), ranges.end());
            ranges.erase(std::unique(ranges.begin(), ranges.end()), ranges.end());
            ++fallback;
        }
        std::vector<std::uint64_t> a = ranges, b = sets;
        std::sort(b.begin(), b.end());
        b.erase(std::unique(b.begin(), b.end()), b.end());  // a tree's sets are distinct
        const std::vector<std::uint64_t> distinct_sets = b;
        const std::uint32_t want = rules::shared_leaf_sets(a, b);
        ASSERT_EQ(rules::shared_leaf_ranges(ranges, distinct_sets), want) << "set " << set << " n " << n;
        if (kind == 2) {
            ASSERT_EQ(want, ranges.size());
        }
        shared_total += want;
    }
    EXPECT_GT(shared_total, 50000u);
    EXPECT_GT(fallback, 1000u);
}

}  // namespace
}  // namespace meshproof::rules
