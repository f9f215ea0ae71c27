#include "verifiers/sur_pairing.h"

namespace meshproof::verifiers {

SurPairing pair_parts(const sur::SurModel& m, const utf::Model& model) {
    SurPairing out;
    out.match.resize(m.parts.size(), PartMatch::kNeither);
    out.model_part.resize(m.parts.size(), -1);
    out.sur_part_of.resize(model.parts.size(), -1);
    for (std::size_t p = 0; p < m.parts.size(); ++p) {
        const utf::SurPartOf of = utf::model_part_of_sur_part(model, m.parts[p].id);
        const std::int32_t mp = of.part;
        out.match[p] = of.match;
        out.model_part[p] = mp;
        if (mp >= 0 && out.sur_part_of[std::size_t(mp)] < 0) out.sur_part_of[std::size_t(mp)] = std::int32_t(p);
    }
    return out;
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
