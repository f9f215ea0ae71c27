// See cut_comparison.h. A stock node's leaf set is a node of the cut tree exactly when the lowest
// cut-tree ancestor of one of its leaves holding at least as many leaves holds as many, and the
// stock node's leaves' pre-order ranks in the cut tree span that ancestor's range: the leaves are
// distinct, so a range of n ranks holding n of them is their set. Each stock node starts its climb
// where its first child's stopped (the same leaf, a larger count), so the climbs cost no more than
// one walk up the cut tree per stock leaf-to-root chain.
#include "engine/rules/cut_comparison.h"

#include <algorithm>
#include <cmath>

namespace meshproof::rules {

using rules::box_surface;

namespace {

constexpr double kSurfacesDiffer = 0.01;  // "whose boxes differ by 1% or more in surface"

// Checks one stored pre-order tree [first, first + count): the walk from its root meets the nodes
// in storage order, each once, every second child inside the tree.
bool preorder_tree(std::span<const std::uint32_t> second_child, std::uint32_t first, std::uint32_t count,
                   std::vector<std::uint32_t>& stack) {
    if (count == 0 || std::uint64_t{first} + count > second_child.size()) return false;
    const std::uint32_t end = first + count;
    std::uint32_t expected = first;
    stack.assign(1, first);
    while (!stack.empty()) {
        const std::uint32_t n = stack.back();
        stack.pop_back();
        if (n != expected++ || n >= end) return false;
        const std::uint32_t b = second_child[n];
        if (b == kNoNode) continue;
        if (b <= n + 1 || b >= end) return false;
        stack.push_back(b);
        stack.push_back(n + 1);
    }
    return expected == end;
}

}  // namespace

CutComparison compare_cut(const RuleLeaves& L, const StoredTrees& S, CutComparisonWorkspace& ws) {
    CutComparison r;
    const auto P = static_cast<std::uint32_t>(L.box.size());
    const auto sections = static_cast<std::uint32_t>(S.section_first_node.size());
    if (P == 0 || L.rule_order.size() != P || L.vertex_first.size() != std::size_t{P} + 1 ||
        S.section_node_count.size() != sections || S.leaf_primitive.size() != S.second_child.size() ||
        S.mesh_leaf_section.size() != S.mesh_second_child.size())
        return r;

    // The stored section trees: each one pre-order tree, every primitive named exactly once.
    ws.seen.assign(P, 0);
    for (std::uint32_t s = 0; s < sections; ++s) {
        const std::uint32_t f = S.section_first_node[s], c = S.section_node_count[s];
        if (!preorder_tree(S.second_child, f, c, ws.stack)) return r;
        for (std::uint32_t n = f; n < f + c; ++n) {
            if (S.second_child[n] != kNoNode) continue;
            const std::uint32_t p = S.leaf_primitive[n];
            if (p >= P || ws.seen[p]++ != 0) return r;
        }
    }
    for (std::uint32_t p = 0; p < P; ++p)
        if (ws.seen[p] != 1) return r;
    for (std::uint32_t p : L.rule_order) {  // the rule's order: a permutation of the primitives
        if (p >= P || ws.seen[p] != 1) return r;
        ws.seen[p] = 2;
    }
    const std::uint64_t vertex_count = L.vertex_first[P];
    if (vertex_count > L.vertex_ids.size()) return r;
    r.valid = true;
    r.stock_sections = sections;

    // The rule: boxes and vertex ids in the rule's order (tree leaf i is primitive rule_order[i]).
    ws.ordered_box.resize(P);
    ws.ordered_first.resize(std::size_t{P} + 1);
    std::uint64_t id_count = 0;  // counted first: the ids are then written without a push_back each
    for (std::uint32_t p = 0; p < P; ++p) {
        const std::uint64_t end = std::min<std::uint64_t>(L.vertex_first[p + 1], vertex_count);
        id_count += end > L.vertex_first[p] ? end - L.vertex_first[p] : 0;
    }
    ws.ordered_ids.resize(id_count);
    std::uint32_t* ids = ws.ordered_ids.data();
    std::uint32_t written = 0;
    for (std::uint32_t i = 0; i < P; ++i) {
        const std::uint32_t p = L.rule_order[i];
        ws.ordered_box[i] = L.box[p];
        ws.ordered_first[i] = written;
        for (std::uint32_t k = L.vertex_first[p]; k < L.vertex_first[p + 1] && k < vertex_count; ++k)
            ids[written++] = L.vertex_ids[k];
    }
    ws.ordered_first[P] = written;
    build_stock_tree(ws.ordered_box, ws.stock, ws.tree);
    cut_sections(ws.tree, ws.ordered_first, ws.ordered_ids, CutLimits{}, ws.cutting, ws.cut);
    const BinaryTree& T = ws.tree;
    const Cut& cut = ws.cut;
    r.cut_sections = static_cast<std::uint32_t>(cut.sections.size());

    // The cut tree: parents, leaf counts, pre-order leaf ranks, section numbers.
    const std::uint32_t N = T.size();
    ws.parent.assign(N, kNoNode);
    ws.first_rank.assign(N, 0);
    ws.section_of.assign(N, kNoNode);
    for (std::uint32_t k = 0; k < cut.sections.size(); ++k) ws.section_of[cut.sections[k]] = k;
    ws.cut_leaf.assign(P, kNoNode);
    ws.cut_rank.assign(P, 0);
    std::uint32_t rank = 0;
    ws.stack.assign(1, T.root);
    while (!ws.stack.empty()) {
        const std::uint32_t n = ws.stack.back();
        ws.stack.pop_back();
        ws.first_rank[n] = rank;
        if (T.is_leaf(n)) {
            const std::uint32_t p = L.rule_order[T.leaf[n]];
            ws.cut_leaf[p] = n;
            ws.cut_rank[p] = rank++;
            continue;
        }
        ws.parent[T.first[n]] = ws.parent[T.second[n]] = n;
        ws.stack.push_back(T.second[n]);
        ws.stack.push_back(T.first[n]);
    }
    // Leaf counts per node: the cut's own (cut_sections counts them over the same tree).
    const std::vector<std::uint32_t>& leaf_count = ws.cutting.count;

    // The stock nodes against it, children before parents (backwards through each pre-order tree).
    const std::size_t stored_nodes = S.second_child.size();
    ws.count.resize(stored_nodes);
    ws.min_rank.resize(stored_nodes);
    ws.max_rank.resize(stored_nodes);
    ws.match.resize(stored_nodes);
    ws.climb.resize(stored_nodes);
    ws.same.resize(stored_nodes);
    bool exact = r.cut_sections == sections;
    for (std::uint32_t s = 0; s < sections; ++s) {
        const std::uint32_t f = S.section_first_node[s], c = S.section_node_count[s];
        for (std::uint32_t n = f + c; n-- > f;) {
            if (S.second_child[n] == kNoNode) {
                const std::uint32_t p = S.leaf_primitive[n];
                ws.count[n] = 1;
                ws.min_rank[n] = ws.max_rank[n] = ws.cut_rank[p];
                ws.match[n] = ws.climb[n] = ws.cut_leaf[p];
                ws.same[n] = 1;
                continue;
            }
            const std::uint32_t a = n + 1, b = S.second_child[n];
            const std::uint32_t count = ws.count[a] + ws.count[b];
            ws.count[n] = count;
            ws.min_rank[n] = std::min(ws.min_rank[a], ws.min_rank[b]);
            ws.max_rank[n] = std::max(ws.max_rank[a], ws.max_rank[b]);
            std::uint32_t up = ws.climb[a];
            while (up != kNoNode && leaf_count[up] < count) up = ws.parent[up];
            ws.climb[n] = up;
            const bool shared = up != kNoNode && leaf_count[up] == count && ws.first_rank[up] == ws.min_rank[n] &&
                                ws.first_rank[up] + count - 1 == ws.max_rank[n];
            ws.match[n] = shared ? up : kNoNode;
            ws.same[n] =
                shared && T.first[up] == ws.match[a] && T.second[up] == ws.match[b] && ws.same[a] && ws.same[b];
            if (count == 2 && shared) {
                const float sa = box_surface(L.box[S.leaf_primitive[a]]), sb = box_surface(L.box[S.leaf_primitive[b]]);
                const bool stock_order = T.first[up] == ws.match[a];
                if (sa == sb) {
                    ++r.two_leaf_equal;
                    r.two_leaf_equal_stock_order += stock_order;
                } else if (std::fabs(double(sa) - double(sb)) >= kSurfacesDiffer * std::max(double(sa), double(sb))) {
                    ++r.two_leaf_differ;
                    r.two_leaf_differ_stock_order += stock_order;
                }
            }
        }
        const std::uint32_t root_match = ws.match[f];
        if (root_match != kNoNode) {
            ++r.sections_in_cut_tree;
            r.sections_same_shape += ws.same[f];
        }
        if (s >= cut.sections.size() || cut.sections[s] != root_match) exact = false;
        if (root_match == kNoNode || ws.section_of[root_match] == kNoNode) continue;
        ++r.sections_found;
        for (std::uint32_t n = f; n < f + c; ++n) {
            if (S.second_child[n] == kNoNode) continue;
            const int band = shape_band(ws.count[n]);
            ++r.band_nodes[band];
            if (ws.match[n] != kNoNode) ++r.band_shared[band];
            r.band_same_shape[band] += ws.same[n];
        }
    }
    r.exact = exact;
    if (!exact) return r;

    // The mesh tree: the cut tree above its sections against the stored one, in pre-order, as
    // tokens (an inner node; a leaf with its section), child order included.
    const auto M = static_cast<std::uint32_t>(S.mesh_second_child.size());
    if (!preorder_tree(S.mesh_second_child, 0, M, ws.stack)) return r;
    constexpr std::uint64_t kLeafToken = std::uint64_t{1} << 32;
    ws.tokens.clear();
    ws.stack.assign(1, T.root);
    while (!ws.stack.empty()) {
        const std::uint32_t n = ws.stack.back();
        ws.stack.pop_back();
        if (ws.section_of[n] != kNoNode) {
            ws.tokens.push_back(kLeafToken | ws.section_of[n]);
            continue;
        }
        ws.tokens.push_back(0);
        ws.stack.push_back(T.second[n]);
        ws.stack.push_back(T.first[n]);
    }
    if (ws.tokens.size() != M) return r;
    for (std::uint32_t n = 0; n < M; ++n) {
        const std::uint64_t token = S.mesh_second_child[n] == kNoNode ? kLeafToken | S.mesh_leaf_section[n] : 0;
        if (token != ws.tokens[n]) return r;
    }
    r.mesh_tree_exact = true;
    return r;
}

}  // namespace meshproof::rules
