// libFuzzer target for the binder readers (spec §2, §3): the input is read as a BND4, as a
// BHF4 header whose data file is the same bytes, and as a BDF4; every member's content is
// decoded (DCX, raw zlib, plain) and the hash table checked.
#include <cstddef>
#include <cstdint>

#include "engine/containers/binder.h"
#include "engine/containers/binder_entry_data.h"
#include "engine/containers/binder_hash_table.h"
#include "engine/containers/dcx_header.h"
#include "engine/containers/default_decompressors.h"

namespace {

void exercise(const meshproof::Result<meshproof::Binder>& binder, meshproof::Bytes header, meshproof::Bytes data,
              const meshproof::DecompressorRegistry& registry) {
    if (!binder.ok()) return;
    (void)meshproof::check_binder_hash_table(header, *binder);
    for (const meshproof::BinderEntry& e : binder->entries) {
        (void)e.name_last_component();
        auto stored = meshproof::entry_stored_bytes(e, data);
        if (!stored.ok()) continue;
        // Keep legitimate large claims from tripping the fuzzer's malloc limit.
        if (e.uncompressed_size && *e.uncompressed_size > (64u << 20)) continue;
        if (meshproof::is_dcx(*stored)) {
            auto h = meshproof::parse_dcx_header(*stored);
            if (h.ok() && h->uncompressed_size > (64u << 20)) continue;
        }
        (void)meshproof::entry_decompressed_bytes(e, data, registry);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const meshproof::DecompressorRegistry registry = meshproof::default_decompressors();
    const meshproof::Bytes bytes(data, size);
    exercise(meshproof::parse_bnd4(bytes), bytes, bytes, registry);
    exercise(meshproof::parse_bhf4(bytes), bytes, bytes, registry);
    (void)meshproof::check_bdf4(bytes);
    return 0;
}
