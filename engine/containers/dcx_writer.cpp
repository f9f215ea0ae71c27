#include "engine/containers/dcx_writer.h"

#include <algorithm>
#include <string_view>

#include <zstd.h>

#include "engine/containers/byte_sink.h"
#include "engine/containers/dcx_header.h"
#include "engine/containers/zlib_stream.h"

namespace meshproof {
namespace {

// The §4 header for the 0x11000 / 0x44 / 0x4C layout.
std::vector<std::uint8_t> dcx_header_bytes(std::string_view codec, std::uint8_t level, std::uint8_t unk38,
                                           std::uint32_t uncompressed, std::uint32_t compressed) {
    ByteSink s(/*big_endian=*/true);
    s.ascii(std::string_view("DCX\0", 4));
    s.put<std::uint32_t>(0x11000);
    s.put<std::uint32_t>(0x18);
    s.put<std::uint32_t>(0x24);
    s.put<std::uint32_t>(0x44);
    s.put<std::uint32_t>(0x4C);
    s.ascii(std::string_view("DCS\0", 4));
    s.put<std::uint32_t>(uncompressed);
    s.put<std::uint32_t>(compressed);
    s.ascii(std::string_view("DCP\0", 4));
    s.ascii(codec);
    s.put<std::uint32_t>(0x20);
    s.u8(level);
    s.zeros(3);
    s.put<std::uint32_t>(0);
    s.u8(unk38);
    s.zeros(3);
    s.put<std::uint32_t>(0);
    s.put<std::uint32_t>(0x00010100);
    s.ascii(std::string_view("DCA\0", 4));
    s.put<std::uint32_t>(8);
    return s.take();
}

}  // namespace

std::vector<std::uint8_t> dcx_write_dflt(Bytes raw, int level) {
    const std::vector<std::uint8_t> stream = deflate_zlib(raw, level);
    std::vector<std::uint8_t> out =
        dcx_header_bytes("DFLT", static_cast<std::uint8_t>(std::clamp(level, 1, 12)), 15,
                         static_cast<std::uint32_t>(raw.size()), static_cast<std::uint32_t>(stream.size()));
    static_assert(dcx_layout::kHeaderSize == 0x4C);
    out.insert(out.end(), stream.begin(), stream.end());
    return out;
}

std::vector<std::uint8_t> dcx_write_zstd(Bytes raw, int level) {
    std::vector<std::uint8_t> frame(ZSTD_compressBound(raw.size()));
    const std::size_t n = ZSTD_compress(frame.data(), frame.size(), raw.data(), raw.size(), level);
    frame.resize(ZSTD_isError(n) ? 0 : n);
    std::vector<std::uint8_t> out =
        dcx_header_bytes("ZSTD", static_cast<std::uint8_t>(std::clamp(level, 0, 255)), 0,
                         static_cast<std::uint32_t>(raw.size()), static_cast<std::uint32_t>(frame.size()));
    out.insert(out.end(), frame.begin(), frame.end());
    out.resize((out.size() + 15) / 16 * 16, 0);
    return out;
}

}  // namespace meshproof
