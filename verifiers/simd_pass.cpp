// Pass "simd" (family havok-mesh): the structure of hkcdSimdTree, havok-compressed-mesh.txt.
// "The leaves of a tree name each triangle, quad and custom primitive of the mesh exactly once and
// no dead primitive" (Proven); node 0 a sentinel, "A lane is empty exactly when its box is",
// children numbered above their node and every node from 2 on the child of exactly one lane
// (Proven); hasSimdTree / isCompact in Elden Ring (Proven); the numbering rule of each game
// (Observed on trees of 300 nodes or fewer: a plain rate). The lane boxes are the leafbox pass's.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include <fmt/format.h>

#include "engine/pipeline/pass.h"
#include "verifiers/mesh_walk.h"
#include "verifiers/unit_counts.h"

namespace meshproof {
namespace {

using namespace verifiers;
using mesh::LaneKind;
using mesh::SimdTreeNodes;

inline constexpr std::size_t kNumberingMaxNodes = 300;

// Elden Ring: "a node's children are numbered in lane order when the node is taken from a stack".
// Sekiro: "numbered as a depth-first walk from the root reaches them, taking a node's lanes from
// the last to the first". True when every child lane names the number the rule gives.
bool numbering_holds(const SimdTreeNodes& t, std::vector<std::uint32_t>& stack) {
    if (t.node_count() < 2) return true;
    stack.assign(1, 1);
    if (t.encoding == mesh::SimdEncoding::kIsLeafFlag) {
        // Elden Ring: a node popped from the stack numbers its children in lane order and pushes
        // them, so the last of them is taken next.
        std::uint32_t next = 2;
        while (!stack.empty()) {
            const std::uint32_t node = stack.back();
            stack.pop_back();
            if (node >= t.node_count()) return false;
            for (int lane = 0; lane < 4; ++lane) {
                if (t.lane_kind[node * 4 + lane] != LaneKind::kChild) continue;
                if (t.lane_target[node * 4 + lane] != next++) return false;
                stack.push_back(t.lane_target[node * 4 + lane]);
            }
        }
        return true;
    }
    // Sekiro: a depth-first walk taking lanes last to first reaches the nodes as 1, 2, 3, …
    std::uint32_t next = 1;
    while (!stack.empty()) {
        const std::uint32_t node = stack.back();
        stack.pop_back();
        if (node != next++ || node >= t.node_count()) return false;
        for (int lane = 0; lane < 4; ++lane)  // first lane pushed first, so the last lane pops first
            if (t.lane_kind[node * 4 + lane] == LaneKind::kChild) stack.push_back(t.lane_target[node * 4 + lane]);
    }
    return true;
}

class SimdPass final : public Pass {
public:
    SimdPass() {
        info_.name = "simd";
        info_.family = "havok-mesh";
        info_.claims = {
            "The leaves of a tree name each triangle, quad and custom primitive of the mesh exactly once and no dead primitive (Proven)",
            "Node 0 is a sentinel and the root is node 1 … A lane is empty exactly when its box is (Proven)",
            "A lane holds a child node, whose index is always above its node's … every node from 2 on is the child of exactly one lane (Proven)",
            "In Elden Ring hasSimdTree is set in every mesh whose tree has leaves and clear in the rest [bar 3 empty meshes] (Proven)",
            "isCompact: 1 in every mesh whose tree has leaves (Proven); isActive 0 (Proven)",
            "The nodes of a simd tree are numbered by a rule that differs by game (Observed)",
        };
        info_.counters = {
            {"meshes", "compressed meshes", false},
            {"meshes_with_simdtree", "compressed meshes holding a simdTree", false},
            {"leaves", "simd leaves of compressed meshes", false},
            {"custom_leaves", "simd leaves that name custom primitives", false},
            {"leafless_trees", "meshes whose simd tree has no leaf", false},
            {"leafless_flag_clear", "of those, meshes with hasSimdTree clear", false},
            {"leafless_empty", "of those, empty meshes (no primitive)", false},
            {"leaf_names_no_primitive", "leaves whose key names no primitive, a dead one or a quad's second half",
             true},
            {"primitives_not_named_once", "triangles, quads and custom primitives named by no leaf or several", true},
            {"sentinel_not_empty", "trees whose node 0 has a lane that is not empty", true},
            {"lane_empty_mismatch", "lanes empty by their data but not by their box, or the other way", true},
            {"child_not_above", "child lanes naming a node not above their own", true},
            {"nodes_not_child_once", "nodes from 2 on that are not the child of exactly one lane", true},
            {"has_simd_tree_mismatch",
             "Elden Ring meshes whose hasSimdTree is not set exactly when the tree has leaves", true},
            {"is_compact_not_1", "Elden Ring meshes whose tree has leaves and isCompact is not 1", true},
            {"numbering_trees", "simd trees of 300 nodes or fewer", false},
            {"numbering_rule_holds", "of those, numbered by the game's rule", false},
            {"extern_trees", "extern-mesh simd trees", false},
            {"extern_leaves", "extern-mesh simd leaves", false},
            {"extern_triangles_not_named_once", "extern-mesh triangles named by no simd leaf or several", true},
            {"extern_v3_trees", "simd trees of version-3 extern meshes (hknpExternMeshShapeData 3) with a triangle",
             false},
            {"extern_keys_in_order", "of those, trees whose leaf keys read node by node in lane order are 0 to n - 1",
             false},
        };
        info_.value_sets = {
            {"node_is_active",
             "the isActive byte of every node of a compressed mesh's simd tree (Elden Ring), with its count", false},
            {"is_compact_with_leaves",
             "the isCompact byte of every mesh whose simd tree has leaves (Elden Ring), with its count", false},
        };
        info_.maxima = {
            {"is_compact_leafless_max", "largest isCompact byte of a mesh whose simd tree has no leaf (Elden Ring)",
             false},
            {"has_simd_tree_max", "largest hasSimdTree byte of a mesh holding a simdTree", false},
            {"empty_lane_bound_max", "largest magnitude of an empty lane's box bound (min +x, max -x on every axis)",
             false},
        };
        info_.minima = {
            {"empty_lane_bound_min",
             "smallest magnitude of an empty lane's box bound, signed: a minimum below +x or a maximum above -x counts negative",
             false},
            {"extern_consecutive_below_tris",
             "one less than the fewest triangles of a version-3 extern tree with a node of leaves whose keys are not consecutive",
             false},
        };
    }
    const PassInfo& info() const override { return info_; }

