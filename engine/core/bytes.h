// Bounds-checked little/big-endian reads over a byte span. Every read from file
// bytes in meshproof goes through these helpers (or through an explicit range
// check right before a raw loop), so an offset from a file can never reach outside.
#pragma once

#include <cstddef>
#include <cstdint>
#include <bit>
#include <cstring>
#include <optional>
#include <span>
#include <string_view>

#include "engine/core/error.h"

namespace meshproof {

using Bytes = std::span<const std::uint8_t>;

// True when [offset, offset + size) lies inside a range of `total` bytes (overflow-safe).
constexpr bool in_range(std::uint64_t offset, std::uint64_t size, std::uint64_t total) {
    return offset <= total && size <= total - offset;
}

template <class T>
inline T load_le(const std::uint8_t* p) {
    T v;
    std::memcpy(&v, p, sizeof(T));
    return v;  // host is little-endian (x86-64, aarch64); static_assert below
}

template <class T>
inline T load_be(const std::uint8_t* p) {
    T v = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i) v = static_cast<T>((v << 8) | p[i]);
    return v;
}

static_assert(std::endian::native == std::endian::little, "meshproof assumes a little-endian host");

// A cursor over bytes; reads return std::nullopt past the end. `base` is the offset of
// bytes[0] inside the enclosing unit, so errors can report unit-relative offsets.
class ByteReader {
public:
    explicit ByteReader(Bytes bytes, std::uint64_t base = 0) : bytes_(bytes), base_(base) {}

    std::size_t pos() const { return pos_; }
    std::size_t size() const { return bytes_.size(); }
    std::size_t remaining() const { return bytes_.size() - pos_; }
    std::uint64_t unit_offset() const { return base_ + pos_; }
    bool seek(std::size_t p) {
        if (p > bytes_.size()) return false;
        pos_ = p;
        return true;
    }
    bool skip(std::size_t n) {
        if (n > remaining()) return false;
        pos_ += n;
        return true;
    }

    template <class T>
    std::optional<T> le() {
        if (remaining() < sizeof(T)) return std::nullopt;
        T v = load_le<T>(bytes_.data() + pos_);
        pos_ += sizeof(T);
        return v;
    }
    template <class T>
    std::optional<T> be() {
        if (remaining() < sizeof(T)) return std::nullopt;
        T v = load_be<T>(bytes_.data() + pos_);
        pos_ += sizeof(T);
        return v;
    }
    std::optional<Bytes> take(std::size_t n) {
        if (n > remaining()) return std::nullopt;
        Bytes out = bytes_.subspan(pos_, n);
        pos_ += n;
        return out;
    }

    Error truncated(std::string_view what) const {
        return make_error(ErrorCode::kTruncated, unit_offset(), std::string("truncated reading ") + std::string(what));
    }

private:
    Bytes bytes_;
    std::uint64_t base_ = 0;
    std::size_t pos_ = 0;
};

// Checked scalar read at an absolute offset.
template <class T>
inline std::optional<T> read_le_at(Bytes bytes, std::uint64_t offset) {
    if (!in_range(offset, sizeof(T), bytes.size())) return std::nullopt;
    return load_le<T>(bytes.data() + offset);
}
template <class T>
inline std::optional<T> read_be_at(Bytes bytes, std::uint64_t offset) {
    if (!in_range(offset, sizeof(T), bytes.size())) return std::nullopt;
    return load_be<T>(bytes.data() + offset);
}

inline bool has_prefix(Bytes bytes, std::string_view magic) {
    return bytes.size() >= magic.size() && std::memcmp(bytes.data(), magic.data(), magic.size()) == 0;
}

}  // namespace meshproof
