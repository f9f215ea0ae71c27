// meshproof export FILE|BINDER [--member NAME] --obj OUT.obj: the decoded triangles of one
// collision member as Wavefront OBJ (one object per body, materials as groups; an Elden Ring
// asset's extern shapes each an object of its own), for Blender.
#include <cstdio>
#include <sstream>
#include <memory>

#include "cli/atomic_outputs.h"
#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/same_file.h"
#include "cli/tagfile_input.h"
#include "engine/core/plural.h"
#include "engine/mesh/decode_member.h"
#include "engine/mesh/obj_export.h"
#include "engine/tagfile/tagfile.h"

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

int run_export(const ExportOptions& o) {
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
    for (const fs::path& r : read)
        if (same_file(o.obj, r)) {
            std::fprintf(stderr, "meshproof export: --obj %s is %s, which the export reads: export never writes over its input\n",
                         o.obj.c_str(), r.string().c_str());
            return kExitUsage;
        }
    // All or nothing: a failed write leaves no half OBJ, and an earlier one stays as it was.
    std::ostringstream obj;
    obj << "# meshproof export of " << unit->where << "\n";
    mesh::ObjExportOptions options;
    options.apply_pose = !o.no_pose;
    mesh::write_obj(*decoded, obj, options);
    const std::string text = std::move(obj).str();
    if (const OutputRefusal r = write_outputs_atomically({OutputFile{o.obj, std::vector<std::uint8_t>(text.begin(), text.end())}}, o.force);
        !r.message.empty()) {
        std::fprintf(stderr, "meshproof export: %s\n", r.message.c_str());
        return kExitUsage;
    }
    std::size_t triangles = 0;
    for (const auto& m : decoded->meshes) triangles += m.triangles.size();
    for (const auto& m : decoded->extern_meshes) triangles += m.triangle_count();
    std::size_t extern_shapes = 0;  // Elden Ring assets: each entry written as an object of its own
    for (const auto& m : decoded->meshes) extern_shapes += m.extern_shapes.instance_count();
    const std::string shapes = extern_shapes > 0 ? ", " + plural(extern_shapes, "extern shape", "extern shapes") : std::string();
    std::printf("%s: %s, %s%s -> %s\n", unit->where.c_str(), plural(decoded->bodies.size(), "body", "bodies").c_str(),
                plural(triangles, "triangle", "triangles").c_str(), shapes.c_str(), o.obj.c_str());
    return kExitOk;
}

}  // namespace

Command add_export(CLI::App& app) {
    auto o = std::make_shared<ExportOptions>();
    CLI::App* sub = app.add_subcommand("export", "Write the decoded triangles of one collision member as Wavefront OBJ");
    sub->add_option("FILE", o->file, "A tagfile (.hkx, .hkx.dcx), or a binder with --member")->required();
    sub->add_option("--member", o->member, "The binder member to export (full name or last path component)");
    sub->add_option("--compendium", o->compendiums, "Compendium file that resolves the tagfile's TCRF (repeatable; default: siblings)")
        ->allow_extra_args(false)   // one file per --compendium: the FILE after it is not read as a compendium
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    sub->add_option("--obj", o->obj, "Output .obj file")->required();
    sub->add_flag("--force", o->force, "Overwrite an existing output file");
    sub->add_flag("--no-pose", o->no_pose, "Do not apply the body pose (position, orientation)");
    sub->footer(kExportExitCodesHelp);
    return {sub, [o] { return run_export(*o); }};
}

}  // namespace meshproof::cli