    void run(const Unit& unit, Tally& tally) const override {
        if (unit.mesh == nullptr) return;
        UnitCounts counts(info_);
        std::vector<std::uint32_t> named, stack;
        for (std::size_t mi = 0; mi < unit.mesh->meshes.size(); ++mi) mesh_tree(unit, mi, tally, counts, named, stack);
        for (std::size_t ei = 0; ei < unit.mesh->extern_meshes.size(); ++ei) {
            const mesh::DecodedExternMesh& e = unit.mesh->extern_meshes[ei];
            // Form A (version 2: an aabbTree plus a simd tree of only the two empty nodes) keys
            // its triangles through the aabbTree; only form B's simd tree names every triangle
            // (containers-and-tagfiles.md §8.7). The extern pass checks form A's two nodes.
            if (!e.has_simd_tree || e.has_aabb_tree) continue;
            const std::string where = shape_location(unit, mesh::ShapeKind::kExternMesh, ei);
            counts.add("extern_trees");
            tree_shape(where, e.simd_tree, tally, counts, named, stack);
            if (e.bounding_volume_version == 3 && e.triangle_count() > 0) extern_key_order(e, tally, counts);
            named.assign(e.triangle_count(), 0);
            for (std::uint32_t lane = 0; lane < e.simd_tree.lane_kind.size(); ++lane) {
                if (e.simd_tree.lane_kind[lane] != LaneKind::kLeaf) continue;
                counts.add("extern_leaves");
                if (e.simd_tree.lane_target[lane] < named.size()) ++named[e.simd_tree.lane_target[lane]];
            }
            for (std::uint32_t tri = 0; tri < named.size(); ++tri) {
                if (named[tri] == 1) continue;
                counts.add("extern_triangles_not_named_once");
                tally.sample("extern_triangles_not_named_once", fmt::format("{} / triangle {}", where, tri),
                             fmt::format("named by {} simd leaves, expected 1", named[tri]));
            }
        }
        counts.flush(tally);
    }

private:
    void mesh_tree(const Unit& unit, std::size_t mi, Tally& tally, UnitCounts& counts,
                   std::vector<std::uint32_t>& named, std::vector<std::uint32_t>& stack) const {
        const mesh::DecodedMesh& m = unit.mesh->meshes[mi];
        const SimdTreeNodes& t = m.simd_tree;
        const std::string where = mesh_location(unit, mi);
        counts.add("meshes");
        if (!m.has_simd_tree_member) return;
        counts.add("meshes_with_simdtree");
        tree_shape(where, t, tally, counts, named, stack);
        // "isActive 0": the nodes counted per stored byte, recorded once per byte value seen.
        std::array<std::uint64_t, 256> active{};
        for (std::uint8_t b : t.node_is_active) ++active[b];
        for (std::size_t b = 0; b < active.size(); ++b)
            if (active[b] != 0) tally.value("node_is_active", static_cast<double>(b), active[b]);

        const mesh::DecodedPrimitives& p = m.primitives;
        named.assign(p.size(), 0);
        std::uint64_t leaves = 0;
        for (std::uint32_t lane = 0; lane < t.lane_kind.size(); ++lane) {
            if (t.lane_kind[lane] != LaneKind::kLeaf) continue;
            ++leaves;
            const std::uint32_t key = t.lane_target[lane];
            const std::uint32_t sec = key >> 8, prim = (key >> 1) & 0x7Fu;
            std::uint32_t index = mesh::kNone;
            if ((key & 1u) == 0 && sec < m.sections.size() && prim < m.sections.num_primitives[sec])
                index = m.sections.primitive_base[sec] + prim;
            if (index == mesh::kNone || index >= p.size() || p.kind[index] == mesh::PrimitiveKind::kDead) {
                counts.add("leaf_names_no_primitive");
                tally.sample("leaf_names_no_primitive",
                             fmt::format("{} / simd node {} lane {}", where, lane / 4, lane % 4),
                             fmt::format("key {} names no live primitive's first half", key));
                continue;
            }
            if (is_custom(p.kind[index])) counts.add("custom_leaves");
            ++named[index];
        }
        counts.add("leaves", leaves);
        for (std::uint32_t i = 0; i < p.size(); ++i) {
            const bool want = p.kind[i] != mesh::PrimitiveKind::kDead;
            if (named[i] == (want ? 1u : 0u)) continue;
            if (!want) continue;  // a dead one named is already a leaf_names_no_primitive
            counts.add("primitives_not_named_once");
            tally.sample("primitives_not_named_once", primitive_location(unit, mi, m, i),
                         fmt::format("named by {} simd leaves, expected 1", named[i]));
        }
        if (m.has_simd_tree_member) tally.max("has_simd_tree_max", m.has_simd_tree);
        if (t.encoding == mesh::SimdEncoding::kIsLeafFlag && t.has_is_compact) {
            if (leaves > 0) tally.value("is_compact_with_leaves", t.is_compact);
            else tally.max("is_compact_leafless_max", t.is_compact);
        }
        if (leaves == 0) {
            counts.add("leafless_trees");
            if (m.has_simd_tree == 0) counts.add("leafless_flag_clear");
            if (p.size() == 0) counts.add("leafless_empty");
        }
        if (t.encoding == mesh::SimdEncoding::kIsLeafFlag) {
            // The 3 empty meshes (no primitive) have it set with no leaf.
            const bool ok = leaves > 0 ? m.has_simd_tree == 1 : (m.has_simd_tree == 0 || p.size() == 0);
            if (!ok) {
                counts.add("has_simd_tree_mismatch");
                tally.sample("has_simd_tree_mismatch", where,
                             fmt::format("hasSimdTree {} with {} leaves", m.has_simd_tree, leaves));
            }
            if (leaves > 0 && t.has_is_compact && t.is_compact != 1) {
                counts.add("is_compact_not_1");
                tally.sample("is_compact_not_1", where, fmt::format("isCompact {}, expected 1", t.is_compact));
            }
        }
    }

