// Pass "structure" (family havok-mesh): the structural "Proven" claims of havok-compressed-mesh.txt
// on sections, runs, data runs, flags and the static trees of every compressed mesh.
//
// The decoder refuses some breaches outright (a run past its array, a vertex index past the
// section's slots, a link outside the tree): those members are decode errors, never seen here.
//
// Elden Ring's body shapes that are boxes (DecodedMember::other_shapes): the flat boxes ("boxes
// with convex radius 0 and one extent of 0, up to 256 m across") and of those the thin boxes,
// flat boxes whose faces' own vertices miss their planes ("Thin boxes about 300 m from their
// body's origin have planes that their own vertices miss by up to about four f32 units in the
// last place"): verifiers/box_shapes.h states the readings (extents from the plane pairs, the miss
// in ulps of the vertex's largest coordinate, the distance of the box's centre). "A fixed
// tolerance of 0.01 mm rejects them" is the document's own test, not counted here.
#include <array>
#include <cmath>
#include <optional>
#include <map>
#include <vector>

#include <fmt/format.h>

#include "engine/core/scratch_release.h"
#include "engine/mesh/vertex_codec.h"
#include "engine/pipeline/pass.h"
#include "engine/tagfile/tagfile.h"
#include "verifiers/box_shapes.h"
#include "verifiers/mesh_walk.h"
#include "verifiers/unit_counts.h"
#include "verifiers/vertex_sharing.h"

