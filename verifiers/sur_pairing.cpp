#include "verifiers/sur_pairing.h"

namespace meshproof::verifiers {

SurPairing pair_parts(const sur::SurModel& m, const utf::Model& model) {
    SurPairing out;
    out.match.resize(m.parts.size(), PartMatch::kNeither);
    out.model_part.resize(m.parts.size(), -1);
    out.sur_part_of.resize(model.parts.size(), -1);
    for (std::size_t p = 0; p < m.parts.size(); ++p) {
        const std::uint32_t id = m.parts[p].id;
        std::int32_t mp = -1;
        if (id == 0 && model.root >= 0) {
            out.match[p] = PartMatch::kZero;
            mp = model.root;
        } else if ((mp = part_named(model, id)) >= 0) {
            out.match[p] = PartMatch::kName;
        }
        out.model_part[p] = mp;
        if (mp >= 0 && out.sur_part_of[std::size_t(mp)] < 0) out.sur_part_of[std::size_t(mp)] = std::int32_t(p);
    }
    return out;
}

std::int32_t hardpoint_owner(const utf::Model& model, std::uint32_t id) {
    if (id == 0) return -1;
    for (std::size_t i = 0; i < model.parts.size(); ++i)
        for (const auto& hp : model.parts[i].hardpoints)
            if (hp.id == id) return std::int32_t(i);
    return -1;
}

std::int32_t part_named(const utf::Model& model, std::uint32_t id) {
    if (!model.compound || id == 0) return -1;
    return model.part_by_id(id);
}

bool part_holds_hull_id(const sur::SurModel& m, std::size_t part, std::uint32_t id) {
    const std::int32_t s = m.parts[part].surface;
    if (s < 0 || std::size_t(s) >= m.surfaces.size()) return false;
    const auto& sf = m.surfaces[std::size_t(s)];
    for (std::uint32_t l = sf.ledges.first; l < sf.ledges.end(); ++l)
        if (m.ledges.terminal(l) && std::uint32_t(m.ledges.client_data[l]) == id) return true;
    return false;
}

}  // namespace meshproof::verifiers
