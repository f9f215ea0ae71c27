#include "engine/builder/simd_tree_build.h"

#include <array>

namespace meshproof::builder {
namespace {

struct TempNode {
    bool leaves = false;
    std::uint32_t count = 0;
    std::array<std::uint32_t, 4> item{};   // key (leaves) or temp node
    mesh::Box box = mesh::unfilled_box();  // union of its lanes
};

}  // namespace

std::vector<mesh::SimdNode> build_simd_tree(std::span<const std::uint32_t> keys, std::span<const mesh::Box> boxes,
                                            SimdNumbering numbering) {
    const bool er = numbering == SimdNumbering::kEldenRing;
    const mesh::SimdEncoding encoding = simd_encoding(numbering);
    std::vector<mesh::SimdNode> out{mesh::empty_simd_node(encoding)};  // node 0: the sentinel
    if (keys.empty()) return out;

    // Bottom up: leaves four to a node, then nodes four to a parent.
    std::vector<TempNode> temp;
    temp.reserve(keys.size() / 3 + 2);
    std::vector<std::uint32_t> level;
    for (std::size_t i = 0; i < keys.size(); i += 4) {
        TempNode t;
        t.leaves = true;
        for (std::size_t j = i; j < keys.size() && j < i + 4; ++j) {
            t.item[t.count++] = static_cast<std::uint32_t>(j);
            mesh::extend(t.box, boxes[j]);
        }
        level.push_back(static_cast<std::uint32_t>(temp.size()));
        temp.push_back(t);
    }
    while (level.size() > 1) {
        std::vector<std::uint32_t> up;
        for (std::size_t i = 0; i < level.size(); i += 4) {
            TempNode t;
            for (std::size_t j = i; j < level.size() && j < i + 4; ++j) {
                t.item[t.count++] = level[j];
                mesh::extend(t.box, temp[level[j]].box);
            }
            up.push_back(static_cast<std::uint32_t>(temp.size()));
            temp.push_back(t);
        }
        level.swap(up);
    }
    const std::uint32_t root = level[0];

    // Numbering: temp node → stored node.
    std::vector<std::uint32_t> number(temp.size(), 0);
    number[root] = 1;
    std::uint32_t next = 2;
    if (er) {
        std::vector<std::uint32_t> stack{root};
        while (!stack.empty()) {
            const std::uint32_t t = stack.back();
            stack.pop_back();
            if (temp[t].leaves) continue;
            for (std::uint32_t l = 0; l < temp[t].count; ++l) {
                number[temp[t].item[l]] = next++;
                stack.push_back(temp[t].item[l]);
            }
        }
    } else {
        // Depth first, lanes last to first; a node's number is given when the walk reaches it.
        std::vector<std::uint32_t> stack{root};
        while (!stack.empty()) {
            const std::uint32_t t = stack.back();
            stack.pop_back();
            if (t != root) number[t] = next++;
            if (temp[t].leaves) continue;
            for (std::uint32_t l = 0; l < temp[t].count; ++l) stack.push_back(temp[t].item[l]);  // last lane on top
        }
    }

    out.resize(temp.size() + 1);
    for (std::uint32_t t = 0; t < temp.size(); ++t) {
        const bool leaves = temp[t].leaves;
        mesh::SimdNode& node = out[number[t]];
        node = mesh::empty_simd_node(encoding, leaves);
        for (std::uint32_t l = 0; l < temp[t].count; ++l) {
            const std::uint32_t item = temp[t].item[l];
            const mesh::Box& b = leaves ? boxes[item] : temp[item].box;
            const std::uint32_t word =
                leaves ? mesh::encode_simd_lane(encoding, true, mesh::LaneKind::kLeaf, keys[item])
                       : mesh::encode_simd_lane(encoding, false, mesh::LaneKind::kChild, number[item]);
            mesh::set_simd_lane(node, l, b, word);
        }
    }
    return out;
}

}  // namespace meshproof::builder
