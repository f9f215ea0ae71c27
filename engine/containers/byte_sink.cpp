#include "engine/containers/byte_sink.h"

#include <cassert>

namespace meshproof {

void ByteSink::u8(std::uint8_t v) { out_.push_back(v); }

void ByteSink::ascii(std::string_view s) { out_.insert(out_.end(), s.begin(), s.end()); }

void ByteSink::bytes(Bytes b) { out_.insert(out_.end(), b.begin(), b.end()); }

void ByteSink::zeros(std::size_t n) { out_.resize(out_.size() + n, 0); }

void ByteSink::pad_to(std::size_t alignment) {
    const std::size_t rem = out_.size() % alignment;
    if (rem != 0) zeros(alignment - rem);
}

void ByteSink::put_uint(std::uint64_t v, std::size_t size) {
    const std::size_t at = out_.size();
    out_.resize(at + size);
    patch_uint(at, v, size);
}

void ByteSink::patch_uint(std::size_t at, std::uint64_t v, std::size_t size) {
    assert(at + size <= out_.size());
    for (std::size_t i = 0; i < size; ++i) {
        const std::size_t shift = 8 * (big_endian_ ? size - 1 - i : i);
        out_[at + i] = static_cast<std::uint8_t>(v >> shift);
    }
}

}  // namespace meshproof
