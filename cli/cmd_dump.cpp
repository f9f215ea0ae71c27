// meshproof dump FILE: a tagfile through its own type table (SDK version, type count, the
// object tree from the root, then a collision member's decoded extern shapes), a compendium's IDs and types, or a binder's member list; with
// --member NAME, one member of a binder; a Freelancer model (.cmp / .3db, UTF) as its tree and parts;
// a Freelancer .sur as its parts, hulls and ledge trees (--part ID|NAME: one part).
#include <cstdio>
#include <limits>
#include <memory>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/input_bytes.h"
#include "cli/number_options.h"
#include "cli/sur_input.h"
#include "cli/tagfile_input.h"
#include "engine/containers/binder_entry_data.h"
#include "engine/containers/dcx.h"
#include "engine/core/plural.h"
#include "engine/io/install_scan.h"
#include "engine/io/mapped_file.h"
#include "engine/mesh/decode_member.h"
#include "engine/mesh/extern_shapes_text.h"
#include "engine/sur/sur_dump.h"
#include "engine/tagfile/compendium.h"
#include "engine/tagfile/dump.h"
#include "engine/tagfile/tagfile.h"
#include "engine/utf/model.h"
#include "engine/utf/model_dump.h"
#include "engine/utf/utf_file.h"

namespace meshproof::cli {
namespace {
namespace fs = std::filesystem;

struct DumpCommandOptions {
    std::string file;
    std::vector<std::string> compendiums;
    std::string member;
    std::string part;
    std::size_t max_elements = 8;
    bool offsets = false;
};

int fail(const std::string& where, const Error& e) {
    std::fprintf(stderr, "meshproof dump: %s: %s at byte %llu: %s\n", where.c_str(),
                 std::string(error_code_name(e.code)).c_str(), static_cast<unsigned long long>(e.offset),
                 e.message.c_str());
    return kExitPartial;
}

bool is_compendium(Bytes b) { return b.size() >= 8 && has_prefix(b.subspan(4), "TCM0"); }
bool is_tagfile(Bytes b) { return b.size() >= 8 && has_prefix(b.subspan(4), "TAG0"); }

std::string describe_compendium(const tagfile::Compendium& c) {
    std::string out = fmt::format("compendium (TCM0): {}\n", plural(c.ids.size(), "ID", "IDs"));
    for (auto id : c.ids) out += fmt::format("  id {}\n", tagfile::compendium_id_hex(id));
    const auto& t = *c.types;
    out += fmt::format("types: {}\n", t.type_count() - 1);
    for (std::uint32_t i = 1; i < t.type_count(); ++i)
        out += fmt::format("  {:4}  {}  size {}  members {}\n", i, t.full_name(i), t.size(i), t.members(i).size());
    return out;
}

int dump_bytes(const std::string& where, Bytes content, const tagfile::CompendiumRegistry& registry,
               const DumpCommandOptions& o) {
    if (is_compendium(content)) {
        auto c = tagfile::parse_compendium(content);
        if (!c.ok()) return fail(where, c.error());
        std::fputs(describe_compendium(*c).c_str(), stdout);
        return kExitOk;
    }
    if (!is_tagfile(content))
        return fail(where, make_error(ErrorCode::kBadMagic, 4, "not a Havok tagfile (TAG0) or compendium (TCM0)"));
    auto tf = tagfile::parse_tagfile(content, &registry);
    if (!tf.ok()) return fail(where, tf.error());
    tagfile::DumpOptions d;
    d.max_array_elements = o.max_elements;
    d.show_offsets = o.offsets;
    std::fputs(tagfile::dump_tagfile(*tf, d).c_str(), stdout);
    // A collision member's decoded extern shapes (Elden Ring externShapes, §7.3), after the raw
    // tree; nothing for a member without them or a tagfile that is no collision member.
    if (auto member = mesh::decode_member(*tf); member.ok())
        std::fputs(mesh::extern_shapes_text(*member).c_str(), stdout);
    return kExitOk;
}

// A Freelancer model file (freelancer-models.md): the UTF tree and the model view.
int dump_model_file(const DumpCommandOptions& o, Bytes bytes) {
    auto tree = utf::decode_utf(bytes);
    if (!tree.ok()) return fail(o.file, tree.error());
    auto model = utf::model_view(*tree);
    if (!model.ok()) return fail(o.file, model.error());
    std::fputs(utf::dump_model(*tree, *model).c_str(), stdout);
    return kExitOk;
}

// A Freelancer .sur (freelancer-surface.md), its parts named from the sibling model when it has one.
int dump_sur_file(const DumpCommandOptions& o) {
    auto opened = open_sur(o.file, true);
    if (auto* e = std::get_if<SurInputError>(&opened)) {
        fail(e->file, e->error);
        return e->decode ? kExitPartial : kExitUsage;
    }
    const SurInput& in = std::get<SurInput>(opened);
    sur::SurDumpOptions d;
    d.max_elements = o.max_elements;
    d.part_names = in.part_names;
    if (!o.part.empty() && !(d.only = find_part(in, o.part))) {
        std::fprintf(stderr, "meshproof dump: --part %s: no part of %s has that %s\n", o.part.c_str(), o.file.c_str(),
                     in.sur.format == sur::SurFormat::kLegacy ? "record name"
                     : in.model                               ? "id or model part name"
                                                              : "id");
        return kExitUsage;
    }
    const std::string model = in.model_path ? fmt::format("model {}: {}\n", in.model_path->filename().string(),
                                                          plural(in.model->parts.size(), "part", "parts"))
                                            : std::string("model: none (no sibling .cmp or .3db)\n");
    std::fputs((model + sur::dump_sur(in.sur, d)).c_str(), stdout);
    return kExitOk;
}

int run_dump(const DumpCommandOptions& o) {
    if (is_sur_input(o.file)) return dump_sur_file(o);
    if (!o.part.empty()) {
        std::fprintf(stderr, "meshproof dump: --part needs a .sur file, and %s is not one\n", o.file.c_str());
        return kExitUsage;
    }
    if (auto map = MappedFile::open(o.file); map.ok() && utf::is_utf(map->bytes()))
        return dump_model_file(o, map->bytes());
    auto input = open_input(o.file);
    if (!input.ok()) {
        fail(o.file, input.error());
        return kExitUsage;
    }
    if (input->binder && o.member.empty()) {
        const Binder& binder = *input->binder;
        std::printf("binder %s: %s, version \"%s\", format 0x%02X\n",
                    binder.kind == BinderKind::kBnd4 ? "BND4" : "BHF4+BDF4",
                    plural(binder.entries.size(), "member", "members").c_str(), binder.version.c_str(), binder.format);
        for (std::size_t i = 0; i < binder.entries.size(); ++i) {
            const BinderEntry& e = binder.entries[i];
            auto stored = entry_stored_bytes(e, input->container);
            std::string codec = "stored";
            if (stored.ok() && is_dcx(*stored)) {
                auto h = parse_dcx_header(*stored);
                codec = h.ok() ? "DCX_" + h->codec : "DCX?";
            } else if (e.compressed()) {
                codec = "zlib";
            }
            std::printf("  %4zu  id %-8d %10llu %-5s  %-9s %s\n", i, e.id.value_or(-1),
                        static_cast<unsigned long long>(e.compressed_size),
                        std::string(plural_noun(e.compressed_size, "byte", "bytes")).c_str(), codec.c_str(),
                        e.name.c_str());
        }
        if (const Status st = input_unchanged(*input); !st.ok()) return fail(o.file, st.error());
        return kExitOk;
    }
    auto unit = select_unit(o.file, *input, o.compendiums, o.member);
    if (!unit.ok()) {
        std::fprintf(stderr, "meshproof dump: %s\n", unit.error().message.c_str());
        return kExitUsage;
    }
    const int code = dump_bytes(unit->where, unit->bytes, unit->compendiums, o);
    if (const Status st = input_unchanged(*input); !st.ok()) return fail(o.file, st.error());
    return code;
}

}  // namespace

Command add_dump(CLI::App& app) {
    auto o = std::make_shared<DumpCommandOptions>();
    CLI::App* sub = app.add_subcommand(
        "dump",
        "Show a tagfile through its own type table, a compendium, a binder's members, a Freelancer model's tree and parts, or a .sur file's parts and hulls");
    sub->add_option(
           "FILE", o->file,
           "A tagfile (.hkx, .hkx.dcx), compendium, BND4 binder, split binder .hkxbhd, Freelancer model (.cmp, .3db) or .sur")
        ->required();
    sub->add_option("--compendium", o->compendiums,
                    "Compendium file that resolves the tagfile's TCRF (repeatable; default: siblings)")
        ->allow_extra_args(false)  // one file per --compendium: the FILE after it is not read as a compendium
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    sub->add_option("--member", o->member, "Dump this member of a binder (full name or last path component)");
    sub->add_option("--part", o->part,
                    "Dump this part of a .sur file: its id (decimal or 0x hex) or its model part's name");
    sub->add_option("--max-elements", o->max_elements,
                    "Array elements printed per array (default 8; .sur: hulls, tree nodes)")
        ->check(whole_number(0, std::numeric_limits<std::size_t>::max()));
    sub->add_flag("--offsets", o->offsets, "Show DATA offsets of objects");
    sub->footer(kDumpExitCodesHelp);
    return {sub, [o] { return run_dump(*o); }};
}

}  // namespace meshproof::cli
