// Decompressors keyed by the 4-character DCX codec ("DFLT", "ZSTD", "KRAK"; spec §4).
// Codecs are pluggable so a missing one (Kraken, whose only open decoders are ports of
// reverse-engineered code) is an "unsupported" result for that member, not a build
// dependency. Adding a codec is one line:
//     registry.add(std::make_shared<KrakenDecompressor>());
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/bytes.h"
#include "engine/core/error.h"

namespace meshproof {

class Decompressor {
public:
    virtual ~Decompressor() = default;

    // The DCX codec this decodes, exactly 4 characters ("DFLT").
    virtual std::string_view codec() const = 0;
    // The underlying library and version, for reports ("libdeflate 1.14").
    virtual std::string_view library_version() const = 0;
    // Decodes `in` into exactly `out` (its size is the uncompressed size the container
    // states). Must never write past out.size(). A corrupt stream is kDecompress, a stream
    // that decodes to a different size kSizeMismatch; offsets are relative to `in`.
    // Must be safe to call from several threads at once.
    virtual Status decompress(Bytes in, std::span<std::uint8_t> out) const = 0;
    // The most bytes `compressed_size` bytes of this codec can possibly decode to. Callers
    // refuse larger stated sizes before allocating, so a 76-byte hostile header cannot ask
    // for 4 GiB. The default (no bound) is always correct, only less protective.
    virtual std::uint64_t max_output_size(std::uint64_t compressed_size) const {
        (void)compressed_size;
        return std::numeric_limits<std::uint64_t>::max();
    }
    // A look at the content's first bytes (a tagfile's SDK version, a binder's entry table)
    // without decoding it whole: the output size, at least `want` and at most `full` (the stated
    // size), at which this codec can stop, and the decode of that many first bytes (leftover input
    // allowed, and not checked). DFLT and ZSTD stop at `want`, KRAK at a block's end. The default
    // cannot stop early: the whole content, checked as decompress checks it.
    virtual std::size_t head_size(std::size_t want, std::size_t full) const {
        (void)want;
        return full;
    }
    virtual Status decompress_head(Bytes in, std::span<std::uint8_t> out) const { return decompress(in, out); }
};

// The error for a container whose codec has no registered decompressor:
// kUnsupported, "unsupported compression KRAK (no decoder registered; ...remedy...)".
Error unsupported_codec_error(std::string_view codec, std::uint64_t offset);

class DecompressorRegistry {
public:
    // Registers `d` under d->codec(); replaces an earlier decompressor of the same codec.
    void add(std::shared_ptr<const Decompressor> d);
    // nullptr when the codec is not registered.
    const Decompressor* find(std::string_view codec) const;
    // find(), or unsupported_codec_error(codec, offset) when it is missing.
    Result<const Decompressor*> require(std::string_view codec, std::uint64_t offset = 0) const;
    // Registered codecs, sorted ("DFLT", "ZSTD").
    std::vector<std::string> codecs() const;

private:
    std::vector<std::shared_ptr<const Decompressor>> decompressors_;  // sorted by codec
};

}  // namespace meshproof
