#include "engine/mesh/static_tree_codec.h"

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

namespace meshproof::mesh {

Box box_of(const RawAabb& aabb) {
    Box b;
    for (int a = 0; a < 3; ++a) {
        b.min[a] = aabb.min[a];
        b.max[a] = aabb.max[a];
    }
    return b;
}

void encode_static_node(TreeCodec codec, const std::array<std::uint8_t, 3>& nibbles, const StaticNodeLink& link,
                        std::uint8_t* out) {
    out[0] = nibbles[0];
    out[1] = nibbles[1];
    out[2] = nibbles[2];
    const auto distance = static_cast<std::uint32_t>(link.second_child);
    switch (codec) {
        case TreeCodec::kAxis4:
            out[3] =
                link.is_leaf ? static_cast<std::uint8_t>(link.payload << 1) : static_cast<std::uint8_t>(distance | 1u);
            break;
        case TreeCodec::kAxis5: {
            const std::uint32_t value = link.is_leaf ? link.payload : (0x8000u | (distance >> 1));
            out[3] = static_cast<std::uint8_t>(value >> 8);
            out[4] = static_cast<std::uint8_t>(value);
            break;
        }
        case TreeCodec::kAxis6: {
            const std::uint32_t value = link.is_leaf ? link.payload : (distance >> 1);
            out[3] = static_cast<std::uint8_t>(((value >> 16) & 0x7Fu) | (link.is_leaf ? 0u : 0x80u));
            out[4] = static_cast<std::uint8_t>(value);
            out[5] = static_cast<std::uint8_t>(value >> 8);
            break;
        }
    }
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

// Nodes [base, base + n) of `out` (columns already sized, parent kNone and reached 0) from `raw`,
// node by node, every link and leaf payload checked: the first bad node is the error. The same
// loop reaches and decodes the boxes: links only point forward (a first child at +1, a second
// child further on: checked here), so a node's parent comes before it in storage order and, when
// node i is filled, every link that can reach it has been followed. One forward pass therefore
// reaches the nodes the pre-order walk (preorder_walk) reaches, each as many times, and decodes
// each reached node's box after its parent's; an unreached node's box is made NaN at once. Where
// no node is reached twice every node has one parent and the pass's boxes are the walk's. A node
// reached twice (a hostile file: two links to one node) takes the parent that reached it first in
// the walk's order, which the pass need not agree with: the pass then stops reaching (the columns
// are still filled and checked to the end) and returns false, and the caller runs the walk.
// The codec is a template argument so the loop holds no switch, and the columns are copied to
// locals: a store through the byte columns may alias anything, so through `raw` and `out` every
// node would load them again.
template <TreeCodec kCodec>
Result<bool> fill_and_sweep(const RawStaticTree& raw, std::size_t base, std::uint32_t payload_limit, const Box& domain,
                            BoxRule rule, StaticTreeNodes& out, std::uint32_t* first_leaf) {
    const std::size_t n = raw.node_count();
    const std::size_t stride = raw.xyz[0].values.stride();
    const auto rx = raw.xyz[0].values, ry = raw.xyz[1].values, rz = raw.xyz[2].values, rdata = raw.data.values;
    const auto rlo8 = raw.lo8.values;
    const auto rlo16 = raw.lo16.values;
    std::uint8_t* const x = out.xyz[0].data() + base;
    std::uint8_t* const y = out.xyz[1].data() + base;
    std::uint8_t* const z = out.xyz[2].data() + base;
    std::uint32_t* const value = out.value.data() + base;
    std::uint8_t* const is_leaf = out.is_leaf.data() + base;
    std::uint32_t* const payload = out.payload.data() + base;
    std::uint32_t* const second_child = out.second_child.data() + base;
    std::uint8_t* const reached = out.reached.data() + base;
    std::uint32_t* const parent = out.parent.data() + base;
    // Boxes are pushed in storage order into room the caller reserved (no zero fill written over);
    // a parent's is read back through `box`, which the pushes within that room do not move.
    const Box* const box = out.box.data() + base;
    const float nan = std::numeric_limits<float>::quiet_NaN();
    bool sweeping = n != 0;
    if (sweeping) reached[0] = 1;
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint8_t nx = rx[i], ny = ry[i], nz = rz[i];
        x[i] = nx, y[i] = ny, z[i] = nz;
        const std::uint8_t lo8 = kCodec == TreeCodec::kAxis5 ? rlo8[i] : 0;
        const std::uint16_t lo16 = kCodec == TreeCodec::kAxis6 ? rlo16[i] : 0;
        const StaticNodeLink link = static_node_link(kCodec, rdata[i], lo8, lo16);
        value[i] = link.value;
        is_leaf[i] = link.is_leaf ? 1 : 0;
        std::uint64_t second = 0;
        if (link.is_leaf) {
            if (link.payload >= payload_limit)
                return make_error(ErrorCode::kOutOfBounds, raw.offset + i * stride,
                                  "tree leaf " + std::to_string(i) + " names item " + std::to_string(link.payload) +
                                      " of " + std::to_string(payload_limit));
            payload[i] = link.payload;
            second_child[i] = kNone;
        } else {
            second = i + link.second_child;
            if (i + 1 >= n || second >= n || link.second_child == 0)
                return make_error(
                    ErrorCode::kOutOfBounds, raw.offset + i * stride,
                    "tree node " + std::to_string(i) + " links past its tree of " + std::to_string(n) + " nodes");
            payload[i] = kNone;
            second_child[i] = static_cast<std::uint32_t>(base + second);
        }
        if (!sweeping) continue;
        if (reached[i] == 0) {
            out.box.push_back(Box{{nan, nan, nan}, {nan, nan, nan}});
            continue;
        }
        Box decoded;
        shrink_box_sse(i == 0 ? domain : box[parent[i] - base], {nx, ny, nz}, rule, decoded);
        out.box.push_back(decoded);
        if (link.is_leaf) {
            if (first_leaf != nullptr && first_leaf[link.payload] == kNone)
                first_leaf[link.payload] = static_cast<std::uint32_t>(base + i);
            continue;
        }
        if (reached[i + 1] != 0 || reached[second] != 0) {
            sweeping = false;
            continue;
        }
        reached[i + 1] = 1;
        reached[second] = 1;
        parent[i + 1] = static_cast<std::uint32_t>(base + i);
        parent[second] = static_cast<std::uint32_t>(base + i);
    }
    return sweeping || n == 0;
}

// A reached node's box from its parent's (the domain for the root).
void decode_box(std::size_t node, const Box& domain, BoxRule rule, StaticTreeNodes& out) {
    const std::uint32_t parent = out.parent[node];
    const Box& parent_box = parent == kNone ? domain : out.box[parent];
    shrink_box_sse(parent_box, {out.xyz[0][node], out.xyz[1][node], out.xyz[2][node]}, rule, out.box[node]);
}

// The pre-order walk of append_static_tree from the root at `base`; a node is expanded once, so a
// hostile link cycle ends. A node reached twice keeps the parent the walk expands first.
void preorder_walk(std::size_t base, const Box& domain, BoxRule rule, StaticTreeNodes& out) {
    thread_local std::vector<std::uint32_t> stack;  // reused: no allocation per tree
    stack.clear();
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
        decode_box(node, domain, rule, out);
        if (out.is_leaf[node]) continue;
        // Second child pushed first so the first child is expanded first (pre-order).
        reach(out.second_child[node], node);
        reach(node + 1, node);
    }
}

}  // namespace

