// Pass "degenerate" (family havok-mesh): the stock tool's degenerate-triangle test of
// havok-compressed-mesh.txt: "degenerate when the sum of the squares of the components of its
// edge cross product, worked out from either of its first two vertices in f32, is under … 10⁻⁷,
// or when its points are exactly collinear by |u|² |v|² − (u · v)² = 0". "none of the … kept
// triangles … is degenerate by it" is Observed, so the count is a plain rate (with samples).
// The key-less source rows and what the test says of them (the document's next sentences, the
// object-mesh paragraph and "Why else does the stock tool leave a source row out?") are counted by
// verifiers/keyless_rows.h, whose header says how the files are read; every figure there is
// Observed or Inferred, so none of these counters is a violation.
#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "engine/core/scratch_release.h"
#include "engine/rules/degenerate_triangle.h"
#include "engine/pipeline/pass.h"
#include "verifiers/keyless_rows.h"
#include "verifiers/mesh_walk.h"
#include "verifiers/unit_counts.h"

namespace meshproof {
namespace {

using namespace verifiers;

using V3 = rules::V3f;
using rules::smaller_cross_sq;
inline bool collinear(V3 a, V3 b, V3 c) { return rules::exactly_collinear(a, b, c); }
inline constexpr float kThreshold = rules::kDegenerateThreshold;
inline constexpr float kLooseThreshold = 1e-6f;  // "A threshold of 10⁻⁶ would call 2,574 … degenerate"

class DegeneratePass final : public Pass {
public:
    DegeneratePass() {
        info_.name = "degenerate";
        info_.family = "havok-mesh";
        info_.claims = {
            "degenerate when the sum of the squares … from either of its first two vertices in f32, is under 10⁻⁷ (Observed)",
            "or when its points are exactly collinear by |u|² |v|² − (u · v)² = 0 in f32 (Observed)",
            "Every triangle the meshes keep passes it (Observed)",
            "Of the rows without a key whose three source vertices a kept row also uses … it calls 13,345 of 87,100 degenerate (Observed)",
            "The second and third corners of a kept triangle come as close as 0.45 mm (Sekiro) and 1.6 mm (Elden Ring) (Observed)",
            "take the section that holds most of a row's corners, and test the corners as that section stores them (Observed)",
        };
        info_.counters = {
            {"kept_triangles", "triangles the meshes keep (a quad counting as two)", false},
            {"kept_degenerate", "kept triangles the stock test calls degenerate", false},
            {"kept_collinear", "of those, exactly collinear in f32", false},
            {"kept_under_1e_6", "kept triangles a threshold of 10⁻⁶ would call degenerate", false},
            {"kept_within_1cm", "kept triangles whose 2nd and 3rd corners are within 1 cm", false},
            {"source_rows", "pParam rows of the meshes with triangleIndexToShapeKey", false},
            {"keyed_rows", "of those, rows whose triangleIndexToShapeKey word names a triangle (kept rows)", false},
            {"keyless_rows", "rows without a key: no word, or a word naming no triangle", false},
            {"keyless_known", "key-less rows whose three source vertices a kept row also uses", false},
            {"keyless_degenerate", "of those, rows the stock test calls degenerate", false},
            {"keyless_passing", "of those, rows it does not call degenerate (left unexplained by the test)", false},
            {"keyless_unseen_vertex", "key-less rows using a source vertex no kept row uses", false},
            {"keyless_passing_repeated_index", "passing key-less rows naming a source vertex index twice", false},
            {"keyless_passing_same_positions", "passing key-less rows with the three positions of a kept triangle",
             false},
            {"keyless_passing_repeated_position",
             "passing key-less rows with a corner whose position another source index has", false},
            {"keyless_passing_within_1cm", "passing key-less rows whose 2nd and 3rd corners are within 1 cm", false},
            {"keyless_section_test_flags",
             "passing key-less rows flagged as the section holding most of their corners stores them", false},
            {"keyless_section_test_unflagged", "passing key-less rows that test leaves unexplained", false},
            {"keyless_any_section_flags",
             "passing key-less rows flagged as some section holding one of their corners stores them", false},
            {"kept_corners_off_first_position",
             "kept-row corners whose source index the first kept row naming it puts elsewhere (a check of the row pairing: a shifted pairing puts most there; sections quantising one source vertex on their own grids a few)",
             false},
        };
        info_.minima = {
            {"kept_min_corner_gap_mm", "smallest distance between the 2nd and 3rd corners of a kept triangle, mm",
             false},
            {"keyless_passing_min_cross_sq",
             "smallest sum of squared cross-product components of a passing key-less row", false},
        };
        info_.maxima = {
            {"keyless_passing_max_cross_sq",
             "largest sum of squared cross-product components of a passing key-less row", false},
        };
    }
    const PassInfo& info() const override { return info_; }

