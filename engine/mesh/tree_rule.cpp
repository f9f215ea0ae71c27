// See tree_rule.h. Spec: havok-compressed-mesh.txt, the section-tree topology paragraphs and the
// rule's step 2 ("A list of 16 or fewer is joined from the bottom").
#include "engine/mesh/tree_rule.h"

#include <algorithm>
#include <limits>

namespace meshproof::mesh {

namespace {

// The cost of list positions i and j (i < j), kept symmetric in an n × n matrix.
inline float pair_cost(const MergeWorkspace& ws, std::uint32_t i, std::uint32_t j) {
    return box_surface(box_union(ws.box[i], ws.box[j]));
}

}  // namespace

void least_surface_merge(std::span<const Box> leaves, MergeWorkspace& ws, MergedTree& out) {
    const std::uint32_t n = static_cast<std::uint32_t>(leaves.size());
    out.leaves = n;
    out.child[0].clear();
    out.child[1].clear();
    if (n < 2) return;
    ws.box.assign(leaves.begin(), leaves.end());
    ws.node.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) ws.node[i] = i;
    ws.cost.resize(static_cast<std::size_t>(n) * n);
    float* cost = ws.cost.data();
    for (std::uint32_t i = 0; i < n; ++i)
        for (std::uint32_t j = i + 1; j < n; ++j) cost[i * n + j] = cost[j * n + i] = pair_cost(ws, i, j);

    std::uint32_t next_id = n;
    for (std::uint32_t m = n; m > 1; --m) {
        // The first pair in list order with the least cost (strict comparison: a tie keeps the first).
        std::uint32_t bi = 0, bj = 1;
        float best = std::numeric_limits<float>::infinity();
        for (std::uint32_t i = 0; i + 1 < m; ++i) {
            const float* row = cost + static_cast<std::size_t>(i) * n;
            for (std::uint32_t j = i + 1; j < m; ++j) {
                if (row[j] < best) {
                    best = row[j];
                    bi = i;
                    bj = j;
                }
            }
        }
        out.child[0].push_back(ws.node[bi]);
        out.child[1].push_back(ws.node[bj]);
        // The new node takes the first one's place ...
        ws.box[bi] = box_union(ws.box[bi], ws.box[bj]);
        ws.node[bi] = next_id++;
        // ... and the last entry fills the second one's.
        const std::uint32_t last = m - 1;
        if (bj != last) {
            ws.box[bj] = ws.box[last];
            ws.node[bj] = ws.node[last];
            for (std::uint32_t k = 0; k < last; ++k) {
                if (k == bj) continue;
                const float c = cost[static_cast<std::size_t>(k) * n + last];
                cost[static_cast<std::size_t>(k) * n + bj] = c;
                cost[static_cast<std::size_t>(bj) * n + k] = c;
            }
        }
        // The joined node's costs against every other entry still in the list.
        for (std::uint32_t k = 0; k < last; ++k) {
            if (k == bi) continue;
            const float c = k < bi ? pair_cost(ws, k, bi) : pair_cost(ws, bi, k);
            cost[static_cast<std::size_t>(k) * n + bi] = c;
            cost[static_cast<std::size_t>(bi) * n + k] = c;
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
