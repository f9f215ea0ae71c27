// Pass "custom_prims" (family havok-mesh): the custom primitives of havok-compressed-mesh.txt
// (b == d; "Pattern / Interpretation" table). Proven: "No h or l map binder of either game holds a
// custom primitive"; "In a point-set record, n is the node index of the primitive's own leaf in its
// section's tree … The third index is n again in Sekiro's 27 and 3 in Elden Ring's 28". The record
// layout beyond that (point counts, extern references used once) is Observed: plain counts. So are
// the figures of the record words: the vertex count in the first word's high byte ("up to 36"),
// records that follow each other in a section ("the next record starts where the previous one
// ends"), and the unexplained third word (0x3D4D, 0x3C24, …; "read as a half float it lies
// between 1.03 and 1.33").
//
// Extern references (Elden Ring, "Indices [k,k,4,k], words [0x92, w, lo, hi] … w is 0 in 244 of
// the 262 references and 3, 4 or 5 in the rest"; "each extern shape is referenced exactly once by
// a custom primitive and the stored scale is one"; "Twenty-two Elden Ring asset collision files
// use extern shapes"): the w values (count of 0, lowest and highest of the others), references
// per externShapes entry and each entry's scale as value sets, the files with entries. A reference
// naming no entry is a violation (the decoder keeps its index as stored). Each reference's entry,
// placed by its transform and scale (mesh/extern_shape_geometry.h: the shape's vertices grown by
// its convexRadius), must lie in the box of the reference's own section-tree leaf and in its
// section's domain, within the leaf-box tolerance (f32_tolerance.h): the transform is "in
// compressed-mesh space", and the tree bounds every primitive of its section.
//
// The shapes of the point sets ("o205010's two records are two cylinders along x (17 and 8 points
// on each of two circles of constant radius, 0.20 m and 0.04 m), o205300's are two eight-corner
// boxes and a 26-point prism, and aeg004_545_l's are 12-point slabs on three planes of x",
// Observed): each record decoded over its leaf box is described by mesh/point_set_shape.h (planes
// of x, circles about an axis along x, box, prism, within two quantisation steps). The counts and
// value sets below hold for every file; the document's figures read them in the named file
// (scope.file). "First" and "second" cylinder are the unit's cylinder records in record order
// (mesh order, then primitive order).
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <span>
#include <vector>

#include <fmt/format.h>

#include "engine/mesh/decode_primitives.h"
#include "engine/mesh/extern_shape_geometry.h"
#include "engine/mesh/point_set_shape.h"
#include "engine/pipeline/pass.h"
#include "verifiers/f32_tolerance.h"
#include "verifiers/half_float.h"
#include "verifiers/mesh_walk.h"
#include "verifiers/unit_counts.h"

