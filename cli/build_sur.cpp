// Part names (docs/cli.md "Freelancer"): an object's part is its name up to the first '.', so
// that Blender's copies of an object (Root.001, Root.002) and names such as Root.hull2 stay in
// their part; objects without a name belong to Root. With --model a part name must be one of the
// model's parts (case does not matter, as in FL-CRC): a compound model's part takes the FL-CRC of
// its object name, a single-part model's (.3db) one part, named Root here, takes 0. Without a
// model, one part takes 0 (the .3db convention) and several take the FL-CRC of their names (the
// .cmp convention). The model's root part, or without a model the part named Root or the only
// part, is written not fixed ('!fxd'), as MAXLancer writes a part whose joint is not a fixed one;
// with a model, so is every part whose joint to its parent moves.
#include "cli/build_sur.h"

#include <cstdio>
#include <map>

#include <fmt/format.h>

#include "cli/atomic_outputs.h"
#include "cli/exit_codes.h"
#include "cli/same_file.h"
#include "engine/builder/obj_objects.h"
#include "engine/builder/obj_reader.h"
#include "engine/core/plural.h"
#include "engine/io/install_scan.h"
#include "engine/io/mapped_file.h"
#include "engine/sur/surface_build.h"
#include "engine/utf/fl_crc.h"
#include "engine/utf/model.h"

