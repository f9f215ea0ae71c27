#include "engine/utf/sur_ids.h"

namespace meshproof::utf {

SurPartOf model_part_of_sur_part(const Model& model, std::uint32_t id) {
    if (id == 0 && model.root >= 0) return {PartMatch::kZero, model.root};
    if (const std::int32_t p = part_named(model, id); p >= 0) return {PartMatch::kName, p};
    return {};
}

std::int32_t part_named(const Model& model, std::uint32_t id) {
    if (!model.compound || id == 0) return -1;
    return model.part_by_id(id);
}

std::int32_t hardpoint_owner(const Model& model, std::uint32_t id) {
    if (id == 0) return -1;
    for (std::size_t i = 0; i < model.parts.size(); ++i)
        for (const auto& hp : model.parts[i].hardpoints)
            if (hp.id == id) return std::int32_t(i);
    return -1;
}

}  // namespace meshproof::utf
