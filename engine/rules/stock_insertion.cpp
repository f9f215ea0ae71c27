// See stock_insertion.h. Spec: havok-compressed-mesh.txt, "1. Insertion".
#include "engine/rules/stock_insertion.h"

#include <algorithm>

#include <emmintrin.h>  // SSE2, the x86-64 baseline: both children's costs in one register

namespace meshproof::rules {

using mesh::Box;

namespace {

// A child's slot set to `b`, with its extents summed x, y, z from 0 as the rule sums them (0 + e
// is e for every e the subtraction gives: never −0, and NaN stays NaN).
void set_slot(InsertionNode& n, int lane, const mesh::Box& b) {
    float sum = 0;
    for (int k = 0; k < 3; ++k) {
        n.min[k][lane] = b.min[k];
        n.max[k][lane] = b.max[k];
        sum = sum + (b.max[k] - b.min[k]);
    }
    n.extent_sum[lane] = sum;
}

// The slot's box grown to hold `leaf`: box_union(child, leaf), std::min / std::max in that order.
void grow_slot(InsertionNode& n, int lane, const mesh::Box& leaf) {
    mesh::Box b;
    for (int k = 0; k < 3; ++k) {
        b.min[k] = std::min(n.min[k][lane], leaf.min[k]);
        b.max[k] = std::max(n.max[k][lane], leaf.max[k]);
    }
    set_slot(n, lane, b);
}

inline __m128 load_pair(const float* p) { return _mm_castpd_ps(_mm_load_sd(reinterpret_cast<const double*>(p))); }

// The leaf's side of the cost, in every lane: its centre and its extents.
struct LeafTerms {
    __m128 cx, cy, cz, ex, ey, ez;
    LeafTerms() = default;
    explicit LeafTerms(const mesh::Box& leaf)
        : cx(_mm_set1_ps((leaf.min[0] + leaf.max[0]) * 0.5f)),
          cy(_mm_set1_ps((leaf.min[1] + leaf.max[1]) * 0.5f)),
          cz(_mm_set1_ps((leaf.min[2] + leaf.max[2]) * 0.5f)),
          ex(_mm_set1_ps(leaf.max[0] - leaf.min[0])),
          ey(_mm_set1_ps(leaf.max[1] - leaf.min[1])),
          ez(_mm_set1_ps(leaf.max[2] - leaf.min[2])) {}
};

// The child the leaf descends into at `node`: both children's costs at once, centre (min + max)
// × ½, d² = (dx² + dy²) + dz² (0 + dx² is dx²), extents = ((child's sum + leaf x) + leaf y) +
// leaf z, cost = d² × extents; the second child only when its cost is smaller.
inline int choose(const InsertionNode& node, const LeafTerms& l) {
    const __m128 half = _mm_set1_ps(0.5f);
    auto centre = [&](int k) { return _mm_mul_ps(_mm_add_ps(load_pair(node.min[k]), load_pair(node.max[k])), half); };
    const __m128 dx = _mm_sub_ps(centre(0), l.cx);
    const __m128 dy = _mm_sub_ps(centre(1), l.cy);
    const __m128 dz = _mm_sub_ps(centre(2), l.cz);
    const __m128 d2 = _mm_add_ps(_mm_add_ps(_mm_mul_ps(dx, dx), _mm_mul_ps(dy, dy)), _mm_mul_ps(dz, dz));
    const __m128 extents = _mm_add_ps(_mm_add_ps(_mm_add_ps(load_pair(node.extent_sum), l.ex), l.ey), l.ez);
    const __m128 cost = _mm_mul_ps(d2, extents);
    const float a = _mm_cvtss_f32(cost);
    const float b = _mm_cvtss_f32(_mm_shuffle_ps(cost, cost, 1));
    return b < a ? 1 : 0;  // the first child on a tie
}

}  // namespace

// A leaf's descent waits at every level for the level above (the choice names the next node), and
// deep nodes are far apart in memory, so one descent at a time leaves the processor idle most of
// the time. Several leaves descend at once instead, each one level per round, in leaf order, so
// the rounds interleave independent work. The result is the rule's, leaf after leaf: an inner
// node never changes depth (a new node only ever takes a leaf's place), so every leaf reads and
// writes a node at the same step of its descent, the step equal to the node's depth; a leaf that
// entered earlier has taken at least as many steps, and within a round takes its step first, so
// each node a leaf reads holds every earlier leaf's growth and nothing of a later one.
void insert_into(std::span<const mesh::Box> leaves, InsertionTree& tree) {
    const auto n = static_cast<std::uint32_t>(leaves.size());
    tree.inner.resize(n - 1);
    InsertionNode* nodes = tree.inner.data();
    // The first join: leaf 0 and leaf 1 under the root, node 2.
    set_slot(nodes[0], 0, leaves[0]);
    set_slot(nodes[0], 1, leaves[1]);
    nodes[0].child[0] = 0, nodes[0].child[1] = 1;
    tree.next_leaf.resize(n);
    std::uint32_t* next_leaf = tree.next_leaf.data();
    next_leaf[0] = 1, next_leaf[1] = kLastLeaf;
    tree.root = 2;
    tree.root_box = rules::box_union(leaves[0], leaves[1]);

    struct Descent {
        LeafTerms terms;
        std::uint32_t leaf;
        std::uint32_t at;  // the inner node it is at
    };
    constexpr std::uint32_t kInFlight = 8;
    alignas(16) Descent flight[kInFlight];
    std::uint32_t flying = 0, next = 2;
    while (next < n || flying > 0) {
        // Leaves enter at the root, in order, after the ones already on their way.
        for (; flying < kInFlight && next < n; ++flying, ++next) {
            const mesh::Box& leaf = leaves[next];
            tree.root_box = rules::box_union(tree.root_box, leaf);  // grow every box it passes
            flight[flying] = Descent{LeafTerms(leaf), next, insertion_inner(tree.root)};
        }
        // One level of each, oldest first; the finished ones leave, the order kept.
        std::uint32_t kept = 0;
        for (std::uint32_t f = 0; f < flying; ++f) {
            Descent& d = flight[f];
            InsertionNode& node = nodes[d.at];
            const int c = choose(node, d.terms);
            const std::uint32_t child = node.child[c];
            const mesh::Box& leaf = leaves[d.leaf];
            if (is_insertion_leaf(child)) {
                // The two become the children of a new node in the leaf's place.
                const mesh::Box& stopped = leaves[insertion_leaf(child)];
                InsertionNode& made = nodes[d.leaf - 1];
                set_slot(made, 0, stopped);
                set_slot(made, 1, leaf);
                made.child[0] = child, made.child[1] = 2 * d.leaf - 1;
                const std::uint32_t before = insertion_leaf(child);
                next_leaf[d.leaf] = next_leaf[before], next_leaf[before] = d.leaf;
                set_slot(node, c, rules::box_union(stopped, leaf));
                node.child[c] = 2 * d.leaf;
                continue;
            }
            grow_slot(node, c, leaf);
            d.at = insertion_inner(child);
            __builtin_prefetch(&nodes[d.at]);  // wanted in the next round
            if (kept != f) flight[kept] = d;
            ++kept;
        }
        flying = kept;
    }
}

void insertion_order(const InsertionTree& tree, std::vector<std::uint32_t>& out) {
    out.clear();
    out.reserve(tree.next_leaf.size());
    for (std::uint32_t l = tree.next_leaf.empty() ? kLastLeaf : 0; l != kLastLeaf; l = tree.next_leaf[l])
        out.push_back(l);
}

mesh::Box insertion_child_box(const InsertionTree& tree, std::uint32_t parent, int lane) {
    mesh::Box b;
    for (int k = 0; k < 3; ++k) {
        b.min[k] = tree.inner[parent].min[k][lane];
        b.max[k] = tree.inner[parent].max[k][lane];
    }
    return b;
}

}  // namespace meshproof::rules