namespace meshproof {
namespace {

using namespace verifiers;
using mesh::DecodedMesh;
using mesh::StaticTreeNodes;

inline constexpr std::uint32_t kMaxPrimitives = 127;  // "at most 127 primitives and 255 vertex slots"
inline constexpr std::uint32_t kMaxVertexSlots = 255;
inline constexpr std::uint16_t kDataRunValue = 0xFFFF;
inline constexpr std::array<std::uint32_t, 3> kTopPackedCode = {0x7FF, 0x7FF, 0x3FF};  // 11/11/10 bits

// Scratch one thread reuses from unit to unit (the pass keeps no mutable state of its own).
struct Scratch {
    std::vector<std::uint32_t> named;
    std::vector<std::uint32_t> last_user;
    std::vector<std::uint8_t> users;
    PositionTable positions;
};

class StructurePass final : public Pass {
public:
    StructurePass() {
        info_.name = "structure";
        info_.family = "havok-mesh";
        info_.claims = {
            "The runs tile the three arrays in section order … the first section's at 0 … the last … at the end (Proven)",
            "A section holds at most 127 primitives and 255 vertex slots (packed plus shared) (Proven)",
            "Every section names exactly one data run, and it is {0xFFFF, 0, the section's primitive count} (Proven)",
            "every run of the tree's primitiveDataRuns is named by some section (Proven)",
            "flags: 1 in exactly the sections that hold a custom primitive or an extern reference (Proven)",
            "flags, counted over every distinct tagfile: of 273,409 Sekiro and 705,798 Elden Ring sections, 10 and 157 have flags 1 (Observed)",
            "layerData 0 in every section; Sekiro's unusedData likewise (Proven)",
            "leafIndex: the node index of the section's leaf in the mesh-level tree (Proven)",
            "the nodes form one pre-order tree with every node reached once (Proven)",
            "Section-tree leaves name each of the section's primitives exactly once; mesh-tree leaves name each section once (Proven)",
            "In Sekiro the low byte of sharedVertices.data … equals numPackedVertices (Proven)",
            "numTriangles and numConvexShapes are 0 in every mesh (Proven)",
            "The connectivity object … is empty in every mesh (Proven)",
        };
        info_.counters = {
            {"meshes", "compressed meshes", false},
            {"mesh_trees", "mesh trees", false},
            {"sections", "sections (section trees)", false},
            {"section_tree_leaves", "section-tree leaves", false},
            {"runs_tile_meshes", "meshes whose section runs tile the three arrays", false},
            {"runs_not_tiling",
             "section runs that do not start where the previous section's end (or the last end short)", true},
            {"sections_over_127_primitives", "sections with more than 127 primitives", true},
            {"sections_over_255_vertex_slots", "sections with more than 255 vertex slots", true},
            {"sections_data_runs_not_one", "sections naming other than exactly one data run", true},
            {"data_runs_not_ffff_0_count", "named data runs other than {0xFFFF, 0, the section's primitive count}",
             true},
            {"data_runs_unnamed", "primitiveDataRuns entries named by no section", true},
            {"meshes_repeat_run", "meshes where a data run is named by more than one section", false},
            {"flagged_sections", "sections with flags 1", false},
            {"distinct_sections",
             "sections, counted over distinct tagfiles (equal bytes in several binders counted once, in the set of the first in path order)",
             false},
            {"distinct_flagged_sections", "sections with flags 1, counted over distinct tagfiles", false},
            {"flags_mismatch", "sections whose flags are not 1 exactly when they hold a custom primitive", true},
            {"layer_data_nonzero", "sections with layerData other than 0", true},
            {"unused_data_nonzero", "sections with unusedData other than 0", true},
            {"leafindex_ok", "sections whose leafIndex is the node of their mesh-tree leaf", false},
            {"leafindex_mismatch", "sections whose leafIndex is not the mesh-tree leaf naming them", true},
            {"trees_not_preorder",
             "static trees that are not one pre-order tree (second child not after the first's subtree)", true},
            {"tree_nodes_not_reached_once", "static-tree nodes reached never or more than once", true},
            {"primitives_not_named_once", "primitives named by no section-tree leaf or by several", true},
            {"sections_not_named_once", "sections named by no mesh-tree leaf or by several", true},
            {"shared_low_byte_ok", "Sekiro sections whose sharedVertices.data low byte equals numPackedVertices",
             false},
            {"shared_low_byte_mismatch",
             "Sekiro sections whose sharedVertices.data low byte differs from numPackedVertices", true},
            {"flatconvex_255", "meshes whose primitiveStoresIsFlatConvex is 255", false},
            {"flatconvex_other", "meshes whose primitiveStoresIsFlatConvex is neither 0 nor 255", false},
            {"codec_offset_is_domain_min", "sections whose codecParms offset equals the domain minimum", false},
            {"num_triangles_nonzero", "meshes whose numTriangles is not 0", true},
            {"num_convex_shapes_nonzero", "meshes whose numConvexShapes is not 0", true},
            {"connectivity_not_empty", "meshes whose connectivity has headers or links", true},
            {"sections_in_range",
             "sections whose three runs start where the previous section's end (the last ending at the end of the packed and shared-index arrays) and whose vertex indices are below their slots",
             false},
            {"sections_with_packed", "sections with packed vertices", false},
            {"packed_codes_span",
             "of those, sections where on every axis some packed vertex has code 0 and some the top code", false},
            {"shared_vertices", "sharedVertices entries", false},
            {"shared_single_section", "sharedVertices entries listed by the shared-index run of exactly one section",
             false},
            {"packed_positions", "distinct packed-vertex positions of a mesh, rounded to 1 mm", false},
            {"packed_positions_in_two_sections",
             "of those, positions packed vertices of two sections or more of the mesh share", false},
            {"body_shapes_unread",
             "body shapes that are neither mesh and could not be read or decoded (left out of the box figures; the member's meshes are verified all the same)",
             false},
            {"body_boxes", "Elden Ring body shapes of class hknpBoxShape (each shape object once)", false},
            {"body_boxes_unpaired", "of those, boxes whose planes are not six in three opposite pairs (not measured)",
             false},
            {"flat_boxes", "boxes with convex radius 0 and one extent exactly 0", false},
            {"thin_boxes", "flat boxes whose faces' own vertices miss their planes", false},
        };
        info_.value_sets = {
            {"section_data_run_value", "the value of every data run a section names (0xFFFF), with its count", false},
            {"section_data_runs",
             "the number of data runs every section names (in Sekiro the low byte of dataRuns.data), with its count",
             false},
            {"shape_class_version",
             "the version of hknpCompressedMeshShape in the type table of every tagfile holding a compressed mesh (-1: the type states none)",
             false},
            {"hl_file_triangles",
             "the triangles of every h and l file (one per triangle, two per quad, over its meshes), with its count",
             false},
            {"thin_box_distance_m",
             "the distance of every thin box's centre from its body's origin, rounded to whole metres", false},
        };
        info_.maxima = {
            {"max_primitives", "most primitives in a section", false},
            {"max_vertex_slots", "most vertex slots (packed plus shared) in a section", false},
            {"flat_box_max_m", "the largest extent of a flat box, m", false},
            {"thin_box_plane_miss_ulp", "the largest miss of a thin box's plane by its face's own vertices, f32 ulps",
             false},
        };
    }
    const PassInfo& info() const override { return info_; }

