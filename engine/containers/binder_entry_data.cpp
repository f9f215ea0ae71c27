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

Status check_entry_range(const BinderEntry& entry, std::uint64_t container_size) {
    if (!in_range(entry.data_offset, entry.compressed_size, container_size))
        return make_error(ErrorCode::kOutOfBounds, entry.data_offset,
                          fmt::format("member \"{}\": data [0x{:X}, +{}) lies outside the {}-byte container",
                                      entry.name, entry.data_offset, entry.compressed_size, container_size));
    return ok_status();
}

Result<Bytes> entry_stored_bytes(const BinderEntry& entry, Bytes container) {
    MP_TRY(check_entry_range(entry, container.size()));
    return container.subspan(entry.data_offset, entry.compressed_size);
}

std::vector<std::uint8_t> owned_copy(Bytes content, std::vector<std::uint8_t>&& buffer) {
    if (content.data() == buffer.data()) {
        buffer.resize(content.size());
        return std::move(buffer);
    }
    return std::vector<std::uint8_t>(content.begin(), content.end());
}

Result<Bytes> entry_content(const BinderEntry& entry, Bytes container, const DecompressorRegistry& registry,
                            std::vector<std::uint8_t>& buffer) {
    MP_TRY_ASSIGN(const Bytes stored, entry_stored_bytes(entry, container));
    if (is_dcx(stored)) {
        auto out = dcx_decompress_into(stored, registry, buffer);
        if (!out.ok()) return relocate(std::move(out).error(), entry);
        return out;
    }
    if (!entry.compressed()) return stored;

    if (entry.uncompressed_size) {
        if (*entry.uncompressed_size > max_inflated_size(stored.size()))
            return make_error(ErrorCode::kSizeMismatch, entry.header_offset,
                              fmt::format("member \"{}\": {} zlib bytes cannot inflate to the stated {}", entry.name,
                                          stored.size(), *entry.uncompressed_size));
        const std::span<std::uint8_t> out = reuse_buffer(buffer, *entry.uncompressed_size);
        Status s = inflate_zlib_exact(stored, out);
        if (!s.ok()) return relocate(std::move(s).error(), entry);
        return Bytes(out.data(), out.size());
    }
    auto out = inflate_zlib_any_size(stored);
    if (!out.ok()) return relocate(std::move(out).error(), entry);
    buffer = std::move(*out);
    return Bytes(buffer.data(), buffer.size());
}

Result<std::vector<std::uint8_t>> entry_decompressed_bytes(const BinderEntry& entry, Bytes container,
                                                           const DecompressorRegistry& registry) {
    std::vector<std::uint8_t> buffer;
    MP_TRY_ASSIGN(const Bytes content, entry_content(entry, container, registry, buffer));
    return owned_copy(content, std::move(buffer));
}

}  // namespace meshproof
