// The DCX_ZSTD codec (spec §4; noted for Shadow of the Erdtree): a zstd frame, via libzstd.
#pragma once

#include <memory>

#include "engine/containers/decompressor.h"

namespace meshproof {

std::shared_ptr<const Decompressor> make_zstd_decompressor();

}  // namespace meshproof