    void run(const Unit& unit, Tally& tally) const override {
        if (unit.mesh == nullptr) return;
        UnitCounts counts(info_);
        thread_local Scratch scratch;
        const ReleaseAfterLargeUnit release(scratch, unit.triangles);
        shape_version(unit, tally);
        // "The dungeons m30, m31, m32, m34 and m35 store one-triangle placeholders in their h and l
        // files": a place scope (scope.map) reads the value set over their files.
        if (unit.set == "h" || unit.set == "l") {
            std::uint64_t triangles = 0;
            for (const DecodedMesh& m : unit.mesh->meshes) triangles += m.triangles.size();
            tally.value("hl_file_triangles", static_cast<double>(triangles));
        }
        for (std::size_t mi = 0; mi < unit.mesh->meshes.size(); ++mi) {
            const DecodedMesh& m = unit.mesh->meshes[mi];
            counts.add("meshes");
            counts.add("mesh_trees");
            counts.add("sections", m.sections.size());
            counts.add("section_tree_leaves", count_leaves(m.section_trees));
            runs(unit, mi, m, tally, counts);
            sections(unit, mi, m, tally, counts);
            data_runs(unit, mi, m, tally, counts, scratch.named);
            trees(unit, mi, m, tally, counts, scratch.named);
            shape_members(unit, mi, m, tally, counts);
            packed_codes(m, counts);
            const SharedUse shared = shared_vertex_use(m, scratch.last_user, scratch.users);
            counts.add("shared_vertices", shared.entries);
            counts.add("shared_single_section", shared.single_section);
            const PackedSharing packed = packed_position_sharing(m, scratch.positions);
            counts.add("packed_positions", packed.positions);
            counts.add("packed_positions_in_two_sections", packed.in_two_sections);
        }
        for (const Error& e : unit.mesh->other_shape_errors) {
            counts.add("body_shapes_unread");
            tally.sample("body_shapes_unread", fmt::format("{} / shape at 0x{:X}", unit.path, e.offset), e.message);
        }
        if (unit.game == Game::kEldenRing) boxes(*unit.mesh, tally, counts);
        counts.flush(tally);
        // "flags, counted over every distinct tagfile": the same tagfile read in several binders once.
        tally.distinct("distinct_sections", unit.content_key(), counts.get("sections"));
        tally.distinct("distinct_flagged_sections", unit.content_key(), counts.get("flagged_sections"));
    }

private:
    static void boxes(const mesh::DecodedMember& member, Tally& tally, UnitCounts& counts) {
        const mesh::DecodedExternShapes& shapes = member.other_shapes;
        for (std::size_t s = 0; s < shapes.shape_count(); ++s) {
            if (shapes.type[s] != tagfile::ShapeType::kBox) continue;
            counts.add("body_boxes");
            const std::optional<BoxMeasure> box = measure_box(shapes, s);
            if (!box) {
                counts.add("body_boxes_unpaired");
                continue;
            }
            if (!box->flat) continue;
            counts.add("flat_boxes");
            tally.max("flat_box_max_m", box->size);
            if (!box->thin) continue;
            counts.add("thin_boxes");
            tally.max("thin_box_plane_miss_ulp", box->plane_miss_ulp);
            tally.value("thin_box_distance_m", std::round(box->distance));
        }
    }

