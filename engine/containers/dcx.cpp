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

namespace {

// The whole content, or (head_wanted) only its first blocks, decoded into `buffer`.
Result<Bytes> decompress_dcx(Bytes dcx, const DecompressorRegistry& registry, std::vector<std::uint8_t>& buffer,
                             const std::size_t* head_wanted) {
    MP_TRY_ASSIGN(const DcxHeader header, parse_dcx_header(dcx));
    MP_TRY_ASSIGN(const Decompressor* decompressor, registry.require(header.codec, dcx_layout::kCodec));
    if (header.uncompressed_size > decompressor->max_output_size(header.compressed_size))
        return make_error(ErrorCode::kSizeMismatch, dcx_layout::kUncompressedSize,
                          fmt::format("DCX: {} payload bytes of {} cannot decode to the stated {} bytes",
                                      header.compressed_size, header.codec, header.uncompressed_size));
    const std::size_t full = header.uncompressed_size;
    const std::size_t size = head_wanted ? decompressor->head_size(*head_wanted, full) : full;
    const std::span<std::uint8_t> out = reuse_buffer(buffer, size);
    Status status = size < full ? decompressor->decompress_head(dcx_payload(dcx, header), out)
                                : decompressor->decompress(dcx_payload(dcx, header), out);
    if (!status.ok()) {
        Error e = std::move(status).error();
        e.offset += DcxHeader::payload_offset();
        e.message = fmt::format("DCX {}: {}", header.codec, e.message);
        return e;
    }
    return Bytes(out.data(), out.size());
}

}  // namespace

Result<Bytes> dcx_decompress_into(Bytes dcx, const DecompressorRegistry& registry, std::vector<std::uint8_t>& buffer) {
    return decompress_dcx(dcx, registry, buffer, nullptr);
}

Result<Bytes> dcx_decompress_head(Bytes dcx, const DecompressorRegistry& registry, std::size_t want,
                                  std::vector<std::uint8_t>& buffer) {
    return decompress_dcx(dcx, registry, buffer, &want);
}

}  // namespace meshproof
