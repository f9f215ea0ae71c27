// Pass "extern" (family havok-extern): the f-set body rules of havok-compressed-mesh.txt.
// "Every body of every f file is an hknpExternMeshShape … The body's pose is the identity, its
// motion type 0, its mass −1 and its motion-properties index 0xFFFF; every triangle's material is
// −1 and every vertex index is in range" (Proven; the decoder refuses an index out of range);
// vertices with w = 1, no repeated corner; the version-2 form (aabbTree of 2n − 1 nodes naming each
// triangle once, simd tree of its two empty nodes) and version 3 (simd tree alone, isCompact 1);
// "numShapeKeyBits is bitlen(n) for the version 2 form and bitlen(n) + 1 for version 3" (Proven).
#include <bit>
#include <cmath>
#include <vector>

#include <fmt/format.h>

#include "engine/pipeline/pass.h"
#include "verifiers/mesh_walk.h"
#include "verifiers/unit_counts.h"

namespace meshproof {
namespace {

using namespace verifiers;

class ExternPass final : public Pass {
public:
    ExternPass() {
        info_.name = "extern";
        info_.family = "havok-extern";
        info_.claims = {
            "The body's pose is the identity, its motion type 0, its mass −1 and its motion-properties index 0xFFFF (Proven)",
            "vertices as hkVector4 with w = 1 … every triangle's material is −1 … none with a repeated corner (Proven)",
            "Version 2 … has an aabbTree and a simd tree that is only its two empty nodes (Proven)",
            "A tree of n triangles has 2n − 1 nodes and its leaves name each triangle once (Proven)",
            "Version 3 … has the simd tree alone, with isCompact 1 in every one that has a triangle (Proven)",
            "numShapeKeyBits is bitlen(n) for the version 2 form and bitlen(n) + 1 for version 3 (Proven)",
        };
        info_.counters = {
            {"bodies", "bodies whose shape is an hknpExternMeshShape", false},
            {"vertices", "hkGeometry vertices", false},
            {"triangles", "hkGeometry triangles", false},
            {"files_2016_geometry", "files whose geometry class lacks useTriangleMaterialAsShapeTag (2016.2)", false},
            {"files_2018_geometry", "files whose geometry class has useTriangleMaterialAsShapeTag (2018.1)", false},
            {"pose_not_identity", "bodies whose pose is not the identity (w within 1e-6 of 1)", true},
            {"motion_type_not_0", "bodies whose motion type is not 0", true},
            {"mass_not_minus_1", "bodies whose mass is not −1", true},
            {"motion_properties_not_ffff", "bodies whose motion-properties index is not 0xFFFF", true},
            {"vertex_w_not_1", "vertices whose w is not 1", true},
            {"material_not_minus_1", "triangles whose material is not −1", true},
            {"repeated_corner", "triangles with a repeated corner", true},
            {"v2_bodies", "bodies whose extern mesh data is version 2", false},
            {"v3_bodies", "bodies with a triangle whose extern mesh data is version 3", false},
            {"v3_bodies_empty", "version 3 bodies without a triangle", false},
            {"v2_without_aabb_tree", "version 2 bodies without an aabbTree", true},
            {"v2_simd_not_two_empty_nodes", "version 2 bodies whose simd tree is not two empty nodes", true},
            {"aabbtree_full", "aabbTrees with 2n − 1 nodes whose leaves name each triangle once", false},
            {"aabbtree_not_full", "aabbTrees without 2n − 1 nodes or whose leaves do not name each triangle once",
             true},
            {"v3_is_compact_not_1", "version 3 simd trees with a triangle whose isCompact is not 1", true},
            {"keybits_ok", "bodies with a triangle whose numShapeKeyBits follows their version", false},
            {"keybits_ok_v2", "of those, version 2 bodies (numShapeKeyBits = bitlen(n))", false},
            {"keybits_ok_v3", "of those, version 3 bodies (numShapeKeyBits = bitlen(n) + 1)", false},
            {"keybits_mismatch", "bodies with a triangle whose numShapeKeyBits does not follow their version", true},
            {"files", "f files (tagfile members of an f binder) read", false},
            {"files_with_triangles", "f files whose bodies hold a triangle (counted from the stored array lengths)",
             false},
            {"files_without_triangles", "f files whose bodies hold no triangle, or that hold no body", false},
        };
        // "The body's pose is the identity, its motion type 0, its mass −1 …": what every body and
        // vertex holds, as value sets, so a figure reads the one value seen rather than a count of
        // the members breaking a rule (which only a rule whose value is 0 could stand for).
        info_.value_sets = {
            {"body_motion_type", "the motion type of every f-set body, with its count", false},
            {"body_mass", "the mass of every f-set body, with its count", false},
            {"body_motion_properties", "the motion-properties index of every f-set body, with its count", false},
            {"vertex_w", "the w of every hkGeometry vertex, with its count", false},
            {"triangle_material", "the material of every hkGeometry triangle, with its count", false},
            {"v2_simd_nodes", "the node count of every version 2 simd tree, with its count", false},
            {"v3_is_compact", "the isCompact of every version 3 simd tree with a triangle, with its count", false},
            {"empty_file_bytes", "the size in bytes of every f tagfile holding no body (decompressed), with its count",
             false},
        };
        info_.maxima = {
            {"max_triangles_body", "most triangles in one f-set body", false},
        };
    }
    const PassInfo& info() const override { return info_; }

