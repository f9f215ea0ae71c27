// Pass "leafbox" (family havok-mesh): leaf-box containment of havok-compressed-mesh.txt.
// "Every vertex of every triangle and quad lies inside its leaf's box, and every section's domain
// inside its mesh-tree leaf's box, to within 16 f32 units in the last place…" (Proven), with the
// divisor-225 and swapped-nibble controls as reported alternatives, inverted node boxes, the
// f-set aabbTrees (Codec3Axis6, Observed) and the simd trees' lane boxes (Proven).
#include <cmath>
#include <vector>

#include <fmt/format.h>

#include "engine/pipeline/pass.h"
#include "verifiers/control_boxes.h"
#include "verifiers/f32_tolerance.h"
#include "verifiers/mesh_walk.h"
#include "verifiers/unit_counts.h"

namespace meshproof {
namespace {

using namespace verifiers;
using mesh::Box;
using mesh::DecodedMesh;
using mesh::StaticTreeNodes;

double inversion(const Box& b) {
    double worst = 0;
    for (int a = 0; a < 3; ++a) worst = std::max(worst, static_cast<double>(b.min[a]) - b.max[a]);
    return worst;
}

// Whether q lies in the box on every axis, bounds included; false when anything is NaN (the
// comparisons fail), so a caller falls back to the full measure there.
bool inside(const float (&q)[3], const Box& b) {
    return q[0] >= b.min[0] && q[0] <= b.max[0] && q[1] >= b.min[1] && q[1] <= b.max[1] && q[2] >= b.min[2] &&
           q[2] <= b.max[2];
}

// Whether q lies more than 16 ulps outside the box (point_excess_ulps above the tolerance),
// stopping at the first axis that does.
bool beyond_tolerance(const float (&q)[3], const Box& b, const Box& domain) {
    for (int a = 0; a < 3; ++a)
        if (axis_excess_ulps(q[a], b.min[a], b.max[a], domain.min[a], domain.max[a]) > kLeafBoxToleranceUlps)
            return true;
    return false;
}

bool is_root(const StaticTreeNodes& t, std::uint32_t n) { return t.first_node[t.tree[n]] == n; }

class LeafboxPass final : public Pass {
public:
    LeafboxPass() {
        info_.name = "leafbox";
        info_.family = "havok-mesh";
        info_.claims = {
            "Every vertex of every triangle and quad lies inside its leaf's box … within 16 f32 units (Proven)",
            "every section's domain inside its mesh-tree leaf's box, to within 16 f32 units (Proven)",
            "A divisor of 225 … leaves 3% to 51% … outside; swapping the two nibbles' roles nearly all (Proven)",
            "A node's box can come out inverted … section-tree nodes, none in a mesh tree (Proven)",
            "A child lane's box is exactly the union … of the boxes of the lanes of the node it names (Proven)",
            "A leaf's box is exactly the box of its primitive's vertices … none [short] by more [than 16 units] (Proven)",
            "aabbTree leaves hold their triangle exactly and the rest fall short by at most 0.15 mm (Observed)",
        };
        info_.counters = {
            {"prims", "triangles and quads named by a section-tree leaf", false},
            {"prims_in_leaf", "triangles and quads inside their leaf box within 16 ulps (exactly or not)", false},
            {"prims_exact", "triangles and quads inside their leaf box exactly", false},
            {"prims_within_tolerance", "triangles and quads outside exactly but within 16 ulps", false},
            {"prims_outside", "triangles and quads more than 16 ulps outside their leaf box", true},
            {"prims_own_magnitude_exceed", "triangles and quads exceeding 16 ulps at the coordinate's own magnitude",
             false},
            {"members_own_magnitude_exceed",
             "members holding such a triangle or quad (the document counts assets: one member each)", false},
            {"prims_outside_divisor225", "control: outside their leaf box (16 ulps) with divisor 225", false},
            {"prims_outside_swapped_nibbles", "control: outside their leaf box (16 ulps) with the nibbles swapped",
             false},
            {"sections_in_leaf", "section domains named by a mesh-tree leaf", false},
            {"sections_in_leaf_exact", "section domains inside their mesh-tree leaf box exactly", false},
            {"sections_in_leaf_within_tolerance", "section domains outside exactly but within 16 ulps", false},
            {"sections_outside_leaf", "section domains more than 16 ulps outside their mesh-tree leaf box", true},
            {"section_roots_nonzero", "section-tree roots with non-zero nibbles", false},
            {"mesh_roots_nonzero", "mesh-tree roots with non-zero nibbles", false},
            {"section_tree_inverted_nodes", "section-tree nodes with an inverted box", false},
            {"mesh_tree_inverted_nodes", "mesh-tree nodes with an inverted box (none claimed)", true},
            {"section_domains", "sections with a triangle or quad", false},
            {"section_domain_exact", "sections whose domain is exactly their vertex box grown by convexRadius", false},
            {"aabbtree_leaves", "f-set aabbTree leaves naming a triangle", false},
            {"aabbtree_leaf_exact", "aabbTree leaves whose box holds their triangle exactly", false},
            {"aabbtree_leaf_short", "aabbTree leaves whose box falls short of their triangle", false},
            {"aabbtree_inverted_nodes", "aabbTree nodes with an inverted box", false},
            {"simd_child_lanes", "simd child lanes", false},
            {"simd_child_lane_union", "simd child lanes whose box is exactly the union of the child's lanes", false},
            {"simd_child_lane_not_union", "simd child lanes whose box is not exactly the union of the child's lanes",
             true},
            {"simd_leaf_lanes", "simd leaf lanes naming a triangle or quad", false},
            {"simd_leaf_exact", "simd leaf lanes whose box is exactly their primitive's vertex box", false},
            {"simd_leaf_larger", "simd leaf lanes whose box is larger than their primitive's vertex box", false},
            {"simd_leaf_short_within_tolerance", "simd leaf lanes short of their primitive by at most 16 ulps", false},
            {"simd_leaf_short_beyond_tolerance", "simd leaf lanes short of their primitive by more than 16 ulps", true},
            {"simd_leaf_lanes_other", "simd leaf lanes naming a custom primitive or no primitive (see simd)", false},
        };
        info_.maxima = {
            {"prims_max_excess_ulps", "largest excess of a triangle or quad vertex outside its leaf box, f32 ulps",
             false},
            {"sections_max_excess_ulps", "largest excess of a section domain outside its mesh-tree leaf box, f32 ulps",
             false},
            {"section_tree_max_inversion_um", "largest inversion of a section-tree node box, micrometres", false},
            {"simd_leaf_max_short_ulps",
             "largest shortfall of a compressed mesh's simd leaf lane, ulps at the magnitude of its section domain",
             false},
            {"aabbtree_max_short_mm", "largest shortfall of an f-set aabbTree leaf against its triangles, mm", false},
            {"aabbtree_max_short_um", "the same in micrometres", false},
            // "Measured at the coordinate's own magnitude alone, 7 Elden Ring triangles … exceed 16
            // units: 4 … at z ≈ 4 × 10⁻⁷ m, by 6 × 10⁻⁹ m, in a section whose z reaches −0.24 m …; at
            // the magnitude of the section's domain all 7 are within 0.5 unit": over the coordinates
            // that exceed 16 ulps at their own magnitude.
            {"own_magnitude_max_excess_m",
             "largest excess outside the leaf box of a coordinate exceeding 16 ulps at its own magnitude, m", false},
            {"own_magnitude_max_coordinate_m", "largest magnitude of such a coordinate, m", false},
            {"own_magnitude_max_domain_ulps",
             "largest such excess in ulps at the magnitude of the section domain on that axis", false},
        };
        info_.minima = {
            {"own_magnitude_section_min_m", "lowest bound of the section domain, on the axis of such a coordinate, m",
             false},
        };
    }
    const PassInfo& info() const override { return info_; }

