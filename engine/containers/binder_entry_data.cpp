#include "engine/containers/binder_entry_data.h"

#include <fmt/format.h>

#include "engine/containers/dcx.h"
#include "engine/containers/zlib_stream.h"

namespace meshproof {
namespace {

// Decoder errors are relative to the member; reports want them relative to the container.
Error relocate(Error e, const BinderEntry& entry) {
    e.offset += entry.data_offset;
    e.message = fmt::format("member \"{}\": {}", entry.name, e.message);
    return e;
}

}  // namespace

Result<Bytes> entry_stored_bytes(const BinderEntry& entry, Bytes container) {
    if (!in_range(entry.data_offset, entry.compressed_size, container.size()))
        return make_error(ErrorCode::kOutOfBounds, entry.data_offset,
                          fmt::format("member \"{}\": data [0x{:X}, +{}) lies outside the {}-byte container",
                                      entry.name, entry.data_offset, entry.compressed_size, container.size()));
    return container.subspan(entry.data_offset, entry.compressed_size);
}

Result<std::vector<std::uint8_t>> entry_decompressed_bytes(const BinderEntry& entry, Bytes container,
                                                           const DecompressorRegistry& registry) {
    MP_TRY_ASSIGN(const Bytes stored, entry_stored_bytes(entry, container));
    if (is_dcx(stored)) {
        auto out = dcx_decompress(stored, registry);
        if (!out.ok()) return relocate(std::move(out).error(), entry);
        return out;
    }
    if (!entry.compressed()) return std::vector<std::uint8_t>(stored.begin(), stored.end());

    if (entry.uncompressed_size) {
        if (*entry.uncompressed_size > max_inflated_size(stored.size()))
            return make_error(ErrorCode::kSizeMismatch, entry.header_offset,
                              fmt::format("member \"{}\": {} zlib bytes cannot inflate to the stated {}", entry.name,
                                          stored.size(), *entry.uncompressed_size));
        std::vector<std::uint8_t> out(*entry.uncompressed_size);
        Status s = inflate_zlib_exact(stored, out);
        if (!s.ok()) return relocate(std::move(s).error(), entry);
        return out;
    }
    auto out = inflate_zlib_any_size(stored);
    if (!out.ok()) return relocate(std::move(out).error(), entry);
    return out;
}

}  // namespace meshproof
