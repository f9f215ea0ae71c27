// libFuzzer target for the prefix inflater (engine/containers/inflate_prefix.h) against libdeflate.
// Input layout: a 3-byte little-endian head size, then a zlib stream (a DCX_DFLT payload). The head
// is capped at 320 KiB and libdeflate's whole inflate at 1 MiB, so an execution stays cheap.
// Checked: the head never writes outside its buffer (guard bytes, on top of ASan's checks) and an
// error's offset lies inside the input; where libdeflate inflates the whole stream, the head is
// its first bytes, or kSizeMismatch when the head asks for more than there is. The one difference
// allowed: the head refuses what RFC 1951 forbids and libdeflate lets through (incomplete codes
// other than the RFC's one-bit distance code, symbols the RFC says never occur).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <vector>

#include <libdeflate.h>

#include "engine/containers/inflate_prefix.h"

namespace {

constexpr std::size_t kMaxHead = 320u << 10;
constexpr std::size_t kMaxWhole = 1u << 20;
constexpr std::size_t kGuard = 32;

bool refused_by_the_rfc(std::string_view message) {
    for (std::string_view rule :
         {"incomplete code lengths", "invalid literal/length symbol", "invalid distance symbol"})
        if (message.find(rule) != std::string_view::npos) return true;
    return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 3) return 0;
    const std::size_t declared = data[0] | (std::size_t{data[1]} << 8) | (std::size_t{data[2]} << 16);
    const std::size_t n = declared < kMaxHead ? declared : kMaxHead;
    const meshproof::Bytes zlib(data + 3, size - 3);

    static std::vector<std::uint8_t> buffer(kMaxHead + 2 * kGuard);
    std::memset(buffer.data(), 0xA5, kGuard);
    std::memset(buffer.data() + kGuard + n, 0xA5, kGuard);
    const meshproof::Status head = meshproof::inflate_zlib_prefix(zlib, std::span(buffer.data() + kGuard, n));
    for (std::size_t i = 0; i < kGuard; ++i)
        if (buffer[i] != 0xA5 || buffer[kGuard + n + i] != 0xA5) std::abort();  // wrote outside the head
    if (!head.ok() && head.error().offset > zlib.size()) std::abort();          // an offset outside the input

    static libdeflate_decompressor* const d = libdeflate_alloc_decompressor();
    static std::vector<std::uint8_t> whole(kMaxWhole);
    std::size_t produced = 0;
    if (libdeflate_zlib_decompress(d, zlib.data(), zlib.size(), whole.data(), whole.size(), &produced) !=
        LIBDEFLATE_SUCCESS)
        return 0;
    if (!head.ok()) {
        const bool short_stream = n > produced && head.error().code == meshproof::ErrorCode::kSizeMismatch;
        if (!short_stream && !refused_by_the_rfc(head.error().message)) std::abort();  // refused a good stream
        return 0;
    }
    if (n > produced || std::memcmp(buffer.data() + kGuard, whole.data(), n) != 0) std::abort();  // wrong bytes
    return 0;
}
