#include "engine/containers/default_decompressors.h"

#include "engine/containers/deflate_decompressor.h"
#include "engine/containers/kraken/kraken_decompressor.h"
#include "engine/containers/zstd_decompressor.h"

namespace meshproof {

DecompressorRegistry default_decompressors() {
    DecompressorRegistry registry;
    registry.add(make_deflate_decompressor());
    registry.add(make_zstd_decompressor());
    registry.add(std::make_shared<KrakenDecompressor>());
    return registry;
}

}  // namespace meshproof
