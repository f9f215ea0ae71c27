// Freelancer .sur files: the vers 2.0 container of parts and chunks (freelancer-surface.md
// "Architecture", "Part"; tag orders per ivp-surface-notes.md §2) and the pre-vers legacy
// layout (notes §12). The IVP blocks inside are decoded by compact_surface.h.
//
// Chunk payloads are not length-prefixed, so an unknown tag cannot be skipped: it is an
// ErrorCode::kUnknownChunk at the tag's offset, never a silent desync.
#pragma once

#include "engine/core/bytes.h"
#include "engine/core/error.h"
#include "engine/sur/sur_model.h"

namespace meshproof::sur {

// "vers" then f32 2.0 (exactly), then parts until the end of the bytes. A file without the
// signature is kBadMagic (its message names the legacy format); another version kUnsupported.
Result<SurModel> decode_sur_vers2(Bytes bytes);

// The legacy layout: f32[6] box, then records { u32 nameLen, name, "surf"|"ledg", u32 count,
// count x { u32 size, payload } } to the end of the bytes. Error messages start with
// "legacy (pre-vers) .sur".
Result<SurModel> decode_sur_legacy(Bytes bytes);

// Either: vers 2.0 when the bytes start with "vers", the legacy layout otherwise.
Result<SurModel> decode_sur(Bytes bytes);

// True when the bytes start with the vers signature.
bool is_sur_vers(Bytes bytes);

}  // namespace meshproof::sur