Status append_static_tree(const RawStaticTree& raw, std::uint32_t tree_index, std::uint32_t payload_limit,
                          StaticTreeNodes& out, BoxRule rule, std::span<std::uint32_t> first_leaf) {
    MP_TRY(check_columns(raw));
    if (!first_leaf.empty() && first_leaf.size() < payload_limit)
        return make_error(ErrorCode::kBadObject, raw.offset, "leaf map shorter than the payloads");
    const std::size_t n = raw.node_count();
    const std::size_t base = out.size();
    if (base + n >= kNone) return make_error(ErrorCode::kOutOfBounds, raw.offset, "too many tree nodes in one mesh");
    const Box domain = box_of(raw.domain);
    out.codec = raw.codec;
    out.first_node.push_back(static_cast<std::uint32_t>(base));
    out.node_count.push_back(static_cast<std::uint32_t>(n));
    out.domain.push_back(domain);

    // Columns grown once per tree (callers reserve once for the whole mesh), then one forward
    // pass fills links and boxes.
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const Box unreached{{nan, nan, nan}, {nan, nan, nan}};
    out.tree.resize(base + n, tree_index);
    for (auto& c : out.xyz) c.resize(base + n);
    out.value.resize(base + n);
    out.is_leaf.resize(base + n);
    out.payload.resize(base + n);
    out.second_child.resize(base + n);
    out.parent.resize(base + n, kNone);
    out.reached.resize(base + n, 0);
    out.box.reserve(base + n);  // filled by the forward pass, or sized below for the walk
    std::uint32_t* const leaves = first_leaf.empty() ? nullptr : first_leaf.data();
    Result<bool> swept = true;
    switch (raw.codec) {
        case TreeCodec::kAxis4:
            swept = fill_and_sweep<TreeCodec::kAxis4>(raw, base, payload_limit, domain, rule, out, leaves);
            break;
        case TreeCodec::kAxis5:
            swept = fill_and_sweep<TreeCodec::kAxis5>(raw, base, payload_limit, domain, rule, out, leaves);
            break;
        case TreeCodec::kAxis6:
            swept = fill_and_sweep<TreeCodec::kAxis6>(raw, base, payload_limit, domain, rule, out, leaves);
            break;
    }
    if (!swept.ok()) return swept.error();
    if (*swept) return ok_status();

    // A node reached twice: the forward pass's reaching is dropped and the walk runs (it sets every
    // node it reaches, the rest are made NaN below).
    out.box.resize(base + n);
    std::fill(out.reached.begin() + static_cast<std::ptrdiff_t>(base), out.reached.end(), std::uint8_t{0});
    std::fill(out.parent.begin() + static_cast<std::ptrdiff_t>(base), out.parent.end(), kNone);
    preorder_walk(base, domain, rule, out);
    for (std::size_t at = base; at < base + n; ++at) {
        if (out.reached[at] == 0) out.box[at] = unreached;
        // The forward pass may have named some leaves before it stopped: the walk reaches those
        // too, and they come first in storage order, so only the leaves still unnamed are added.
        else if (leaves != nullptr && out.is_leaf[at] && leaves[out.payload[at]] == kNone)
            leaves[out.payload[at]] = static_cast<std::uint32_t>(at);
    }
    return ok_status();
}

}  // namespace meshproof::mesh
