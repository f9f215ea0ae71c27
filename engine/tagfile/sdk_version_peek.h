// The SDK version of a TAG0 tagfile read from its first bytes alone (containers-and-tagfiles.md
// §5.3: SDKV, 8 ASCII digits, is the first child of TAG0 in every version the spec lists), for
// telling a game from a folder of loose tagfiles without decoding them (engine/pipeline/
// game_from_tagfiles.h): 20160200 is Sekiro's, 20180100 Elden Ring's.
#pragma once

#include <cstddef>
#include <string_view>

#include "engine/core/bytes.h"
#include "engine/core/error.h"

namespace meshproof::tagfile {

// TAG0 header (8) + SDKV header (8) + 8 digits.
inline constexpr std::size_t kSdkVersionPeekSize = 24;

// The 8 digits, viewing `head` (at least kSdkVersionPeekSize bytes of the file's start; more
// are ignored). Errors: truncated, bad-magic (not TAG0), bad-header (SDKV not first, not digits).
Result<std::string_view> peek_sdk_version(Bytes head);

}  // namespace meshproof::tagfile