    void run(const Unit& unit, Tally& tally) const override {
        if (unit.mesh == nullptr) return;
        UnitCounts counts(info_);
        std::vector<Box> scratch_a, scratch_b;
        for (std::size_t mi = 0; mi < unit.mesh->meshes.size(); ++mi) {
            const DecodedMesh& m = unit.mesh->meshes[mi];
            primitives_in_leaves(unit, mi, m, tally, counts, scratch_a, scratch_b);
            sections_in_leaves(unit, mi, m, tally, counts);
            section_domains(m, counts);
            simd_lanes(unit, mi, m, tally, counts);
        }
        for (std::size_t ei = 0; ei < unit.mesh->extern_meshes.size(); ++ei) extern_mesh(unit, ei, tally, counts);
        if (counts.get("prims_own_magnitude_exceed") > 0) counts.add("members_own_magnitude_exceed");
        counts.flush(tally);
    }

private:
    void primitives_in_leaves(const Unit& unit, std::size_t mi, const DecodedMesh& m, Tally& tally, UnitCounts& counts,
                              std::vector<Box>& div225, std::vector<Box>& swapped) const {
        const StaticTreeNodes& st = m.section_trees;
        control_boxes(st, div225, swapped);
        double max_inversion = 0;
        for (std::uint32_t n = 0; n < st.size(); ++n) {
            if (is_root(st, n) && (st.xyz[0][n] | st.xyz[1][n] | st.xyz[2][n]) != 0)
                counts.add("section_roots_nonzero");
            const double inv = inversion(st.box[n]);
            if (inv > 0) {
                counts.add("section_tree_inverted_nodes");
                max_inversion = std::max(max_inversion, inv);
            }
        }
        if (max_inversion > 0) tally.max("section_tree_max_inversion_um", max_inversion * 1e6);

        const mesh::DecodedPrimitives& p = m.primitives;
        const mesh::DecodedVertices& v = m.vertices;
        // Counter slots found once: these are counted per primitive.
        const std::size_t slot_prims = counts.slot("prims");
        const std::size_t slot_prims_in_leaf = counts.slot("prims_in_leaf");
        const std::size_t slot_prims_exact = counts.slot("prims_exact");
        const std::size_t slot_prims_within_tolerance = counts.slot("prims_within_tolerance");
        const std::size_t slot_prims_outside = counts.slot("prims_outside");
        const std::size_t slot_prims_own_magnitude_exceed = counts.slot("prims_own_magnitude_exceed");
        const std::size_t slot_prims_outside_divisor225 = counts.slot("prims_outside_divisor225");
        const std::size_t slot_prims_outside_swapped_nibbles = counts.slot("prims_outside_swapped_nibbles");
        double max_excess = 0;
        for (std::uint32_t i = 0; i < p.size(); ++i) {
            const std::uint32_t leaf = p.leaf_node[i];
            if (!has_geometry(p.kind[i]) || leaf == mesh::kNone) continue;
            const Box& domain = st.domain[p.section[i]];
            const PrimitiveCorners c = corners_of(m, i);
            double excess = 0, own = 0;
            bool out225 = false, outswap = false;  // the controls only tell whether past the tolerance
            for (int k = 0; k < c.count; ++k) {
                const std::uint32_t s = c.slot[k];
                const float q[3] = {v.x[s], v.y[s], v.z[s]};
                // Inside a box (bounds included, nothing NaN) the excess is 0 and nothing lies beyond.
                // The controls and `own` are only compared with the tolerance: once past it, the
                // primitive's answer is known and their later vertices are not measured.
                const bool in_leaf = inside(q, st.box[leaf]);
                if (!in_leaf) excess = std::max(excess, point_excess_ulps(q[0], q[1], q[2], st.box[leaf], domain));
                if (!out225 && !inside(q, div225[leaf])) out225 = beyond_tolerance(q, div225[leaf], domain);
                if (!outswap && !inside(q, swapped[leaf])) outswap = beyond_tolerance(q, swapped[leaf], domain);
                if (in_leaf || own > kLeafBoxToleranceUlps) continue;
                for (int a = 0; a < 3; ++a) {
                    // "Measured at the coordinate's own magnitude alone"
                    const double beyond = std::max(static_cast<double>(st.box[leaf].min[a]) - q[a],
                                                   static_cast<double>(q[a]) - st.box[leaf].max[a]);
                    if (beyond > 0) own = std::max(own, beyond / f32_ulp(q[a]));
                }
            }
            counts.add_at(slot_prims);
            max_excess = std::max(max_excess, excess);
            switch (classify_excess(excess)) {
                case Containment::kExact:
                    counts.add_at(slot_prims_in_leaf);
                    counts.add_at(slot_prims_exact);
                    break;
                case Containment::kWithinTolerance:
                    counts.add_at(slot_prims_in_leaf);
                    counts.add_at(slot_prims_within_tolerance);
                    break;
                case Containment::kOutside:
                    counts.add_at(slot_prims_outside);
                    tally.sample("prims_outside", primitive_location(unit, mi, m, i),
                                 fmt::format("a vertex {:.3g} ulps outside leaf node {}, expected ≤ 16", excess, leaf));
                    break;
            }
            if (own > kLeafBoxToleranceUlps) {
                counts.add_at(slot_prims_own_magnitude_exceed);
                own_magnitude_extremes(m, i, st.box[leaf], domain, tally);
            }
            if (out225) counts.add_at(slot_prims_outside_divisor225);
            if (outswap) counts.add_at(slot_prims_outside_swapped_nibbles);
        }
        if (max_excess > 0 && std::isfinite(max_excess)) tally.max("prims_max_excess_ulps", max_excess);
    }

