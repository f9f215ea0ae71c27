#include "engine/mesh/static_tree_codec.h"

#include <limits>
#include <string>
#include <vector>

namespace meshproof::mesh {

StaticNodeLink static_node_link(TreeCodec codec, std::uint8_t data_or_hi, std::uint8_t lo8, std::uint16_t lo16) {
    StaticNodeLink link;
    switch (codec) {
        case TreeCodec::kAxis4:
            // data & 1: inner, second child at +(data & 0xFE); else leaf, primitive = data >> 1.
            link.value = data_or_hi;
            link.is_leaf = (data_or_hi & 1u) == 0;
            if (link.is_leaf) link.payload = data_or_hi >> 1;
            else link.second_child = data_or_hi & 0xFEu;
            break;
        case TreeCodec::kAxis5: {
            // value = hi << 8 | lo; bit 15: inner, second child at +2 × (value & 0x7FFF); else section.
            const std::uint32_t value = (std::uint32_t{data_or_hi} << 8) | lo8;
            link.value = value;
            link.is_leaf = (value & 0x8000u) == 0;
            if (link.is_leaf) link.payload = value;
            else link.second_child = 2ull * (value & 0x7FFFu);
            break;
        }
        case TreeCodec::kAxis6: {
            // value = (hi & 0x7F) << 16 | lo (u16); hi bit 7: inner, second child at +2 × value; else triangle.
            const std::uint32_t value = (std::uint32_t{data_or_hi & 0x7Fu} << 16) | lo16;
            link.value = (std::uint32_t{data_or_hi} << 16) | lo16;
            link.is_leaf = (data_or_hi & 0x80u) == 0;
            if (link.is_leaf) link.payload = value;
            else link.second_child = 2ull * value;
            break;
        }
    }
    return link;
}

Box box_of(const RawAabb& aabb) {
    Box b;
    for (int a = 0; a < 3; ++a) {
        b.min[a] = aabb.min[a];
        b.max[a] = aabb.max[a];
    }
    return b;
}

namespace {

Status check_columns(const RawStaticTree& raw) {
    const std::size_t n = raw.node_count();
    bool ok = raw.xyz[1].size() == n && raw.xyz[2].size() == n && raw.data.size() == n;
    if (raw.codec == TreeCodec::kAxis5) ok = ok && raw.lo8.size() == n;
    if (raw.codec == TreeCodec::kAxis6) ok = ok && raw.lo16.size() == n;
    if (!ok) return make_error(ErrorCode::kBadObject, raw.offset, "static tree node columns differ in length");
    if (n >= std::numeric_limits<std::uint32_t>::max() / 2)
        return make_error(ErrorCode::kOutOfBounds, raw.offset, "static tree with too many nodes");
    return ok_status();
}

}  // namespace

Status append_static_tree(const RawStaticTree& raw, std::uint32_t tree_index, std::uint32_t payload_limit,
                          StaticTreeNodes& out, BoxRule rule) {
    MP_TRY(check_columns(raw));
    const std::size_t n = raw.node_count();
    const std::size_t base = out.size();
    if (base + n >= kNone) return make_error(ErrorCode::kOutOfBounds, raw.offset, "too many tree nodes in one mesh");
    const Box domain = box_of(raw.domain);
    out.codec = raw.codec;
    out.first_node.push_back(static_cast<std::uint32_t>(base));
    out.node_count.push_back(static_cast<std::uint32_t>(n));
    out.domain.push_back(domain);

    // Columns first (callers reserve once for the whole mesh), then the walk fills links and boxes.
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const Box unreached{{nan, nan, nan}, {nan, nan, nan}};
    const std::size_t stride = raw.xyz[0].values.stride();
    for (std::size_t i = 0; i < n; ++i) {
        out.tree.push_back(tree_index);
        for (int a = 0; a < 3; ++a) out.xyz[a].push_back(raw.xyz[a][i]);
        const std::uint8_t lo8 = raw.codec == TreeCodec::kAxis5 ? raw.lo8[i] : 0;
        const std::uint16_t lo16 = raw.codec == TreeCodec::kAxis6 ? raw.lo16[i] : 0;
        const StaticNodeLink link = static_node_link(raw.codec, raw.data[i], lo8, lo16);
        out.value.push_back(link.value);
        out.is_leaf.push_back(link.is_leaf ? 1 : 0);
        if (link.is_leaf) {
            if (link.payload >= payload_limit)
                return make_error(ErrorCode::kOutOfBounds, raw.offset + i * stride,
                                  "tree leaf " + std::to_string(i) + " names item " + std::to_string(link.payload) +
                                      " of " + std::to_string(payload_limit));
            out.payload.push_back(link.payload);
            out.second_child.push_back(kNone);
        } else {
            const std::uint64_t second = i + link.second_child;
            if (i + 1 >= n || second >= n || link.second_child == 0)
                return make_error(ErrorCode::kOutOfBounds, raw.offset + i * stride,
                                  "tree node " + std::to_string(i) + " links past its tree of " + std::to_string(n) + " nodes");
            out.payload.push_back(kNone);
            out.second_child.push_back(static_cast<std::uint32_t>(base + second));
        }
        out.parent.push_back(kNone);
        out.reached.push_back(0);
        out.box.push_back(unreached);
    }
    if (n == 0) return ok_status();

    // Pre-order walk from the root; a node is expanded once, so a hostile link cycle ends.
    std::vector<std::uint32_t> stack;
    stack.reserve(64);
    const auto reach = [&](std::size_t node, std::size_t parent) {
        std::uint8_t& r = out.reached[node];
        if (r != 255) ++r;
        if (r != 1) return;  // already reached (and queued) once
        out.parent[node] = parent == kNone ? kNone : static_cast<std::uint32_t>(parent);
        stack.push_back(static_cast<std::uint32_t>(node));
    };
    reach(base, kNone);
    while (!stack.empty()) {
        const std::uint32_t node = stack.back();
        stack.pop_back();
        const std::uint32_t parent = out.parent[node];
        const Box& parent_box = parent == kNone ? domain : out.box[parent];
        out.box[node] = shrink_box(parent_box, {out.xyz[0][node], out.xyz[1][node], out.xyz[2][node]}, rule);
        if (out.is_leaf[node]) continue;
        // Second child pushed first so the first child is expanded first (pre-order).
        reach(out.second_child[node], node);
        reach(node + 1, node);
    }
    return ok_status();
}

}  // namespace meshproof::mesh
