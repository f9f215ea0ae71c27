#include "engine/synth/synth_manifest.h"

#include <algorithm>
#include <array>

#include "engine/core/json_writer.h"

namespace meshproof::synth {

namespace {

// A built count and the pass counter that measures it.
struct BuiltFigure {
    std::string_view pass, counter, figure;
    std::uint64_t (*value)(const SynthCounts&);
};

constexpr BuiltFigure kBuilt[] = {
    {"tagfile", "tagfiles", "readable tagfiles", [](const SynthCounts& c) { return c.readable_members; }},
    {"page", "sections", "sections of the compressed meshes", [](const SynthCounts& c) { return c.sections; }},
    {"page", "sections_paged", "sections stored with a page above 0",
     [](const SynthCounts& c) { return c.paged_sections; }},
    {"page", "triangles", "triangles (a quad counting as two)", [](const SynthCounts& c) { return c.triangles; }},
    {"structure", "meshes", "compressed meshes", [](const SynthCounts& c) { return c.meshes; }},
    {"structure", "sections", "sections", [](const SynthCounts& c) { return c.sections; }},
    {"structure", "section_tree_leaves", "section-tree leaves (one per primitive)",
     [](const SynthCounts& c) { return c.primitives; }},
    // A run gap moves one section's packed run one word on (the writer's gap_before): that section
    // alone starts past the previous one's end, once per injected gap.
    {"structure", "sections_in_range", "sections whose runs and vertex indices are in range (less one per run gap)",
     [](const SynthCounts& c) { return c.sections - c.effects.runs_not_tiling; }},
    {"structure", "shared_vertices", "sharedVertices entries", [](const SynthCounts& c) { return c.shared_vertices; }},
    {"keys", "meshes", "compressed meshes", [](const SynthCounts& c) { return c.meshes; }},
    {"keys", "triangle_keys", "triangle keys", [](const SynthCounts& c) { return c.triangles; }},
    {"keys", "tri2key_rows", "triangleIndexToShapeKey words (source rows)",
     [](const SynthCounts& c) { return c.source_rows; }},
    {"leafbox", "prims", "triangles and quads",
     [](const SynthCounts& c) { return c.primitives - c.point_sets - c.extern_refs; }},
    {"nibble", "sections_checked", "sections without a custom primitive",
     [](const SynthCounts& c) { return c.sections - c.custom_sections; }},
    {"nibble", "sections_left_out", "sections holding a custom primitive",
     [](const SynthCounts& c) { return c.custom_sections; }},
    {"nibble", "leaves", "section-tree leaves of those sections",
     [](const SynthCounts& c) { return c.primitives - c.point_sets - c.extern_refs; }},
    {"structure", "flagged_sections", "sections with flags 1 (those holding custom primitives)",
     [](const SynthCounts& c) { return c.custom_sections; }},
    // Over distinct tagfiles: a byte-for-byte copy of a tagfile earlier in path order counts there.
    {"structure", "distinct_sections", "sections over distinct tagfiles (copies of earlier ones left out)",
     [](const SynthCounts& c) { return c.sections - c.duplicate_sections; }},
    {"structure", "distinct_flagged_sections", "sections with flags 1 over distinct tagfiles",
     [](const SynthCounts& c) { return c.custom_sections - c.duplicate_flagged; }},
    {"custom_prims", "custom_primitives", "custom primitives (point sets and extern references)",
     [](const SynthCounts& c) { return c.point_sets + c.extern_refs; }},
    {"custom_prims", "point_sets", "point-set records", [](const SynthCounts& c) { return c.point_sets; }},
    {"custom_prims", "pointset_n_is_leaf", "point-set records whose n is their own leaf",
     [](const SynthCounts& c) { return c.point_sets; }},
    {"custom_prims", "pointset_third_index_ok", "point-set records whose third index is n (2016.2) or 3 (2018.1)",
     [](const SynthCounts& c) { return c.point_sets; }},
    {"custom_prims", "pointset_shapes_described", "point-set records whose points were decoded and described",
     [](const SynthCounts& c) { return c.point_sets; }},
    {"custom_prims", "box_records", "point-set records that are 8-corner boxes",
     [](const SynthCounts& c) { return c.point_set_boxes; }},
    {"simd", "custom_leaves", "simd leaves naming custom primitives",
     [](const SynthCounts& c) { return c.point_sets + c.extern_refs; }},
    {"custom_prims", "extern_refs", "extern references (the defects' extra ones included)",
     [](const SynthCounts& c) { return c.extern_refs; }},
    {"custom_prims", "extern_shapes", "externShapes entries", [](const SynthCounts& c) { return c.extern_shapes; }},
    {"custom_prims", "extern_w_zero", "extern references whose w is 0",
     [](const SynthCounts& c) { return c.extern_w_zero; }},
    {"custom_prims", "extern_shape_files", "files with externShapes entries",
     [](const SynthCounts& c) { return c.extern_files; }},
    // An extern_twice defect names one entry a second time: that entry is referenced twice.
    {"custom_prims", "extern_shapes_not_referenced_once",
     "externShapes entries named by no or several references (extern_twice defects)",
     [](const SynthCounts& c) { return c.effects.extern_not_once; }},
    {"custom_prims", "extern_boxes_checked",
     "extern references naming an entry whose box is compared (not extern_missing ones)",
     [](const SynthCounts& c) { return c.extern_refs - c.effects.extern_missing; }},
    {"custom_prims", "record_pairs", "pairs of consecutive custom records in a section",
     [](const SynthCounts& c) { return c.record_pairs; }},
    {"custom_prims", "consecutive_records", "of those, the next starting where the previous ends (all)",
     [](const SynthCounts& c) { return c.record_pairs; }},
    {"nibble", "differing_nodes", "nodes off the floor rule (recomputed parents), from the injected defects",
     [](const SynthCounts& c) { return c.effects.nibble_differing; }},
    {"nibble", "differ_one_nibble", "of those, one nibble off by one",
     [](const SynthCounts& c) { return c.effects.nibble_one; }},
    {"nibble", "differing_nodes_stored_parent", "nodes off the floor rule (stored parents), from the injected defects",
     [](const SynthCounts& c) { return c.effects.nibble_differing_stored; }},
    {"nibble", "differ_one_nibble_stored_parent", "of those, one nibble off by one",
     [](const SynthCounts& c) { return c.effects.nibble_one_stored; }},
    {"simd", "meshes_with_simdtree", "compressed meshes (each with a simd tree)",
     [](const SynthCounts& c) { return c.meshes; }},
    {"simd", "leaves", "simd leaves (one per primitive)", [](const SynthCounts& c) { return c.primitives; }},
    {"numbering", "section_trees", "section trees", [](const SynthCounts& c) { return c.sections; }},
    {"degenerate", "kept_triangles", "triangles", [](const SynthCounts& c) { return c.triangles; }},
    // The builder writes the rows it keeps and only those ("pParam keeps no trace" of a dropped
    // row), each with its word: every row keyed, none key-less.
    {"degenerate", "source_rows", "pParam rows", [](const SynthCounts& c) { return c.source_rows; }},
    {"degenerate", "keyed_rows", "pParam rows with a key", [](const SynthCounts& c) { return c.source_rows; }},
    {"degenerate", "keyless_rows", "pParam rows without a key", [](const SynthCounts&) { return std::uint64_t{0}; }},
    {"interior", "meshes", "compressed meshes", [](const SynthCounts& c) { return c.meshes; }},
    {"interior", "triangle_keys", "triangle keys", [](const SynthCounts& c) { return c.triangles; }},
    {"interior", "meshes_with_bits", "meshes storing any triangleIsInterior bit",
     [](const SynthCounts& c) { return c.interior.meshes_with_bits; }},
    {"interior", "meshes_no_bit", "meshes storing none", [](const SynthCounts& c) { return c.interior.meshes_no_bit; }},
    {"interior", "keys_checked", "triangle keys of the meshes with bits",
     [](const SynthCounts& c) { return c.interior.keys_checked; }},
    {"interior", "bits_stored", "stored triangleIsInterior bits",
     [](const SynthCounts& c) { return c.interior.bits_stored; }},
    {"interior", "bits_set", "bits the writer's interior-bit pass set, in the meshes with bits",
     [](const SynthCounts& c) { return c.interior.bits_set; }},
    {"interior", "keys_set_not_stored", "computed bits stored clear (interior defects)",
     [](const SynthCounts& c) { return c.effects.interior_set_not_stored; }},
    {"interior", "keys_stored_not_set", "clear computed bits stored set (interior defects)",
     [](const SynthCounts& c) { return c.effects.interior_stored_not_set; }},
    {"interior", "meshes_exact", "meshes with bits and no flipped bit",
     [](const SynthCounts& c) { return c.interior.meshes_exact; }},
    {"interior", "meshes_wrong", "meshes with a flipped bit",
     [](const SynthCounts& c) { return c.interior.meshes_wrong; }},
    {"interior", "members_wrong", "members with a flipped bit (one mesh per member)",
     [](const SynthCounts& c) { return c.interior.meshes_wrong; }},
    {"interior", "complete_faces", "faces with every neighbour, in the meshes with bits",
     [](const SynthCounts& c) { return c.interior.complete_faces; }},
    {"interior", "convex_edges", "convex edges of those faces",
     [](const SynthCounts& c) { return c.interior.convex_edges; }},
    {"keys", "interior_set_bits", "stored triangleIsInterior bits",
     [](const SynthCounts& c) { return c.interior.bits_stored; }},
    {"keys", "meshes_no_interior_bits", "meshes with triangles storing no bit",
     [](const SynthCounts& c) { return c.interior.meshes_no_bit_with_triangles; }},
    {"extern", "bodies", "f-set extern mesh bodies", [](const SynthCounts& c) { return c.extern_meshes; }},
    {"extern", "triangles", "f-set extern mesh triangles", [](const SynthCounts& c) { return c.extern_triangles; }},
    // The f set joined with the h set: every f model has an h model of the same number (and no h
    // model lacks an f one), so an f file is unpaired only when its h file is unreadable.
    {"fset_join", "f_paired", "f files with a readable h file of the same model",
     [](const SynthCounts& c) { return c.fset_paired; }},
    {"fset_join", "paired_vertices", "f vertices of the paired files",
     [](const SynthCounts& c) { return c.fset_paired_vertices; }},
    {"fset_join", "f_without_h", "f files whose h file of the same model is unreadable",
     [](const SynthCounts& c) { return c.fset_f_without_h; }},
    {"fset_join", "h_without_f", "h files with no f file of the same model",
     [](const SynthCounts&) { return std::uint64_t{0}; }},
};

// The violation counters an injected defect moves; every other violation counter is 0.
std::uint64_t expected_violation(const SynthCounts& c, std::string_view pass, std::string_view counter) {
    const MeshEffects& e = c.effects;
    if (pass == "leafbox" && counter == "prims_outside") return e.prims_outside;
    if (pass == "leafbox" && counter == "simd_leaf_short_beyond_tolerance") return e.simd_leaf_short;
    if (pass == "page" && counter == "triangles_outside_domain") return e.triangles_outside_domain;
    if (pass == "interior" && counter == "keys_wrong") return e.interior_keys_wrong;
    if (pass == "keys" && counter == "key_bits_differ") return e.key_bits_differ;
    if (pass == "structure" && counter == "runs_not_tiling") return e.runs_not_tiling;
    if (pass == "custom_prims" && counter == "extern_refs_missing_shape") return e.extern_missing;
    if (pass == "custom_prims" && counter == "extern_box_outside_leaf") return e.extern_outside_leaf;
    if (pass == "custom_prims" && counter == "extern_box_outside_domain") return e.extern_outside_domain;
    return 0;
}

// The interior pass compares the meshes storing a bit with its own computation; the writer stores
// that computation (interior_store.h) with the interior defects' flips, every one a wrong key.
constexpr std::string_view kStated[] = {"custom_prims", "degenerate", "extern", "interior", "keys",      "leafbox",
                                        "nibble",       "numbering",  "page",   "simd",     "structure", "tagfile"};

}  // namespace

std::span<const std::string_view> stated_passes() { return kStated; }

SynthManifest make_synth_manifest(const SynthOptions& o, const SynthResult& r, std::span<const PassCounter> counters) {
    SynthManifest m;
    m.game = std::string(synth_game_name(o.game));
    m.name = "synthetic-" + m.game + "-" + std::string(synth_scale_name(o.scale)) + "-seed" + std::to_string(o.seed);
    auto add = [&](std::string_view pass, std::string_view counter, std::string_view figure, std::string_view set,
                   std::uint64_t v) {
        ManifestFigure f;
        f.pass = std::string(pass), f.counter = counter, f.figure = figure, f.scope.game = m.game, f.scope.set = set;
        f.id = "synthetic." + *f.pass + "." + m.game + "." + f.scope.set + "." + f.counter;
        f.expected = static_cast<double>(v);
        f.label = "Synthetic";
        m.figures.push_back(std::move(f));
    };
    const auto sets = synth_sets(o.game);
    for (std::size_t si = 0; si < sets.size(); ++si) {
        const SynthCounts& c = r.by_set[si];
        for (const BuiltFigure& b : kBuilt) {
            const bool registered = std::any_of(counters.begin(), counters.end(), [&](const PassCounter& pc) {
                return pc.pass == b.pass && pc.counter == b.counter;
            });
            if (registered) add(b.pass, b.counter, b.figure, sets[si], b.value(c));
        }
        for (const PassCounter& pc : counters) {
            if (!pc.violation) continue;
            if (std::find(std::begin(kStated), std::end(kStated), pc.pass) == std::end(kStated)) continue;
            add(pc.pass, pc.counter, pc.description, sets[si], expected_violation(c, pc.pass, pc.counter));
        }
    }
    std::sort(m.figures.begin(), m.figures.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
    m.figures.erase(
        std::unique(m.figures.begin(), m.figures.end(), [](const auto& a, const auto& b) { return a.id == b.id; }),
        m.figures.end());
    return m;
}

std::string synth_manifest_json(const SynthManifest& m) {
    JsonWriter w;
    w.begin_object();
    w.field("manifest_format", 1);
    w.field("name", m.name);
    w.field("document", "havok-compressed-mesh.txt");
    w.field("game", m.game);
    w.key("figures").begin_array();
    for (const ManifestFigure& f : m.figures) {
        w.begin_object(JsonLayout::kOneLine);
        w.field("id", f.id);
        w.field("figure", f.figure);
        w.field("pass", f.pass.value_or(""));
        w.field("counter", f.counter);
        w.key("scope").begin_object();
        w.field("game", f.scope.game);
        w.field("set", f.scope.set);
        w.end_object();
        w.field("expected", static_cast<std::uint64_t>(f.expected));
        w.field("label", f.label);
        w.end_object();
    }
    w.end_array();
    w.end_object();
    return w.take();
}

}  // namespace meshproof::synth
