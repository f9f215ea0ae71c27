// The Kraken decoder as a DCX decompressor (codec "KRAK"), for the registry in
// engine/containers/decompressor.h:  registry.add(std::make_shared<KrakenDecompressor>());
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "engine/containers/decompressor.h"
#include "engine/containers/kraken/kraken.h"

namespace meshproof {

class KrakenDecompressor final : public Decompressor {
public:
    std::string_view codec() const override { return "KRAK"; }
    std::string_view library_version() const override { return "meshproof kraken 1 (spec kraken.md)"; }
    // kraken_decompress, with leftover input after the stated size reported as kSizeMismatch.
    // Thread-safe (the decoder's scratch memory is per thread).
    Status decompress(Bytes in, std::span<std::uint8_t> out) const override;
    // Every 256 KiB block costs at least 6 input bytes (2-byte block header + a 4-byte fill
    // quantum, spec kraken.md §2.2/§2.3), so c bytes decode to at most ceil(c/6) blocks.
    std::uint64_t max_output_size(std::uint64_t compressed_size) const override {
        return (compressed_size / 6 + 1) * kKrakenBlockSize;
    }
    // Blocks decode in order, each to 256 KiB (spec kraken.md §2.1): a head stops after the
    // blocks that hold `want` bytes (kraken_decompress_prefix, the rest of the input left).
    std::size_t head_size(std::size_t want, std::size_t full) const override;
    Status decompress_head(Bytes in, std::span<std::uint8_t> out) const override;
};

}  // namespace meshproof