    static std::uint64_t count_leaves(const StaticTreeNodes& t) {
        std::uint64_t n = 0;
        for (std::uint8_t leaf : t.is_leaf) n += leaf != 0;
        return n;
    }

    // "a section's runs start where the previous section's end, the first section's at 0, and the
    // last section's end at the end of each array". The decoded member does not keep the length of
    // the primitives array, so the primitives' last end is checked only against each other.
    void runs(const Unit& unit, std::size_t mi, const DecodedMesh& m, Tally& tally, UnitCounts& counts) const {
        const mesh::DecodedSections& s = m.sections;
        std::uint64_t packed = 0, shared = 0, prims = 0;
        bool tiles = true, section_ok = true;
        auto fail = [&](std::uint32_t sec, const char* what, std::uint64_t got, std::uint64_t expected) {
            tiles = false;
            section_ok = false;
            counts.add("runs_not_tiling");
            tally.sample("runs_not_tiling", section_location(unit, mi, sec),
                         fmt::format("{} run at {}, expected {}", what, got, expected));
        };
        for (std::uint32_t sec = 0; sec < s.size(); ++sec) {
            section_ok = true;
            if (s.first_packed[sec] != packed) fail(sec, "packed-vertex", s.first_packed[sec], packed);
            if (s.first_shared[sec] != shared) fail(sec, "shared-index", s.first_shared[sec], shared);
            if (s.first_primitive[sec] != prims) fail(sec, "primitive", s.first_primitive[sec], prims);
            packed = std::uint64_t{s.first_packed[sec]} + s.num_packed[sec];
            shared = std::uint64_t{s.first_shared[sec]} + s.num_shared[sec];
            prims = std::uint64_t{s.first_primitive[sec]} + s.num_primitives[sec];
            if (sec + 1 == s.size()) {
                if (packed != m.packed_vertex_count) fail(sec, "packed-vertex run end", packed, m.packed_vertex_count);
                if (shared != m.shared_index_count) fail(sec, "shared-index run end", shared, m.shared_index_count);
            }
            if (section_ok && indices_in_range(m, sec)) counts.add("sections_in_range");
        }
        if (tiles) counts.add("runs_tile_meshes");
    }

    // "Every vertex index of a triangle or quad, and the first index of every custom primitive, is
    // below the section's packed-vertex count plus its shared-index count." (The decoder refuses a
    // member that breaks it, so on decoded members this fails only where its runs do.)
    static bool indices_in_range(const DecodedMesh& m, std::uint32_t sec) {
        const mesh::DecodedSections& s = m.sections;
        const mesh::DecodedPrimitives& p = m.primitives;
        const std::uint32_t slots = s.num_packed[sec] + s.num_shared[sec];
        const std::uint32_t end = sec + 1 < s.size() ? s.primitive_base[sec + 1] : static_cast<std::uint32_t>(p.size());
        for (std::uint32_t i = s.primitive_base[sec]; i < end && i < p.size(); ++i) {
            if (p.kind[i] == mesh::PrimitiveKind::kDead) continue;
            const int corners = is_custom(p.kind[i]) ? 1 : 4;
            for (int k = 0; k < corners; ++k)
                if (p.indices[k][i] >= slots) return false;
        }
        return true;
    }

    // "some packed vertex has code 0 and some the top code on every axis, so the codec spans the
    // box of the packed vertices": over each section's packed slots, the stored words.
    static void packed_codes(const DecodedMesh& m, UnitCounts& counts) {
        const mesh::DecodedSections& s = m.sections;
        const mesh::DecodedVertices& v = m.vertices;
        if (v.packed_word.size() != v.size()) return;  // a member not built by the decoder
        for (std::uint32_t sec = 0; sec < s.size(); ++sec) {
            if (s.num_packed[sec] == 0) continue;
            counts.add("sections_with_packed");
            std::array<bool, 3> low{}, top{};
            const std::size_t first = s.first_slot[sec];
            for (std::size_t i = first; i < first + s.num_packed[sec] && i < v.size(); ++i) {
                const auto c = mesh::packed_codes(v.packed_word[i]);
                for (int a = 0; a < 3; ++a) {
                    low[a] = low[a] || c[a] == 0;
                    top[a] = top[a] || c[a] == kTopPackedCode[a];
                }
            }
            if (low[0] && low[1] && low[2] && top[0] && top[1] && top[2]) counts.add("packed_codes_span");
        }
    }

