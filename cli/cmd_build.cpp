// meshproof build IN.obj -o OUT.hkx[.dcx] --game eldenring|sekiro [--name NAME] [--convex-radius R]
//                 [--materials FILE] [--scale S] [--force]
// meshproof build IN.obj --into DIR/hNN_NN_NN_NN.hkxbhd --member NAME -o OUTDIR --game ... [...]
// meshproof build IN.obj -o OUT.sur --game freelancer [--model X.cmp|X.3db] [--scale S] [--force]
//   (cli/build_sur.h: a Freelancer .sur, issue 44)
// A Wavefront OBJ becomes one collision body (issue 14, parts 3 and 4): the OBJ read
// (engine/builder/obj_reader.h), its positions welded (weld.h), its usemtl names turned into hit
// material ids (material_map.h), the compressed mesh built and written as the game's TAG0 with its
// own TYPE section, checked by decoding it (cli/build_member.h), then written: a loose tagfile
// (DCX DFLT around it when OUT ends in .dcx), or a copy of a split binder with the member added or
// replaced. Bad input is a usage error naming file:line:column; nothing is written on any error.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <memory>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "cli/atomic_outputs.h"
#include "cli/build_member.h"
#include "cli/build_sur.h"
#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/same_file.h"
#include "cli/input_bytes.h"
#include "cli/number_options.h"
#include "engine/builder/material_map.h"
#include "engine/builder/obj_reader.h"
#include "engine/builder/weld.h"
#include "engine/containers/binder_entry_data.h"
#include "engine/containers/binder_writer.h"
#include "engine/containers/dcx_writer.h"
#include "engine/core/free_vectors.h"
#include "engine/core/plural.h"
#include "engine/io/install_scan.h"
#include "engine/io/mapped_file.h"
#include "engine/rules/degenerate_triangle.h"

