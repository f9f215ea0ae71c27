// Vertex slots numbered by first use of their positions: what number_by_first_use
// (engine/rules/quad_pairing.h) gives on the names (the bits of x, y, z) of the slots' decoded
// positions, listed in the order given. A slot always has the same position, so only each slot's
// first use is named and hashed, in the order the list first uses the slots: a position's first
// use is some slot's first use, so the names come in the same order and get the same numbers.
// Shared by the pairing of a mesh's rows (row_pairing) and the tree_rule pass's vertex ids.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/mesh/decoded_member.h"
#include "engine/rules/quad_pairing.h"

namespace meshproof::rules {

struct PositionNumberingWorkspace {
    std::vector<std::uint32_t> slot_first, first_slots, use_first, slot_numbers;
    std::vector<VertexName> names;
};

// out[i] = the number of the position of slots[i] (slots[i] < v.size(), checked by the caller).
// Returns the number of distinct positions. out.size() == slots.size().
std::uint32_t number_positions_by_first_use(const mesh::DecodedVertices& v, std::span<const std::uint32_t> slots,
                                            PositionNumberingWorkspace& ws, QuadPairingWorkspace& hashing,
                                            std::span<std::uint32_t> out);

}  // namespace meshproof::rules