    // "version 6 in Sekiro, 7 with externShapes in Elden Ring": the class version as the tagfile's
    // type table (its own TYPE or the compendium's) states it, once per tagfile holding a mesh.
    static void shape_version(const Unit& unit, Tally& tally) {
        if (unit.tagfile == nullptr || unit.mesh->meshes.empty()) return;
        const tagfile::TypeTable& types = unit.tagfile->types();
        const auto type = types.find_type("hknpCompressedMeshShape");
        if (!type) return;
        const tagfile::TypeInfo& info = types.info(*type);
        tally.value("shape_class_version", (info.optionals & tagfile::type_optional::kVersion) != 0
                                               ? static_cast<double>(info.version)
                                               : -1.0);
    }

    void sections(const Unit& unit, std::size_t mi, const DecodedMesh& m, Tally& tally, UnitCounts& counts) const {
        const mesh::DecodedSections& s = m.sections;
        const mesh::DecodedPrimitives& p = m.primitives;
        std::uint32_t most_prims = 0, most_slots = 0;
        for (std::uint32_t sec = 0; sec < s.size(); ++sec) {
            const std::uint32_t slots = s.num_packed[sec] + s.num_shared[sec];
            most_prims = std::max(most_prims, s.num_primitives[sec]);
            most_slots = std::max(most_slots, slots);
            if (s.num_primitives[sec] > kMaxPrimitives) {
                counts.add("sections_over_127_primitives");
                tally.sample("sections_over_127_primitives", section_location(unit, mi, sec),
                             fmt::format("{} primitives, at most 127", s.num_primitives[sec]));
            }
            if (slots > kMaxVertexSlots) {
                counts.add("sections_over_255_vertex_slots");
                tally.sample("sections_over_255_vertex_slots", section_location(unit, mi, sec),
                             fmt::format("{} vertex slots, at most 255", slots));
            }
            bool custom = false;
            const std::uint32_t end =
                sec + 1 < s.size() ? s.primitive_base[sec + 1] : static_cast<std::uint32_t>(p.size());
            for (std::uint32_t i = s.primitive_base[sec]; i < end; ++i) custom = custom || is_custom(p.kind[i]);
            if (s.flags[sec] == 1) counts.add("flagged_sections");
            if ((s.flags[sec] == 1) != custom) {
                counts.add("flags_mismatch");
                tally.sample("flags_mismatch", section_location(unit, mi, sec),
                             fmt::format("flags {} with {} custom primitive, expected {}", s.flags[sec],
                                         custom ? "a" : "no", custom ? 1 : 0));
            }
            if (s.layer_data[sec] != 0) {
                counts.add("layer_data_nonzero");
                tally.sample("layer_data_nonzero", section_location(unit, mi, sec),
                             fmt::format("layerData {}, expected 0", s.layer_data[sec]));
            }
            if (s.unused_data[sec] != 0) {
                counts.add("unused_data_nonzero");
                tally.sample("unused_data_nonzero", section_location(unit, mi, sec),
                             fmt::format("unusedData {}, expected 0", s.unused_data[sec]));
            }
            const std::uint32_t leaf = s.leaf_index[sec];
            const StaticTreeNodes& mt = m.mesh_tree;
            if (leaf < mt.size() && mt.is_leaf[leaf] && mt.payload[leaf] == sec) {
                counts.add("leafindex_ok");
            } else {
                counts.add("leafindex_mismatch");
                tally.sample("leafindex_mismatch", section_location(unit, mi, sec),
                             fmt::format("leafIndex {} is not a mesh-tree leaf naming section {}", leaf, sec));
            }
            if (s.naming == mesh::SectionNaming::kPackedWords) {
                if (s.shared_word_low[sec] == s.num_packed[sec]) {
                    counts.add("shared_low_byte_ok");
                } else {
                    counts.add("shared_low_byte_mismatch");
                    tally.sample("shared_low_byte_mismatch", section_location(unit, mi, sec),
                                 fmt::format("sharedVertices.data low byte {}, numPackedVertices {}",
                                             s.shared_word_low[sec], s.num_packed[sec]));
                }
            }
            if (s.codec_parms[sec][0] == s.domain[sec].min[0] && s.codec_parms[sec][1] == s.domain[sec].min[1] &&
                s.codec_parms[sec][2] == s.domain[sec].min[2])
                counts.add("codec_offset_is_domain_min");
        }
        if (s.size() > 0) {
            tally.max("max_primitives", most_prims);
            tally.max("max_vertex_slots", most_slots);
        }
    }

