// How a .sur file's ids resolve against its sibling model, over a whole file: each vers part
// matched by engine/utf/sur_ids.h (the id-zero rule, by name, or neither), and which .sur part
// holds each model part. Shared by sur_read (the match and id counts) and sur_derive (copies,
// frames).
#pragma once

#include <cstdint>
#include <vector>

#include "engine/sur/sur_model.h"
#include "engine/utf/model.h"
#include "engine/utf/sur_ids.h"

namespace meshproof::verifiers {

using utf::hardpoint_owner;
using utf::part_named;
using utf::PartMatch;

struct SurPairing {
    // Per .sur part: how it matched and the model part it names (-1 for kNeither).
    std::vector<PartMatch> match;
    std::vector<std::int32_t> model_part;
    // Per model part: the .sur part whose id names it (-1 if none; the first in file order).
    std::vector<std::int32_t> sur_part_of;
};

// Every part of `m` by utf::model_part_of_sur_part.
SurPairing pair_parts(const sur::SurModel& m, const utf::Model& model);

// True when the terminal hull ids of .sur part `part` include `id`.
bool part_holds_hull_id(const sur::SurModel& m, std::size_t part, std::uint32_t id);

}  // namespace meshproof::verifiers
