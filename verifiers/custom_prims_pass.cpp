// Pass "custom_prims" (family havok-mesh): the custom primitives of havok-compressed-mesh.txt
// (b == d; "Pattern / Interpretation" table). Proven: "No h or l map binder of either game holds a
// custom primitive"; "In a point-set record, n is the node index of the primitive's own leaf in its
// section's tree … The third index is n again in Sekiro's 27 and 3 in Elden Ring's 28". The record
// layout beyond that (point counts, extern references used once) is Observed: plain counts.
#include <vector>

#include <fmt/format.h>

#include "engine/pipeline/pass.h"
#include "verifiers/mesh_walk.h"
#include "verifiers/unit_counts.h"

namespace meshproof {
namespace {

using namespace verifiers;

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
            {"pointset_third_index_mismatch", "point-set records whose third index is not n (2016.2) or 3 (2018.1)", true},
            {"extern_shapes", "externShapes entries", false},
            {"extern_shapes_not_referenced_once", "externShapes entries referenced by no or several custom primitives", false},
        };
    }
    const PassInfo& info() const override { return info_; }

    void run(const Unit& unit, Tally& tally) const override {
        if (unit.mesh == nullptr) return;
        UnitCounts counts(info_);
        const bool map_hl = unit.set == "h" || unit.set == "l";
        const bool sekiro_form = unit.mesh->sdk_version == "20160200";
        std::vector<std::uint32_t> referenced;
        for (std::size_t mi = 0; mi < unit.mesh->meshes.size(); ++mi) {
            const mesh::DecodedMesh& m = unit.mesh->meshes[mi];
            const mesh::DecodedPrimitives& p = m.primitives;
            for (std::uint32_t i = 0; i < p.size(); ++i) {
                if (!is_custom(p.kind[i])) continue;
                counts.add("custom_primitives");
                if (p.kind[i] == mesh::PrimitiveKind::kPointSet) counts.add("point_sets");
                else if (p.kind[i] == mesh::PrimitiveKind::kExternReference) counts.add("extern_refs");
                else counts.add("custom_unknown");
                if (map_hl) {
                    counts.add("custom_in_h_or_l");
                    tally.sample("custom_in_h_or_l", primitive_location(unit, mi, m, i), fmt::format("a custom primitive in a {} file", unit.set));
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
                                 fmt::format("n = {}, own leaf node {}", n, own == mesh::kNone ? std::string("none") : std::to_string(own)));
                }
                const std::uint32_t want_c = sekiro_form ? n : 3u;
                if (c == want_c) {
                    counts.add("pointset_third_index_ok");
                } else {
                    counts.add("pointset_third_index_mismatch");
                    tally.sample("pointset_third_index_mismatch", primitive_location(unit, mi, m, i),
                                 fmt::format("third index {}, expected {} (SDK {})", c, want_c, unit.mesh->sdk_version));
                }
            }
            const std::size_t shapes = m.extern_shapes.transform.size();
            counts.add("extern_shapes", shapes);
            referenced.assign(shapes, 0);
            for (std::uint32_t s : m.extern_references.shape_index)
                if (s < shapes) ++referenced[s];
            for (std::uint32_t r : referenced) counts.add("extern_shapes_not_referenced_once", r != 1 ? 1 : 0);
        }
        counts.flush(tally);
    }

private:
    PassInfo info_;
};

MESHPROOF_REGISTER_PASS(CustomPrimsPass);

}  // namespace
}  // namespace meshproof