    void run(const Unit& unit, Tally& tally) const override {
        if (unit.mesh == nullptr) return;
        UnitCounts counts(info_);
        thread_local KeylessScratch scratch;
        const ReleaseAfterLargeUnit release(scratch, unit.triangles);
        KeylessRowCounts keyless;
        double min_gap_sq = std::numeric_limits<double>::infinity();
        const std::size_t slot_within_1cm = counts.slot("kept_within_1cm");
        for (std::size_t mi = 0; mi < unit.mesh->meshes.size(); ++mi) {
            const mesh::DecodedMesh& m = unit.mesh->meshes[mi];
            const mesh::DecodedVertices& v = m.vertices;
            const mesh::DecodedTriangles& t = m.triangles;
            counts.add("kept_triangles", t.size());
            for (std::uint32_t i = 0; i < t.size(); ++i) {
                V3 c[3];
                for (int k = 0; k < 3; ++k) {
                    const std::uint32_t s = t.vertex[k][i];
                    c[k] = {v.x[s], v.y[s], v.z[s]};
                }
                // "The second and third corners of a kept triangle": corners 1 and 2 as decoded (a
                // quad's halves are a b c and a c d), the corners its row names in that order.
                const double dx = static_cast<double>(c[1].x) - c[2].x, dy = static_cast<double>(c[1].y) - c[2].y,
                             dz = static_cast<double>(c[1].z) - c[2].z;
                const double gap_sq = dx * dx + dy * dy + dz * dz;
                min_gap_sq = std::min(min_gap_sq, gap_sq);
                if (gap_sq <= 1.0001e-4 && std::sqrt(gap_sq) <= 0.01) counts.add_at(slot_within_1cm);
                const float sq = smaller_cross_sq(c[0], c[1], c[2]);
                const bool line = collinear(c[0], c[1], c[2]);
                if (sq < kLooseThreshold) counts.add("kept_under_1e_6");
                if (!(sq < kThreshold) && !line) continue;
                counts.add("kept_degenerate");
                if (line) counts.add("kept_collinear");
                tally.sample(
                    "kept_degenerate",
                    fmt::format("{} / triangle key {}", primitive_location(unit, mi, m, t.primitive[i]), t.key[i]),
                    fmt::format("sum of squared cross-product components {:.3g}{}, expected ≥ 1e-7 and not collinear",
                                sq, line ? " (exactly collinear)" : ""));
            }
            count_keyless_rows(m, scratch, keyless);
        }
        if (std::isfinite(min_gap_sq)) tally.min("kept_min_corner_gap_mm", std::sqrt(min_gap_sq) * 1e3);
        add_keyless(keyless, counts, tally);
        counts.flush(tally);
    }

private:
    static void add_keyless(const KeylessRowCounts& k, UnitCounts& counts, Tally& tally) {
        counts.add("source_rows", k.rows);
        counts.add("keyed_rows", k.kept);
        counts.add("keyless_rows", k.keyless);
        counts.add("keyless_known", k.known);
        counts.add("keyless_degenerate", k.degenerate);
        counts.add("keyless_passing", k.passing);
        counts.add("keyless_unseen_vertex", k.unseen_vertex);
        counts.add("keyless_passing_repeated_index", k.passing_repeated_index);
        counts.add("keyless_passing_same_positions", k.passing_same_positions);
        counts.add("keyless_passing_repeated_position", k.passing_repeated_position);
        counts.add("keyless_passing_within_1cm", k.passing_within_1cm);
        counts.add("keyless_section_test_flags", k.section_test_flags);
        counts.add("keyless_section_test_unflagged", k.passing - k.section_test_flags);
        counts.add("keyless_any_section_flags", k.any_section_flags);
        counts.add("kept_corners_off_first_position", k.kept_corners_off_first_position);
        if (k.passing > 0) {
            tally.min("keyless_passing_min_cross_sq", k.passing_min_cross_sq);
            tally.max("keyless_passing_max_cross_sq", k.passing_max_cross_sq);
        }
    }

    PassInfo info_;
};

MESHPROOF_REGISTER_PASS(DegeneratePass);

}  // namespace
}  // namespace meshproof
