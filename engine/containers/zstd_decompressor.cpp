#include "engine/containers/zstd_decompressor.h"

#include <algorithm>
#include <memory>
#include <string>

#include <fmt/format.h>
#include <zstd.h>
#include <zstd_errors.h>

namespace meshproof {
namespace {

struct DctxDeleter {
    void operator()(ZSTD_DCtx* d) const { ZSTD_freeDCtx(d); }
};

// One context per thread: contexts are not thread-safe and cost ~100 KiB to create.
ZSTD_DCtx* thread_dctx() {
    thread_local std::unique_ptr<ZSTD_DCtx, DctxDeleter> dctx(ZSTD_createDCtx());
    return dctx.get();
}

class ZstdDecompressor final : public Decompressor {
public:
    ZstdDecompressor() : version_(std::string("libzstd ") + ZSTD_versionString()) {}

    std::string_view codec() const override { return "ZSTD"; }
    std::string_view library_version() const override { return version_; }

    Status decompress(Bytes in, std::span<std::uint8_t> out) const override {
        // A single frame that records its content size must agree with the container before
        // we decode (several concatenated frames are left to the decoder's own size check).
        const unsigned long long stated = ZSTD_getFrameContentSize(in.data(), in.size());
        if (stated == ZSTD_CONTENTSIZE_ERROR)
            return make_error(ErrorCode::kDecompress, 0, "not a zstd frame (or a truncated one)");
        const std::size_t first_frame = ZSTD_findFrameCompressedSize(in.data(), in.size());
        if (ZSTD_isError(first_frame))
            return make_error(ErrorCode::kDecompress, 0,
                              fmt::format("corrupt zstd frame: {}", ZSTD_getErrorName(first_frame)));
        if (first_frame == in.size() && stated != ZSTD_CONTENTSIZE_UNKNOWN && stated != out.size())
            return make_error(ErrorCode::kSizeMismatch, 0,
                              fmt::format("zstd frame records {} bytes, expected {}", stated, out.size()));
        ZSTD_DCtx* dctx = thread_dctx();
        if (dctx == nullptr) return make_error(ErrorCode::kInternal, 0, "ZSTD_createDCtx failed");
        const std::size_t n = ZSTD_decompressDCtx(dctx, out.data(), out.size(), in.data(), in.size());
        if (ZSTD_isError(n)) {
            if (ZSTD_getErrorCode(n) == ZSTD_error_dstSize_tooSmall)
                return make_error(ErrorCode::kSizeMismatch, 0,
                                  fmt::format("zstd stream decodes to more than the expected {} bytes", out.size()));
            return make_error(ErrorCode::kDecompress, 0, fmt::format("corrupt zstd stream: {}", ZSTD_getErrorName(n)));
        }
        if (n != out.size())
            return make_error(ErrorCode::kSizeMismatch, 0,
                              fmt::format("zstd stream decodes to {} bytes, expected {}", n, out.size()));
        return ok_status();
    }

    // A head stops exactly at the bytes wanted: the streaming decoder fills an output buffer of the
    // head's size and is left there (the frame's checksum, over the whole content, is not read).
    std::size_t head_size(std::size_t want, std::size_t full) const override { return std::min(want, full); }

    Status decompress_head(Bytes in, std::span<std::uint8_t> out) const override {
        ZSTD_DCtx* dctx = thread_dctx();
        if (dctx == nullptr) return make_error(ErrorCode::kInternal, 0, "ZSTD_createDCtx failed");
        ZSTD_DCtx_reset(dctx, ZSTD_reset_session_only);
        ZSTD_inBuffer src{in.data(), in.size(), 0};
        ZSTD_outBuffer dst{out.data(), out.size(), 0};
        std::size_t last = 1;  // ZSTD_decompressStream's last answer: 0 once a frame is complete
        while (dst.pos < dst.size) {
            const std::size_t in_before = src.pos;
            const std::size_t out_before = dst.pos;
            const std::size_t r = ZSTD_decompressStream(dctx, &dst, &src);
            if (ZSTD_isError(r))
                return make_error(ErrorCode::kDecompress, src.pos,
                                  fmt::format("corrupt zstd stream: {}", ZSTD_getErrorName(r)));
            // No progress: the input ran out, after the last frame (a shorter content) or inside one.
            if (dst.pos < dst.size && src.pos == in_before && dst.pos == out_before) {
                if (last == 0 && src.pos == src.size)
                    return make_error(ErrorCode::kSizeMismatch, src.pos,
                                      fmt::format("zstd stream decodes to {} bytes, {} wanted", dst.pos, dst.size));
                return make_error(ErrorCode::kDecompress, src.pos, "zstd stream truncated");
            }
            last = r;
        }
        return ok_status();
    }

    // A zstd block header of 3 bytes plus one RLE byte can stand for a whole 128 KiB block.
    std::uint64_t max_output_size(std::uint64_t compressed_size) const override {
        return compressed_size * (128 * 1024 / 4 + 1) + 1024;
    }

private:
    std::string version_;
};

}  // namespace

std::shared_ptr<const Decompressor> make_zstd_decompressor() { return std::make_shared<ZstdDecompressor>(); }

}  // namespace meshproof
