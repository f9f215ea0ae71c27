// Pass "degenerate" (family havok-mesh): the stock tool's degenerate-triangle test of
// havok-compressed-mesh.txt: "degenerate when the sum of the squares of the components of its
// edge cross product, worked out from either of its first two vertices in f32, is under … 10⁻⁷,
// or when its points are exactly collinear by |u|² |v|² − (u · v)² = 0". "none of the … kept
// triangles … is degenerate by it" is Observed, so the count is a plain rate (with samples).
#include <algorithm>

#include <fmt/format.h>

#include "engine/mesh/degenerate_triangle.h"
#include "engine/pipeline/pass.h"
#include "verifiers/mesh_walk.h"
#include "verifiers/unit_counts.h"

namespace meshproof {
namespace {

using namespace verifiers;

using V3 = mesh::V3f;
using mesh::smaller_cross_sq;
inline bool collinear(V3 a, V3 b, V3 c) { return mesh::exactly_collinear(a, b, c); }
inline constexpr float kThreshold = mesh::kDegenerateThreshold;
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
        };
        info_.counters = {
            {"kept_triangles", "triangles the meshes keep (a quad counting as two)", false},
            {"kept_degenerate", "kept triangles the stock test calls degenerate", false},
            {"kept_collinear", "of those, exactly collinear in f32", false},
            {"kept_under_1e_6", "kept triangles a threshold of 10⁻⁶ would call degenerate", false},
        };
    }
    const PassInfo& info() const override { return info_; }

    void run(const Unit& unit, Tally& tally) const override {
        if (unit.mesh == nullptr) return;
        UnitCounts counts(info_);
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
                const float sq = smaller_cross_sq(c[0], c[1], c[2]);
                const bool line = collinear(c[0], c[1], c[2]);
                if (sq < kLooseThreshold) counts.add("kept_under_1e_6");
                if (!(sq < kThreshold) && !line) continue;
                counts.add("kept_degenerate");
                if (line) counts.add("kept_collinear");
                tally.sample("kept_degenerate", fmt::format("{} / triangle key {}", primitive_location(unit, mi, m, t.primitive[i]), t.key[i]),
                             fmt::format("sum of squared cross-product components {:.3g}{}, expected ≥ 1e-7 and not collinear", sq,
                                         line ? " (exactly collinear)" : ""));
            }
        }
        counts.flush(tally);
    }

private:
    PassInfo info_;
};

MESHPROOF_REGISTER_PASS(DegeneratePass);

}  // namespace
}  // namespace meshproof
