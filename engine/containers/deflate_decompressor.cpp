#include "engine/containers/deflate_decompressor.h"

#include <libdeflate.h>

#include <algorithm>

#include "engine/containers/inflate_prefix.h"
#include "engine/containers/zlib_stream.h"

namespace meshproof {
namespace {

class DeflateDecompressor final : public Decompressor {
public:
    std::string_view codec() const override { return "DFLT"; }
    std::string_view library_version() const override { return "libdeflate " LIBDEFLATE_VERSION_STRING; }
    Status decompress(Bytes in, std::span<std::uint8_t> out) const override { return inflate_zlib_exact(in, out); }
    std::uint64_t max_output_size(std::uint64_t compressed_size) const override {
        return max_inflated_size(compressed_size);
    }
    // A head stops exactly at the bytes wanted (inflate_prefix.h; the Adler-32 of the whole
    // content is left unchecked): libdeflate has no way to stop early.
    std::size_t head_size(std::size_t want, std::size_t full) const override { return std::min(want, full); }
    Status decompress_head(Bytes in, std::span<std::uint8_t> out) const override {
        return inflate_zlib_prefix(in, out);
    }
};

}  // namespace

std::shared_ptr<const Decompressor> make_deflate_decompressor() { return std::make_shared<DeflateDecompressor>(); }

}  // namespace meshproof
