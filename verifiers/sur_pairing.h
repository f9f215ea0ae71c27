// How a .sur file's ids resolve against its sibling model (freelancer-models.md §3, §4): each
// vers part matches a model part by the id-zero rule (id 0 names the model root), by name (the
// FL-CRC of a compound part's Object name) or by neither; a terminal hull's id names a hardpoint,
// a part, or nothing. Shared by sur_read (the match and id counts) and sur_derive (copies, frames).
#pragma once

#include <cstdint>
#include <vector>

#include "engine/sur/sur_model.h"
#include "engine/utf/model.h"

namespace meshproof::verifiers {

enum class PartMatch : std::uint8_t { kZero, kName, kNeither };

struct SurPairing {
    // Per .sur part: how it matched and the model part it names (-1 for kNeither).
    std::vector<PartMatch> match;
    std::vector<std::int32_t> model_part;
    // Per model part: the .sur part whose id names it (-1 if none; the first in file order).
    std::vector<std::int32_t> sur_part_of;
};

// §3: a part id 0 names the model root (the single part of a .3db, `Root` of a .cmp); any other
// id names the compound part whose Object name hashes to it. Ids compare as uint32.
SurPairing pair_parts(const sur::SurModel& m, const utf::Model& model);

// The model part owning the hardpoint whose FL-CRC is `id`, or -1.
std::int32_t hardpoint_owner(const utf::Model& model, std::uint32_t id);

// The model part whose id is `id` in a compound model (never the id-zero rule), or -1.
std::int32_t part_named(const utf::Model& model, std::uint32_t id);

// True when the terminal hull ids of .sur part `part` include `id`.
bool part_holds_hull_id(const sur::SurModel& m, std::size_t part, std::uint32_t id);

}  // namespace meshproof::verifiers
