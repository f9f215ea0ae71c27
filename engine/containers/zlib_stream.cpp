#include "engine/containers/zlib_stream.h"

#include <algorithm>
#include <memory>

#include <fmt/format.h>
#include <libdeflate.h>

namespace meshproof {
namespace {

struct DecompressorDeleter {
    void operator()(libdeflate_decompressor* d) const { libdeflate_free_decompressor(d); }
};
struct CompressorDeleter {
    void operator()(libdeflate_compressor* c) const { libdeflate_free_compressor(c); }
};

// One decompressor per thread: allocation is ~10 KiB and the pipeline inflates thousands of
// members; libdeflate decompressors are not thread-safe, hence thread_local.
libdeflate_decompressor* thread_decompressor() {
    thread_local std::unique_ptr<libdeflate_decompressor, DecompressorDeleter> d(libdeflate_alloc_decompressor());
    return d.get();
}

}  // namespace

Status inflate_zlib_exact(Bytes in, std::span<std::uint8_t> out) {
    libdeflate_decompressor* d = thread_decompressor();
    if (d == nullptr) return make_error(ErrorCode::kInternal, 0, "libdeflate_alloc_decompressor failed");
    std::size_t produced = 0;
    const libdeflate_result r = libdeflate_zlib_decompress(d, in.data(), in.size(), out.data(), out.size(), &produced);
    switch (r) {
        case LIBDEFLATE_SUCCESS:
            if (produced != out.size())
                return make_error(ErrorCode::kSizeMismatch, 0,
                                  fmt::format("zlib stream inflates to {} bytes, expected {}", produced, out.size()));
            return ok_status();
        case LIBDEFLATE_INSUFFICIENT_SPACE:
            return make_error(ErrorCode::kSizeMismatch, 0,
                              fmt::format("zlib stream inflates to more than the expected {} bytes", out.size()));
        case LIBDEFLATE_BAD_DATA:
        default: return make_error(ErrorCode::kDecompress, 0, "corrupt zlib stream");
    }
}

Result<std::vector<std::uint8_t>> inflate_zlib_any_size(Bytes in) {
    libdeflate_decompressor* d = thread_decompressor();
    if (d == nullptr) return make_error(ErrorCode::kInternal, 0, "libdeflate_alloc_decompressor failed");
    const std::uint64_t limit = max_inflated_size(in.size());
    std::vector<std::uint8_t> out(std::min<std::uint64_t>(limit, std::max<std::uint64_t>(4 * in.size(), 4096)));
    for (;;) {
        std::size_t produced = 0;
        const libdeflate_result r =
            libdeflate_zlib_decompress(d, in.data(), in.size(), out.data(), out.size(), &produced);
        if (r == LIBDEFLATE_SUCCESS) {
            out.resize(produced);
            return out;
        }
        if (r != LIBDEFLATE_INSUFFICIENT_SPACE || out.size() >= limit)
            return make_error(ErrorCode::kDecompress, 0, "corrupt zlib stream");
        out.resize(std::min<std::uint64_t>(limit, 2 * static_cast<std::uint64_t>(out.size())));
    }
}

std::vector<std::uint8_t> deflate_zlib(Bytes in, int level) {
    std::unique_ptr<libdeflate_compressor, CompressorDeleter> c(libdeflate_alloc_compressor(std::clamp(level, 1, 12)));
    if (!c) return {};
    std::vector<std::uint8_t> out(libdeflate_zlib_compress_bound(c.get(), in.size()));
    const std::size_t n = libdeflate_zlib_compress(c.get(), in.data(), in.size(), out.data(), out.size());
    out.resize(n);  // n == 0 cannot happen with a bound-sized buffer
    return out;
}

}  // namespace meshproof