    // "Every section names exactly one data run, and it is {0xFFFF, 0, the section's primitive count};
    // every run of the tree's primitiveDataRuns is named by some section."
    void data_runs(const Unit& unit, std::size_t mi, const DecodedMesh& m, Tally& tally, UnitCounts& counts,
                   std::vector<std::uint32_t>& named) const {
        const mesh::DecodedSections& s = m.sections;
        named.assign(m.run_value.size(), 0);
        bool repeat = false;
        std::map<std::uint32_t, std::uint64_t> run_values;  // "data run value of every section": few values
        std::map<std::uint32_t, std::uint64_t> runs_named;  // "names exactly one data run": few values
        for (std::uint32_t sec = 0; sec < s.size(); ++sec) {
            ++runs_named[s.num_data_runs[sec]];
            if (s.num_data_runs[sec] != 1) {
                counts.add("sections_data_runs_not_one");
                tally.sample("sections_data_runs_not_one", section_location(unit, mi, sec),
                             fmt::format("{} data runs, expected 1", s.num_data_runs[sec]));
            }
            for (std::uint32_t r = s.first_data_run[sec];
                 r < s.first_data_run[sec] + s.num_data_runs[sec] && r < named.size(); ++r) {
                repeat = repeat || named[r] != 0;
                ++named[r];
                ++run_values[m.run_value[r]];
                if (m.run_value[r] != kDataRunValue || m.run_index[r] != 0 || m.run_count[r] != s.num_primitives[sec]) {
                    counts.add("data_runs_not_ffff_0_count");
                    tally.sample("data_runs_not_ffff_0_count",
                                 fmt::format("{} / data run {}", section_location(unit, mi, sec), r),
                                 fmt::format("{{0x{:X}, {}, {}}}, expected {{0xFFFF, 0, {}}}", m.run_value[r],
                                             m.run_index[r], m.run_count[r], s.num_primitives[sec]));
                }
            }
        }
        for (std::uint32_t r = 0; r < named.size(); ++r) {
            if (named[r] != 0) continue;
            counts.add("data_runs_unnamed");
            tally.sample("data_runs_unnamed", fmt::format("{} / data run {}", mesh_location(unit, mi), r),
                         "named by no section");
        }
        if (repeat) counts.add("meshes_repeat_run");
        for (const auto& [value, n] : run_values) tally.value("section_data_run_value", static_cast<double>(value), n);
        for (const auto& [value, n] : runs_named) tally.value("section_data_runs", static_cast<double>(value), n);
    }

