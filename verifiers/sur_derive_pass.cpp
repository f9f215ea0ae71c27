// Pass "sur_derive" (family sur): the values a .sur stores but a writer cannot omit, derived
// from the triangles and compared with what the file holds (freelancer-surface.md "What the
// derivations reproduce"; ivp-surface-notes.md §7, §10, §15, which win where they differ):
//   node spheres and boxes: leaves by §7.1, inner nodes by the union of all leaves below (§7.2);
//   mass properties (§10): massCenter, radius, the surfaceDeviation byte, rotationInertia with
//   the 0.1 % and 25 % bands, the zero-volume fallback;
//   pierce indices by IVP's pairing in stored face order (§6), and the range rule
//   0 <= pierce < F, pierce != own index (§6, §15: 177,824/177,824).
// Each value is counted as checked / reproduced exactly (bit for bit) / within the stated band /
// differing, with the first 20 differences. None is a violation: the documents report these as
// agreement rates over retail (several below 100 %), and mod-built files legitimately miss them
// (notes §14). A file is judged with the severities of notes §14 instead: "derived exact" when
// every rule retail holds on all its parts holds (leaf and inner spheres, inner boxes, mass
// centre, radius), "derived differ" otherwise.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "engine/pipeline/pass.h"
#include "engine/sur/mass_properties.h"
#include "engine/sur/node_bounds.h"
#include "engine/sur/pierce.h"
#include "verifiers/sur_derive_readings.h"
#include "verifiers/sur_model_frames.h"
#include "engine/sur/sur_model.h"
#include "verifiers/sur_walk.h"