namespace meshproof {
namespace {

using namespace verifiers;

// Words of a record: 2 + the number of words after the slot, which bits 6 and 7 of the first
// word's low byte give (1 in a point set, 2 in an extern reference; havok-compressed-mesh.txt).
constexpr std::uint32_t record_words(std::uint16_t low_byte) { return 2u + ((low_byte >> 6) & 3u); }

// The third word of a point-set record, as the document lists it.
constexpr std::uint16_t kThirdWordSekiro = 0x3D4D;
constexpr std::uint16_t kThirdWordsSekiroOther[] = {0x3C9D, 0x3CC7, 0x3C8B};
constexpr std::uint16_t kThirdWordEldenRing = 0x3C24;

class CustomPrimsPass final : public Pass {
public:
    CustomPrimsPass() {
        info_.name = "custom_prims";
        info_.family = "havok-mesh";
        info_.claims = {
            "No h or l map binder of either game holds a custom primitive (Proven)",
            "In a point-set record, n is the node index of the primitive's own leaf in its section's tree (Proven)",
            "The third index is n again in Sekiro's 27 and 3 in Elden Ring's 28 (Proven)",
            "each extern shape is referenced exactly once by a custom primitive (Observed)",
            "the stored scale is one (Observed)",
            "w is 0 in 244 of the 262 references and 3, 4 or 5 in the rest",
            "The transform supplies three rotation columns and a translation in compressed-mesh space (Observed): "
            "the placed shape lies in its reference's leaf box and section domain",
        };
        info_.counters = {
            {"custom_primitives", "custom primitives (b == d, not dead)", false},
            {"point_sets", "point-set records", false},
            {"extern_refs", "extern references", false},
            {"custom_unknown", "custom primitives with another record header", false},
            {"custom_in_h_or_l", "custom primitives in an h or l map file", true},
            {"pointset_n_is_leaf", "point-set records whose n is the node index of their own leaf", false},
            {"pointset_n_not_leaf", "point-set records whose n is not the node index of their own leaf", true},
            {"pointset_third_index_ok", "point-set records whose third index is n (2016.2) or 3 (2018.1)", false},
            {"pointset_third_index_mismatch", "point-set records whose third index is not n (2016.2) or 3 (2018.1)",
             true},
            {"extern_shapes", "externShapes entries", false},
            {"extern_shapes_not_referenced_once", "externShapes entries referenced by no or several custom primitives",
             false},
            {"record_pairs",
             "pairs of consecutive custom records (point set or extern reference) in a section, in primitive order",
             false},
            {"consecutive_records", "consecutive record pairs where the next starts where the previous ends", false},
            {"third_word_3d4d", "point-set records whose third word is 0x3D4D", false},
            {"third_word_3c9d_3cc7_3c8b", "point-set records whose third word is 0x3C9D, 0x3CC7 or 0x3C8B", false},
            {"third_word_3c24", "point-set records whose third word is 0x3C24", false},
            {"extern_w_zero", "extern references whose w (second word) is 0", false},
            {"extern_refs_missing_shape", "extern references naming no externShapes entry", true},
            {"extern_shape_files", "files with externShapes entries", false},
            {"extern_boxes_checked",
             "extern references whose entry's placed shape box is compared with their leaf box and section domain",
             false},
            {"extern_box_outside_leaf",
             "extern references whose placed shape lies outside their section-tree leaf box (beyond the tolerance)",
             true},
            {"extern_box_outside_domain",
             "extern references whose placed shape lies outside their section's domain (beyond the tolerance)", true},
            {"pointset_shapes_described",
             "point-set records whose points were decoded (their leaf found) and described", false},
            {"cylinder_records",
             "point-set records that are cylinders along x and not boxes: two or more planes of x, every point on one circle about one axis along x",
             false},
            {"box_records",
             "point-set records whose distinct points are the eight corners of a rectangular box (any orientation)",
             false},
            {"prism_records",
             "point-set records that are prisms (a planar set of points and its translate) and neither boxes nor cylinders",
             false},
        };
        info_.maxima = {
            {"max_record_vertices", "largest vertex count of a point-set record (first word's high byte)", false},
            {"third_word_half_max", "third word of a point-set record read as a half float, highest", false},
            {"extern_w_other_max", "largest w of the extern references whose w is not 0", false},
        };
        info_.minima = {
            {"third_word_half_min", "third word of a point-set record read as a half float, lowest", false},
            {"extern_w_other_min", "smallest w of the extern references whose w is not 0", false},
        };
        info_.value_sets = {
            {"extern_refs_per_shape", "extern references naming each externShapes entry (one value per entry)", false},
            {"extern_scale", "stored scale of each externShapes entry: x when x = y = z, else the list x y z", false},
            {"record_points", "points of each point-set record (first word's high byte)", false},
            {"record_x_planes", "planes of x of each point-set record (x within two quantisation steps share a plane)",
             false},
            {"file_x_planes",
             "planes of x of all the point-set records of a file together (one value per file with point sets)", false},
            {"cylinder_circles", "circles (planes of x) of each cylinder record (not a box)", false},
            {"cylinder_1_circle_points", "points on each circle of a file's first cylinder record", false},
            {"cylinder_2_circle_points", "points on each circle of a file's second cylinder record", false},
            {"cylinder_1_radius", "radius of a file's first cylinder record, m, rounded to 0.1 mm", false},
            {"cylinder_2_radius", "radius of a file's second cylinder record, m, rounded to 0.1 mm", false},
            {"box_record_points", "points stored in each box record", false},
            {"prism_record_points", "points stored in each prism record that is neither a box nor a cylinder", false},
        };
    }
    const PassInfo& info() const override { return info_; }

