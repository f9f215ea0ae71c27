// libFuzzer target for the Kraken decoder (engine/containers/kraken). Input layout, the same
// as the corpus's silesia/ files so they seed it directly: a 4-byte little-endian decoded
// size, then the raw Kraken stream. The size is capped at 320 KiB: one whole 256 KiB block and
// part of a second, so the multi-block paths stay covered while an execution costs a fraction
// of a millisecond (a 1 MiB cap and a fresh, filled 1 MiB buffer per execution held the target
// near 1,000 executions/s). The output buffer is allocated once; only its guard bytes are
// reset. Guard bytes around the output catch writes outside it on top of ASan's own checks.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "engine/containers/kraken/kraken.h"

namespace {
constexpr std::size_t kMaxOutput = 320u << 10;
constexpr std::size_t kGuard = 32;
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 4) return 0;
    std::uint32_t declared;
    std::memcpy(&declared, data, 4);
    const std::size_t n = declared < kMaxOutput ? declared : kMaxOutput;
    static std::vector<std::uint8_t> buffer(kMaxOutput + 2 * kGuard);
    std::memset(buffer.data(), 0xA5, kGuard);
    std::memset(buffer.data() + kGuard + n, 0xA5, kGuard);
    const std::span<std::uint8_t> dst(buffer.data() + kGuard, n);
    const meshproof::Bytes src(data + 4, size - 4);

    const meshproof::Result<std::size_t> used = meshproof::kraken_decompress_prefix(src, dst);
    if (used.ok() && *used > src.size()) std::abort();                 // consumed more than given
    if (!used.ok() && used.error().offset > src.size()) std::abort();  // offset outside the input
    for (std::size_t i = 0; i < kGuard; ++i) {
        if (buffer[i] != 0xA5 || buffer[kGuard + n + i] != 0xA5) std::abort();  // wrote outside dst
    }
    return 0;
}
