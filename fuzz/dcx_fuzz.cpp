// libFuzzer target for the DCX reader (spec §4): header parsing and decompression through the
// default registry (DFLT, ZSTD). Sizes a header may claim are capped here so the fuzzer's
// malloc limit does not turn a legitimate large claim into a false report.
#include <cstddef>
#include <cstdint>

#include "engine/containers/dcx.h"
#include "engine/containers/default_decompressors.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const meshproof::DecompressorRegistry registry = meshproof::default_decompressors();
    const meshproof::Bytes bytes(data, size);
    (void)meshproof::is_dcx(bytes);
    auto header = meshproof::parse_dcx_header(bytes);
    if (!header.ok() || header->uncompressed_size > (64u << 20)) return 0;
    auto out = meshproof::dcx_decompress(bytes, registry);
    if (out.ok() && out->size() != header->uncompressed_size) __builtin_trap();
    return 0;
}
