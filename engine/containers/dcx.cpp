#include "engine/containers/dcx.h"

#include <fmt/format.h>

namespace meshproof {

Bytes dcx_payload(Bytes dcx, const DcxHeader& header) {
    return dcx.subspan(DcxHeader::payload_offset(), header.compressed_size);
}

std::span<std::uint8_t> reuse_buffer(std::vector<std::uint8_t>& buffer, std::size_t size) {
    if (buffer.size() < size) {
        buffer.clear();
        buffer.resize(size);
    }
    return std::span<std::uint8_t>(buffer.data(), size);
}

Result<std::vector<std::uint8_t>> dcx_decompress(Bytes dcx, const DecompressorRegistry& registry) {
    std::vector<std::uint8_t> out;
    MP_TRY(dcx_decompress_into(dcx, registry, out));
    return out;  // a fresh buffer grows to exactly the member's size
}

Result<Bytes> dcx_decompress_into(Bytes dcx, const DecompressorRegistry& registry, std::vector<std::uint8_t>& buffer) {
    MP_TRY_ASSIGN(const DcxHeader header, parse_dcx_header(dcx));
    MP_TRY_ASSIGN(const Decompressor* decompressor, registry.require(header.codec, dcx_layout::kCodec));
    if (header.uncompressed_size > decompressor->max_output_size(header.compressed_size))
        return make_error(ErrorCode::kSizeMismatch, dcx_layout::kUncompressedSize,
                          fmt::format("DCX: {} payload bytes of {} cannot decode to the stated {} bytes",
                                      header.compressed_size, header.codec, header.uncompressed_size));
    const std::span<std::uint8_t> out = reuse_buffer(buffer, header.uncompressed_size);
    Status status = decompressor->decompress(dcx_payload(dcx, header), out);
    if (!status.ok()) {
        Error e = std::move(status).error();
        e.offset += DcxHeader::payload_offset();
        e.message = fmt::format("DCX {}: {}", header.codec, e.message);
        return e;
    }
    return Bytes(out.data(), out.size());
}

}  // namespace meshproof
