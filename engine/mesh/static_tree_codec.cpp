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

// A reached node's box from its parent's (the domain for the root).
void decode_box(std::size_t node, const Box& domain, BoxRule rule, StaticTreeNodes& out) {
    const std::uint32_t parent = out.parent[node];
    const Box& parent_box = parent == kNone ? domain : out.box[parent];
    shrink_box_sse(parent_box, {out.xyz[0][node], out.xyz[1][node], out.xyz[2][node]}, rule, out.box[node]);
}

// The forward sweep of append_static_tree over nodes [base, base + n): reaches and decodes as the
// walk does; false as soon as a node is reached a second time (the caller then runs the walk).
bool forward_sweep(std::size_t base, std::size_t n, const Box& domain, BoxRule rule, StaticTreeNodes& out) {
    const std::size_t end = base + n;
    out.reached[base] = 1;
    for (std::size_t node = base; node < end; ++node) {
        if (out.reached[node] == 0) continue;
        decode_box(node, domain, rule, out);
        if (out.is_leaf[node]) continue;
        for (const std::size_t child : {node + 1, std::size_t{out.second_child[node]}}) {
            if (out.reached[child] != 0) return false;
            out.reached[child] = 1;
            out.parent[child] = static_cast<std::uint32_t>(node);
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
    const std::size_t stride = raw.xyz[0].values.stride();
    out.tree.resize(base + n, tree_index);
    for (auto& c : out.xyz) c.resize(base + n);
    out.value.resize(base + n);
    out.is_leaf.resize(base + n);
    out.payload.resize(base + n);
    out.second_child.resize(base + n);
    out.parent.resize(base + n, kNone);
    out.reached.resize(base + n, 0);
    out.box.resize(base + n);   // zeros; the walk sets every node it reaches, the rest are made NaN below
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t at = base + i;
        for (int a = 0; a < 3; ++a) out.xyz[a][at] = raw.xyz[a][i];
        const std::uint8_t lo8 = raw.codec == TreeCodec::kAxis5 ? raw.lo8[i] : 0;
        const std::uint16_t lo16 = raw.codec == TreeCodec::kAxis6 ? raw.lo16[i] : 0;
        const StaticNodeLink link = static_node_link(raw.codec, raw.data[i], lo8, lo16);
        out.value[at] = link.value;
        out.is_leaf[at] = link.is_leaf ? 1 : 0;
        if (link.is_leaf) {
            if (link.payload >= payload_limit)
                return make_error(ErrorCode::kOutOfBounds, raw.offset + i * stride,
                                  "tree leaf " + std::to_string(i) + " names item " + std::to_string(link.payload) +
                                      " of " + std::to_string(payload_limit));
            out.payload[at] = link.payload;
            out.second_child[at] = kNone;
        } else {
            const std::uint64_t second = i + link.second_child;
            if (i + 1 >= n || second >= n || link.second_child == 0)
                return make_error(ErrorCode::kOutOfBounds, raw.offset + i * stride,
                                  "tree node " + std::to_string(i) + " links past its tree of " + std::to_string(n) + " nodes");
            out.payload[at] = kNone;
            out.second_child[at] = static_cast<std::uint32_t>(base + second);
        }
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