    void run(const Unit& unit, Tally& tally) const override {
        if (unit.mesh == nullptr) return;
        UnitCounts counts(info_);
        const mesh::DecodedMember& member = unit.mesh[0];
        bool old_geometry = false, new_geometry = false;
        std::vector<std::uint32_t> named;
        std::size_t triangles = 0;
        for (std::size_t b = 0; b < member.bodies.size(); ++b) {
            if (member.bodies.shape_kind[b] != mesh::ShapeKind::kExternMesh) continue;
            const std::string where = fmt::format("{} / body {}", unit.path, b);
            counts.add("bodies");
            tally.value("body_motion_type", member.bodies.motion_type[b]);
            tally.value("body_mass", member.bodies.mass[b]);
            tally.value("body_motion_properties", member.bodies.motion_properties_id[b]);
            const auto& pos = member.bodies.position[b];
            const auto& q = member.bodies.orientation[b];
            if (pos[0] != 0 || pos[1] != 0 || pos[2] != 0 || q[0] != 0 || q[1] != 0 || q[2] != 0 ||
                std::fabs(q[3] - 1.0f) > 1e-6f) {
                counts.add("pose_not_identity");
                tally.sample("pose_not_identity", where,
                             fmt::format("position ({}, {}, {}), orientation ({}, {}, {}, {})", pos[0], pos[1], pos[2],
                                         q[0], q[1], q[2], q[3]));
            }
            if (member.bodies.motion_type[b] != 0) {
                counts.add("motion_type_not_0");
                tally.sample("motion_type_not_0", where,
                             fmt::format("motion type {}, expected 0", member.bodies.motion_type[b]));
            }
            if (member.bodies.mass[b] != -1.0f) {
                counts.add("mass_not_minus_1");
                tally.sample("mass_not_minus_1", where, fmt::format("mass {}, expected −1", member.bodies.mass[b]));
            }
            if (member.bodies.motion_properties_id[b] != 0xFFFF) {
                counts.add("motion_properties_not_ffff");
                tally.sample("motion_properties_not_ffff", where,
                             fmt::format("motion-properties index 0x{:X}, expected 0xFFFF",
                                         member.bodies.motion_properties_id[b]));
            }
            const std::uint32_t ei = member.bodies.shape_index[b];
            if (ei >= member.extern_meshes.size()) continue;
            const mesh::DecodedExternMesh& e = member.extern_meshes[ei];
            (e.has_use_triangle_material_as_shape_tag ? new_geometry : old_geometry) = true;
            triangles += e.triangle_count();
            geometry(where, e, tally, counts);
            forms(where, e, tally, counts, named);
        }
        if (old_geometry) counts.add("files_2016_geometry");
        if (new_geometry) counts.add("files_2018_geometry");
        if (unit.set == "f") {
            counts.add("files");
            counts.add(triangles > 0 ? "files_with_triangles" : "files_without_triangles");
            if (member.bodies.size() == 0) tally.value("empty_file_bytes", static_cast<double>(unit.bytes.size()));
        }
        counts.flush(tally);
    }

private:
    static void geometry(const std::string& where, const mesh::DecodedExternMesh& e, Tally& tally, UnitCounts& counts) {
        // The common value is counted here and given to the value set once per body: one map
        // lookup per body, not per vertex or triangle.
        counts.add("vertices", e.x.size());
        counts.add("triangles", e.triangle_count());
        if (e.triangle_count() > 0) tally.max("max_triangles_body", static_cast<double>(e.triangle_count()));
        std::uint64_t w_one = 0;
        for (std::uint32_t v = 0; v < e.w.size(); ++v) {
            if (e.w[v] == 1.0f) {
                ++w_one;
                continue;
            }
            tally.value("vertex_w", e.w[v]);
            counts.add("vertex_w_not_1");
            tally.sample("vertex_w_not_1", fmt::format("{} / vertex {}", where, v),
                         fmt::format("w {}, expected 1", e.w[v]));
        }
        if (w_one > 0) tally.value("vertex_w", 1.0, w_one);
        std::uint64_t material_minus_1 = 0;
        for (std::uint32_t t = 0; t < e.triangle_count(); ++t) {
            if (e.material[t] == -1) {
                ++material_minus_1;
            } else {
                tally.value("triangle_material", e.material[t]);
                counts.add("material_not_minus_1");
                tally.sample("material_not_minus_1", fmt::format("{} / triangle {}", where, t),
                             fmt::format("material {}, expected −1", e.material[t]));
            }
            const std::uint32_t a = e.triangle[0][t], b = e.triangle[1][t], c = e.triangle[2][t];
            if (a == b || b == c || a == c) {
                counts.add("repeated_corner");
                tally.sample("repeated_corner", fmt::format("{} / triangle {}", where, t),
                             fmt::format("corners {}, {}, {}", a, b, c));
            }
        }
        if (material_minus_1 > 0) tally.value("triangle_material", -1.0, material_minus_1);
    }

