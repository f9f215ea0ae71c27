#include "engine/synth/defects_json.h"

#include "engine/core/json_writer.h"
#include "engine/synth/defect_spec.h"

namespace meshproof::synth {

namespace {

// What one defect of each kind is counted in: "section", "primitive", "node", ...
std::string defect_unit(DefectKind k) {
    switch (k) {
        case DefectKind::kPage0: return "section";
        case DefectKind::kLeafBox: return "primitive";
        case DefectKind::kNibble: return "node";
        case DefectKind::kInterior: return "bit";
        case DefectKind::kRunGap: return "section";
        case DefectKind::kKeyWidth: return "mesh";
        case DefectKind::kTruncated: return "member";
        case DefectKind::kDcxHeader: return "member";
        case DefectKind::kExternMissing: return "reference";
        case DefectKind::kExternTwice: return "reference";
        case DefectKind::kExternOutside: return "shape";
    }
    return "?";
}

}  // namespace

std::string defects_json(const SynthOptions& o, const SynthResult& result, std::string_view sdk_version,
                         std::span<const DefectLocation> locations) {
    JsonWriter w;
    w.begin_object();
    w.field("synth_format", 1);
    w.field("game", synth_game_name(o.game));
    w.field("scale", synth_scale_name(o.scale));
    w.field("seed", o.seed);
    w.field("sdk_version", sdk_version);
    for (const auto& [which, dc] : {std::pair<const char*, const DefectCounts&>{"defects_requested", o.defects},
                                    std::pair<const char*, const DefectCounts&>{"defects_injected", result.injected}}) {
        w.key(which).begin_object(JsonLayout::kOneLine);
        for (int k = 0; k < kDefectKindCount; ++k)
            w.field(defect_name(static_cast<DefectKind>(k)), dc[static_cast<std::size_t>(k)]);
        w.end_object();
    }
    w.key("defect_units").begin_object(JsonLayout::kOneLine);
    for (int k = 0; k < kDefectKindCount; ++k)
        w.field(defect_name(static_cast<DefectKind>(k)), defect_unit(static_cast<DefectKind>(k)));
    w.end_object();
    const SynthCounts& c = result.counts;
    w.key("built").begin_object();
    w.field("binders", c.binders);
    w.field("compendiums", c.compendiums);
    w.field("members", c.members);
    w.field("readable_members", c.readable_members);
    w.field("meshes", c.meshes);
    w.field("bodies", c.bodies);
    w.field("sections", c.sections);
    w.field("primitives", c.primitives);
    w.field("triangles", c.triangles);
    w.field("quads", c.quads);
    w.field("source_rows", c.source_rows);
    w.field("packed_vertices", c.packed_vertices);
    w.field("shared_vertices", c.shared_vertices);
    w.field("shared_index_entries", c.shared_index_entries);
    w.field("paged_sections", c.paged_sections);
    w.field("section_tree_nodes", c.section_tree_nodes);
    w.field("mesh_tree_nodes", c.mesh_tree_nodes);
    w.field("simd_nodes", c.simd_nodes);
    w.field("extern_meshes", c.extern_meshes);
    w.field("extern_triangles", c.extern_triangles);
    w.field("extern_vertices", c.extern_vertices);
    w.field("point_sets", c.point_sets);
    w.field("custom_sections", c.custom_sections);
    w.field("extern_refs", c.extern_refs);
    w.field("extern_shapes", c.extern_shapes);
    w.field("not_collision_members", c.not_collision);
    w.field("duplicate_sections", c.duplicate_sections);
    w.field("duplicate_flagged_sections", c.duplicate_flagged);
    w.field("interior_meshes_with_bits", c.interior.meshes_with_bits);
    w.field("interior_bits_stored", c.interior.bits_stored);
    w.field("interior_bits_computed", c.interior.bits_set);
    w.field("bytes", c.bytes_written);
    w.end_object();
    w.key("locations").begin_array();
    for (const DefectLocation& l : locations) {
        auto number = [&](std::string_view key, std::uint32_t v) {  // 0xFFFFFFFF: not applicable
            w.key(key);
            if (v == 0xFFFFFFFFu) w.null();
            else w.value(v);
        };
        w.begin_object(JsonLayout::kOneLine);
        w.field("kind", defect_name(l.d.kind));
        w.field("path", l.path);
        w.field("mesh", 0);
        number("section", l.d.section);
        number("primitive", l.d.primitive);
        number("node", l.d.node);
        number("detail", l.d.detail);
        w.end_object();
    }
    w.end_array();
    w.end_object();
    return w.take();
}

}  // namespace meshproof::synth
