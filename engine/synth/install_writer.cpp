#include "engine/synth/install_writer.h"

#include <vector>

#include <tbb/task_arena.h>

#include "engine/builder/collision_tagfile.h"
#include "engine/synth/character_binders.h"
#include "engine/synth/defect_assignment.h"
#include "engine/synth/defects_json.h"
#include "engine/synth/install_files.h"
#include "engine/synth/install_plan.h"
#include "engine/synth/map_binders.h"
#include "engine/synth/object_binders.h"
#include "engine/synth/synth_manifest.h"

// The install in order: the plan, its defects, the map binders, the object or asset binders, the
// character binders, then defects.json and manifest.json.
namespace meshproof::synth {

std::string_view synth_game_name(SynthGame g) { return g == SynthGame::kEldenRing ? "eldenring" : "sekiro"; }
std::array<std::string_view, kSynthSetCount> synth_sets(SynthGame g) {
    return {"h", "l", "f", g == SynthGame::kEldenRing ? "asset" : "object", "character"};
}
std::string_view synth_scale_name(SynthScale s) {
    return s == SynthScale::kDemo ? "demo" : s == SynthScale::kSmall ? "small" : "full";
}

void SynthCounts::add(const SynthCounts& o) {
    binders += o.binders, compendiums += o.compendiums, members += o.members, readable_members += o.readable_members;
    meshes += o.meshes, bodies += o.bodies, sections += o.sections, primitives += o.primitives,
        triangles += o.triangles;
    quads += o.quads, source_rows += o.source_rows;
    packed_vertices += o.packed_vertices, shared_vertices += o.shared_vertices;
    shared_index_entries += o.shared_index_entries, paged_sections += o.paged_sections;
    section_tree_nodes += o.section_tree_nodes, mesh_tree_nodes += o.mesh_tree_nodes, simd_nodes += o.simd_nodes;
    extern_meshes += o.extern_meshes, extern_triangles += o.extern_triangles, extern_vertices += o.extern_vertices;
    fset_paired += o.fset_paired, fset_paired_vertices += o.fset_paired_vertices,
        fset_f_without_h += o.fset_f_without_h;
    point_sets += o.point_sets, custom_sections += o.custom_sections, point_set_boxes += o.point_set_boxes;
    extern_refs += o.extern_refs, extern_shapes += o.extern_shapes, extern_w_zero += o.extern_w_zero;
    extern_files += o.extern_files, record_pairs += o.record_pairs;
    not_collision += o.not_collision, duplicate_sections += o.duplicate_sections,
        duplicate_flagged += o.duplicate_flagged;
    bytes_written += o.bytes_written;
    effects.add(o.effects);
    interior.add(o.interior);
}

namespace fs = std::filesystem;

Result<SynthResult> write_synthetic_install(const fs::path& out, const SynthOptions& o) {
    const ScaleParams sp = scale_params(o.game, o.scale);
    const bool er = o.game == SynthGame::kEldenRing;
    MP_TRY_ASSIGN(const builder::CollisionTypeContext types,
                  builder::make_collision_type_context(er ? tagfile::HavokDialect::kEldenRing2018
                                                          : tagfile::HavokDialect::kSekiro2016));
    // Elden Ring assets with extern shapes declare the §7.3 convex classes in their TYPE section.
    MP_TRY_ASSIGN(const builder::CollisionTypeContext convex_types,
                  builder::make_collision_type_context(tagfile::HavokDialect::kEldenRing2018, {.convex_shapes = true}));

    std::vector<BinderPlan> binders = plan_map_binders(o, sp);
    MP_TRY(assign_map_defects(binders, o.defects));

    SynthResult result;
    std::vector<DefectLocation> locations;
    std::error_code ec;
    fs::create_directories(out, ec);
    if (ec) return make_error(ErrorCode::kIo, 0, "cannot create " + out.string() + ": " + ec.message());
    tbb::task_arena arena(o.threads > 0 ? o.threads : tbb::task_arena::automatic);
    MP_TRY(write_map_binders(out, o, sp, types, binders, arena, result, locations));
    ObjectBinders objects;
    MP_TRY(write_object_binders(out, o, sp, types, convex_types, arena, result, locations, objects));
    MP_TRY_ASSIGN(result.by_set[4],
                  write_character_binders(out, o, sp.characters, types, er ? &objects.copied_asset : nullptr, arena));

    for (const SynthCounts& set : result.by_set) result.counts.add(set);

    result.json = defects_json(o, result, types.sdk_version, locations);
    const std::string& j = result.json;
    if (o.write_json) {
        std::string error;
        write_file(out / "defects.json", std::vector<std::uint8_t>(j.begin(), j.end()), error);
        if (!error.empty()) return make_error(ErrorCode::kIo, 0, error);
    }

    result.manifest_json = synth_manifest_json(make_synth_manifest(o, result, o.counters));
    if (o.write_json) {
        std::string error;
        const std::string& mj = result.manifest_json;
        write_file(out / "manifest.json", std::vector<std::uint8_t>(mj.begin(), mj.end()), error);
        if (!error.empty()) return make_error(ErrorCode::kIo, 0, error);
    }
    return result;
}

}  // namespace meshproof::synth
