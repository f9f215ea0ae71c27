#include "engine/containers/kraken/kraken_decompressor.h"

#include <algorithm>
#include <string>

#include "engine/containers/kraken/kraken.h"

namespace meshproof {

Status KrakenDecompressor::decompress(Bytes in, std::span<std::uint8_t> out) const {
    MP_TRY_ASSIGN(const std::size_t used, kraken_decompress_prefix(in, out));
    if (used != in.size()) {
        return make_error(ErrorCode::kSizeMismatch, used,
                          "kraken: stream ends after " + std::to_string(out.size()) + " bytes with " +
                              std::to_string(in.size() - used) + " input bytes left over");
    }
    return ok_status();
}

std::size_t KrakenDecompressor::head_size(std::size_t want, std::size_t full) const {
    const std::size_t blocks = want / kKrakenBlockSize + (want % kKrakenBlockSize != 0 ? 1 : 0);
    return std::min(full, std::max<std::size_t>(blocks, 1) * kKrakenBlockSize);
}

Status KrakenDecompressor::decompress_head(Bytes in, std::span<std::uint8_t> out) const {
    MP_TRY(kraken_decompress_prefix(in, out));
    return ok_status();
}

}  // namespace meshproof
