#include "engine/synth/nibble_recount.h"

#include <array>
#include <vector>

#include "engine/mesh/static_tree_codec.h"
#include "engine/rules/floor_rule.h"

namespace meshproof::synth {

NibbleRecount recount_nibbles(const builder::PreorderTree& tree, std::span<const mesh::Box> leaf_boxes_by_payload,
                              std::span<const std::uint8_t> stored_bytes, const mesh::Box& domain) {
    const std::size_t n = tree.size();
    NibbleRecount out;
    // What lies below each node (children follow their parent: one backward sweep).
    std::vector<mesh::Box> below(n);
    std::vector<std::uint32_t> parent(n, kNoNode);
    for (std::size_t i = n; i-- > 0;) {
        if (tree.second_child[i] == kNoNode) {
            below[i] = leaf_boxes_by_payload[tree.payload[i]];
        } else {
            below[i] = below[i + 1];
            mesh::extend(below[i], below[tree.second_child[i]]);
            parent[i + 1] = static_cast<std::uint32_t>(i);
            parent[tree.second_child[i]] = static_cast<std::uint32_t>(i);
        }
    }
    // From the root down: the rule's box (recomputed reading) and the stored box (stored reading).
    std::vector<mesh::Box> recomputed(n), stored(n);
    for (std::size_t i = 0; i < n; ++i) {
        const std::array<std::uint8_t, 3> have = {stored_bytes[4 * i], stored_bytes[4 * i + 1], stored_bytes[4 * i + 2]};
        const mesh::Box& rp = parent[i] == kNoNode ? domain : recomputed[parent[i]];
        const mesh::Box& sp = parent[i] == kNoNode ? domain : stored[parent[i]];
        std::array<std::uint8_t, 3> rule_r{}, rule_s{};
        int dr = 0, ds = 0;
        for (int a = 0; a < 3; ++a) {
            rule_r[a] = rules::floor_nibbles_largest_fit(rp.min[a], rp.max[a], below[i].min[a], below[i].max[a]).byte;
            rule_s[a] = rules::floor_nibbles_largest_fit(sp.min[a], sp.max[a], below[i].min[a], below[i].max[a]).byte;
            dr += rules::nibble_distance(rule_r[a], have[a]);
            ds += rules::nibble_distance(rule_s[a], have[a]);
        }
        recomputed[i] = mesh::shrink_box(rp, rule_r);
        stored[i] = mesh::shrink_box(sp, have);
        if (dr != 0) ++out.differing, out.one_nibble += dr == 1;
        if (ds != 0) ++out.differing_stored, out.one_nibble_stored += ds == 1;
    }
    return out;
}

}  // namespace meshproof::synth