    // Node 0 empty, empty lanes exactly the inverted boxes, children above their node and each
    // node from 2 on named once, and the numbering rule on small trees.
    void tree_shape(const std::string& where, const SimdTreeNodes& t, Tally& tally, UnitCounts& counts,
                    std::vector<std::uint32_t>& named, std::vector<std::uint32_t>& stack) const {
        const std::uint32_t nodes = static_cast<std::uint32_t>(t.node_count());
        if (nodes == 0) return;
        bool sentinel_empty = true;
        for (int lane = 0; lane < 4; ++lane) sentinel_empty = sentinel_empty && t.lane_kind[lane] == LaneKind::kEmpty;
        if (!sentinel_empty) {
            counts.add("sentinel_not_empty");
            tally.sample("sentinel_not_empty", fmt::format("{} / simd node 0", where),
                         "a lane of the sentinel is not empty");
        }
        named.assign(nodes, 0);
        // "(about +3.4 × 10³⁸ and −3.4 × 10³⁸)": the smallest and largest magnitude over the empty
        // lanes' six bounds, a bound of the wrong sign counting negative in the smallest.
        float bound_min = std::numeric_limits<float>::infinity(), bound_max = -std::numeric_limits<float>::infinity();
        for (std::uint32_t lane = 0; lane < t.lane_kind.size(); ++lane) {
            const bool empty = t.lane_kind[lane] == LaneKind::kEmpty;
            if (empty && lane < t.lane_box.size()) {
                for (int a = 0; a < 3; ++a) {
                    for (float b : {t.lane_box[lane].min[a], -t.lane_box[lane].max[a]}) {
                        bound_min = std::min(bound_min, b);
                        bound_max = std::max(bound_max, std::fabs(b));
                    }
                }
            }
            if (empty != (t.lane_box_inverted[lane] != 0)) {
                counts.add("lane_empty_mismatch");
                tally.sample("lane_empty_mismatch", fmt::format("{} / simd node {} lane {}", where, lane / 4, lane % 4),
                             empty ? "empty data with a box that is not inverted" : "inverted box on a lane with data");
            }
            if (t.lane_kind[lane] != LaneKind::kChild) continue;
            const std::uint32_t child = t.lane_target[lane];
            if (child <= lane / 4 || child >= nodes) {
                counts.add("child_not_above");
                tally.sample("child_not_above", fmt::format("{} / simd node {} lane {}", where, lane / 4, lane % 4),
                             fmt::format("child node {}, expected above {}", child, lane / 4));
                continue;
            }
            ++named[child];
        }
        for (std::uint32_t n = 2; n < nodes; ++n) {
            if (named[n] == 1) continue;
            counts.add("nodes_not_child_once");
            tally.sample("nodes_not_child_once", fmt::format("{} / simd node {}", where, n),
                         fmt::format("child of {} lanes, expected 1", named[n]));
        }
        if (bound_min <= bound_max) {  // some empty lane with comparable bounds
            tally.min("empty_lane_bound_min", bound_min);
            tally.max("empty_lane_bound_max", bound_max);
        }
        if (nodes <= kNumberingMaxNodes && nodes >= 2) {
            counts.add("numbering_trees");
            if (numbering_holds(t, stack)) counts.add("numbering_rule_holds");
        }
    }

