// Pass "page" (family havok-mesh): the shared-vertex page of havok-compressed-mesh.txt.
// "vertex i at or above the packed count is sharedVertices[page × 65536 + sharedVerticesIndex[…]]".
// With the page applied every primitive of a paged section lies inside its leaf box; with it
// ignored almost none do; every triangle lies inside its section's domain to within 16 µm, and
// the triangles of paged sections strictly inside it.
#include <cmath>
#include <optional>

#include <fmt/format.h>

#include "engine/mesh/extract_member.h"
#include "engine/mesh/vertex_codec.h"
#include "engine/pipeline/pass.h"
#include "engine/tagfile/tagfile.h"
#include "verifiers/f32_tolerance.h"
#include "verifiers/mesh_walk.h"
#include "verifiers/unit_counts.h"

namespace meshproof {
namespace {

using namespace verifiers;
using mesh::Box;
using mesh::DecodedMesh;

inline constexpr double kDomainToleranceMetres = 16e-6;  // "to within 16 µm"

// Counter slots, looked up once per unit (UnitCounts::slot is a search by name).
struct Slots {
    explicit Slots(const UnitCounts& c)
        : sections(c.slot("sections")),
          sections_paged(c.slot("sections_paged")),
          page{c.slot("sections_page_1"), c.slot("sections_page_2"), c.slot("sections_page_3"),
               c.slot("sections_page_4"), c.slot("sections_page_above_4")},
          paged_in_page0_set(c.slot("paged_sections_in_h_object_asset")),
          primitives_shared(c.slot("primitives_shared")),
          paged_primitives_shared(c.slot("paged_primitives_shared")),
          without_leaf(c.slot("paged_primitives_without_leaf")),
          outside_applied(c.slot("paged_primitives_outside_page_applied")),
          unresolved(c.slot("paged_primitives_page_ignored_unresolved")),
          outside_ignored(c.slot("paged_primitives_outside_page_ignored")),
          triangles(c.slot("triangles")),
          outside_domain(c.slot("triangles_outside_domain")),
          paged_triangles(c.slot("paged_triangles")),
          strictly_inside(c.slot("paged_triangles_strictly_inside")),
          not_strictly_inside(c.slot("paged_triangles_not_strictly_inside")) {}
    std::size_t sections, sections_paged;
    std::size_t page[5];  // pages 1, 2, 3, 4, above 4
    std::size_t paged_in_page0_set, primitives_shared, paged_primitives_shared, without_leaf, outside_applied,
        unresolved, outside_ignored, triangles, outside_domain, paged_triangles, strictly_inside, not_strictly_inside;
};

// The position sharedVertices[entry] would give, i.e. the vertex read with the page ignored.
// The decoded member keeps only the slots' positions, so an entry is looked up among the slots
// that use it with page 0, else decoded from the tagfile's own sharedVertices (extracted once).
class PageIgnoredPositions {
public:
    PageIgnoredPositions(const Unit& unit, std::size_t mesh_index, const DecodedMesh& m)
        : unit_(unit),
          mesh_index_(mesh_index),
          m_(m),
          slot_of_source_(std::min<std::size_t>(m.shared_vertex_count, 65536), mesh::kNone) {
        for (std::size_t v = 0; v < m.vertices.size(); ++v)
            if (m.vertices.kind[v] == mesh::VertexKind::kShared && m.vertices.source[v] < slot_of_source_.size())
                slot_of_source_[m.vertices.source[v]] = static_cast<std::uint32_t>(v);
    }