namespace meshproof::cli {
namespace {
namespace fs = std::filesystem;

struct BuildArgs {
    std::string in, out, game, name, materials, into, member, model;
    std::string scale = "1";  // read by parse_scale: a usage error names --scale, not CLI11's conversion
    // The Elden Ring sample's (containers-and-tagfiles.md: "convexRadius 0.015"); the document
    // states no other value for map meshes.
    float convex_radius = 0.015f;
    float max_packed_error = 0.005f;
    bool force = false;
};

// A usage error: the message printed after "meshproof build: ", exit 2.
int usage(const std::string& message) {
    std::fprintf(stderr, "meshproof build: %s\n", message.c_str());
    return kExitUsage;
}

bool ends_with_dcx(const std::string& name) { return ascii_lower(name).ends_with(".dcx"); }

std::string game_label(tagfile::HavokDialect d) {
    return d == tagfile::HavokDialect::kSekiro2016 ? "Sekiro (Havok 2016.2)" : "Elden Ring (Havok 2018.1)";
}

// Names in binders are stored with `\` (the parser shows them with `/`).
std::string stored_name(std::string name) {
    for (char& c : name)
        if (c == '/') c = '\\';
    return name;
}

// The split binder of `--into`, with the member added or replaced: its two halves' bytes.
struct BinderCopy {
    Bxf4Bytes bytes;
    std::string member_name;  // as stored
    bool replaced = false;
};

Result<BinderCopy> binder_with_member(OpenedInput& input, const std::string& member, std::vector<std::uint8_t> data) {
    const Binder& b = *input.binder;
    std::vector<BinderFile> files;
    files.reserve(b.entries.size() + 1);
    for (const BinderEntry& e : b.entries) {
        MP_TRY_ASSIGN(Bytes stored, entry_stored_bytes(e, input.container));
        BinderFile f;
        f.name = stored_name(e.name);
        f.id = e.id.value_or(0);
        f.data.assign(stored.begin(), stored.end());
        f.flags = e.flags;
        f.uncompressed_size = e.uncompressed_size;
        files.push_back(std::move(f));
    }
    // The member: by full name, else by last path component (which must then be unique).
    std::string wanted = member;
    for (char& c : wanted)
        if (c == '\\') c = '/';
    const std::string wanted_lower = ascii_lower(wanted);
    std::vector<std::size_t> matches;
    for (std::size_t i = 0; i < b.entries.size(); ++i)
        if (ascii_lower(b.entries[i].name) == wanted_lower) matches.push_back(i);
    if (matches.empty())
        for (std::size_t i = 0; i < b.entries.size(); ++i)
            if (ascii_lower(b.entries[i].name_last_component()) == wanted_lower) matches.push_back(i);
    if (matches.size() > 1)
        return make_error(ErrorCode::kUsage, 0,
                          fmt::format("--member {} names {} members ({}, {}, ...): give the full name", member,
                                      matches.size(), b.entries[matches[0]].name, b.entries[matches[1]].name));
    BinderCopy copy;
    if (matches.size() == 1) {
        BinderFile& f = files[matches[0]];
        f.data = std::move(data);
        f.uncompressed_size.reset();
        copy.member_name = f.name;
        copy.replaced = true;
    } else {
        BinderFile f;
        f.name = stored_name(wanted);
        // A bare file name goes into the folder every member shares, as the game's binders name them.
        if (wanted.find('/') == std::string::npos && !b.entries.empty()) {
            const std::string& first = b.entries[0].name;
            const std::size_t slash = first.rfind('/');
            const std::string folder = slash == std::string::npos ? "" : first.substr(0, slash + 1);
            bool shared = !folder.empty();
            for (const BinderEntry& e : b.entries) shared = shared && e.name.rfind(folder, 0) == 0;
            if (shared) f.name = stored_name(folder + wanted);
        }
        std::int32_t next_id = 0;
        for (const BinderFile& g : files) next_id = std::max(next_id, g.id + 1);
        f.id = next_id;
        f.flags = b.entries.empty() ? binder_entry_flags::kOrdinary : b.entries[0].flags;
        f.data = std::move(data);
        copy.member_name = f.name;
        files.push_back(std::move(f));
    }
    BinderWriteOptions options;
    options.version = b.version;
    options.format = b.format;
    options.unicode = b.unicode;
    options.big_endian = b.big_endian;
    options.bit_big_endian = b.bit_big_endian;
    options.hash_table = b.extended == 4;
    copy.bytes = write_bxf4(files, options);
    return copy;
}

// --scale: a whole decimal number, finite and above 0 (0 would collapse the mesh to a point, a
// negative scale mirror it, which turns every triangle inside out).
std::optional<double> parse_scale(const std::string& text) {
    double v = 0;
    const char* end = text.data() + text.size();
    const auto [p, ec] = std::from_chars(text.data(), end, v);
    if (ec != std::errc() || p != end || !std::isfinite(v) || !(v > 0)) return std::nullopt;
    return v;
}

// The degenerate test is the game's, in absolute units: a mesh modelled small (or in a unit larger
// than the metre) loses most of its triangles to it, and the holes are not visible in the summary.
// More than 1 % of the rows dropped gets a warning on stderr saying how large the mesh is and what
// --scale does; the exit code is not changed (the file built is what the game would keep).
void warn_if_many_degenerate(const std::string& in, const MemberBuildInput& input, std::uint64_t dropped,
                             std::uint64_t rows, double scale) {
    if (dropped * 100 <= rows) return;
    float lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
    const std::vector<float>* axes[3] = {&input.x, &input.y, &input.z};
    for (int a = 0; a < 3; ++a)
        for (const float v : *axes[a]) lo[a] = std::min(lo[a], v), hi[a] = std::max(hi[a], v);
    const std::string units =
        scale == 1.0 ? "in the OBJ's units" : fmt::format("in the OBJ's units times --scale {:g}", scale);
    std::fprintf(stderr,
                 "meshproof build: warning: %s: the degenerate-triangle test dropped %llu of %llu rows (%.1f %%), "
                 "which leaves holes. The test is the game's absolute threshold (a row is dropped when the squared "
                 "length of its edge cross product is under %g, or its corners are collinear), and the mesh is "
                 "%g x %g x %g (its bounding box, %s, which the game reads as metres). If the mesh is meant larger, "
                 "or the OBJ's unit is larger than the metre, give --scale S to multiply every position by S on "
                 "read (e.g. --scale 10).\n",
                 in.c_str(), static_cast<unsigned long long>(dropped), static_cast<unsigned long long>(rows),
                 100.0 * static_cast<double>(dropped) / static_cast<double>(rows),
                 static_cast<double>(rules::kDegenerateThreshold), static_cast<double>(hi[0] - lo[0]),
                 static_cast<double>(hi[1] - lo[1]), static_cast<double>(hi[2] - lo[2]), units.c_str());
}

// The .hkxbdt beside a .hkxbhd (the same stem; "bhd" → "bdt" at the end of the name).
fs::path data_half_of(const fs::path& bhd) {
    std::string name = bhd.filename().string();
    if (name.size() >= 3) {
        const std::string tail = name.substr(name.size() - 3);
        name.replace(name.size() - 3, 3, tail == "BHD" ? "BDT" : "bdt");
    }
    return bhd.parent_path() / name;
}

int run_build(const BuildArgs& a) {
    const std::optional<double> scale = parse_scale(a.scale);
    if (!scale)
        return usage(
            fmt::format("--scale {} must be a finite number above 0 (e.g. 0.01 for centimetres to metres)", a.scale));
    if (a.game == "freelancer" || a.game == "fl") {
        using Given = std::pair<const char*, const std::string*>;
        for (const auto& [option, value] : std::initializer_list<Given>{
                 {"--into", &a.into}, {"--member", &a.member}, {"--materials", &a.materials}, {"--name", &a.name}})
            if (!value->empty())
                return usage(fmt::format("{} builds a Havok body: not with --game freelancer", option));
        return run_build_sur({a.in, a.out, a.model, *scale, a.force});
    }
    tagfile::HavokDialect dialect;
    if (a.game == "eldenring" || a.game == "er") dialect = tagfile::HavokDialect::kEldenRing2018;
    else if (a.game == "sekiro") dialect = tagfile::HavokDialect::kSekiro2016;
    else return usage(fmt::format("unknown game \"{}\" (eldenring, sekiro, freelancer)", a.game));
    if (!a.model.empty()) return usage("--model names a Freelancer model: only with --game freelancer");
    if (a.into.empty() != a.member.empty()) return usage("--into and --member go together");

    // --force overwrites an earlier output, never what the build reads (`-o` naming the OBJ itself
    // wrote the collision file over it).
    if (a.into.empty())
        for (const std::string& read : {a.in, a.materials})
            if (same_file(a.out, read))
                return usage(
                    fmt::format("-o {} is {}, an input of the build: it never writes over its input", a.out, read));

    // ---- the OBJ
    auto file = MappedFile::open(a.in);
    if (!file.ok()) return usage(fmt::format("{}: {}", a.in, file.error().message));
    builder::ObjReadOptions read_options;
    read_options.scale = *scale;
    auto obj = builder::read_obj(file->bytes(), read_options);
    if (!obj.ok()) return usage(fmt::format("{}:{}", a.in, obj.error().message));  // the message begins "L:C: "
    if (obj->unknown_statements > 0)
        std::fputs(fmt::format("meshproof build: {}: {} not read (the first: `{}` on line {})\n", a.in,
                               plural(obj->unknown_statements, "statement", "statements"), obj->first_unknown_keyword,
                               obj->first_unknown_line)
                       .c_str(),
                   stderr);
    *file = MappedFile{};  // the OBJ is read: its pages leave the peak that building and checking reach

    // ---- materials
    builder::MaterialMap map;
    if (!a.materials.empty()) {
        auto text = MappedFile::open(a.materials);
        if (!text.ok()) return usage(fmt::format("{}: {}", a.materials, text.error().message));
        auto read = builder::read_material_map(text->bytes());
        if (!read.ok()) return usage(fmt::format("{}:{}", a.materials, read.error().message));
        map = std::move(*read);
    }
    std::vector<std::uint32_t> id_of_name(obj->material_names.size());
    std::vector<bool> name_is_no_material(obj->material_names.size());
    for (std::size_t i = 0; i < obj->material_names.size(); ++i) {
        name_is_no_material[i] = builder::names_no_material(map, obj->material_names[i]);
        const auto id = builder::material_id(map, obj->material_names[i]);
        if (!id) {
            const builder::TextPosition at = obj->material_name_at[i];
            return usage(
                fmt::format("{}:{}:{}: material `{}` has no id: give it one in a --materials file (`{} = ID`), "
                            "or name it by its number (`usemtl 21`)",
                            a.in, at.line, at.column, obj->material_names[i], obj->material_names[i]));
        }
        id_of_name[i] = *id;
    }
    MemberBuildInput input;
    // Rows before any usemtl, or under Blender's `usemtl None` (material_map.h, rule 4).
    std::uint64_t rows_without_material = obj->material_names.empty() ? obj->rows.size() : 0;
    if (!obj->material_names.empty()) {
        input.row_material.resize(obj->rows.size());
        for (std::size_t r = 0; r < obj->rows.size(); ++r) {
            const std::uint32_t n = obj->row_material[r];
            if (n == builder::kNoObjName || name_is_no_material[n]) ++rows_without_material;
            input.row_material[r] = n == builder::kNoObjName ? 0u : id_of_name[n];
        }
    }

    // ---- weld, build, check
    auto welded = builder::weld_positions(obj->x, obj->y, obj->z, obj->rows);
    if (!welded.ok()) {
        std::fprintf(stderr, "meshproof build: internal error: %s\n", welded.error().message.c_str());
        return kExitInternal;
    }
    input.x = std::move(welded->x);
    input.y = std::move(welded->y);
    input.z = std::move(welded->z);
    input.rows = std::move(welded->rows);
    // What is read of the OBJ from here on is its face count and material names: its columns
    // (about 38 bytes a row) are handed back before the build and its check make their arrays.
    free_vectors(obj->x, obj->y, obj->z, obj->rows, obj->row_material, obj->row_object, obj->row_group, obj->row_line);
    input.dialect = dialect;
    input.convex_radius = a.convex_radius;
    input.max_packed_error = a.max_packed_error;
    input.body_name = a.name.empty() ? fs::path(a.in).stem().string() : a.name;
    auto built = build_collision_member(input);
    if (!built.ok()) {
        const Error& e = built.error();
        if (e.code == ErrorCode::kLimit)
            return usage(fmt::format("{}: the mesh cannot be written: {}", a.in, e.message));
        std::fprintf(stderr, "meshproof build: internal error: %s: %s\n", std::string(error_code_name(e.code)).c_str(),
                     e.message.c_str());
        return kExitInternal;
    }

    // ---- write
    std::vector<OutputFile> outputs;
    std::string made;
    if (a.into.empty()) {
        std::vector<std::uint8_t> bytes = ends_with_dcx(a.out) ? dcx_write_dflt(built->tag0) : std::move(built->tag0);
        outputs.push_back({a.out, std::move(bytes)});
        made = a.out;
    } else {
        const fs::path bhd(a.into);
        auto input_binder = open_input(bhd);
        if (!input_binder.ok()) return usage(fmt::format("{}: {}", a.into, input_binder.error().message));
        if (!input_binder->binder || input_binder->binder->kind != BinderKind::kBhf4)
            return usage(fmt::format("{}: not a split binder's header half (.hkxbhd)", a.into));
        std::vector<std::uint8_t> member =
            ends_with_dcx(a.member) ? dcx_write_dflt(built->tag0) : std::move(built->tag0);
        auto copy = binder_with_member(*input_binder, a.member, std::move(member));
        if (!copy.ok()) return usage(fmt::format("{}: {}", a.into, copy.error().message));
        const fs::path out_dir(a.out);
        const fs::path out_bhd = out_dir / bhd.filename(), out_bdt = out_dir / data_half_of(bhd).filename();
        if (same_file(out_bhd, bhd) || same_file(out_bdt, input_binder->data_path))
            return usage(fmt::format(
                "{} is the input binder's own folder: build writes a copy elsewhere, never over its input", a.out));
        std::error_code ec;
        if (!fs::exists(out_dir, ec)) fs::create_directories(out_dir, ec);
        outputs.push_back({out_bhd, std::move(copy->bytes.bhd)});
        outputs.push_back({out_bdt, std::move(copy->bytes.bdt)});
        made = fmt::format("{} + {} :: {} ({})", out_bhd.string(), out_bdt.filename().string(), copy->member_name,
                           copy->replaced ? "replaced" : "added");
    }
    const OutputRefusal refusal = write_outputs_atomically(outputs, a.force);
    if (!refusal.message.empty()) {
        if (refusal.refused) return usage(refusal.message);
        std::fprintf(stderr, "meshproof build: %s\n", refusal.message.c_str());
        return kExitUsage;
    }

    const MemberBuildResult& s = *built;
    warn_if_many_degenerate(a.in, input, s.rows_dropped_degenerate, s.rows_in, *scale);
    std::printf("%s -> %s\n", a.in.c_str(), made.c_str());
    std::printf("  %s, body \"%s\", convexRadius %g\n", game_label(dialect).c_str(), input.body_name.c_str(),
                static_cast<double>(a.convex_radius));
    std::fputs(fmt::format("  {}, {} in ({}, {} welded, {} dropped)\n", plural(obj->faces, "face", "faces"),
                           plural(s.rows_in, "row", "rows"), plural(welded->positions_in, "position", "positions"),
                           plural(welded->duplicates_merged, "repeated one", "repeated ones"),
                           plural(welded->unused_dropped, "unused one", "unused ones"))
                   .c_str(),
               stdout);
    std::fputs(fmt::format("  {} ({}), {}, {} of shared vertices; {} dropped\n",
                           plural(s.triangles, "triangle", "triangles"), plural(s.quads, "quad", "quads"),
                           plural(s.sections, "section", "sections"), plural(s.pages, "page", "pages"),
                           plural(s.rows_dropped_degenerate, "degenerate triangle", "degenerate triangles"))
                   .c_str(),
               stdout);
    std::printf("  largest position error from quantisation: %.9g m (measured on the decoded output: %.9g m)\n",
                s.max_position_error, s.decoded_max_position_error);
    std::string list;
    std::size_t named = 0;
    for (std::size_t i = 0; i < obj->material_names.size(); ++i)
        if (!name_is_no_material[i])
            list += fmt::format("{}{} = {}", named++ ? ", " : "", obj->material_names[i], id_of_name[i]);
    if (named > 0) std::printf("  materials: %zu (%s)\n", named, list.c_str());
    if (rows_without_material > 0)
        std::printf("  faces without a material (usemtl None, or before any usemtl): material 0 (%s)\n",
                    plural(rows_without_material, "row", "rows").c_str());
    return kExitOk;
}

}  // namespace

Command add_build(CLI::App& app) {
    auto a = std::make_shared<BuildArgs>();
    CLI::App* sub = app.add_subcommand(
        "build", "Build one collision body (a compressed mesh) or a Freelancer .sur from a Wavefront OBJ");
    sub->add_option("IN", a->in, "The Wavefront .obj file")->required();
    sub->add_option("-o,--output", a->out,
                    "Output tagfile (.hkx, or .hkx.dcx for DCX DFLT); with --into, the folder for the binder copy")
        ->required();
    sub->add_option(
           "--game", a->game,
           "eldenring or sekiro: the SDK version and class layouts written; freelancer: a .sur (one convex hull per "
           "object)")
        ->required();
    sub->add_option(
        "--model", a->model,
        "With --game freelancer: the .cmp or .3db whose parts the objects' part names are matched to (the ids)");
    sub->add_option("--name", a->name, "The body's name (default: the OBJ file's stem)");
    sub->add_option("--convex-radius", a->convex_radius,
                    "The shape's convexRadius in metres (default 0.015, the Elden Ring sample's)")
        ->check(real_number(0, std::numeric_limits<float>::max(), "a number of metres, 0 or more, below 3.4e38"));
    sub->add_option("--max-packed-error", a->max_packed_error,
                    "Largest quantisation error in metres a section's packed (11/11/10-bit) vertices may have; a "
                    "section whose packed codec is coarser shares its vertices (21/21/22 bits) (default 0.005; inf: "
                    "pack every vertex one section alone uses)")
        ->check(real_number(0, std::numeric_limits<double>::infinity(), "a number of metres, 0 or more, or inf"));
    sub->add_option("--materials", a->materials, "A file of `usemtl-name = material-id` lines (# comments)");
    sub->add_option("--scale", a->scale,
                    "Multiply every position by S on read, e.g. 0.01 for an OBJ in centimetres (default 1; a "
                    "finite number above 0)");
    sub->add_option("--into", a->into,
                    "A split binder's .hkxbhd: write a copy of it with the member added or replaced");
    sub->add_option("--member", a->member, "With --into: the member's name (full, or the last path component)");
    sub->add_flag("--force", a->force, "Overwrite existing output files");
    sub->footer(
        std::string("Materials: a usemtl name is looked up in --materials, else read as a number (`usemtl 21`) or as\n"
                    "meshproof export's `m21`; rows before any usemtl, and Blender's `usemtl None`, take material 0.\n"
                    "Freelancer: each object (o, else g) is one convex hull; its part is its name up to the first '.'\n"
                    "(Root, Root.001 and Root.hull2 are all part Root); docs/cli.md says what is derived.\n") +
        kBuildExitCodesHelp);
    return {sub, [a] { return run_build(*a); }};
}

}  // namespace meshproof::cli
