#include "engine/builder/static_tree_build.h"

#include "engine/mesh/static_tree_codec.h"
#include "engine/rules/floor_rule.h"

namespace meshproof::builder {

BuiltStaticTree build_static_tree(const PreorderTree& tree, std::span<const mesh::Box> leaf_boxes_by_payload,
                                  const mesh::Box& domain, mesh::TreeCodec codec) {
    const std::size_t n = tree.size();
    const std::size_t node_size = mesh::static_node_size(codec);
    BuiltStaticTree out;
    out.nibbles.resize(n);
    out.bytes.assign(n * node_size, 0);
    // The nibbles and decoded boxes from the root down.
    const std::vector<mesh::Box> below = boxes_below(tree, leaf_boxes_by_payload);
    out.decoded = boxes_from_root(parents(tree), domain, [&](std::size_t i, const mesh::Box& p) {
        for (int a = 0; a < 3; ++a)
            out.nibbles[i][a] =
                rules::floor_nibbles_searched_up(p.min[a], p.max[a], below[i].min[a], below[i].max[a]).byte;
        return out.nibbles[i];
    });
    for (std::size_t i = 0; i < n; ++i) {
        mesh::StaticNodeLink link;
        link.is_leaf = tree.second_child[i] == rules::kNoNode;
        if (link.is_leaf) link.payload = tree.payload[i];
        else link.second_child = tree.second_child[i] - static_cast<std::uint32_t>(i);
        mesh::encode_static_node(codec, out.nibbles[i], link, out.bytes.data() + i * node_size);
    }
    return out;
}

}  // namespace meshproof::builder