    void run(const Unit& unit, Tally& tally) const override {
        if (unit.mesh == nullptr) return;
        UnitCounts counts(info_);
        const bool map_hl = unit.set == "h" || unit.set == "l";
        const bool sekiro_form = unit.mesh->sdk_version == "20160200";
        std::vector<std::uint32_t> referenced;
        std::uint32_t most_vertices = 0;
        double half_min = 0, half_max = 0;
        bool any_half = false;
        ExternFigures ext;
        ShapeFigures shapes;
        for (std::size_t mi = 0; mi < unit.mesh->meshes.size(); ++mi) {
            const mesh::DecodedMesh& m = unit.mesh->meshes[mi];
            const mesh::DecodedPrimitives& p = m.primitives;
            const mesh::DecodedPointSets& ps = m.point_sets;
            count_consecutive_records(m, counts);
            for (std::size_t r = 0; r < ps.primitive.size(); ++r) {
                most_vertices = std::max<std::uint32_t>(most_vertices, ps.header[r] >> 8);
                const std::uint16_t tag = ps.tag[r];
                counts.add("third_word_3d4d", tag == kThirdWordSekiro ? 1 : 0);
                counts.add("third_word_3c9d_3cc7_3c8b", std::ranges::count(kThirdWordsSekiroOther, tag) != 0 ? 1 : 0);
                counts.add("third_word_3c24", tag == kThirdWordEldenRing ? 1 : 0);
                const double half = half_to_float(tag);
                if (!std::isfinite(half)) continue;
                half_min = any_half ? std::min(half_min, half) : half;
                half_max = any_half ? std::max(half_max, half) : half;
                any_half = true;
            }
            for (std::uint32_t i = 0; i < p.size(); ++i) {
                if (!is_custom(p.kind[i])) continue;
                counts.add("custom_primitives");
                if (p.kind[i] == mesh::PrimitiveKind::kPointSet) counts.add("point_sets");
                else if (p.kind[i] == mesh::PrimitiveKind::kExternReference) counts.add("extern_refs");
                else counts.add("custom_unknown");
                if (map_hl) {
                    counts.add("custom_in_h_or_l");
                    tally.sample("custom_in_h_or_l", primitive_location(unit, mi, m, i),
                                 fmt::format("a custom primitive in a {} file", unit.set));
                }
                if (p.kind[i] != mesh::PrimitiveKind::kPointSet) continue;
                const std::uint32_t sec = p.section[i];
                const std::uint32_t n = p.indices[1][i], c = p.indices[2][i];
                const std::uint32_t leaf = p.leaf_node[i];
                const std::uint32_t own = leaf == mesh::kNone || sec >= m.section_trees.first_node.size()
                                              ? mesh::kNone
                                              : leaf - m.section_trees.first_node[sec];
                if (n == own) {
                    counts.add("pointset_n_is_leaf");
                } else {
                    counts.add("pointset_n_not_leaf");
                    tally.sample("pointset_n_not_leaf", primitive_location(unit, mi, m, i),
                                 fmt::format("n = {}, own leaf node {}", n,
                                             own == mesh::kNone ? std::string("none") : std::to_string(own)));
                }
                const std::uint32_t want_c = sekiro_form ? n : 3u;
                if (c == want_c) {
                    counts.add("pointset_third_index_ok");
                } else {
                    counts.add("pointset_third_index_mismatch");
                    tally.sample(
                        "pointset_third_index_mismatch", primitive_location(unit, mi, m, i),
                        fmt::format("third index {}, expected {} (SDK {})", c, want_c, unit.mesh->sdk_version));
                }
            }
            extern_references(unit, mi, m, tally, counts, referenced, ext);
            describe_shapes(m, counts, shapes);
        }
        counts.flush(tally);
        if (ext.any_other_w) {
            tally.min("extern_w_other_min", ext.w_other_min);
            tally.max("extern_w_other_max", ext.w_other_max);
        }
        for (const auto& [n, times] : ext.per_shape) tally.value("extern_refs_per_shape", n, times);
        for (const auto& [scale, times] : ext.scales) tally.values("extern_scale", scale, times);
        if (most_vertices > 0) tally.max("max_record_vertices", most_vertices);
        shapes.record(tally);
        if (any_half) {
            tally.min("third_word_half_min", half_min);
            tally.max("third_word_half_max", half_max);
        }
    }

private:
    // What a unit's extern references add up to beyond its counts (recorded once per unit).
    struct ExternFigures {
        bool any_other_w = false;
        double w_other_min = 0, w_other_max = 0;
        std::map<double, std::uint64_t> per_shape;            // references per entry → entries
        std::map<std::vector<double>, std::uint64_t> scales;  // scale → entries
    };

