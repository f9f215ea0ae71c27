// An append-only byte buffer with explicit-endian writes and back-patching: the writers of
// DCX and binders (dcx_writer, binder_writer) build their output with it. Writers only run
// on data meshproof produced itself (tests, the synthetic install); patch() asserts on a bug.
// The workers live out of line (byte_sink.cpp): inlined vector growth trips GCC 12's
// -Wstringop-overflow false positives.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>
#include <vector>

#include "engine/core/bytes.h"

namespace meshproof {

class ByteSink {
public:
    explicit ByteSink(bool big_endian = false) : big_endian_(big_endian) {}

    std::size_t size() const { return out_.size(); }
    std::vector<std::uint8_t> take() { return std::move(out_); }

    void u8(std::uint8_t v);
    template <class T>
    void put(T v) {
        static_assert(std::is_integral_v<T>);
        put_uint(static_cast<std::uint64_t>(v), sizeof(T));
    }
    // Overwrites a field written earlier (offsets of later blocks are only known later).
    template <class T>
    void patch(std::size_t at, T v) {
        static_assert(std::is_integral_v<T>);
        patch_uint(at, static_cast<std::uint64_t>(v), sizeof(T));
    }
    void ascii(std::string_view s);
    void bytes(Bytes b);
    void zeros(std::size_t n);
    void pad_to(std::size_t alignment);

private:
    void put_uint(std::uint64_t v, std::size_t size);
    void patch_uint(std::size_t at, std::uint64_t v, std::size_t size);

    bool big_endian_ = false;
    std::vector<std::uint8_t> out_;
};

}  // namespace meshproof