namespace meshproof::cli {
namespace {

constexpr const char* kRootName = "Root";

int usage(const std::string& message) {
    std::fprintf(stderr, "meshproof build: %s\n", message.c_str());
    return kExitUsage;
}

std::string part_name_of(const std::string& object) {
    const std::string name = object.substr(0, object.find('.'));
    return name.empty() ? kRootName : name;
}

bool is_ascii(const std::string& s) {
    for (const unsigned char c : s)
        if (c >= 0x80) return false;
    return true;
}

// The model's part a name names, or -1.
std::int32_t model_part(const utf::Model& model, const std::string& name) {
    const std::string want = ascii_lower(name);
    if (!model.compound) return want == ascii_lower(kRootName) ? 0 : -1;
    for (std::size_t i = 0; i < model.parts.size(); ++i)
        if (ascii_lower(model.parts[i].object_name) == want) return std::int32_t(i);
    return -1;
}

std::string model_part_list(const utf::Model& model) {
    if (!model.compound) return kRootName;
    std::string list;
    for (const utf::ModelPart& p : model.parts) list += (list.empty() ? "" : ", ") + p.object_name;
    return list;
}

}  // namespace

int run_build_sur(const SurBuildArgs& a) {
    for (const std::string& read : {a.in, a.model})
        if (!read.empty() && same_file(a.out, read))
            return usage(
                fmt::format("-o {} is {}, an input of the build: it never writes over its input", a.out, read));

    // ---- the OBJ
    auto file = MappedFile::open(a.in);
    if (!file.ok()) return usage(fmt::format("{}: {}", a.in, file.error().message));
    builder::ObjReadOptions read_options;
    read_options.scale = a.scale;
    auto obj = builder::read_obj(file->bytes(), read_options);
    if (!obj.ok()) return usage(fmt::format("{}:{}", a.in, obj.error().message));  // the message begins "L:C: "
    const std::vector<builder::ObjObject> objects = builder::obj_objects(*obj);

    // ---- the model
    std::optional<utf::Model> model;
    if (!a.model.empty()) {
        auto bytes = MappedFile::open(a.model);
        if (!bytes.ok()) return usage(fmt::format("{}: {}", a.model, bytes.error().message));
        auto decoded = utf::decode_model(bytes->bytes());
        if (!decoded.ok())
            return usage(fmt::format("{}: not a model that decodes: {} at byte {}: {}", a.model,
                                     error_code_name(decoded.error().code), decoded.error().offset,
                                     decoded.error().message));
        model = std::move(*decoded);
    }

    // ---- objects into parts
    std::vector<sur::PartSource> parts;
    std::map<std::string, std::size_t> part_index;  // by lower-case name
    for (const builder::ObjObject& o : objects) {
        const std::string name = part_name_of(o.name);
        if (!is_ascii(name))
            return usage(
                fmt::format("{}:{}: object `{}`: its part name `{}` is not ASCII (Freelancer's part names are)", a.in,
                            o.first_line, o.name, name));
        const auto [it, added] = part_index.try_emplace(ascii_lower(name), parts.size());
        if (added) {
            sur::PartSource p;
            p.name = name;
            if (model) {
                const std::int32_t k = model_part(*model, name);
                if (k < 0)
                    return usage(fmt::format("{}:{}: object `{}`: the model {} has no part `{}` (its parts: {})", a.in,
                                             o.first_line, o.name, a.model, name, model_part_list(*model)));
                const utf::ModelPart& mp = model->parts[std::size_t(k)];
                p.id = mp.id;
                p.not_fixed = k == model->root || utf::joint_moves(mp.joint);
            }
            parts.push_back(std::move(p));
        }
        sur::HullSource h;
        h.name = o.name.empty() ? "(unnamed)" : o.name;
        h.points = o.points;
        parts[it->second].hulls.push_back(std::move(h));
    }
    if (!model) {
        for (sur::PartSource& p : parts) {
            p.id = parts.size() == 1 ? 0 : utf::fl_crc(p.name);
            p.not_fixed = parts.size() == 1 || ascii_lower(p.name) == ascii_lower(kRootName);
        }
    }
    for (sur::PartSource& p : parts)
        for (sur::HullSource& h : p.hulls) h.id = p.id;

    // ---- build, check, write
    auto built = sur::build_sur(parts);
    if (!built.ok()) {
        const Error& e = built.error();
        if (e.code == ErrorCode::kLimit)
            return usage(fmt::format("{}: too large for the .sur format: {}", a.in, e.message));
        if (e.code == ErrorCode::kBadObject) return usage(fmt::format("{}: {}", a.in, e.message));
        std::fprintf(stderr, "meshproof build: internal error: %s: %s\n", std::string(error_code_name(e.code)).c_str(),
                     e.message.c_str());
        return kExitInternal;
    }
    const OutputRefusal refusal = write_outputs_atomically({{a.out, std::move(built->bytes)}}, a.force);
    if (!refusal.message.empty()) return usage(refusal.message);

    // ---- what was made
    for (std::size_t p = 0; p < parts.size(); ++p)
        for (std::size_t h = 0; h < parts[p].hulls.size(); ++h) {
            const sur::HullNote& n = built->hulls[p][h];
            const std::string& name = parts[p].hulls[h].name;
            if (n.inside > 0)
                std::fputs(
                    fmt::format("meshproof build: warning: object `{}` is not convex ({} of its {} inside its hull): "
                                "replaced by its convex hull\n",
                                name, plural(n.inside, "point", "points"), n.distinct_points)
                        .c_str(),
                    stderr);
            if (n.stopped_early)
                std::fputs(
                    fmt::format("meshproof build: warning: object `{}`: its hull stopped at {} points, the most a hull "
                                "holds; points outside it are not covered\n",
                                name, n.vertices)
                        .c_str(),
                    stderr);
        }
    const sur::SurModel& m = built->model;
    std::printf("%s -> %s\n", a.in.c_str(), a.out.c_str());
    std::fputs(fmt::format("  Freelancer .sur, {}{}\n", plural(parts.size(), "part", "parts"),
                           model ? fmt::format(" matched to {}", a.model) : std::string())
                   .c_str(),
               stdout);
    for (std::size_t p = 0; p < parts.size(); ++p) {
        const sur::Surface& s = m.surfaces[std::size_t(m.parts[p].surface)];
        std::uint32_t flat = 0, faces = 0;
        for (const sur::HullNote& n : built->hulls[p]) flat += n.shape != sur::HullShape::kSolid, faces += n.faces;
        std::fputs(
            fmt::format("  part {} (id 0x{:08x}{}): {} ({} two-sided flat), {} faces, {}; massCenter ({:.6g}, {:.6g}, "
                        "{:.6g}), radius {:.6g}, rotationInertia ({:.6g}, {:.6g}, {:.6g}), surfaceDeviation {}\n",
                        parts[p].name, m.parts[p].id, m.parts[p].not_fixed ? ", not fixed" : "",
                        plural(parts[p].hulls.size(), "hull", "hulls"), flat, faces,
                        plural(s.points.count, "point", "points"), s.mass_center[0], s.mass_center[1], s.mass_center[2],
                        s.radius, s.rotation_inertia[0], s.rotation_inertia[1], s.rotation_inertia[2], s.deviation)
                .c_str(),
            stdout);
        if (built->root_hull_stopped_early[p])
            std::fputs(fmt::format(
                           "meshproof build: warning: part {}: the hull of all its hulls stopped at the 2,050 points a "
                           "hull holds\n",
                           parts[p].name)
                           .c_str(),
                       stderr);
    }
    return kExitOk;
}

}  // namespace meshproof::cli