    // The coordinates of primitive p that exceed 16 ulps at their own magnitude (a handful in an
    // install: measured again here rather than carried through the loop above).
    static void own_magnitude_extremes(const DecodedMesh& m, std::uint32_t p, const Box& leaf, const Box& domain,
                                       Tally& tally) {
        const PrimitiveCorners c = corners_of(m, p);
        for (int k = 0; k < c.count; ++k) {
            const std::uint32_t s = c.slot[k];
            const float q[3] = {m.vertices.x[s], m.vertices.y[s], m.vertices.z[s]};
            for (int a = 0; a < 3; ++a) {
                const double beyond =
                    std::max(static_cast<double>(leaf.min[a]) - q[a], static_cast<double>(q[a]) - leaf.max[a]);
                if (!(beyond > 0) || !(beyond / f32_ulp(q[a]) > kLeafBoxToleranceUlps)) continue;
                const double domain_magnitude =
                    std::max(std::fabs(double{domain.min[a]}), std::fabs(double{domain.max[a]}));
                tally.max("own_magnitude_max_excess_m", beyond);
                tally.max("own_magnitude_max_coordinate_m", std::fabs(double{q[a]}));
                tally.max("own_magnitude_max_domain_ulps", beyond / f32_ulp(domain_magnitude));
                tally.min("own_magnitude_section_min_m", domain.min[a]);
            }
        }
    }

