// DFLT counted, in place of DFLT in a run's registry: how often a stream was decoded whole and how
// often only its head, and the bytes each gave. Its head decodes only the bytes asked for
// (head_size is what is wanted): the stream inflated as far as it goes, with no size stated, and
// its first bytes copied. So a stream that inflates to fewer bytes than its DCX header states (cut
// short past the head) gives heads while its whole decode fails, as a codec that stops early does.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstring>
#include <memory>

#include "engine/containers/decompressor.h"
#include "engine/containers/deflate_decompressor.h"
#include "engine/containers/zlib_stream.h"

namespace meshproof::test {

class CountingDeflate final : public Decompressor {
public:
    std::string_view codec() const override { return "DFLT"; }
    std::string_view library_version() const override { return inner_->library_version(); }
    Status decompress(Bytes in, std::span<std::uint8_t> out) const override {
        ++whole_decodes;
        whole_bytes += out.size();
        return inner_->decompress(in, out);
    }
    std::uint64_t max_output_size(std::uint64_t compressed_size) const override {
        return inner_->max_output_size(compressed_size);
    }
    std::size_t head_size(std::size_t want, std::size_t full) const override { return std::min(want, full); }
    Status decompress_head(Bytes in, std::span<std::uint8_t> out) const override {
        ++head_decodes;
        head_bytes += out.size();
        auto all = inflate_zlib_any_size(in);
        if (!all.ok()) return all.error();
        if (all->size() < out.size()) return make_error(ErrorCode::kSizeMismatch, 0, "the stream ends before the head");
        std::memcpy(out.data(), all->data(), out.size());
        return ok_status();
    }

    mutable std::atomic<std::uint64_t> whole_decodes{0}, whole_bytes{0}, head_decodes{0}, head_bytes{0};

private:
    std::shared_ptr<const Decompressor> inner_ = make_deflate_decompressor();
};

}  // namespace meshproof::test
