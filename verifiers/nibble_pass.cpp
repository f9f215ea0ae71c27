// Pass "nibble" (family havok-mesh): the floor rule of the stored nibbles, havok-compressed-mesh.txt
// "The stored nibbles follow the floor of a square root": "h is the largest nibble with parent min
// + e × h² ⁄ 226 not past the minimum of what lies below the node", likewise l on the maximum side;
// a leaf's box is its primitive's vertices grown by convexRadius. Observed, not Proven (86.5% of the
// inner nodes, 74.0% of the leaves of Sekiro): every counter here is a plain rate, never a violation.
//
// Applied from the root down twice: each parent's box from its own recomputed nibbles (the
// document's first reading), and from its stored parent (the second). Sections holding a dead or
// custom primitive, which has no box, are left out.
#include <cstdlib>
#include <vector>

#include "engine/mesh/static_tree_codec.h"
#include "engine/pipeline/pass.h"
#include "verifiers/mesh_walk.h"
#include "verifiers/unit_counts.h"

namespace meshproof {
namespace {

using namespace verifiers;
using mesh::Box;
using mesh::DecodedMesh;
using mesh::StaticTreeNodes;

// The floor rule on one axis: the byte (h << 4) | l the rule gives below `parent`.
std::uint8_t floor_nibbles(float parent_min, float parent_max, float below_min, float below_max) {
    int h = 0, l = 0;
    for (int k = 15; k > 0; --k) {
        float lo, hi;
        mesh::shrink_axis(parent_min, parent_max, static_cast<std::uint8_t>(k << 4), mesh::BoxRule::kProductFirst, lo, hi);
        if (lo <= below_min) { h = k; break; }
    }
    for (int k = 15; k > 0; --k) {
        float lo, hi;
        mesh::shrink_axis(parent_min, parent_max, static_cast<std::uint8_t>(k), mesh::BoxRule::kProductFirst, lo, hi);
        if (hi >= below_max) { l = k; break; }
    }
    return static_cast<std::uint8_t>(h << 4 | l);
}

int nibble_distance(std::uint8_t a, std::uint8_t b) {
    return std::abs((a >> 4) - (b >> 4)) + std::abs((a & 15) - (b & 15));
}

enum class Reading : std::uint8_t { kRecomputedParent, kStoredParent };

struct NodeCounters {
    explicit NodeCounters(const std::string& s)
        : total{"roots" + s, "inner_nodes" + s, "leaves" + s},
          match{"root_match" + s, "inner_match" + s, "leaf_match" + s},
          root_mismatch("root_mismatch" + s),
          differing("differing_nodes" + s),
          one_nibble("differ_one_nibble" + s) {}
    std::string total[3], match[3];  // root, inner, leaf
    std::string root_mismatch;       // the document counts roots that differ ("all but 35 of 272,471")
    std::string differing, one_nibble;
};

struct Scratch {
    std::vector<Box> below, recomputed;
};

class NibblePass final : public Pass {
public:
    NibblePass() {
        info_.name = "nibble";
        info_.family = "havok-mesh";
        info_.claims = {
            "h is the largest nibble with parent min + e × h² ⁄ 226 not past the minimum of what lies below (Observed)",
            "a leaf's box being its primitive's vertices grown by the shape's convexRadius (Observed)",
            "Where a node differs, it differs by one nibble in about four cases of five (Observed)",
            "sections that hold a dead or custom primitive, which has no box, are left out (Observed)",
        };
        for (const char* suffix : {"", "_stored_parent"}) {
            const std::string s = suffix;
            const std::string how = s.empty() ? " (parent box from its recomputed nibbles)" : " (parent box as stored)";
            info_.counters.push_back({"roots" + s, "section-tree roots above two leaves or more" + how, false});
            info_.counters.push_back({"root_match" + s, "roots whose stored nibbles the floor rule gives" + how, false});
            info_.counters.push_back({"root_mismatch" + s, "roots whose stored nibbles the floor rule does not give" + how, false});
            info_.counters.push_back({"inner_nodes" + s, "inner nodes below the root" + how, false});
            info_.counters.push_back({"inner_match" + s, "inner nodes whose stored nibbles the floor rule gives" + how, false});
            info_.counters.push_back({"leaves" + s, "leaves" + how, false});
            info_.counters.push_back({"leaf_match" + s, "leaves whose stored nibbles the floor rule gives" + how, false});
            info_.counters.push_back({"differing_nodes" + s, "nodes whose stored nibbles differ from the rule" + how, false});
            info_.counters.push_back({"differ_one_nibble" + s, "of those, differing in one nibble by one" + how, false});
        }
        info_.counters.push_back({"sections_checked", "sections with a box for each primitive", false});
        info_.counters.push_back({"sections_left_out", "sections left out because they hold a dead or custom primitive", false});
    }
    const PassInfo& info() const override { return info_; }