    static void forms(const std::string& where, const mesh::DecodedExternMesh& e, Tally& tally, UnitCounts& counts,
                      std::vector<std::uint32_t>& named) {
        const std::uint32_t n = static_cast<std::uint32_t>(e.triangle_count());
        const bool v2 = e.bounding_volume_version == 2;
        if (v2) {
            counts.add("v2_bodies");
            if (!e.has_aabb_tree) {
                counts.add("v2_without_aabb_tree");
                tally.sample("v2_without_aabb_tree", where, "version 2 data without an aabbTree");
            } else if (n > 0) {
                const mesh::StaticTreeNodes& t = e.aabb_tree;
                named.assign(n, 0);
                bool ok = t.size() == 2ull * n - 1;
                for (std::uint32_t k = 0; k < t.size(); ++k)
                    if (t.is_leaf[k]) ok = ok && t.payload[k] < n && ++named[t.payload[k]] == 1;
                for (std::uint32_t x : named) ok = ok && x == 1;
                if (ok) {
                    counts.add("aabbtree_full");
                } else {
                    counts.add("aabbtree_not_full");
                    tally.sample("aabbtree_not_full", where,
                                 fmt::format("{} nodes for {} triangles, or a triangle not named once", t.size(), n));
                }
            }
            if (e.has_simd_tree) tally.value("v2_simd_nodes", static_cast<double>(e.simd_tree.node_count()));
            bool two_empty = e.has_simd_tree && e.simd_tree.node_count() == 2;
            if (two_empty)
                for (mesh::LaneKind k : e.simd_tree.lane_kind) two_empty = two_empty && k == mesh::LaneKind::kEmpty;
            if (!two_empty) {
                counts.add("v2_simd_not_two_empty_nodes");
                tally.sample("v2_simd_not_two_empty_nodes", where,
                             fmt::format("simd tree of {} nodes", e.simd_tree.node_count()));
            }
        } else if (n > 0) {
            counts.add("v3_bodies");
            if (e.has_simd_tree && e.simd_tree.has_is_compact) tally.value("v3_is_compact", e.simd_tree.is_compact);
            if (e.has_simd_tree && e.simd_tree.has_is_compact && e.simd_tree.is_compact != 1) {
                counts.add("v3_is_compact_not_1");
                tally.sample("v3_is_compact_not_1", where,
                             fmt::format("isCompact {}, expected 1", e.simd_tree.is_compact));
            }
        } else {
            counts.add("v3_bodies_empty");
        }
        if (n == 0) return;
        const std::uint32_t want = static_cast<std::uint32_t>(std::bit_width(n)) + (v2 ? 0u : 1u);
        if (e.num_shape_key_bits == want) {
            counts.add("keybits_ok");
            counts.add(v2 ? "keybits_ok_v2" : "keybits_ok_v3");  // the document states each version's count
        } else {
            counts.add("keybits_mismatch");
            tally.sample("keybits_mismatch", where,
                         fmt::format("numShapeKeyBits {} for {} triangles (version {}), expected {}",
                                     e.num_shape_key_bits, n, e.bounding_volume_version, want));
        }
    }

    PassInfo info_;
};

MESHPROOF_REGISTER_PASS(ExternPass);

}  // namespace
}  // namespace meshproof