    // Version-3 extern trees: "In meshes of up to 32 triangles a node of leaves holds four
    // consecutive keys … the keys read in lane order are 0 to n − 1 in 195,662 of 264,816 trees."
    // Readings: the keys read in lane order are the leaf lanes' keys, node after node in index
    // order; a node of leaves holds consecutive keys when its leaf keys, whatever their lane
    // order, are k, k + 1, … without a repeat (a last node may hold fewer than four). The "up to
    // 32" is measured as one less than the fewest triangles of a tree where some node does not.
    static void extern_key_order(const mesh::DecodedExternMesh& e, Tally& tally, UnitCounts& counts) {
        const SimdTreeNodes& t = e.simd_tree;
        counts.add("extern_v3_trees");
        std::uint32_t next = 0;
        bool in_order = true, consecutive = true;
        for (std::uint32_t node = 0; node < t.node_count(); ++node) {
            std::array<std::uint32_t, 4> keys{};
            int n = 0;
            for (int lane = 0; lane < 4; ++lane) {
                const std::uint32_t at = node * 4 + lane;
                if (at >= t.lane_kind.size() || t.lane_kind[at] != LaneKind::kLeaf) continue;
                keys[n++] = t.lane_target[at];
                in_order = in_order && t.lane_target[at] == next;
                ++next;
            }
            if (n == 0) continue;
            std::sort(keys.begin(), keys.begin() + n);
            for (int k = 1; k < n; ++k) consecutive = consecutive && keys[k] == keys[k - 1] + 1;
        }
        if (in_order && next == e.triangle_count()) counts.add("extern_keys_in_order");
        if (!consecutive) tally.min("extern_consecutive_below_tris", static_cast<double>(e.triangle_count() - 1));
    }

    PassInfo info_;
};

MESHPROOF_REGISTER_PASS(SimdPass);

}  // namespace
}  // namespace meshproof