namespace meshproof {
namespace {

using namespace verifiers;
using sur::IndexRange;
using sur::SurModel;

constexpr double kSphereBand = 1e-4;      // "to within 1e-4 relative" (freelancer-surface.md)
constexpr double kMassCenterBand = 1e-4;  // "to within 1e-4 × radius"
constexpr double kRadiusBand = 2e-5;      // notes §7.1: "compare radii with a 2e-5 relative tolerance"
constexpr double kInertiaNear = 1e-3;     // "within 0.1%"
constexpr double kInertiaFar = 0.25;      // "off by more than 25%"
constexpr double kMillionths = 1e6;       // the fixed point of the summed inertia / radius² ratios

bool same_bits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// "Identical" stored inertia components as the document counts them (issue 17: 92 parts agree to
// 1e-4 relative, 88 bit for bit): |a − b| ≤ 1e-4 · max(|a|, |b|), in double.
constexpr double kIdenticalBand = 1e-4;
bool identical_within(float a, float b) {
    return std::abs(double(a) - b) <= kIdenticalBand * std::max(std::abs(double(a)), std::abs(double(b)));
}

// The rules that hold on every retail part (notes §15); their failure makes a file "derived differ".
const char* const kExactRules[] = {"pierce_in_range_fail", "opposite_derived_differ", "opposite_undetermined",
                                   "tree_errors",          "leaf_sphere_differ",      "inner_sphere_differ",
                                   "inner_box_differ",     "mass_center_differ",      "radius_differ"};

class SurDerivePass final : public Pass {
public:
    SurDerivePass() {
        info_.name = "sur_derive";
        info_.family = "sur";
        info_.claims = {
            "Leaf node centre and radius all 9,111, to within 1e-4 relative; leaf node quantized box, all three bytes "
            "9,110 of 9,111 (freelancer-surface.md); leaf centre bit-exact 9,111/9,111, radius within 2e-5 (notes §7.1)",
            "inner node sphere and box = the union of the quantized boxes of all terminal leaves below: 7,746/7,746 "
            "(notes §7.2, correcting mergeNodes)",
            "Surface.massCenter all 1,365 parts, to within 1e-4 × radius; Surface.radius all 1,365; "
            "Surface.surfaceDeviation 1,349 of 1,365 (notes §10.3: 1,350 exact + 15 off by one)",
            "Surface.rotationInertia 2,067 of 4,095 components within 0.1 % (notes §10.4, tetrahedral moments: 2,187); "
            "roughly a quarter off by more than 25 %; on parts enclosing no volume 84 of 84 exact, uniform across the axes",
            "Face.opposites 177,824 of 177,824 — fully determined (freelancer-surface.md): each half-edge's opposite "
            "is the one reverse half-edge of its hull",
            "Face.pierce 151,761 of 177,824 (notes §6: IVP's pairing in stored order; informational); pierce in range "
            "and not self 177,824/177,824",
            "severities (notes §14): derived exact, derived differ; statistical checks never fail a file",
            "1,377 of 8,982 placeable hulls across 62 files are copies (of another part's hulls, folded into an ancestor); "
            "over the 1,801 retail hulls where the two candidate frames differ, the containing part wins 1,753 to 48 "
            "(freelancer-models.md §4: the scoring rule is ours, verifiers/sur_model_frames.h)",
        };
        info_.judges_units = true;  // its exact rules decide the file's severity (notes §14)
        info_.counters = {
            {"files", "files the reader accepts", false},
            {"files_derived_exact",
             "files on which every derived rule retail holds everywhere holds (leaf and inner spheres, inner boxes, mass centre, radius)",
             false},
            {"files_derived_differ", "files on which one of those fails", false},
            {"surfaces", "IVP compact surfaces with a ledgetree", false},
            {"tree_errors", "surfaces whose tree or leaf ledges cannot be walked (nothing derived for them)", false},
            {"leaf_nodes", "leaf nodes checked", false},
            {"leaf_center_exact", "leaf nodes whose centre is reproduced bit for bit", false},
            {"leaf_radius_exact", "leaf nodes whose radius is reproduced bit for bit", false},
            {"leaf_sphere_within",
             "leaf nodes whose centre and radius are reproduced to within 1e-4 of the radius (exact included)", false},
            {"leaf_sphere_differ", "leaf nodes whose centre or radius is off by more than 1e-4 of the radius", false},
            {"leaf_box_exact", "leaf nodes whose three quantized box bytes are reproduced", false},
            {"leaf_box_differ", "leaf nodes with a box byte that differs", false},
            {"inner_nodes", "inner nodes checked", false},
            {"inner_center_exact", "inner nodes whose centre (leaf-union rule) is reproduced bit for bit", false},
            {"inner_radius_exact", "inner nodes whose radius (leaf-union rule) is reproduced bit for bit", false},
            {"inner_sphere_within",
             "inner nodes whose centre and radius are within 1e-4 of the radius (exact included)", false},
            {"inner_sphere_differ", "inner nodes whose centre or radius is off by more than that", false},
            {"inner_box_exact", "inner nodes whose three box bytes (leaf-union rule) are reproduced", false},
            {"inner_box_differ", "inner nodes with a box byte that differs", false},
            {"mass_checked", "surfaces whose mass properties are derived", false},
            {"mass_center_exact", "surfaces whose massCenter is reproduced bit for bit", false},
            {"mass_center_within", "surfaces whose massCenter is within 1e-4 × radius (exact included)", false},
            {"mass_center_differ", "surfaces whose massCenter is further off", false},
            {"radius_exact", "surfaces whose radius is reproduced bit for bit", false},
            {"radius_within", "surfaces whose radius is within 2e-5 relative (exact included)", false},
            {"radius_differ", "surfaces whose radius is further off", false},
            {"deviation_exact", "surfaces whose surfaceDeviation byte is reproduced", false},
            {"deviation_off_by_one", "surfaces whose byte is one step off", false},
            {"deviation_differ", "surfaces whose byte is further off", false},
            {"deviation_misses", "surfaces whose byte is not reproduced (off by one or further)", false},
            {"deviation_miss_on_step",
             "of those, surfaces one byte off whose quotient 1 + deviation / (radius / 250) lies within one float32 spacing of the step between the two bytes (IVP's f32 arithmetic can truncate it either way)",
             false},
            {"inertia_components", "rotationInertia components checked (three per surface)", false},
            {"inertia_exact", "components reproduced bit for bit", false},
            {"inertia_within_0_1pct", "components within 0.1 % (exact included)", false},
            {"inertia_within_25pct", "components within 25 % (0.1 % band included)", false},
            {"inertia_beyond_25pct", "components off by more than 25 %", false},
            {"inertia_derived_closer",
             "components where the derived value is strictly closer to the stored one than MAXLancer's 0.2 × radius² (stored radius)",
             false},
            {"inertia_maxlancer_within_0_1pct",
             "components where MAXLancer's 0.2 × radius² is within 0.1 % of the stored value", false},
            {"inertia_maxlancer_within_25pct",
             "components where MAXLancer's 0.2 × radius² is within 25 % of the stored value", false},
            {"inertia_r2_ratio_millionths",
             "Σ over components of stored rotationInertia / radius² (stored radius), in millionths (each rounded)",
             false},
            {"inertia_components_millionths", "inertia_components × 10⁶: the whole the summed ratios are a mean of",
             false},
            {"fallback_parts",
             "surfaces enclosing no volume (the box-centre, 0.5 · r² fallback): Σdet ≤ (√Σ|n|²)³ · 1e-9 over the terminal hulls, in double as IVP_U_Point",
             false},
            {"fallback_stored",
             "surfaces whose three stored inertia components are the fallback's 0.5 · r² of the hulls' box, bit for bit (the fallback as the file shows it, no threshold involved)",
             false},
            {"fallback_f32_cross",
             "alternative criterion: surfaces taking the fallback with the cross products in f32 (sums in double; meshproof before issue 17)",
             false},
            {"fallback_f32_all",
             "alternative criterion: surfaces taking the fallback with cross products, determinants and sums in f32",
             false},
            {"fallback_without_hardpoint_hulls",
             "alternative criterion: surfaces taking the fallback when the hulls whose id is a hardpoint of the part are left out of the sums",
             false},
            {"fallback_inertia_exact", "of those, surfaces whose three inertia components are reproduced bit for bit",
             false},
            {"fallback_inertia_differ", "of those, surfaces with a component that differs", false},
            {"inertia_uniform_derived",
             "the document's reading of its 84 (sur-document-readings.md §1): surfaces whose rotationInertia derived in the document's arithmetic (sums in tree order, ε = 2⁻⁵²) is uniform, max ≤ 1.0001 × min, whichever path produced it",
             false},
            {"inertia_identical_parts",
             "surfaces whose three stored inertia components agree to within 1e-4 relative (the document's reading: 92 corpus-wide)",
             false},
            {"inertia_identical_reproduced", "of those, surfaces whose three components are reproduced bit for bit",
             false},
            {"inertia_identical_exact_parts",
             "alternative reading: surfaces whose three stored inertia components are bit-identical (88 corpus-wide)",
             false},
            {"inertia_identical_exact_reproduced",
             "of those, surfaces whose three components are reproduced bit for bit", false},
            {"opposite_faces",
             "faces whose three opposites are derived (every face of every hull, bare ledges included)", false},
            {"opposite_derived_exact",
             "faces whose three stored opposites are the derived ones: the half-edge over the "
             "same two points the other way, in the same hull",
             false},
            {"opposite_derived_differ", "faces with a stored opposite other than the derived one", false},
            {"opposite_undetermined", "faces with a half-edge that has no reverse in its hull, or more than one",
             false},
            {"pierce_faces", "faces whose pierce index is checked (every face of every hull, bare ledges included)",
             false},
            {"pierce_exact",
             "faces whose stored pierce index is IVP's pairing in stored face order (normals and dot products in double, as IVP_U_Point)",
             false},
            {"pierce_exact_f32",
             "alternative: faces whose stored pierce index is the same pairing computed in f32 (n · (1 / |n|))", false},
            {"pierce_differ", "faces whose stored pierce index is another face", false},
            {"pierce_in_range_hold", "faces whose pierce index is inside the hull and not the face itself", false},
            {"pierce_in_range_fail", "faces whose pierce index is outside the hull or the face itself", false},
            // With the sibling model (verifiers/sur_model_frames.h states both rules).
            {"fold_placeable", "terminal hulls of parts matching their model (id zero or name)", false},
            {"fold_copies",
             "of those, copies of a hull that a part below holds itself (its id names that part or one of its hardpoints)",
             false},
            {"fold_copies_fixed", "copies whose chain up to the containing part has fixed joints only", false},
            {"fold_copies_moving", "copies whose chain has a moving joint (Rev, Pris, Sphere)", false},
            {"fold_files", "files holding a copy", false},
            {"frame_same",
             "hulls whose id names another part whose rest frame equals the containing part's (within tolerance)",
             false},
            {"frame_candidates", "hulls whose id names another part with a different rest frame", false},
            {"frame_containing_wins",
             "of those, hulls whose centroid lies nearer the named part's sphere placed in the containing part's frame",
             false},
            {"frame_named_wins", "of those, hulls whose centroid lies nearer the sphere in the named part's own frame",
             false},
            {"frame_tie", "of those, hulls at equal distance", false},
            {"frame_no_sphere", "of those, hulls whose named part has no VMeshRef sphere (not scored)", false},
        };
        // Per file these are the document's single-file figures ("pod_drab.sur computes 72.27 where
        // the file says 122.50", "misses by 41%"), measured in a file scope.
        info_.maxima = {
            {"inertia_stored_largest", "largest stored rotationInertia component", false},
            {"inertia_derived_largest", "largest derived rotationInertia component", false},
            {"inertia_miss_largest_pct", "largest relative miss of a derived rotationInertia component, in percent",
             false},
            {"inertia_box_crate_miss",
             "largest relative miss of a derived rotationInertia component over the twelve-face crates (a part of one twelve-face hull in a file named crate*)",
             false},
        };
        info_.value_sets = {
            {"inertia_part_miss_pct",
             "per surface, the largest relative miss of its derived rotationInertia components, % rounded to 0.01 (a file of one part: the document's \"misses by 41%\")",
             false},
            {"maxlancer_error_pct",
             "signed error of MAXLancer's 0.2 × radius² against each stored rotationInertia component, % of it, rounded to 0.1",
             false},
        };
        for (const char* r : kExactRules) exact_slots_.push_back(UnitCounts(info_).slot(r));
    }
    const PassInfo& info() const override { return info_; }