    // What a unit's point-set shapes add up to (recorded once per unit, in record order).
    struct ShapeFigures {
        std::map<double, std::uint64_t> points, planes, circles, box_points, prism_points;
        std::vector<float> all_x;     // every decoded point of the unit, for file_x_planes
        double coarsest_x = 0;        // the largest x tolerance of those records
        std::uint32_t cylinders = 0;  // cylinder records seen so far in the unit
        std::map<double, std::uint64_t> circle_points[2];
        std::optional<double> radius[2];

        void record(Tally& tally) const {
            for (const auto& [v, n] : points) tally.value("record_points", v, n);
            for (const auto& [v, n] : planes) tally.value("record_x_planes", v, n);
            for (const auto& [v, n] : circles) tally.value("cylinder_circles", v, n);
            for (const auto& [v, n] : box_points) tally.value("box_record_points", v, n);
            for (const auto& [v, n] : prism_points) tally.value("prism_record_points", v, n);
            static constexpr const char* kCirclePoints[2] = {"cylinder_1_circle_points", "cylinder_2_circle_points"};
            static constexpr const char* kRadius[2] = {"cylinder_1_radius", "cylinder_2_radius"};
            for (int c = 0; c < 2; ++c) {
                for (const auto& [v, n] : circle_points[c]) tally.value(kCirclePoints[c], v, n);
                if (radius[c]) tally.value(kRadius[c], *radius[c]);
            }
            if (!all_x.empty())
                tally.value("file_x_planes", static_cast<double>(mesh::x_planes(all_x, coarsest_x).size()));
        }
    };

    // Each decoded point-set record's shape (mesh/point_set_shape.h), over its leaf box's steps.
    static void describe_shapes(const mesh::DecodedMesh& m, UnitCounts& counts, ShapeFigures& f) {
        const mesh::DecodedPointSets& ps = m.point_sets;
        for (std::size_t r = 0; r < ps.primitive.size(); ++r) {
            ++f.points[ps.point_count[r]];
            const std::uint32_t leaf = ps.leaf_node[r];
            if (leaf == mesh::kNone || leaf >= m.section_trees.box.size()) continue;
            const std::array<double, 3> tol = mesh::point_set_tolerance(m.section_trees.box[leaf]);
            const std::size_t first = ps.first_point[r], count = ps.point_count[r];
            const auto part = [&](const std::vector<float>& v) {
                return std::span<const float>(v).subspan(first, count);
            };
            const std::span<const float> xs = part(ps.x);
            const mesh::PointSetShape s = mesh::describe_point_set(xs, part(ps.y), part(ps.z), tol);
            counts.add("pointset_shapes_described");
            ++f.planes[static_cast<double>(s.plane_points.size())];
            f.all_x.insert(f.all_x.end(), xs.begin(), xs.end());
            f.coarsest_x = std::max(f.coarsest_x, tol[0]);
            // One kind per record, a box first: a box's rectangles lie on circles about an axis
            // along x when its edges are, and every box and two-circle cylinder is a prism.
            if (s.box) {
                counts.add("box_records");
                ++f.box_points[s.points];
            } else if (s.cylinder()) {
                counts.add("cylinder_records");
                ++f.circles[static_cast<double>(s.plane_points.size())];
                if (f.cylinders < 2) {
                    for (const std::uint32_t n : s.plane_points) ++f.circle_points[f.cylinders][n];
                    f.radius[f.cylinders] = std::round(s.radius * 1e4) / 1e4;
                }
                ++f.cylinders;
            } else if (s.prism) {
                counts.add("prism_records");
                ++f.prism_points[s.points];
            }
        }
    }

