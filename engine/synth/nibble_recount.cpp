#include "engine/synth/nibble_recount.h"

#include <array>
#include <vector>

#include "engine/rules/floor_rule.h"

namespace meshproof::synth {

NibbleRecount recount_nibbles(const builder::PreorderTree& tree, std::span<const mesh::Box> leaf_boxes_by_payload,
                              std::span<const std::uint8_t> stored_bytes, const mesh::Box& domain) {
    NibbleRecount out;
    const std::vector<mesh::Box> below = builder::boxes_below(tree, leaf_boxes_by_payload);
    const std::vector<std::uint32_t> parent = builder::parents(tree);
    // The rule's nibbles below a parent box (the nibble pass's reading), and the stored ones.
    auto rule_at = [&](std::size_t i, const mesh::Box& p) {
        std::array<std::uint8_t, 3> rule{};
        for (int a = 0; a < 3; ++a)
            rule[a] = rules::floor_nibbles_largest_fit(p.min[a], p.max[a], below[i].min[a], below[i].max[a]).byte;
        return rule;
    };
    auto stored_at = [&](std::size_t i, const mesh::Box&) {
        return std::array<std::uint8_t, 3>{stored_bytes[4 * i], stored_bytes[4 * i + 1], stored_bytes[4 * i + 2]};
    };
    // From the root down: the rule's boxes (recomputed reading) and the stored boxes (stored reading).
    const std::vector<mesh::Box> recomputed = builder::boxes_from_root(parent, domain, rule_at);
    const std::vector<mesh::Box> stored = builder::boxes_from_root(parent, domain, stored_at);
    for (std::size_t i = 0; i < tree.size(); ++i) {
        const std::array<std::uint8_t, 3> have = stored_at(i, domain);
        const std::array<std::uint8_t, 3> rule_r = rule_at(i, parent[i] == kNoNode ? domain : recomputed[parent[i]]);
        const std::array<std::uint8_t, 3> rule_s = rule_at(i, parent[i] == kNoNode ? domain : stored[parent[i]]);
        int dr = 0, ds = 0;
        for (int a = 0; a < 3; ++a) {
            dr += rules::nibble_distance(rule_r[a], have[a]);
            ds += rules::nibble_distance(rule_s[a], have[a]);
        }
        if (dr != 0) ++out.differing, out.one_nibble += dr == 1;
        if (ds != 0) ++out.differing_stored, out.one_nibble_stored += ds == 1;
    }
    return out;
}

}  // namespace meshproof::synth