    void run(const Unit& unit, Tally& tally) const override {
        if (unit.sur == nullptr) return;
        const SurModel& m = *unit.sur;
        Walk w{{unit, m, tally, UnitCounts(info_)}, {}, {}, {}, {}, {}, {}};
        w.counts.add("files");
        std::vector<std::int32_t> part_of(m.surfaces.size(), -1);
        for (std::size_t p = 0; p < m.parts.size(); ++p)
            if (m.parts[p].surface >= 0 && std::size_t(m.parts[p].surface) < m.surfaces.size())
                part_of[std::size_t(m.parts[p].surface)] = std::int32_t(p);
        for (std::size_t s = 0; s < m.surfaces.size(); ++s) {
            const std::string label =
                part_of[s] >= 0 ? fmt::format("part {} (id 0x{:08x})", part_of[s], m.parts[std::size_t(part_of[s])].id)
                                : fmt::format("legacy surface {}", s);
            surface(w, s, label, part_of[s]);
        }
        for (std::size_t r = 0; r < m.legacy_records.size(); ++r) {
            const sur::LegacyRecord& rec = m.legacy_records[r];
            if (!rec.ledges) continue;
            for (std::uint32_t l = rec.items.first; l < rec.items.end() && l < m.ledges.size(); ++l) {
                const std::string where = fmt::format("legacy record {} / hull {}", r, l - rec.items.first);
                opposites(w, l, where);
                pierce(w, l, where);
            }
        }
        count_copies_and_frames(w);
        w.counts.add(w.judge(exact_slots_) ? "files_derived_exact" : "files_derived_differ");
        w.counts.flush(tally);
    }

private:
    struct Walk : SurWalk {
        std::vector<std::uint32_t> leaves;     // scratch: terminal ledges in tree-walk order
        std::vector<std::int32_t> pierce;      // scratch: derived pierce partners of one ledge
        std::vector<std::int32_t> pierce_f32;  // scratch: the f32 alternative's partners
        std::vector<std::uint32_t> solid;      // scratch: the leaves without the part's hardpoint hulls
        std::vector<double> normals;           // scratch: unit normals of one ledge
        std::vector<std::pair<std::uint64_t, std::uint32_t>>
            half_edges;  // scratch: (from << 32 | to, edge) of one ledge, sorted
    };