    void run(const Unit& unit, Tally& tally) const override {
        if (unit.mesh == nullptr) return;
        UnitCounts counts(info_);
        Scratch scratch;
        for (const DecodedMesh& m : unit.mesh->meshes) {
            const mesh::DecodedSections& s = m.sections;
            const StaticTreeNodes& st = m.section_trees;
            for (std::uint32_t sec = 0; sec < s.size() && sec < st.first_node.size(); ++sec) {
                const std::uint32_t end = sec + 1 < s.size() ? s.primitive_base[sec + 1] : static_cast<std::uint32_t>(m.primitives.size());
                bool boxed = true;
                for (std::uint32_t p = s.primitive_base[sec]; p < end; ++p) boxed = boxed && has_geometry(m.primitives.kind[p]);
                if (!boxed) {
                    counts.add("sections_left_out");
                    continue;
                }
                counts.add("sections_checked");
                if (!boxes_below(m, sec, scratch)) continue;
                check_tree(m, sec, Reading::kRecomputedParent, scratch, counts);
                check_tree(m, sec, Reading::kStoredParent, scratch, counts);
            }
        }
        counts.flush(tally);
    }

private:
    // Union of the leaf boxes under each node (a leaf's box: its primitive's vertices grown by
    // convexRadius). Children follow their parent in pre-order, so one backward sweep suffices.
    static bool boxes_below(const DecodedMesh& m, std::uint32_t sec, Scratch& scratch) {
        const StaticTreeNodes& st = m.section_trees;
        const std::uint32_t first = st.first_node[sec], count = st.node_count[sec];
        scratch.below.assign(count, empty_box());
        for (std::uint32_t k = count; k-- > 0;) {
            const std::uint32_t n = first + k;
            if (st.is_leaf[n]) {
                if (st.payload[n] >= m.sections.num_primitives[sec]) return false;
                Box b = vertex_box(m, m.sections.primitive_base[sec] + st.payload[n]);
                for (int a = 0; a < 3; ++a) {
                    b.min[a] = b.min[a] - m.convex_radius;
                    b.max[a] = b.max[a] + m.convex_radius;
                }
                grow(scratch.below[k], b);
            }
            const std::uint32_t parent = st.parent[n];
            if (parent == mesh::kNone) continue;
            if (parent < first || parent >= n) return false;  // not pre-order: structure reports it
            grow(scratch.below[parent - first], scratch.below[k]);
        }
        return true;
    }

    static void check_tree(const DecodedMesh& m, std::uint32_t sec, Reading reading, Scratch& scratch, UnitCounts& counts) {
        const StaticTreeNodes& st = m.section_trees;
        const std::uint32_t first = st.first_node[sec], count = st.node_count[sec];
        scratch.recomputed.resize(count);
        for (std::uint32_t k = 0; k < count; ++k) {
            const std::uint32_t n = first + k;
            const std::uint32_t parent = st.parent[n];
            const bool root = k == 0;
            if (!root && parent == mesh::kNone) continue;  // unreached: structure reports it
            const Box& parent_box = root ? st.domain[sec]
                                    : reading == Reading::kStoredParent ? st.box[parent] : scratch.recomputed[parent - first];
            std::array<std::uint8_t, 3> rule{};
            int distance = 0;
            for (int a = 0; a < 3; ++a) {
                rule[a] = floor_nibbles(parent_box.min[a], parent_box.max[a], scratch.below[k].min[a], scratch.below[k].max[a]);
                distance += nibble_distance(rule[a], st.xyz[a][n]);
            }
            scratch.recomputed[k] = mesh::shrink_box(parent_box, rule);
            // Counter names per reading, built once: no allocation per node.
            static const NodeCounters kNames[2] = {NodeCounters(""), NodeCounters("_stored_parent")};
            const NodeCounters& names = kNames[reading == Reading::kStoredParent ? 1 : 0];
            const int kind = root && !st.is_leaf[n] ? 0 : st.is_leaf[n] ? 2 : 1;
            counts.add(names.total[kind]);
            if (distance == 0) {
                counts.add(names.match[kind]);
            } else {
                if (kind == 0) counts.add(names.root_mismatch);
                counts.add(names.differing);
                if (distance == 1) counts.add(names.one_nibble);
            }
        }
    }

    PassInfo info_;
};

MESHPROOF_REGISTER_PASS(NibblePass);

}  // namespace
}  // namespace meshproof