    // False when the position cannot be had (entry past sharedVertices, no tagfile).
    bool position(std::uint32_t entry, float out[3]) {
        if (entry < slot_of_source_.size() && slot_of_source_[entry] != mesh::kNone) {
            const std::uint32_t v = slot_of_source_[entry];
            out[0] = m_.vertices.x[v];
            out[1] = m_.vertices.y[v];
            out[2] = m_.vertices.z[v];
            return true;
        }
        if (!raw_tried_) load_raw();
        if (!raw_ || mesh_index_ >= raw_->meshes.size()) return false;
        const mesh::RawCompressedMesh& r = raw_->meshes[mesh_index_];
        if (entry >= r.shared_vertices.size()) return false;
        const auto p = mesh::decode_shared_vertex(r.shared_vertices[entry], mesh::shared_vertex_codec(m_.domain));
        for (int a = 0; a < 3; ++a) out[a] = p[a];
        return true;
    }

private:
    void load_raw() {
        raw_tried_ = true;
        if (unit_.tagfile == nullptr) return;
        auto raw = mesh::extract_member(*unit_.tagfile);
        if (raw.ok()) raw_ = std::move(raw).value();
    }
    const Unit& unit_;
    std::size_t mesh_index_;
    const DecodedMesh& m_;
    std::vector<std::uint32_t> slot_of_source_;
    bool raw_tried_ = false;
    std::optional<mesh::RawMember> raw_;
};

class PagePass final : public Pass {
public:
    PagePass() {
        info_.name = "page";
        info_.family = "havok-mesh";
        info_.claims = {
            "vertex i at or above the packed count is sharedVertices[page × 65536 + sharedVerticesIndex[…]] (Proven)",
            "With the page applied, every primitive of those sections lies inside its bounding-volume leaf (Proven)",
            "every section of every h set and of every object and asset collision file has page 0 (Proven)",
            "every triangle … lies inside its section's domain to within 16 µm, … those … strictly inside it (Proven)",
        };
        info_.counters = {
            {"sections", "sections of every compressed mesh", false},
            {"sections_paged", "sections with page above 0", false},
            {"sections_page_1", "sections with page 1", false},
            {"sections_page_2", "sections with page 2", false},
            {"sections_page_3", "sections with page 3", false},
            {"sections_page_4", "sections with page 4", false},
            {"sections_page_above_4", "sections with a page above 4", false},
            {"tagfiles_paged", "tagfiles holding sections above page 0", false},
            {"paged_sections_in_h_object_asset", "sections above page 0 in an h, object or asset file (page 0 claimed)",
             true},
            {"primitives_shared", "triangles and quads that use a shared vertex", false},
            {"paged_primitives_shared", "triangles and quads of paged sections that use a shared vertex", false},
            {"paged_primitives_outside_page_applied",
             "of those, outside their leaf box (16 ulps) with the page applied", true},
            {"paged_primitives_outside_page_ignored",
             "of those, outside their leaf box (16 ulps) with the page ignored", false},
            {"paged_primitives_page_ignored_unresolved", "of those, with a page-ignored entry past sharedVertices",
             false},
            {"paged_primitives_without_leaf", "of those, named by no leaf (counted by structure)", false},
            {"triangles", "triangles of every compressed mesh, a quad counting as two", false},
            {"triangles_outside_domain", "triangles farther than 16 µm outside their section's domain", true},
            {"paged_triangles", "triangles in the sections above page 0", false},
            {"paged_triangles_strictly_inside", "triangles of paged sections strictly inside their section domain",
             false},
            {"paged_triangles_not_strictly_inside",
             "triangles of paged sections not strictly inside their section domain", true},
        };
        info_.maxima = {
            {"max_page", "largest page value of any section", false},
            {"triangle_max_outside_domain_um", "largest distance of a triangle outside its section's domain, µm",
             false},
        };
    }
    const PassInfo& info() const override { return info_; }