    static std::string vec(float x, float y, float z) { return fmt::format("({:.9g}, {:.9g}, {:.9g})", x, y, z); }
    static std::string box(const std::array<std::int64_t, 3>& b) {
        return fmt::format("({}, {}, {})", b[0], b[1], b[2]);
    }
    static std::string box(const std::array<std::uint8_t, 3>& b) {
        return fmt::format("({}, {}, {})", b[0], b[1], b[2]);
    }

    // Centre and radius against a stored node: exact (bit for bit), within the band, or neither.
    static int sphere_class(const sur::NodeColumns& nodes, std::size_t n, const sur::NodeBounds& b) {
        const float c[3] = {nodes.center_x[n], nodes.center_y[n], nodes.center_z[n]};
        bool exact = same_bits(b.radius, nodes.radius[n]);
        double dc2 = 0;
        for (int i = 0; i < 3; ++i) {
            exact = exact && same_bits(b.center[i], c[i]);
            const double d = double(b.center[i]) - c[i];
            dc2 += d * d;
        }
        if (exact) return 2;
        const double r = nodes.radius[n];
        const bool within = std::sqrt(dc2) <= kSphereBand * r && std::abs(double(b.radius) - r) <= kSphereBand * r;
        return within ? 1 : 0;
    }
    static bool box_equal(const sur::NodeColumns& nodes, std::size_t n, const sur::NodeBounds& b) {
        for (int i = 0; i < 3; ++i)
            if (b.box[i] != std::int64_t(nodes.box[n][i])) return false;
        return true;
    }