    void sections_in_leaves(const Unit& unit, std::size_t mi, const DecodedMesh& m, Tally& tally,
                            UnitCounts& counts) const {
        const StaticTreeNodes& mt = m.mesh_tree;
        double max_excess = 0;
        for (std::uint32_t n = 0; n < mt.size(); ++n) {
            if (is_root(mt, n) && (mt.xyz[0][n] | mt.xyz[1][n] | mt.xyz[2][n]) != 0) counts.add("mesh_roots_nonzero");
            if (inversion(mt.box[n]) > 0) {
                counts.add("mesh_tree_inverted_nodes");
                tally.sample(
                    "mesh_tree_inverted_nodes", fmt::format("{} / mesh-tree node {}", mesh_location(unit, mi), n),
                    fmt::format("box inverted by {:.3g} µm, expected none in a mesh tree", inversion(mt.box[n]) * 1e6));
            }
            if (!mt.is_leaf[n] || mt.payload[n] >= m.sections.size()) continue;
            const std::uint32_t sec = mt.payload[n];
            const double excess = box_excess_ulps(m.sections.domain[sec], mt.box[n], mt.domain[mt.tree[n]]);
            counts.add("sections_in_leaf");
            max_excess = std::max(max_excess, excess);
            switch (classify_excess(excess)) {
                case Containment::kExact: counts.add("sections_in_leaf_exact"); break;
                case Containment::kWithinTolerance: counts.add("sections_in_leaf_within_tolerance"); break;
                case Containment::kOutside:
                    counts.add("sections_outside_leaf");
                    tally.sample(
                        "sections_outside_leaf", section_location(unit, mi, sec),
                        fmt::format("domain {:.3g} ulps outside mesh-tree leaf node {}, expected ≤ 16", excess, n));
                    break;
            }
        }
        if (max_excess > 0 && std::isfinite(max_excess)) tally.max("sections_max_excess_ulps", max_excess);
    }