    void run(const Unit& unit, Tally& tally) const override {
        if (unit.mesh == nullptr) return;
        UnitCounts counts(info_);
        const Slots slots(counts);
        bool paged_unit = false;
        for (std::size_t mi = 0; mi < unit.mesh->meshes.size(); ++mi)
            paged_unit |= run_mesh(unit, mi, unit.mesh->meshes[mi], tally, slots, counts);
        if (paged_unit) counts.add("tagfiles_paged");
        counts.flush(tally);
    }

private:
    bool run_mesh(const Unit& unit, std::size_t mi, const DecodedMesh& m, Tally& tally, const Slots& slots,
                  UnitCounts& counts) const {
        const mesh::DecodedSections& s = m.sections;
        const bool page0_set = unit.set == "h" || unit.set == "object" || unit.set == "asset";
        bool any_paged = false;
        counts.add_at(slots.sections, s.size());
        for (std::uint32_t sec = 0; sec < s.size(); ++sec) {
            const std::uint8_t page = s.page[sec];
            if (page == 0) continue;
            any_paged = true;
            tally.max("max_page", page);
            counts.add_at(slots.sections_paged);
            counts.add_at(slots.page[std::min<int>(page, 5) - 1]);
            if (page0_set)
                counts.add_sampled_at(
                    tally, slots.paged_in_page0_set, [&] { return section_location(unit, mi, sec); },
                    [&] { return fmt::format("page {} in a {} file, expected 0", page, unit.set); });
        }

        std::optional<PageIgnoredPositions> ignored;
        const mesh::DecodedPrimitives& p = m.primitives;
        const mesh::DecodedVertices& v = m.vertices;
        for (std::uint32_t i = 0; i < p.size(); ++i) {
            if (!has_geometry(p.kind[i])) continue;
            const std::uint32_t sec = p.section[i];
            const PrimitiveCorners c = corners_of(m, i);
            bool uses_shared = false;
            for (int k = 0; k < c.count; ++k) uses_shared |= v.kind[c.slot[k]] != mesh::VertexKind::kPacked;
            if (uses_shared) counts.add_at(slots.primitives_shared);
            if (s.page[sec] == 0 || !uses_shared) continue;
            counts.add_at(slots.paged_primitives_shared);
            const std::uint32_t leaf = p.leaf_node[i];
            if (leaf == mesh::kNone) {
                counts.add_at(slots.without_leaf);
                continue;
            }
            const Box& box = m.section_trees.box[leaf];
            const Box& domain = m.section_trees.domain[sec];
            double applied = 0, without = 0;
            bool unresolved = false;
            for (int k = 0; k < c.count; ++k) {
                const std::uint32_t slot = c.slot[k];
                applied = std::max(applied, point_excess_ulps(v.x[slot], v.y[slot], v.z[slot], box, domain));
                float q[3] = {v.x[slot], v.y[slot], v.z[slot]};
                if (v.kind[slot] != mesh::VertexKind::kPacked) {
                    if (!ignored) ignored.emplace(unit, mi, m);
                    if (!ignored->position(v.shared_entry[slot], q)) unresolved = true;
                }
                without = std::max(without, point_excess_ulps(q[0], q[1], q[2], box, domain));
            }
            if (applied > kLeafBoxToleranceUlps)
                counts.add_sampled_at(
                    tally, slots.outside_applied, [&] { return primitive_location(unit, mi, m, i); },
                    [&] {
                        return fmt::format("page {}: a vertex {:.3g} ulps outside its leaf box, expected ≤ 16",
                                           s.page[sec], applied);
                    });
            if (unresolved) counts.add_at(slots.unresolved);
            else if (without > kLeafBoxToleranceUlps) counts.add_at(slots.outside_ignored);
        }

        // Triangles against their section's domain (a quad counts as two).
        const mesh::DecodedTriangles& t = m.triangles;
        counts.add_at(slots.triangles, t.size());
        double farthest = 0;  // the mesh's largest distance outside a domain, recorded once
        for (std::uint32_t ti = 0; ti < t.size(); ++ti) {
            const std::uint32_t sec = p.section[t.primitive[ti]];
            const Box& d = s.domain[sec];
            double outside = 0;
            bool strictly = true;
            for (int k = 0; k < 3; ++k) {
                const std::uint32_t slot = t.vertex[k][ti];
                const float q[3] = {v.x[slot], v.y[slot], v.z[slot]};
                for (int a = 0; a < 3; ++a) {
                    strictly = strictly && d.min[a] < q[a] && q[a] < d.max[a];
                    const double beyond =
                        std::max(static_cast<double>(d.min[a]) - q[a], static_cast<double>(q[a]) - d.max[a]);
                    outside = std::isnan(beyond) ? INFINITY : std::max(outside, beyond);
                }
            }
            farthest = std::max(farthest, outside);
            auto location = [&] {
                return fmt::format("{} / triangle key {}", primitive_location(unit, mi, m, t.primitive[ti]), t.key[ti]);
            };
            if (outside > kDomainToleranceMetres)
                counts.add_sampled_at(tally, slots.outside_domain, location, [&] {
                    return fmt::format("{:.3g} µm outside the section domain, expected ≤ 16 µm", outside * 1e6);
                });
            if (s.page[sec] == 0) continue;
            counts.add_at(slots.paged_triangles);
            if (strictly) counts.add_at(slots.strictly_inside);
            else
                counts.add_sampled_at(tally, slots.not_strictly_inside, location, [&] {
                    return fmt::format("page {}: on or outside the section domain, expected strictly inside",
                                       s.page[sec]);
                });
        }
        if (farthest > 0) tally.max("triangle_max_outside_domain_um", farthest * 1e6);
        return any_paged;
    }

    PassInfo info_;
};

MESHPROOF_REGISTER_PASS(PagePass);

}  // namespace
}  // namespace meshproof