    void surface(Walk& w, std::size_t s, const std::string& label, std::int32_t part) const {
        const SurModel& m = w.m;
        const sur::Surface& sf = m.surfaces[s];
        for (std::uint32_t i = 0; i < sf.ledges.count && sf.ledges.first + i < m.ledges.size(); ++i) {
            const std::string where = fmt::format("{} / hull {}", label, i);
            opposites(w, sf.ledges.first + i, where);
            pierce(w, sf.ledges.first + i, where);
        }
        if (sf.nodes.count == 0) return;
        w.counts.add("surfaces");
        auto ends = sur::subtree_ends(m, s);
        if (!ends.ok()) {
            w.fail(
                "tree_errors", [&] { return label; }, [&] { return ends.error().message; });
            return;
        }
        // Leaves: in storage (= pre-order = left-first) order; each must hold a terminal ledge of the surface.
        w.leaves.clear();
        std::vector<sur::NodeBounds> leaf(sf.nodes.count);
        for (std::uint32_t k = 0; k < sf.nodes.count; ++k) {
            const std::uint32_t n = sf.nodes.first + k;
            if (m.nodes.right[n] >= 0) continue;
            const std::int32_t l = m.nodes.ledge[n];
            if (l < 0 || std::uint32_t(l) < sf.ledges.first || std::uint32_t(l) >= sf.ledges.end() ||
                !m.ledges.terminal(std::size_t(l))) {
                w.fail(
                    "tree_errors", [&] { return fmt::format("{} / node {}", label, k); },
                    [&] { return fmt::format("leaf without a terminal ledge of its surface (ledge {})", l); });
                return;
            }
            auto b = sur::leaf_bounds(m, s, std::uint32_t(l));
            if (!b.ok()) {
                w.fail(
                    "tree_errors", [&] { return fmt::format("{} / node {}", label, k); },
                    [&] { return b.error().message; });
                return;
            }
            leaf[k] = *b;
            w.leaves.push_back(std::uint32_t(l));
        }
        for (std::uint32_t k = 0; k < sf.nodes.count; ++k) {
            const std::uint32_t n = sf.nodes.first + k;
            const bool is_leaf = m.nodes.right[n] < 0;
            const sur::NodeBounds b = is_leaf ? leaf[k] : sur::union_bounds(m.nodes, n, (*ends)[k]);
            const char* kind = is_leaf ? "leaf" : "inner";
            w.counts.add(is_leaf ? "leaf_nodes" : "inner_nodes");
            const int sc = sphere_class(m.nodes, n, b);
            bool centre = true;
            const float c[3] = {m.nodes.center_x[n], m.nodes.center_y[n], m.nodes.center_z[n]};
            for (int i = 0; i < 3; ++i) centre = centre && same_bits(b.center[i], c[i]);
            if (centre) w.counts.add(is_leaf ? "leaf_center_exact" : "inner_center_exact");
            if (same_bits(b.radius, m.nodes.radius[n]))
                w.counts.add(is_leaf ? "leaf_radius_exact" : "inner_radius_exact");
            auto where = [&] { return fmt::format("{} / node {} ({})", label, k, kind); };
            if (sc >= 1) {
                w.counts.add(is_leaf ? "leaf_sphere_within" : "inner_sphere_within");
            } else {
                w.fail(is_leaf ? "leaf_sphere_differ" : "inner_sphere_differ", where, [&] {
                    return fmt::format("derived centre {} radius {:.9g}, stored {} radius {:.9g}",
                                       vec(b.center[0], b.center[1], b.center[2]), b.radius,
                                       vec(m.nodes.center_x[n], m.nodes.center_y[n], m.nodes.center_z[n]),
                                       m.nodes.radius[n]);
                });
            }
            if (box_equal(m.nodes, n, b)) {
                w.counts.add(is_leaf ? "leaf_box_exact" : "inner_box_exact");
            } else {
                w.fail(is_leaf ? "leaf_box_differ" : "inner_box_differ", where,
                       [&] { return fmt::format("derived box bytes {}, stored {}", box(b.box), box(m.nodes.box[n])); });
            }
        }
        mass(w, s, label, part);
    }

