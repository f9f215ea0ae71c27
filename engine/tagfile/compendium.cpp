#include "engine/tagfile/compendium.h"

#include <fmt/format.h>

#include "engine/tagfile/sections.h"

namespace meshproof::tagfile {

std::string compendium_id_hex(CompendiumId id) { return fmt::format("{:016x}", id); }

Result<Compendium> parse_compendium(Bytes bytes) {
    MP_TRY_ASSIGN(Section root, read_root_section(bytes));
    if (root.tag() != "TCM0") return make_error(ErrorCode::kBadMagic, 0, "not a TCM0 compendium");
    MP_TRY_ASSIGN(std::vector<Section> children, read_children(bytes, root));
    const Section* tcid = find_section(children, "TCID");
    const Section* type = find_section(children, "TYPE");
    if (!tcid) return make_error(ErrorCode::kBadHeader, root.offset, "TCM0 without TCID");
    if (!type) return make_error(ErrorCode::kBadHeader, root.offset, "TCM0 without TYPE");
    if (tcid->body.empty() || tcid->body.size() % 8 != 0)
        return make_error(ErrorCode::kBadHeader, tcid->offset, "TCID size is not a positive multiple of 8");
    Compendium out;
    for (std::size_t i = 0; i < tcid->body.size(); i += 8)
        out.ids.push_back(load_be<std::uint64_t>(tcid->body.data() + i));
    MP_TRY_ASSIGN(out.types, TypeTable::parse(bytes, *type));
    return out;
}

Status CompendiumRegistry::add(const Compendium& compendium) {
    for (CompendiumId id : compendium.ids)
        if (by_id_.contains(id))
            return make_error(ErrorCode::kBadHeader, 0, "compendium ID " + compendium_id_hex(id) + " registered twice");
    for (CompendiumId id : compendium.ids) by_id_.emplace(id, compendium.types);
    return ok_status();
}

Status CompendiumRegistry::add_bytes(Bytes tcm0) {
    MP_TRY_ASSIGN(Compendium c, parse_compendium(tcm0));
    return add(c);
}

const std::shared_ptr<const TypeTable>* CompendiumRegistry::find(CompendiumId id) const {
    auto it = by_id_.find(id);
    return it == by_id_.end() ? nullptr : &it->second;
}

}  // namespace meshproof::tagfile