    // One pre-order tree per tree, each node reached once; leaves name each primitive / section once.
    void trees(const Unit& unit, std::size_t mi, const DecodedMesh& m, Tally& tally, UnitCounts& counts,
               std::vector<std::uint32_t>& named) const {
        preorder(unit, mi, "mesh tree", m.mesh_tree, tally, counts, named);
        preorder(unit, mi, "section tree", m.section_trees, tally, counts, named);

        const mesh::DecodedSections& s = m.sections;
        named.assign(m.primitives.size(), 0);
        const StaticTreeNodes& st = m.section_trees;
        for (std::uint32_t n = 0; n < st.size(); ++n) {
            if (!st.is_leaf[n] || st.tree[n] >= s.size()) continue;
            const std::uint32_t sec = st.tree[n];
            if (st.payload[n] < s.num_primitives[sec]) ++named[s.primitive_base[sec] + st.payload[n]];
        }
        for (std::uint32_t p = 0; p < named.size(); ++p) {
            if (named[p] == 1) continue;
            counts.add("primitives_not_named_once");
            tally.sample("primitives_not_named_once", primitive_location(unit, mi, m, p),
                         fmt::format("named by {} section-tree leaves, expected 1", named[p]));
        }
        named.assign(s.size(), 0);
        const StaticTreeNodes& mt = m.mesh_tree;
        for (std::uint32_t n = 0; n < mt.size(); ++n)
            if (mt.is_leaf[n] && mt.payload[n] < s.size()) ++named[mt.payload[n]];
        for (std::uint32_t sec = 0; sec < named.size(); ++sec) {
            if (named[sec] == 1) continue;
            counts.add("sections_not_named_once");
            tally.sample("sections_not_named_once", section_location(unit, mi, sec),
                         fmt::format("named by {} mesh-tree leaves, expected 1", named[sec]));
        }
    }

    // "an internal node's second child lies inside its subtree, and a leaf is the last node of its
    // subtree": a backward sweep gives each node's subtree end; an inner node's second child must be
    // where its first child's subtree ends, and the root's subtree must end at the tree's end.
    void preorder(const Unit& unit, std::size_t mi, const char* what, const StaticTreeNodes& t, Tally& tally,
                  UnitCounts& counts, std::vector<std::uint32_t>& end) const {
        end.assign(t.size(), 0);
        for (std::uint32_t tree = 0; tree < t.first_node.size(); ++tree) {
            const std::uint32_t first = t.first_node[tree], stop = first + t.node_count[tree];
            bool ok = t.node_count[tree] > 0;
            for (std::uint32_t n = stop; ok && n-- > first;) {
                if (t.is_leaf[n]) {
                    end[n] = n + 1;
                    continue;
                }
                const std::uint32_t second = t.second_child[n];
                ok = n + 1 < stop && second > n + 1 && second < stop && end[n + 1] == second;
                if (ok) end[n] = end[second];
            }
            ok = ok && end[first] == stop;
            if (!ok) {
                counts.add("trees_not_preorder");
                tally.sample("trees_not_preorder", fmt::format("{} / {} {}", mesh_location(unit, mi), what, tree),
                             "not one pre-order tree over its nodes");
            }
            for (std::uint32_t n = first; n < stop; ++n) {
                if (t.reached[n] == 1) continue;
                counts.add("tree_nodes_not_reached_once");
                tally.sample("tree_nodes_not_reached_once",
                             fmt::format("{} / {} {} / node {}", mesh_location(unit, mi), what, tree, n - first),
                             fmt::format("reached {} times, expected once", t.reached[n]));
            }
        }
    }

    void shape_members(const Unit& unit, std::size_t mi, const DecodedMesh& m, Tally& tally, UnitCounts& counts) const {
        if (m.primitive_stores_is_flat_convex == 255) counts.add("flatconvex_255");
        else if (m.primitive_stores_is_flat_convex != 0) counts.add("flatconvex_other");
        if (m.num_triangles_member != 0) {
            counts.add("num_triangles_nonzero");
            tally.sample("num_triangles_nonzero", mesh_location(unit, mi),
                         fmt::format("numTriangles {}, expected 0", m.num_triangles_member));
        }
        if (m.num_convex_shapes_member != 0) {
            counts.add("num_convex_shapes_nonzero");
            tally.sample("num_convex_shapes_nonzero", mesh_location(unit, mi),
                         fmt::format("numConvexShapes {}, expected 0", m.num_convex_shapes_member));
        }
        if (m.connectivity_headers + m.connectivity_local_links + m.connectivity_global_links != 0) {
            counts.add("connectivity_not_empty");
            tally.sample("connectivity_not_empty", mesh_location(unit, mi),
                         fmt::format("{} headers, {} local and {} global links, expected none", m.connectivity_headers,
                                     m.connectivity_local_links, m.connectivity_global_links));
        }
    }

    PassInfo info_;
};

MESHPROOF_REGISTER_PASS(StructurePass);

}  // namespace
}  // namespace meshproof
