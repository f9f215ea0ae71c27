// Pass "nibble" (family havok-mesh): the floor rule of the stored nibbles, havok-compressed-mesh.txt
// "The stored nibbles follow the floor of a square root": "h is the largest nibble with parent min
// + e × h² ⁄ 226 not past the minimum of what lies below the node", likewise l on the maximum side;
// a leaf's box is its primitive's vertices grown by convexRadius. Observed, not Proven (86.5% of the
// inner nodes, 74.0% of the leaves of Sekiro): every counter here is a plain rate, never a violation.
//
// Applied from the root down twice: each parent's box from its own recomputed nibbles (the
// document's first reading), and from its stored parent (the second). Sections holding a dead or
// custom primitive, which has no box, are left out.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "engine/core/scratch_release.h"
#include "engine/rules/floor_rule.h"
#include "engine/pipeline/pass.h"
#include "verifiers/mesh_walk.h"
#include "verifiers/unit_counts.h"

namespace meshproof {
namespace {

using namespace verifiers;
using mesh::Box;
using mesh::DecodedMesh;
using mesh::StaticTreeNodes;

// The counter slots of one reading, found once per pass (UnitCounts::slot is a name search).
struct ReadingSlots {
    ReadingSlots(const UnitCounts& counts, const std::string& s)
        : total{counts.slot("roots" + s), counts.slot("inner_nodes" + s), counts.slot("leaves" + s)},
          match{counts.slot("root_match" + s), counts.slot("inner_match" + s), counts.slot("leaf_match" + s)},
          root_mismatch(counts.slot("root_mismatch" + s)),
          differing(counts.slot("differing_nodes" + s)),
          one_nibble(counts.slot("differ_one_nibble" + s)) {}
    std::size_t total[3], match[3];  // root, inner, leaf
    std::size_t root_mismatch;       // the document counts roots that differ ("all but 35 of 272,471")
    std::size_t differing, one_nibble;
};

// Everything one thread reuses from section to section.
struct Scratch {
    std::vector<Box> below;
    std::vector<Box> recomputed;  // this section's nodes, parent box from its recomputed nibbles
    // What the stored reading makes of each node: read by the first reading only for a parent
    // that is not reached (structure reports it), as when both readings shared one array.
    std::vector<Box> from_stored;
};

bool same_bits(const Box& a, const Box& b) { return std::memcmp(&a, &b, sizeof(Box)) == 0; }

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
            info_.counters.push_back(
                {"root_match" + s, "roots whose stored nibbles the floor rule gives" + how, false});
            info_.counters.push_back(
                {"root_mismatch" + s, "roots whose stored nibbles the floor rule does not give" + how, false});
            info_.counters.push_back({"inner_nodes" + s, "inner nodes below the root" + how, false});
            info_.counters.push_back(
                {"inner_match" + s, "inner nodes whose stored nibbles the floor rule gives" + how, false});
            info_.counters.push_back({"leaves" + s, "leaves" + how, false});
            info_.counters.push_back(
                {"leaf_match" + s, "leaves whose stored nibbles the floor rule gives" + how, false});
            info_.counters.push_back(
                {"differing_nodes" + s, "nodes whose stored nibbles differ from the rule" + how, false});
            info_.counters.push_back(
                {"differ_one_nibble" + s, "of those, differing in one nibble by one" + how, false});
        }
        info_.maxima.push_back(
            {"one_nibble_boundary_max_steps_stored_parent",
             "largest distance, in the section's codec steps on that axis, of the bound a one-nibble difference is about from the boundary between the two nibbles (parent box as stored)",
             false});
        info_.counters.push_back({"sections_checked", "sections with a box for each primitive", false});
        info_.counters.push_back(
            {"sections_left_out", "sections left out because they hold a dead or custom primitive", false});
    }
    const PassInfo& info() const override { return info_; }

    void run(const Unit& unit, Tally& tally) const override {
        if (unit.mesh == nullptr) return;
        UnitCounts counts(info_);
        const ReadingSlots slots[2] = {ReadingSlots(counts, ""), ReadingSlots(counts, "_stored_parent")};
        thread_local Scratch scratch;
        const ReleaseAfterLargeUnit release(scratch, unit.triangles);
        scratch.from_stored.clear();  // a unit starts with zero boxes there, as it always did
        for (const DecodedMesh& m : unit.mesh->meshes) {
            const mesh::DecodedSections& s = m.sections;
            const StaticTreeNodes& st = m.section_trees;
            for (std::uint32_t sec = 0; sec < s.size() && sec < st.first_node.size(); ++sec) {
                const std::uint32_t end =
                    sec + 1 < s.size() ? s.primitive_base[sec + 1] : static_cast<std::uint32_t>(m.primitives.size());
                bool boxed = true;
                for (std::uint32_t p = s.primitive_base[sec]; p < end; ++p)
                    boxed = boxed && has_geometry(m.primitives.kind[p]);
                if (!boxed) {
                    counts.add("sections_left_out");
                    continue;
                }
                counts.add("sections_checked");
                if (!boxes_below(m, sec, scratch)) continue;
                const double steps = check_tree(m, sec, slots, scratch, counts);
                if (steps >= 0) tally.max("one_nibble_boundary_max_steps_stored_parent", steps);
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

    // Both readings, node by node. Where the two parent boxes are the same bits (the root, whose
    // parent box is the domain, and every node below an unbroken run of nodes the rule gives) the
    // rule gives the same nibbles under both, so they are computed once.
    // Returns the largest boundary distance of a one-nibble difference under the stored-parent
    // reading (boundary_steps), or -1 when the section has none.
    static double check_tree(const DecodedMesh& m, std::uint32_t sec, const ReadingSlots (&slots)[2], Scratch& scratch,
                             UnitCounts& counts) {
        double most_steps = -1;
        const StaticTreeNodes& st = m.section_trees;
        const std::uint32_t first = st.first_node[sec], count = st.node_count[sec];
        scratch.recomputed.resize(count);
        scratch.from_stored.resize(count);  // as the one shared array was: shrunk, grown with zero boxes
        auto reached = [&](std::uint32_t n) { return n == first || st.parent[n] != mesh::kNone; };
        for (std::uint32_t k = 0; k < count; ++k) {
            const std::uint32_t n = first + k;
            const std::uint32_t parent = st.parent[n];
            const bool root = k == 0;
            if (!root && parent == mesh::kNone) continue;  // unreached: structure reports it
            const Box& recomputed_parent = root              ? st.domain[sec]
                                           : reached(parent) ? scratch.recomputed[parent - first]
                                                             : scratch.from_stored[parent - first];
            const Box& stored_parent = root ? st.domain[sec] : st.box[parent];
            const int kind = root && !st.is_leaf[n] ? 0 : st.is_leaf[n] ? 2 : 1;
            const int distance = rule_at(st, n, recomputed_parent, scratch.below[k], scratch.recomputed[k]);
            count_node(slots[0], kind, distance, counts);
            int stored_distance = distance;
            if (same_bits(recomputed_parent, stored_parent)) {
                scratch.from_stored[k] = scratch.recomputed[k];
            } else {
                stored_distance = rule_at(st, n, stored_parent, scratch.below[k], scratch.from_stored[k]);
            }
            count_node(slots[1], kind, stored_distance, counts);
            if (stored_distance == 1)
                most_steps = std::max(most_steps, boundary_steps(st.xyz, n, stored_parent, scratch.below[k],
                                                                 m.sections.codec_parms[sec]));
        }
        return most_steps;
    }

    // "every difference of one nibble in them lies within half a codec step of the boundary
    // between the two nibbles": on the one side of the one axis where the stored nibble is the
    // rule's ± 1, the boundary between them is the bound of the larger, parent min + e × K² ⁄ 226
    // (parent max − … on the maximum side), computed as the rule computes it; the distance of what
    // lies below from it, over the section's codec scale on that axis (its packed-vertex step).
    // -1 when that scale is no step (a section without packed vertices stores 0 or a sentinel).
    static double boundary_steps(const std::array<std::vector<std::uint8_t>, 3>& xyz, std::uint32_t n,
                                 const Box& parent, const Box& below, const std::array<float, 6>& codec) {
        for (int a = 0; a < 3; ++a) {
            const std::uint8_t rule =
                rules::floor_nibbles_largest_fit(parent.min[a], parent.max[a], below.min[a], below.max[a]).byte;
            const std::uint8_t stored = xyz[a][n];
            if (rule == stored) continue;
            const float scale = codec[3 + a];
            if (!(scale > 0.0f) || !std::isfinite(scale)) return -1;
            const float extent = parent.max[a] - parent.min[a];
            const bool min_side = (rule >> 4) != (stored >> 4);
            const int big = min_side ? std::max(rule >> 4, stored >> 4) : std::max(rule & 15, stored & 15);
            const float step = (extent * static_cast<float>(big * big)) / 226.0f;
            const float boundary = min_side ? parent.min[a] + step : parent.max[a] - step;
            const double off = std::fabs(static_cast<double>(min_side ? below.min[a] : below.max[a]) - boundary);
            return off / scale;
        }
        return -1;
    }

    // The rule's nibbles for node n below `parent_box`: `shrunk` gets the box they give, and the
    // nibble distance to the stored ones is returned.
    static int rule_at(const StaticTreeNodes& st, std::uint32_t n, const Box& parent_box, const Box& below,
                       Box& shrunk) {
        int distance = 0;
        for (int a = 0; a < 3; ++a) {
            const rules::FloorNibbles rule =
                rules::floor_nibbles_largest_fit(parent_box.min[a], parent_box.max[a], below.min[a], below.max[a]);
            shrunk.min[a] = rule.min;
            shrunk.max[a] = rule.max;
            distance += rules::nibble_distance(rule.byte, st.xyz[a][n]);
        }
        return distance;
    }

    static void count_node(const ReadingSlots& names, int kind, int distance, UnitCounts& counts) {
        counts.add_at(names.total[kind]);
        if (distance == 0) {
            counts.add_at(names.match[kind]);
        } else {
            if (kind == 0) counts.add_at(names.root_mismatch);
            counts.add_at(names.differing);
            if (distance == 1) counts.add_at(names.one_nibble);
        }
    }

    PassInfo info_;
};

MESHPROOF_REGISTER_PASS(NibblePass);

}  // namespace
}  // namespace meshproof
