// verifiers::control_boxes (both control readings of every node in SSE lanes) against the rule
// written plainly (shrink_control down the parent links, one reading at a time), on random trees
// whose domains and nibbles hold ties, zero and negative extents, NaN, ±inf and subnormals, with
// unreached nodes and parents that do not precede their child. Any bit of difference fails.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "verifiers/control_boxes.h"
#include "tests/support/awkward_floats.h"

namespace meshproof::verifiers {
namespace {

using test::awkward;
using test::Rng;

std::vector<mesh::Box> plain_boxes(const mesh::StaticTreeNodes& t, ControlRule rule) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    mesh::Box nan_box;
    nan_box.min = {nan, nan, nan};
    nan_box.max = {nan, nan, nan};
    std::vector<mesh::Box> out(t.size(), nan_box);
    for (std::uint32_t n = 0; n < t.size(); ++n) {
        const std::uint32_t parent = t.parent[n];
        if (parent == mesh::kNone) {
            if (t.tree[n] < t.first_node.size() && t.first_node[t.tree[n]] == n)
                out[n] = shrink_control(t.domain[t.tree[n]], t, n, rule);
        } else if (parent < n) {
            out[n] = shrink_control(out[parent], t, n, rule);
        }
    }
    return out;
}

TEST(ControlBoxes, BothReadingsInLanesEqualThePlainRule) {
    Rng r{3};
    std::size_t nodes = 0, finite = 0;
    for (int tree_i = 0; tree_i < 2000; ++tree_i) {
        mesh::StaticTreeNodes t;
        const std::uint32_t trees = 1 + r.next() % 3;
        std::uint32_t n = 0;
        for (std::uint32_t k = 0; k < trees; ++k) {
            const std::uint32_t count = 1 + r.next() % 40;
            t.first_node.push_back(n);
            t.node_count.push_back(count);
            mesh::Box d;
            const float scale = std::ldexp(1.0f, static_cast<int>(r.next() % 40) - 20);
            for (int a = 0; a < 3; ++a) {
                d.min[a] = awkward(r, (r.unit() - 0.5f) * scale);
                d.max[a] = awkward(r, d.min[a] + r.unit() * scale);
                if (r.next() % 20 == 0) std::swap(d.min[a], d.max[a]);
                if (r.next() % 20 == 0) d.max[a] = d.min[a];
                if (r.next() % 40 == 0) d.max[a] = 3.0e38f;
            }
            t.domain.push_back(d);
            for (std::uint32_t j = 0; j < count; ++j, ++n) {
                t.tree.push_back(r.next() % 50 == 0 ? 99 : k);
                for (int a = 0; a < 3; ++a) t.xyz[a].push_back(static_cast<std::uint8_t>(r.next()));
                std::uint32_t parent = j == 0 ? mesh::kNone : t.first_node[k] + r.next() % j;
                if (r.next() % 40 == 0) parent = mesh::kNone;           // unreached
                if (r.next() % 60 == 0) parent = n + 1 + r.next() % 5;  // not before its child
                t.parent.push_back(parent);
            }
        }
        std::vector<mesh::Box> div225, swapped;
        control_boxes(t, div225, swapped);
        const std::vector<mesh::Box> p225 = plain_boxes(t, ControlRule::kDivisor225),
                                     pswap = plain_boxes(t, ControlRule::kSwappedNibbles);
        ASSERT_EQ(div225.size(), t.size());
        ASSERT_EQ(swapped.size(), t.size());
        for (std::uint32_t i = 0; i < t.size(); ++i) {
            ASSERT_EQ(std::memcmp(&div225[i], &p225[i], sizeof(mesh::Box)), 0) << tree_i << " node " << i;
            ASSERT_EQ(std::memcmp(&swapped[i], &pswap[i], sizeof(mesh::Box)), 0) << tree_i << " node " << i;
            finite += std::isfinite(div225[i].min[0]) && std::isfinite(swapped[i].max[2]);
        }
        nodes += t.size();
    }
    EXPECT_GT(nodes, 20000u);
    EXPECT_GT(finite, nodes / 4);  // most boxes are plain numbers, not only NaN
}

}  // namespace
}  // namespace meshproof::verifiers
