#include "cli/tagfile_input.h"

#include "engine/containers/binder_entry_data.h"
#include "engine/io/install_scan.h"

namespace meshproof::cli {
namespace {
namespace fs = std::filesystem;

bool is_compendium_name(std::string_view n) { return ascii_lower(n).find(".compendium") != std::string::npos; }
bool is_tagfile_name(std::string_view n) {
    std::string l = ascii_lower(n);
    return l.ends_with(".hkx") || l.ends_with(".hkx.dcx");
}

}  // namespace

void add_compendium_once(tagfile::CompendiumRegistry& registry, Bytes tcm0) {
    auto c = tagfile::parse_compendium(tcm0);
    if (!c.ok()) return;
    for (auto id : c->ids)
        if (registry.find(id) == nullptr) {
            (void)registry.add(*c);
            return;
        }
}

Result<SelectedUnit> select_unit(const std::string& file, OpenedInput& input,
                                 const std::vector<std::string>& compendium_files, const std::string& member) {
    SelectedUnit unit;
    for (const auto& c : compendium_files) {
        MP_TRY_ASSIGN(OpenedInput ci, open_input(c));
        MP_TRY(tagfile::parse_compendium(ci.content));
        add_compendium_once(unit.compendiums, ci.content);
        unit.compendium_files.emplace_back(c);
    }
    if (!input.binder) {
        if (!member.empty())
            return make_error(ErrorCode::kUsage, 0, "--member needs a binder, and " + file + " is not one");
        if (compendium_files.empty()) {
            std::error_code ec;
            fs::path dir = fs::path(file).parent_path();
            for (const auto& e : fs::directory_iterator(dir.empty() ? fs::path(".") : dir, ec)) {
                if (!is_compendium_name(e.path().filename().string())) continue;
                auto ci = open_input(e.path());
                if (!ci.ok()) continue;
                add_compendium_once(unit.compendiums, ci->content);
                unit.compendium_files.push_back(e.path());
            }
        }
        unit.where = file;
        unit.bytes = input.content;
        return unit;
    }

    const Binder& binder = *input.binder;
    auto decompressed = [&](const BinderEntry& e) {
        return entry_decompressed_bytes(e, input.container, input.codecs);
    };
    for (const BinderEntry& e : binder.entries) {
        if (!is_compendium_name(e.name)) continue;
        auto bytes = decompressed(e);
        if (bytes.ok()) add_compendium_once(unit.compendiums, *bytes);
    }
    const BinderEntry* chosen = nullptr;
    if (member.empty()) {
        for (const BinderEntry& e : binder.entries) {
            if (!is_tagfile_name(e.name_last_component())) continue;
            if (chosen != nullptr)
                return make_error(
                    ErrorCode::kUsage, 0,
                    file + " holds several tagfiles: name one with --member (list them with: meshproof dump " + file +
                        ")");
            chosen = &e;
        }
    } else {
        const std::string wanted = ascii_lower(member);
        for (const BinderEntry& e : binder.entries)
            if (ascii_lower(e.name) == wanted || ascii_lower(std::string(e.name_last_component())) == wanted) {
                chosen = &e;
                break;
            }
    }
    if (chosen == nullptr)
        return make_error(ErrorCode::kUsage, 0,
                          file + " has no member named " + (member.empty() ? std::string("*.hkx") : member) +
                              " (list them with: meshproof dump " + file + ")");
    unit.where = file + " :: " + std::string(chosen->name_last_component());
    MP_TRY_ASSIGN(unit.owned, decompressed(*chosen));
    unit.bytes = unit.owned;
    return unit;
}

}  // namespace meshproof::cli
