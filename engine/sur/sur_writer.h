// Writes a SurModel back to .sur bytes in the layout retail uses (ivp-surface-notes.md §2, §11):
// per surface the 48-byte header, the ledges in model order (terminal ledges in insertion order,
// root hull last on retail), the shared points, the nodes in model order; every layout offset
// and size (c_point_offset, root and node offsets, byte_size, chunk sizes and counts) is
// recomputed with the §1 bases, every other word is written as the model holds it. A model
// decoded from a file therefore re-encodes to the file's bytes; the legacy layout (§12) and a
// trailing SHPE block (§13) included.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/error.h"
#include "engine/sur/sur_model.h"

namespace meshproof::sur {

// Errors (kOutOfBounds / kBadHeader, offset = position in the output) when the model is not
// self-consistent: a range outside its column, an index outside its surface, a field too wide
// for its bits, a size beyond 24 bits.
Result<std::vector<std::uint8_t>> encode_sur(const SurModel& model);

}  // namespace meshproof::sur
