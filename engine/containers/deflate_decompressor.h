// The DCX_DFLT codec (spec §4): the payload is one zlib stream (`78 DA …`), via libdeflate.
#pragma once

#include <memory>

#include "engine/containers/decompressor.h"

namespace meshproof {

std::shared_ptr<const Decompressor> make_deflate_decompressor();

}  // namespace meshproof
