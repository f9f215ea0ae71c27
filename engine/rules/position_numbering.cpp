// See position_numbering.h.
#include "engine/rules/position_numbering.h"

#include <bit>

namespace meshproof::rules {

std::uint32_t number_positions_by_first_use(const mesh::DecodedVertices& v, std::span<const std::uint32_t> slots,
                                            PositionNumberingWorkspace& ws, QuadPairingWorkspace& hashing,
                                            std::span<std::uint32_t> out) {
    ws.slot_first.assign(v.size(), mesh::kNone);
    ws.first_slots.clear();
    ws.use_first.resize(slots.size());
    for (std::size_t i = 0; i < slots.size(); ++i) {
        std::uint32_t& first = ws.slot_first[slots[i]];
        if (first == mesh::kNone) {
            first = static_cast<std::uint32_t>(ws.first_slots.size());
            ws.first_slots.push_back(slots[i]);
        }
        ws.use_first[i] = first;
    }
    ws.names.resize(ws.first_slots.size());
    for (std::size_t j = 0; j < ws.first_slots.size(); ++j) {
        const std::uint32_t s = ws.first_slots[j];
        ws.names[j] = {std::bit_cast<std::uint32_t>(v.x[s]), std::bit_cast<std::uint32_t>(v.y[s]),
                       std::bit_cast<std::uint32_t>(v.z[s])};
    }
    ws.slot_numbers.resize(ws.names.size());
    const std::uint32_t distinct = number_by_first_use(ws.names, hashing, ws.slot_numbers);
    for (std::size_t i = 0; i < slots.size() && i < out.size(); ++i) out[i] = ws.slot_numbers[ws.use_first[i]];
    return distinct;
}

}  // namespace meshproof::rules
