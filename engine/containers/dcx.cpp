#include "engine/containers/dcx.h"

#include <fmt/format.h>

namespace meshproof {

Bytes dcx_payload(Bytes dcx, const DcxHeader& header) {
    return dcx.subspan(DcxHeader::payload_offset(), header.compressed_size);
}

Result<std::vector<std::uint8_t>> dcx_decompress(Bytes dcx, const DecompressorRegistry& registry) {
    MP_TRY_ASSIGN(const DcxHeader header, parse_dcx_header(dcx));
    MP_TRY_ASSIGN(const Decompressor* decompressor, registry.require(header.codec, dcx_layout::kCodec));
    if (header.uncompressed_size > decompressor->max_output_size(header.compressed_size))
        return make_error(ErrorCode::kSizeMismatch, dcx_layout::kUncompressedSize,
                          fmt::format("DCX: {} payload bytes of {} cannot decode to the stated {} bytes",
                                      header.compressed_size, header.codec, header.uncompressed_size));
    std::vector<std::uint8_t> out(header.uncompressed_size);
    Status status = decompressor->decompress(dcx_payload(dcx, header), out);
    if (!status.ok()) {
        Error e = std::move(status).error();
        e.offset += DcxHeader::payload_offset();
        e.message = fmt::format("DCX {}: {}", header.codec, e.message);
        return e;
    }
    return out;
}

}  // namespace meshproof
