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

// Nodes [base, base + n) of `out` (columns already sized) from `raw`, node by node, every link
// and leaf payload checked: the first bad node is the error. The codec is a template argument so
// the loop holds no switch, and the columns are copied to locals: a store through the byte
// columns may alias anything, so through `raw` and `out` every node would load them again.
template <TreeCodec kCodec>
Status fill_nodes(const RawStaticTree& raw, std::size_t base, std::uint32_t payload_limit, StaticTreeNodes& out) {
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
    for (std::size_t i = 0; i < n; ++i) {
        x[i] = rx[i], y[i] = ry[i], z[i] = rz[i];
        const std::uint8_t lo8 = kCodec == TreeCodec::kAxis5 ? rlo8[i] : 0;
        const std::uint16_t lo16 = kCodec == TreeCodec::kAxis6 ? rlo16[i] : 0;
        const StaticNodeLink link = static_node_link(kCodec, rdata[i], lo8, lo16);
        value[i] = link.value;
        is_leaf[i] = link.is_leaf ? 1 : 0;
        if (link.is_leaf) {
            if (link.payload >= payload_limit)
                return make_error(ErrorCode::kOutOfBounds, raw.offset + i * stride,
                                  "tree leaf " + std::to_string(i) + " names item " + std::to_string(link.payload) +
                                      " of " + std::to_string(payload_limit));
            payload[i] = link.payload;
            second_child[i] = kNone;
        } else {
            const std::uint64_t second = i + link.second_child;
            if (i + 1 >= n || second >= n || link.second_child == 0)
                return make_error(
                    ErrorCode::kOutOfBounds, raw.offset + i * stride,
                    "tree node " + std::to_string(i) + " links past its tree of " + std::to_string(n) + " nodes");
            payload[i] = kNone;
            second_child[i] = static_cast<std::uint32_t>(base + second);
        }
    }
    return ok_status();
}

// A reached node's box from its parent's (the domain for the root).
void decode_box(std::size_t node, const Box& domain, BoxRule rule, StaticTreeNodes& out) {
    const std::uint32_t parent = out.parent[node];
    const Box& parent_box = parent == kNone ? domain : out.box[parent];
    shrink_box_sse(parent_box, {out.xyz[0][node], out.xyz[1][node], out.xyz[2][node]}, rule, out.box[node]);
}

// The forward sweep of append_static_tree over nodes [base, base + n): reaches and decodes as the
// walk does; false as soon as a node is reached a second time (the caller then runs the walk).
// Over raw pointers: a store through the byte columns may alias anything, so through the vectors
// every node would load their data pointers again.
bool forward_sweep(std::size_t base, std::size_t n, const Box& domain, BoxRule rule, StaticTreeNodes& out) {
    const std::size_t end = base + n;
    std::uint8_t* const reached = out.reached.data();
    std::uint32_t* const parent = out.parent.data();
    Box* const box = out.box.data();
    const std::uint8_t* const is_leaf = out.is_leaf.data();
    const std::uint32_t* const second_child = out.second_child.data();
    const std::uint8_t* const x = out.xyz[0].data();
    const std::uint8_t* const y = out.xyz[1].data();
    const std::uint8_t* const z = out.xyz[2].data();
    reached[base] = 1;
    for (std::size_t node = base; node < end; ++node) {
        if (reached[node] == 0) continue;
        const Box& parent_box = node == base ? domain : box[parent[node]];
        shrink_box_sse(parent_box, {x[node], y[node], z[node]}, rule, box[node]);
        if (is_leaf[node]) continue;
        for (const std::size_t child : {node + 1, std::size_t{second_child[node]}}) {
            if (reached[child] != 0) return false;
            reached[child] = 1;
            parent[child] = static_cast<std::uint32_t>(node);
        }
    }
    return true;
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

    // Columns first (grown once per tree; callers reserve once for the whole mesh), then the
    // walk fills links and boxes.
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
    out.box.resize(base + n);  // zeros; the walk sets every node it reaches, the rest are made NaN below
    switch (raw.codec) {
        case TreeCodec::kAxis4: MP_TRY(fill_nodes<TreeCodec::kAxis4>(raw, base, payload_limit, out)); break;
        case TreeCodec::kAxis5: MP_TRY(fill_nodes<TreeCodec::kAxis5>(raw, base, payload_limit, out)); break;
        case TreeCodec::kAxis6: MP_TRY(fill_nodes<TreeCodec::kAxis6>(raw, base, payload_limit, out)); break;
    }
    if (n == 0) return ok_status();

    // Links only point forward (a first child at +1, a second child further on: checked above), so
    // a node's parent comes before it in storage order, and one forward sweep reaches the nodes the
    // pre-order walk (preorder_walk) reaches, each as many times, and decodes each reached node's box after
    // its parent's. Where no node is reached twice every node has one parent and the sweep's boxes
    // are the walk's. A node reached twice (a hostile file: two links to one node) takes the parent
    // that reached it first in the walk's order, which the sweep need not agree with: then the
    // sweep's work is dropped and the walk runs.
    if (!forward_sweep(base, n, domain, rule, out)) {
        std::fill(out.reached.begin() + static_cast<std::ptrdiff_t>(base), out.reached.end(), std::uint8_t{0});
        std::fill(out.parent.begin() + static_cast<std::ptrdiff_t>(base), out.parent.end(), kNone);
        preorder_walk(base, domain, rule, out);
    }
    for (std::size_t at = base; at < base + n; ++at)
        if (out.reached[at] == 0) out.box[at] = unreached;
    return ok_status();
}

}  // namespace meshproof::mesh
