// meshproof export FILE|BINDER [--member NAME] --obj OUT.obj: the decoded triangles of one
// collision member as Wavefront OBJ (one object per body, materials as groups; an Elden Ring
// asset's extern shapes each an object of its own), for Blender. A Freelancer .sur: each part an
// object, each terminal hull a group, in its model's frame (or as stored); a model (.cmp / .3db):
// its part frames as axes.
#include <cstdio>

#include <fmt/format.h>
#include <sstream>
#include <memory>

#include "cli/atomic_outputs.h"
#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/same_file.h"
#include "cli/sur_input.h"
#include "cli/sur_obj.h"
#include "cli/tagfile_input.h"
#include "engine/core/plural.h"
#include "engine/io/mapped_file.h"
#include "engine/io/shrink_guard.h"
#include "engine/mesh/decode_member.h"
#include "engine/mesh/obj_export.h"
#include "engine/tagfile/tagfile.h"
#include "engine/utf/utf_file.h"

namespace meshproof::cli {
namespace {
namespace fs = std::filesystem;

struct ExportOptions {
    std::string file;
    std::string member;
    std::vector<std::string> compendiums;
    std::string obj;
    bool force = false;
    bool no_pose = false;
};

int report(const std::string& where, const Error& e) {
    std::fprintf(stderr, "meshproof export: %s: %s at byte %llu: %s\n", where.c_str(),
                 std::string(error_code_name(e.code)).c_str(), static_cast<unsigned long long>(e.offset),
                 e.message.c_str());
    return kExitPartial;
}

// Refuses an --obj that names a file the export reads (--force overwrites an earlier export only).
bool obj_is_an_input(const ExportOptions& o, const std::vector<fs::path>& read) {
    for (const fs::path& r : read)
        if (!r.empty() && same_file(o.obj, r)) {
            std::fprintf(
                stderr,
                "meshproof export: --obj %s is %s, which the export reads: export never writes over its input\n",
                o.obj.c_str(), r.string().c_str());
            return true;
        }
    return false;
}

// All or nothing: a failed write leaves no half OBJ, and an earlier one stays as it was.
bool write_obj_file(const ExportOptions& o, const std::string& text) {
    const OutputRefusal r =
        write_outputs_atomically({OutputFile{o.obj, std::vector<std::uint8_t>(text.begin(), text.end())}}, o.force);
    if (r.message.empty()) return true;
    std::fprintf(stderr, "meshproof export: %s\n", r.message.c_str());
    return false;
}

bool has_tagfile_options(const ExportOptions& o, const char* what) {
    if (o.member.empty() && o.compendiums.empty()) return false;
    std::fprintf(stderr, "meshproof export: --%s needs a tagfile or binder, and %s is %s\n",
                 o.member.empty() ? "compendium" : "member", o.file.c_str(), what);
    return true;
}

// A Freelancer .sur: in the sibling model's rest pose (each part by the model part its id names,
// freelancer-models.md §3, §2.4) unless --no-pose, a part the model lacks as stored.
int export_sur(const ExportOptions& o) {
    if (has_tagfile_options(o, "a .sur file")) return kExitUsage;
    auto opened = open_sur(o.file, true);  // with --no-pose too: the model names the parts
    if (auto* e = std::get_if<SurInputError>(&opened)) {
        report(e->file, e->error);
        return e->decode ? kExitPartial : kExitUsage;
    }
    const SurInput& in = std::get<SurInput>(opened);
    if (obj_is_an_input(o, {fs::path(o.file), in.model_path.value_or(fs::path())})) return kExitUsage;
    std::vector<std::optional<utf::Frame>> frames(in.sur.parts.size());
    std::size_t placed = 0;
    for (std::size_t p = 0; p < frames.size() && !o.no_pose; ++p)
        if (in.model_part[p] >= 0) {
            frames[p] = in.model->parts[std::size_t(in.model_part[p])].world;
            ++placed;
        }
    SurObjCounts counts;
    const std::string text = "# meshproof export of " + o.file + "\n" + sur_obj(in.sur, frames, in.part_names, counts);
    if (!write_obj_file(o, text)) return kExitUsage;
    std::string frame;
    if (o.no_pose) frame = "as stored (--no-pose)";
    else if (in.sur.format == sur::SurFormat::kLegacy) frame = "as stored (a legacy file has no part ids)";
    else if (!in.model) frame = "as stored (no sibling .cmp or .3db)";
    else {
        frame = fmt::format("the rest pose of {} (its Cons joints applied)", in.model_path->filename().string());
        if (placed < frames.size())
            frame += fmt::format(", {} the model lacks as stored", plural(frames.size() - placed, "part", "parts"));
    }
    std::fprintf(stderr, "meshproof export: frame: %s\n", frame.c_str());
    std::printf("%s: %s, %s, %s -> %s\n", o.file.c_str(), plural(counts.objects, "part", "parts").c_str(),
                plural(counts.hulls, "hull", "hulls").c_str(),
                plural(counts.triangles, "triangle", "triangles").c_str(), o.obj.c_str());
    return kExitOk;
}

// A Freelancer model: each part's frame in the root's (rest pose) as three axis lines.
int export_model(const ExportOptions& o, const MappedFile& map) {
    if (has_tagfile_options(o, "a model")) return kExitUsage;
    auto model = utf::decode_model(map.bytes());
    if (const Status shrank = shrank_error(map.bytes()); !shrank.ok()) return report(o.file, shrank.error());
    if (!model.ok()) return report(o.file, model.error());
    if (obj_is_an_input(o, {fs::path(o.file)})) return kExitUsage;
    if (!write_obj_file(o, "# meshproof export of " + o.file + ": part frames (rest pose) as axes x, y, z\n" +
                               model_axes_obj(*model)))
        return kExitUsage;
    std::printf("%s: %s as axes -> %s\n", o.file.c_str(),
                plural(model->parts.size(), "part frame", "part frames").c_str(), o.obj.c_str());
    return kExitOk;
}

int run_export(const ExportOptions& o) {
    if (is_sur_input(o.file)) return export_sur(o);
    if (auto map = MappedFile::open(o.file); map.ok() && utf::is_utf(map->bytes())) return export_model(o, *map);
    auto input = open_input(o.file);
    if (!input.ok()) {
        report(o.file, input.error());
        return kExitUsage;
    }
    auto unit = select_unit(o.file, *input, o.compendiums, o.member);
    if (!unit.ok()) {
        std::fprintf(stderr, "meshproof export: %s\n", unit.error().message.c_str());
        return kExitUsage;
    }
    auto tf = tagfile::parse_tagfile(unit->bytes, &unit->compendiums);
    if (!tf.ok()) return report(unit->where, tf.error());
    auto decoded = mesh::decode_member(*tf);
    if (!decoded.ok()) return report(unit->where, decoded.error());
    if (const Status st = input_unchanged(*input); !st.ok()) return report(o.file, st.error());

    // --force overwrites an earlier export, never a file the export read (`--obj` naming the file
    // exported wrote over it): the file, a split binder's data half, the compendiums.
    std::vector<fs::path> read = {fs::path(o.file), input->data_path};
    read.insert(read.end(), unit->compendium_files.begin(), unit->compendium_files.end());
    if (obj_is_an_input(o, read)) return kExitUsage;
    std::ostringstream obj;
    obj << "# meshproof export of " << unit->where << "\n";
    mesh::ObjExportOptions options;
    options.apply_pose = !o.no_pose;
    mesh::write_obj(*decoded, obj, options);
    if (!write_obj_file(o, std::move(obj).str())) return kExitUsage;
    std::size_t triangles = 0;
    for (const auto& m : decoded->meshes) triangles += m.triangles.size();
    for (const auto& m : decoded->extern_meshes) triangles += m.triangle_count();
    std::size_t extern_shapes = 0;  // Elden Ring assets: each entry written as an object of its own
    for (const auto& m : decoded->meshes) extern_shapes += m.extern_shapes.instance_count();
    const std::string shapes =
        extern_shapes > 0 ? ", " + plural(extern_shapes, "extern shape", "extern shapes") : std::string();
    std::printf("%s: %s, %s%s -> %s\n", unit->where.c_str(), plural(decoded->bodies.size(), "body", "bodies").c_str(),
                plural(triangles, "triangle", "triangles").c_str(), shapes.c_str(), o.obj.c_str());
    return kExitOk;
}

}  // namespace

Command add_export(CLI::App& app) {
    auto o = std::make_shared<ExportOptions>();
    CLI::App* sub = app.add_subcommand(
        "export",
        "Write the decoded triangles of one collision member, or a Freelancer .sur's hulls or model's part frames, as Wavefront OBJ");
    sub->add_option("FILE", o->file,
                    "A tagfile (.hkx, .hkx.dcx), a binder with --member, a Freelancer .sur, or a model (.cmp, .3db)")
        ->required();
    sub->add_option("--member", o->member, "The binder member to export (full name or last path component)");
    sub->add_option("--compendium", o->compendiums,
                    "Compendium file that resolves the tagfile's TCRF (repeatable; default: siblings)")
        ->allow_extra_args(false)  // one file per --compendium: the FILE after it is not read as a compendium
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    sub->add_option("--obj", o->obj, "Output .obj file")->required();
    sub->add_flag("--force", o->force, "Overwrite an existing output file");
    sub->add_flag("--no-pose", o->no_pose,
                  "Do not apply the body pose (position, orientation); a .sur: keep the stored frame, not its model's");
    sub->footer(kExportExitCodesHelp);
    return {sub, [o] { return run_export(*o); }};
}

}  // namespace meshproof::cli