    // Opposites derived from the triangles alone: the half-edge p → q of a hull has as opposite the
    // half-edge q → p of the same hull, which on a closed hull exists exactly once. Edge e of face f
    // runs from its point to the point of edge (e + 1) mod 3 (the reader's convention).
    void opposites(Walk& w, std::uint32_t l, const std::string& label) const {
        const SurModel& m = w.m;
        const IndexRange f = m.ledges.faces[l];
        auto& he = w.half_edges;
        he.clear();
        auto key = [](std::uint32_t from, std::uint32_t to) { return std::uint64_t(from) << 32 | to; };
        for (std::uint32_t t = f.first; t < f.end(); ++t)
            for (std::uint32_t k = 0; k < 3; ++k)
                he.push_back({key(m.edges.point[3 * t + k], m.edges.point[3 * t + (k + 1) % 3]), 3 * t + k});
        std::sort(he.begin(), he.end());
        auto derived = [&](std::uint32_t e) -> std::int64_t {  // the reverse half-edge, -1 none, -2 several
            const std::uint64_t reverse = key(m.edges.point[e - e % 3 + (e % 3 + 1) % 3], m.edges.point[e]);
            auto lo = std::lower_bound(he.begin(), he.end(), std::pair<std::uint64_t, std::uint32_t>{reverse, 0});
            if (lo == he.end() || lo->first != reverse) return -1;
            if (lo + 1 != he.end() && (lo + 1)->first == reverse) return -2;
            return lo->second;
        };
        w.counts.add("opposite_faces", f.count);  // once per hull: add() looks its counter up by name
        std::uint64_t exact_faces = 0;
        for (std::uint32_t t = f.first; t < f.end(); ++t) {
            bool determined = true, exact = true;
            std::int64_t first_bad = -1, first_derived = 0;
            for (std::uint32_t k = 0; k < 3 && determined; ++k) {
                const std::int64_t d = derived(3 * t + k);
                if (d < 0) {
                    determined = false;
                    first_bad = k;
                    first_derived = d;
                } else if (d != m.edges.opposite[3 * t + k] && exact) {
                    exact = false;
                    first_bad = k;
                    first_derived = d;
                }
            }
            auto where = [&] { return fmt::format("{} / face {} / edge {}", label, t - f.first, first_bad); };
            if (!determined) {
                w.fail("opposite_undetermined", where, [&] {
                    return first_derived == -1 ? std::string("no reverse half-edge")
                                               : std::string("several reverse half-edges");
                });
            } else if (exact) {
                ++exact_faces;
            } else {
                w.fail("opposite_derived_differ", where, [&] {
                    const std::int32_t stored = m.edges.opposite[3 * t + std::uint32_t(first_bad)];
                    return fmt::format("derived edge {}, stored {}", first_derived - 3 * std::int64_t(f.first),
                                       stored < 0 ? std::string("no edge of the hull")
                                                  : fmt::format("edge {}", stored - 3 * std::int64_t(f.first)));
                });
            }
        }
        w.counts.add("opposite_derived_exact", exact_faces);
    }

    void pierce(Walk& w, std::uint32_t l, const std::string& label) const {
        const SurModel& m = w.m;
        auto ok = sur::derive_pierce(m, l, w.pierce, w.normals);
        if (ok.ok()) ok = sur::derive_pierce(m, l, w.pierce_f32, w.normals, sur::PierceArithmetic::kFloat);
        if (!ok.ok()) {
            w.fail(
                "tree_errors", [&] { return label; }, [&] { return ok.error().message; });
            return;
        }
        const IndexRange f = m.ledges.faces[l];
        for (std::uint32_t t = 0; t < f.count; ++t) {
            const std::uint32_t stored = m.faces.pierce[f.first + t];
            w.counts.add("pierce_faces");
            auto where = [&] { return fmt::format("{} / face {}", label, t); };
            if (stored < f.count && stored != t) {
                w.counts.add("pierce_in_range_hold");
            } else {
                w.fail("pierce_in_range_fail", where,
                       [&] { return fmt::format("pierce {} of {} faces", stored, f.count); });
            }
            if (w.pierce_f32[t] == std::int32_t(stored)) w.counts.add("pierce_exact_f32");
            if (w.pierce[t] == std::int32_t(stored)) {
                w.counts.add("pierce_exact");
            } else {
                w.fail("pierce_differ", where,
                       [&] { return fmt::format("derived {}, stored {}", w.pierce[t], stored); });
            }
        }
    }

