// ivp-surface-notes.md §8, step for step: a set of one is a leaf, a set of two splits into its two
// leaves in order; a larger set is cut on each axis at the mean of its centres (double), a centre
// within 1e-6 of the mean going by its neighbour's side (the next leaf's, the previous one's for
// the last), else to an empty side, else alternately left and right, the first left; the axis
// with the smallest sum of the two sides' box volumes (f32 products of |extent|) wins if both its
// sides hold a leaf, `best` moving on even for an axis whose cut leaves a side empty.
#include "engine/sur/ledge_tree.h"

#include <array>
#include <cmath>
#include <limits>
#include <span>

#include "engine/sur/node_bounds.h"

namespace meshproof::sur {
namespace {

constexpr double kOnMedian = 1e-6;

float box_volume(const LeafUnionBox& b) {
    float v = 1.0f;
    for (int i = 0; i < 3; ++i) v *= std::abs(b.hi[i] - b.lo[i]);
    return v;
}

float centre(const NodeColumns& n, std::uint32_t leaf, int axis) {
    return axis == 0 ? n.center_x[leaf] : axis == 1 ? n.center_y[leaf] : n.center_z[leaf];
}

struct Cut {
    std::vector<std::uint32_t> left, right;
};

Cut cut_on(const NodeColumns& n, std::span<const std::uint32_t> set, int axis) {
    double mean = 0;
    for (const std::uint32_t s : set) mean += double(centre(n, s, axis));
    mean /= double(set.size());
    Cut c;
    bool toggle_left = true;
    for (std::size_t i = 0; i < set.size(); ++i) {
        const double v = centre(n, set[i], axis);
        if (v < mean - kOnMedian) {
            c.left.push_back(set[i]);
        } else if (v > mean + kOnMedian) {
            c.right.push_back(set[i]);
        } else {
            const double r = centre(n, i + 1 < set.size() ? set[i + 1] : set[i - 1], axis);
            if (r < mean - kOnMedian) c.right.push_back(set[i]);
            else if (r > mean + kOnMedian) c.left.push_back(set[i]);
            else if (c.left.empty()) c.left.push_back(set[i]);
            else if (c.right.empty()) c.right.push_back(set[i]);
            else {
                (toggle_left ? c.left : c.right).push_back(set[i]);
                toggle_left = !toggle_left;
            }
        }
    }
    return c;
}

void build(const NodeColumns& n, std::span<const std::uint32_t> set, LedgeTreeShape& out) {
    const std::size_t at = out.right.size();
    out.right.push_back(-1);
    out.leaf.push_back(-1);
    if (set.size() == 1) {
        out.leaf[at] = std::int32_t(set[0]);
        return;
    }
    if (set.size() == 2) {
        build(n, set.first(1), out);
        out.right[at] = std::int32_t(out.right.size());
        build(n, set.subspan(1), out);
        return;
    }
    std::array<Cut, 3> cuts;
    int chosen = 0;
    float best = std::numeric_limits<float>::infinity();
    for (int a = 0; a < 3; ++a) {
        cuts[a] = cut_on(n, set, a);
        const float score = box_volume(leaf_union_box(n, cuts[a].left)) + box_volume(leaf_union_box(n, cuts[a].right));
        if (score < best) {
            if (!cuts[a].left.empty() && !cuts[a].right.empty()) chosen = a;
            best = score;
        }
    }
    // When every axis leaves a side empty (the notes do not say what IVP does then), the first
    // leaf goes left alone, so that the recursion always ends.
    if (cuts[chosen].left.empty() || cuts[chosen].right.empty()) {
        cuts[chosen].left.assign(set.begin(), set.begin() + 1);
        cuts[chosen].right.assign(set.begin() + 1, set.end());
    }
    build(n, cuts[chosen].left, out);
    out.right[at] = std::int32_t(out.right.size());
    build(n, cuts[chosen].right, out);
}

}  // namespace

LedgeTreeShape median_cut_tree(const NodeColumns& leaves) {
    LedgeTreeShape out;
    if (leaves.size() == 0) return out;
    std::vector<std::uint32_t> all(leaves.size());
    for (std::uint32_t i = 0; i < all.size(); ++i) all[i] = i;
    out.right.reserve(2 * all.size());
    out.leaf.reserve(2 * all.size());
    build(leaves, all, out);
    return out;
}

}  // namespace meshproof::sur