    // "The box of every vertex the section's triangles and quads use, grown by the shape's convexRadius"
    void section_domains(const DecodedMesh& m, UnitCounts& counts) const {
        const mesh::DecodedSections& s = m.sections;
        const mesh::DecodedPrimitives& p = m.primitives;
        for (std::uint32_t sec = 0; sec < s.size(); ++sec) {
            Box b = empty_box();
            bool any = false;
            const std::uint32_t end =
                sec + 1 < s.size() ? s.primitive_base[sec + 1] : static_cast<std::uint32_t>(p.size());
            for (std::uint32_t i = s.primitive_base[sec]; i < end; ++i) {
                if (!has_geometry(p.kind[i])) continue;
                any = true;
                grow(b, vertex_box(m, i));
            }
            if (!any) continue;
            for (int a = 0; a < 3; ++a) {
                b.min[a] = b.min[a] - m.convex_radius;
                b.max[a] = b.max[a] + m.convex_radius;
            }
            counts.add("section_domains");
            if (same_box(b, s.domain[sec])) counts.add("section_domain_exact");
        }
    }

    // Simd lanes: a child lane is the union of its child's lanes; a leaf lane is its primitive's
    // vertex box (leaf keys name the first half: (section << 8) | (primitive << 1)).
    void simd_lanes(const Unit& unit, std::size_t mi, const DecodedMesh& m, Tally& tally, UnitCounts& counts) const {
        const mesh::SimdTreeNodes& t = m.simd_tree;
        auto leaf_box = [&](std::uint32_t key, Box& out, Box& domain) {
            const std::uint32_t sec = key >> 8, prim = (key >> 1) & 0x7Fu;
            if ((key & 1u) != 0 || sec >= m.sections.size() || prim >= m.sections.num_primitives[sec]) return false;
            const std::uint32_t p = m.sections.primitive_base[sec] + prim;
            if (p >= m.primitives.size() || !has_geometry(m.primitives.kind[p])) return false;
            out = vertex_box(m, p);
            domain = m.sections.domain[sec];
            return true;
        };
        const double short_max = simd_tree_lanes(
            unit, [&] { return mesh_location(unit, mi); }, t, leaf_box, tally, counts);
        if (short_max > 0) tally.max("simd_leaf_max_short_ulps", short_max);  // once per tree: a lookup by name
    }