    // The no-volume test's alternative criteria (issue 17: the document's 84 against IVP's 81 in
    // double), and the fallback as the stored inertia shows it.
    void fallback_readings(Walk& w, const sur::MassProperties& mp, std::size_t s, std::int32_t part) const {
        const SurModel& m = w.m;
        const sur::Surface& sf = m.surfaces[s];
        if (same_bits(mp.box_inertia, sf.rotation_inertia[0]) && same_bits(mp.box_inertia, sf.rotation_inertia[1]) &&
            same_bits(mp.box_inertia, sf.rotation_inertia[2]))
            w.counts.add("fallback_stored");
        auto count = [&](std::span<const std::uint32_t> ledges, sur::VolumeArithmetic a, const char* counter) {
            auto nv = sur::encloses_no_volume(m, ledges, a);
            if (nv.ok() && *nv) w.counts.add(counter);
        };
        count(w.leaves, sur::VolumeArithmetic::kF32Cross, "fallback_f32_cross");
        count(w.leaves, sur::VolumeArithmetic::kF32All, "fallback_f32_all");
        w.solid.clear();
        const IndexRange hp = part >= 0 ? m.parts[std::size_t(part)].hardpoints : IndexRange{};
        for (const std::uint32_t l : w.leaves) {
            bool hardpoint = false;
            for (std::uint32_t h = hp.first; h < hp.end() && h < m.hardpoints.size(); ++h)
                hardpoint = hardpoint || m.hardpoints[h] == std::uint32_t(m.ledges.client_data[l]);
            if (!hardpoint) w.solid.push_back(l);
        }
        count(w.solid, sur::VolumeArithmetic::kIvpDouble, "fallback_without_hardpoint_hulls");
    }