    void extern_references(const Unit& unit, std::size_t mi, const mesh::DecodedMesh& m, Tally& tally,
                           UnitCounts& counts, std::vector<std::uint32_t>& referenced, ExternFigures& ext) const {
        const mesh::DecodedExternShapes& es = m.extern_shapes;
        const mesh::DecodedExternReferences& er = m.extern_references;
        const std::size_t shapes = es.instance_count();
        counts.add("extern_shapes", shapes);
        if (shapes > 0) counts.add("extern_shape_files");
        referenced.assign(shapes, 0);
        for (std::size_t r = 0; r < er.primitive.size(); ++r) {
            const std::uint32_t p = er.primitive[r];
            const std::uint16_t w = er.w[r];
            if (w == 0) {
                counts.add("extern_w_zero");
            } else {
                ext.w_other_min = ext.any_other_w ? std::min<double>(ext.w_other_min, w) : w;
                ext.w_other_max = ext.any_other_w ? std::max<double>(ext.w_other_max, w) : w;
                ext.any_other_w = true;
            }
            const std::uint32_t s = er.shape_index[r];
            if (s >= shapes) {
                counts.add_sampled(
                    tally, "extern_refs_missing_shape", [&] { return primitive_location(unit, mi, m, p); },
                    [&] { return fmt::format("names entry {} of {}", s, shapes); });
                continue;
            }
            ++referenced[s];
            const std::optional<mesh::Box> placed = mesh::extern_instance_box(es, s);
            const std::uint32_t leaf = m.primitives.leaf_node[p];
            const std::uint32_t sec = m.primitives.section[p];
            if (!placed || leaf == mesh::kNone || sec >= m.sections.size()) continue;
            counts.add("extern_boxes_checked");
            const mesh::Box& domain = m.sections.domain[sec];
            const double beyond_leaf = box_excess_ulps(*placed, m.section_trees.box[leaf], domain);
            if (classify_excess(beyond_leaf) == Containment::kOutside)
                counts.add_sampled(
                    tally, "extern_box_outside_leaf", [&] { return primitive_location(unit, mi, m, p); },
                    [&] {
                        return fmt::format("entry {}'s shape reaches {:.0f} ulps past its leaf box", s, beyond_leaf);
                    });
            const double beyond_domain = box_excess_ulps(*placed, domain, domain);
            if (classify_excess(beyond_domain) == Containment::kOutside)
                counts.add_sampled(
                    tally, "extern_box_outside_domain", [&] { return primitive_location(unit, mi, m, p); },
                    [&] {
                        return fmt::format("entry {}'s shape reaches {:.0f} ulps past the section domain", s,
                                           beyond_domain);
                    });
        }
        for (std::size_t s = 0; s < shapes; ++s) {
            counts.add("extern_shapes_not_referenced_once", referenced[s] != 1 ? 1 : 0);
            ++ext.per_shape[referenced[s]];
            const auto& sc = es.scale[s];
            ++ext.scales[sc[0] == sc[1] && sc[1] == sc[2] ? std::vector<double>{sc[0]}
                                                          : std::vector<double>{sc[0], sc[1], sc[2]}];
        }
    }

    // Pairs of decoded records (point sets, extern references) that follow each other in a
    // section's primitive order, and of those the pairs whose next record's first word is where
    // the previous record ends in sharedVerticesIndex.
    static void count_consecutive_records(const mesh::DecodedMesh& m, UnitCounts& counts) {
        const mesh::DecodedPrimitives& p = m.primitives;
        std::uint32_t section = mesh::kNone, previous_end = 0;
        for (std::uint32_t i = 0; i < p.size(); ++i) {
            const std::uint32_t record = p.custom_record[i];
            if (record == mesh::kNone) continue;
            std::uint32_t start = 0, words = 0;
            if (p.kind[i] == mesh::PrimitiveKind::kPointSet) {
                start = m.point_sets.record_word[record];
                words = record_words(m.point_sets.header[record] & 0xFFu);
            } else if (p.kind[i] == mesh::PrimitiveKind::kExternReference) {
                start = m.extern_references.record_word[record];
                words = record_words(mesh::kExternReferenceTag);
            } else {
                continue;
            }
            if (p.section[i] == section) {
                counts.add("record_pairs");
                counts.add("consecutive_records", start == previous_end ? 1 : 0);
            }
            section = p.section[i];
            previous_end = start + words;
        }
    }

    PassInfo info_;
};

MESHPROOF_REGISTER_PASS(CustomPrimsPass);

}  // namespace
}  // namespace meshproof
