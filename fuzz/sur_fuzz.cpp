// libFuzzer target for the Freelancer .sur reader (engine/sur): vers 2.0 and legacy containers,
// IVP compact surfaces, SHPE blocks. Whatever the reader accepts, the writer must give back
// byte for byte (the reader keeps every stored word and only accepts the IVP layout), and an
// error is never kInternal.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "engine/sur/sur_file.h"
#include "engine/sur/sur_writer.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const meshproof::Bytes bytes(data, size);
    auto model = meshproof::sur::decode_sur(bytes);
    if (!model.ok()) {
        if (model.error().code == meshproof::ErrorCode::kInternal) std::abort();
        if (model.error().offset > size) std::abort();
        return 0;
    }
    auto out = meshproof::sur::encode_sur(*model);
    if (!out.ok() || out->size() != size || (size != 0 && std::memcmp(out->data(), data, size) != 0)) __builtin_trap();
    return 0;
}
