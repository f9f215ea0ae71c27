#include "engine/builder/static_tree_encode.h"

#include "engine/rules/floor_rule.h"
#include "engine/mesh/static_tree_codec.h"

namespace meshproof::builder {

EncodedStaticTree encode_static_tree(const PreorderTree& tree, std::span<const mesh::Box> leaf_boxes_by_payload,
                                     const mesh::Box& domain, int node_bytes) {
    const std::size_t n = tree.size();
    EncodedStaticTree out;
    out.nibbles.resize(n);
    out.bytes.assign(n * static_cast<std::size_t>(node_bytes), 0);
    // The nibbles and decoded boxes from the root down.
    const std::vector<mesh::Box> below = boxes_below(tree, leaf_boxes_by_payload);
    out.decoded = boxes_from_root(parents(tree), domain, [&](std::size_t i, const mesh::Box& p) {
        for (int a = 0; a < 3; ++a)
            out.nibbles[i][a] =
                rules::floor_nibbles_searched_up(p.min[a], p.max[a], below[i].min[a], below[i].max[a]).byte;
        return out.nibbles[i];
    });
    for (std::size_t i = 0; i < n; ++i) {
        std::uint8_t* bytes = out.bytes.data() + i * static_cast<std::size_t>(node_bytes);
        bytes[0] = out.nibbles[i][0];
        bytes[1] = out.nibbles[i][1];
        bytes[2] = out.nibbles[i][2];
        const bool inner = tree.second_child[i] != rules::kNoNode;
        const std::uint32_t distance = inner ? tree.second_child[i] - static_cast<std::uint32_t>(i) : 0;
        if (node_bytes == 4) {
            // data bit 0 set: inner, second child at + (data & 0xFE); clear: leaf, primitive = data >> 1.
            bytes[3] =
                inner ? static_cast<std::uint8_t>(distance | 1u) : static_cast<std::uint8_t>(tree.payload[i] << 1);
        } else if (node_bytes == 5) {
            // value = hi << 8 | lo; bit 15: inner, second child at + 2 × (value & 0x7FFF).
            const std::uint32_t value = inner ? (0x8000u | (distance >> 1)) : tree.payload[i];
            bytes[3] = static_cast<std::uint8_t>(value >> 8);
            bytes[4] = static_cast<std::uint8_t>(value);
        } else {
            // Axis6: value = (hiData & 0x7F) << 16 | loData (u16 LE); hiData bit 7: inner, second
            // child at + 2 × value; clear: leaf, triangle = value.
            const std::uint32_t value = inner ? (distance >> 1) : tree.payload[i];
            bytes[3] = static_cast<std::uint8_t>(((value >> 16) & 0x7Fu) | (inner ? 0x80u : 0u));
            bytes[4] = static_cast<std::uint8_t>(value);
            bytes[5] = static_cast<std::uint8_t>(value >> 8);
        }
    }
    return out;
}

}  // namespace meshproof::builder
