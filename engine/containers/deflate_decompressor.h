// The DCX_DFLT codec (spec §4): the payload is one zlib stream (`78 DA …`), via libdeflate; a head
// (Decompressor::decompress_head) by our own prefix inflater, inflate_prefix.h.
#pragma once

#include <memory>

#include "engine/containers/decompressor.h"

namespace meshproof {

std::shared_ptr<const Decompressor> make_deflate_decompressor();

}  // namespace meshproof
