// libFuzzer target for the Kraken decoder (engine/containers/kraken). Input layout, the same
// as the corpus's silesia/ files so they seed it directly: a 4-byte little-endian decoded
// size (capped at 1 MiB to bound memory and time per run), then the raw Kraken stream.
// Guard bytes around the output catch writes outside it on top of ASan's own checks.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "engine/containers/kraken/kraken.h"

namespace {
constexpr std::size_t kMaxOutput = 1u << 20;
constexpr std::size_t kGuard = 32;
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 4) return 0;
    std::uint32_t declared;
    std::memcpy(&declared, data, 4);
    const std::size_t n = declared < kMaxOutput ? declared : kMaxOutput;
    std::vector<std::uint8_t> buffer(n + 2 * kGuard, 0xA5);
    const std::span<std::uint8_t> dst(buffer.data() + kGuard, n);
    const meshproof::Bytes src(data + 4, size - 4);

    const meshproof::Result<std::size_t> used = meshproof::kraken_decompress_prefix(src, dst);
    if (used.ok() && *used > src.size()) std::abort();                       // consumed more than given
    if (!used.ok() && used.error().offset > src.size()) std::abort();       // offset outside the input
    for (std::size_t i = 0; i < kGuard; ++i) {
        if (buffer[i] != 0xA5 || buffer[kGuard + n + i] != 0xA5) std::abort();  // wrote outside dst
    }
    return 0;
}
