// How the ids of a .sur file name the parts and hardpoints of its model (freelancer-models.md §3,
// §4): a part id 0 names the model root (the single part of a .3db, `Root` of a .cmp), any other
// id the compound part whose Object name hashes to it; a terminal hull's id names a hardpoint, a
// part, or nothing. Ids compare as uint32. Shared by the sur passes (verifiers/sur_pairing.h) and
// `meshproof export`, which places each .sur part in the frame of the model part it names.
#pragma once

#include <cstdint>

#include "engine/utf/model.h"

namespace meshproof::utf {

enum class PartMatch : std::uint8_t { kZero, kName, kNeither };

struct SurPartOf {
    PartMatch match = PartMatch::kNeither;
    std::int32_t part = -1;  // the model part, -1 for kNeither
};

// The model part a .sur part id names (§3: the id-zero rule first, then by name).
SurPartOf model_part_of_sur_part(const Model& model, std::uint32_t id);

// The model part whose id is `id` in a compound model (never the id-zero rule), or -1.
std::int32_t part_named(const Model& model, std::uint32_t id);

// The model part owning the hardpoint whose FL-CRC is `id`, or -1.
std::int32_t hardpoint_owner(const Model& model, std::uint32_t id);

}  // namespace meshproof::utf