    // `where()` names the tree in a sample (built only for one).
    // Returns the largest shortfall of a leaf lane (0: none short).
    template <class Where, class LeafBox>
    double simd_tree_lanes(const Unit&, Where where, const mesh::SimdTreeNodes& t, LeafBox leaf_box, Tally& tally,
                           UnitCounts& counts) const {
        // Counter slots found once: these are counted per lane.
        const std::size_t slot_simd_child_lanes = counts.slot("simd_child_lanes");
        const std::size_t slot_simd_child_lane_union = counts.slot("simd_child_lane_union");
        const std::size_t slot_simd_child_lane_not_union = counts.slot("simd_child_lane_not_union");
        const std::size_t slot_simd_leaf_lanes_other = counts.slot("simd_leaf_lanes_other");
        const std::size_t slot_simd_leaf_lanes = counts.slot("simd_leaf_lanes");
        const std::size_t slot_simd_leaf_exact = counts.slot("simd_leaf_exact");
        const std::size_t slot_simd_leaf_larger = counts.slot("simd_leaf_larger");
        const std::size_t slot_simd_leaf_short_within_tolerance = counts.slot("simd_leaf_short_within_tolerance");
        const std::size_t slot_simd_leaf_short_beyond_tolerance = counts.slot("simd_leaf_short_beyond_tolerance");
        double short_max = 0;
        for (std::uint32_t lane = 0; lane < t.lane_kind.size(); ++lane) {
            const Box& box = t.lane_box[lane];
            if (t.lane_kind[lane] == mesh::LaneKind::kChild) {
                const std::uint32_t child = t.lane_target[lane];
                if (child >= t.node_count()) continue;  // the decoder refuses these
                Box u = empty_box();
                for (int k = 0; k < 4; ++k)
                    if (t.lane_kind[child * 4 + k] != mesh::LaneKind::kEmpty) grow(u, t.lane_box[child * 4 + k]);
                counts.add_at(slot_simd_child_lanes);
                if (same_box(u, box)) counts.add_at(slot_simd_child_lane_union);
                if (!same_box(u, box)) {
                    counts.add_at(slot_simd_child_lane_not_union);
                    tally.sample("simd_child_lane_not_union",
                                 fmt::format("{} / simd node {} lane {}", where(), lane / 4, lane % 4),
                                 fmt::format("lane box differs from the union of node {}'s lanes", child));
                }
            } else if (t.lane_kind[lane] == mesh::LaneKind::kLeaf) {
                Box vb, domain;
                if (!leaf_box(t.lane_target[lane], vb, domain)) {
                    counts.add_at(slot_simd_leaf_lanes_other);
                    continue;
                }
                counts.add_at(slot_simd_leaf_lanes);
                if (same_box(vb, box)) {  // the same bits, none NaN: no shortfall to measure
                    counts.add_at(slot_simd_leaf_exact);
                    continue;
                }
                const double short_by = box_excess_ulps(vb, box, domain);
                short_max = std::max(short_max, short_by);
                if (short_by == 0) {
                    counts.add_at(slot_simd_leaf_larger);
                } else if (short_by <= kLeafBoxToleranceUlps) {
                    counts.add_at(slot_simd_leaf_short_within_tolerance);
                } else {
                    counts.add_at(slot_simd_leaf_short_beyond_tolerance);
                    tally.sample("simd_leaf_short_beyond_tolerance",
                                 fmt::format("{} / simd node {} lane {} / key {}", where(), lane / 4, lane % 4,
                                             t.lane_target[lane]),
                                 fmt::format("lane box {:.3g} ulps short of the vertex box, expected ≤ 16", short_by));
                }
            }
        }
        return short_max;
    }

    void extern_mesh(const Unit& unit, std::size_t ei, Tally& tally, UnitCounts& counts) const {
        const mesh::DecodedExternMesh& e = unit.mesh->extern_meshes[ei];
        auto tri_box = [&](std::uint32_t tri, Box& out) {
            if (tri >= e.triangle_count()) return false;
            out = empty_box();
            for (int k = 0; k < 3; ++k) {
                const std::uint32_t vi = e.triangle[k][tri];
                grow(out, e.x[vi], e.y[vi], e.z[vi]);
            }
            return true;
        };
        if (e.has_aabb_tree) {
            const StaticTreeNodes& t = e.aabb_tree;
            double max_short = 0;
            for (std::uint32_t n = 0; n < t.size(); ++n) {
                if (inversion(t.box[n]) > 0) counts.add("aabbtree_inverted_nodes");
                Box tb;
                if (!t.is_leaf[n] || !tri_box(t.payload[n], tb)) continue;
                counts.add("aabbtree_leaves");
                double short_by = 0;
                for (int a = 0; a < 3; ++a)
                    short_by = std::max({short_by, static_cast<double>(t.box[n].min[a]) - tb.min[a],
                                         static_cast<double>(tb.max[a]) - t.box[n].max[a]});
                if (short_by > 0) {
                    counts.add("aabbtree_leaf_short");
                    max_short = std::max(max_short, short_by);
                } else {
                    counts.add("aabbtree_leaf_exact");
                }
            }
            if (max_short > 0) {
                tally.max("aabbtree_max_short_mm", max_short * 1e3);
                tally.max("aabbtree_max_short_um", max_short * 1e6);
            }
        }
        if (e.has_simd_tree) {
            auto leaf_box = [&](std::uint32_t key, Box& out, Box& domain) {
                if (!tri_box(key, out)) return false;
                domain = out;  // no section domain in an extern mesh: the triangle's own magnitude
                return true;
            };
            simd_tree_lanes(
                unit, [&] { return shape_location(unit, mesh::ShapeKind::kExternMesh, ei); }, e.simd_tree, leaf_box,
                tally, counts);
        }
    }

    PassInfo info_;
};

MESHPROOF_REGISTER_PASS(LeafboxPass);

}  // namespace
}  // namespace meshproof