    void mass(Walk& w, std::size_t s, const std::string& label, std::int32_t part) const {
        const sur::Surface& sf = w.m.surfaces[s];
        auto mp = sur::mass_properties(w.m, s, w.leaves);
        if (!mp.ok()) {
            w.fail(
                "tree_errors", [&] { return label; }, [&] { return mp.error().message; });
            return;
        }
        w.counts.add("mass_checked");
        auto where = [&] { return label; };
        // massCenter: within 1e-4 × the stored radius.
        bool exact = true;
        double d2 = 0;
        for (int i = 0; i < 3; ++i) {
            exact = exact && same_bits(mp->mass_center[i], sf.mass_center[i]);
            const double d = double(mp->mass_center[i]) - sf.mass_center[i];
            d2 += d * d;
        }
        if (exact) w.counts.add("mass_center_exact");
        if (std::sqrt(d2) <= kMassCenterBand * double(sf.radius)) {
            w.counts.add("mass_center_within");
        } else {
            w.fail("mass_center_differ", where, [&] {
                return fmt::format("derived {}{}, stored {}",
                                   vec(mp->mass_center[0], mp->mass_center[1], mp->mass_center[2]),
                                   mp->fallback ? " (no-volume fallback)" : "",
                                   vec(sf.mass_center[0], sf.mass_center[1], sf.mass_center[2]));
            });
        }
        // radius
        if (same_bits(mp->radius, sf.radius)) w.counts.add("radius_exact");
        if (std::abs(double(mp->radius) - sf.radius) <= kRadiusBand * std::abs(double(sf.radius))) {
            w.counts.add("radius_within");
        } else {
            w.fail("radius_differ", where,
                   [&] { return fmt::format("derived {:.9g}, stored {:.9g}", mp->radius, sf.radius); });
        }
        // surfaceDeviation byte
        const std::int64_t dev = mp->deviation, stored = sf.deviation;
        if (dev == stored) {
            w.counts.add("deviation_exact");
        } else {
            w.counts.add("deviation_misses");
            if (deviation_on_step(mp->deviation_quotient, dev, stored)) w.counts.add("deviation_miss_on_step");
            w.fail(dev - stored == 1 || stored - dev == 1 ? "deviation_off_by_one" : "deviation_differ", where,
                   [&] { return fmt::format("derived byte {}, stored {}", dev, stored); });
        }
        // rotationInertia, per component
        bool all_exact = true;
        double stored_largest = 0, derived_largest = 0, miss_largest = 0;
        const double r2 = double(sf.radius) * double(sf.radius);
        const double maxlancer = maxlancer_inertia(sf.radius);
        for (int i = 0; i < 3; ++i) {
            const float got = mp->rotation_inertia[i], want = sf.rotation_inertia[i];
            w.counts.add("inertia_components");
            const bool bit = same_bits(got, want);
            all_exact = all_exact && bit;
            const double rel =
                want != 0 ? std::abs(double(got) - want) / std::abs(double(want)) : (got == 0 ? 0.0 : INFINITY);
            stored_largest = std::max(stored_largest, double(want));
            derived_largest = std::max(derived_largest, double(got));
            if (std::isfinite(rel)) miss_largest = std::max(miss_largest, 100.0 * rel);
            // MAXLancer's constant 0.2 × radius² against retail, signed (above retail: positive), in % rounded
            // to 0.1 so that the histogram stays small; the median's figure ("wrong by 46% at the median").
            if (want != 0) {
                w.tally.value("maxlancer_error_pct", std::round(1000.0 * (maxlancer - want) / double(want)) / 10.0);
                const double maxlancer_rel = relative_miss(maxlancer, want);
                if (maxlancer_rel <= kInertiaNear) w.counts.add("inertia_maxlancer_within_0_1pct");
                if (maxlancer_rel <= kInertiaFar) w.counts.add("inertia_maxlancer_within_25pct");
            }
            if (derived_closer(got, want, sf.radius)) w.counts.add("inertia_derived_closer");
            w.counts.add("inertia_components_millionths", std::uint64_t(kMillionths));
            if (r2 > 0 && want >= 0)
                w.counts.add("inertia_r2_ratio_millionths",
                             std::uint64_t(std::llround(kMillionths * double(want) / r2)));
            if (bit) w.counts.add("inertia_exact");
            if (bit || rel <= kInertiaNear) w.counts.add("inertia_within_0_1pct");
            if (bit || rel <= kInertiaFar) {
                w.counts.add("inertia_within_25pct");
            } else {
                w.fail(
                    "inertia_beyond_25pct", [&] { return fmt::format("{} / rotationInertia[{}]", label, i); },
                    [&] { return fmt::format("derived {:.9g}, stored {:.9g} ({:.1f} %)", got, want, 100.0 * rel); });
            }
        }
        if (stored_largest > 0) w.tally.max("inertia_stored_largest", stored_largest);
        if (derived_largest > 0) w.tally.max("inertia_derived_largest", derived_largest);
        if (miss_largest > 0) w.tally.max("inertia_miss_largest_pct", miss_largest);
        w.tally.value("inertia_part_miss_pct", std::round(100.0 * miss_largest) / 100.0);
        if (w.leaves.size() == 1 && w.m.ledges.faces[w.leaves[0]].count == 12 && crate_file(w.unit.path))
            w.tally.max("inertia_box_crate_miss", miss_largest / 100.0);
        fallback_readings(w, *mp, s, part);
        if (auto doc = sur::mass_properties(w.m, s, w.leaves, sur::kDocumentReading);
            doc.ok() && sur::uniform_inertia(doc->rotation_inertia))
            w.counts.add("inertia_uniform_derived");
        if (mp->fallback) {
            w.counts.add("fallback_parts");
            if (all_exact) {
                w.counts.add("fallback_inertia_exact");
            } else {
                w.fail("fallback_inertia_differ", where, [&] {
                    return fmt::format("derived {}, stored {}",
                                       vec(mp->rotation_inertia[0], mp->rotation_inertia[1], mp->rotation_inertia[2]),
                                       vec(sf.rotation_inertia[0], sf.rotation_inertia[1], sf.rotation_inertia[2]));
                });
            }
        }
        const std::array<float, 3>& si = sf.rotation_inertia;
        if (same_bits(si[0], si[1]) && same_bits(si[0], si[2])) {
            w.counts.add("inertia_identical_exact_parts");
            if (all_exact) w.counts.add("inertia_identical_exact_reproduced");
        }
        if (identical_within(si[0], si[1]) && identical_within(si[0], si[2]) && identical_within(si[1], si[2])) {
            w.counts.add("inertia_identical_parts");
            if (all_exact) w.counts.add("inertia_identical_reproduced");
        }
    }

    PassInfo info_;
    std::vector<std::size_t> exact_slots_;
};

MESHPROOF_REGISTER_PASS(SurDerivePass);

}  // namespace
}  // namespace meshproof
