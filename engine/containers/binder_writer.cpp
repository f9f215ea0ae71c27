#include "engine/containers/binder_writer.h"

#include <algorithm>

#include "engine/containers/binder.h"
#include "engine/containers/binder_hash_table.h"
#include "engine/containers/binder_names.h"
#include "engine/containers/byte_sink.h"

namespace meshproof {
namespace {

std::uint8_t effective_format(const BinderWriteOptions& o) { return o.format & 0x3F; }

void write_version(ByteSink& s, const std::string& version) {
    const std::size_t n = std::min<std::size_t>(version.size(), 8);
    s.ascii(std::string_view(version).substr(0, n));
    s.zeros(8 - n);
}

void write_name(ByteSink& s, const std::string& name, const BinderWriteOptions& o) {
    if (o.unicode) {
        for (char16_t u : utf8_to_utf16(name)) s.put<std::uint16_t>(u);
        s.put<std::uint16_t>(0);
    } else {
        s.ascii(utf8_to_shift_jis_lossy(name));
        s.u8(0);
    }
}

// Writes the 0x40 header, entry headers, names and hash table (§2). Returns where each entry's
// data offset field is, for patching once the data is placed.
std::vector<std::size_t> write_headers(ByteSink& s, BinderKind kind, std::span<const BinderFile> files,
                                       const BinderWriteOptions& o) {
    using namespace binder_format;
    const std::uint8_t format = effective_format(o);
    const bool names = (format & kNames) != 0;
    const bool hash_table = o.hash_table && names;

    s.ascii(kind == BinderKind::kBnd4 ? "BND4" : "BHF4");
    s.u8(0);  // unk04
    s.u8(0);  // unk05
    s.zeros(3);
    s.u8(o.big_endian ? 1 : 0);
    s.u8(o.bit_big_endian ? 0 : 1);
    s.u8(0);
    s.put<std::int32_t>(static_cast<std::int32_t>(files.size()));
    s.put<std::int64_t>(0x40);
    write_version(s, o.version);
    s.put<std::int64_t>(static_cast<std::int64_t>(entry_header_size(format)));
    const std::size_t headers_end_field = s.size();
    s.put<std::int64_t>(0);  // BND4: patched; BHF4: stays 0
    s.u8(o.unicode ? 1 : 0);
    s.u8(encode_format_byte(format, o.bit_big_endian));
    s.u8(hash_table ? 4 : 0);
    s.u8(0);
    s.put<std::int32_t>(0);
    const std::size_t hash_table_field = s.size();
    s.put<std::int64_t>(0);

    std::vector<std::size_t> data_offset_fields;
    std::vector<std::size_t> name_offset_fields;
    for (const BinderFile& f : files) {
        const std::uint8_t flags = o.bit_big_endian ? f.flags : reverse_bits(f.flags);
        s.u8(flags);
        s.zeros(3);
        s.put<std::int32_t>(-1);
        s.put<std::int64_t>(static_cast<std::int64_t>(f.data.size()));
        if (format & kCompression)
            s.put<std::int64_t>(static_cast<std::int64_t>(f.uncompressed_size.value_or(f.data.size())));
        data_offset_fields.push_back(s.size());
        if (format & kLongOffsets) {
            s.put<std::int64_t>(0);
        } else {
            s.put<std::uint32_t>(0);
        }
        if (format & kIds) s.put<std::int32_t>(f.id);
        if (names) {
            name_offset_fields.push_back(s.size());
            s.put<std::uint32_t>(0);
        }
        if (format == kNames1) {
            s.put<std::int32_t>(f.id);
            s.put<std::int32_t>(0);
        }
    }
    if (names) {
        for (std::size_t i = 0; i < files.size(); ++i) {
            s.patch<std::uint32_t>(name_offset_fields[i], static_cast<std::uint32_t>(s.size()));
            write_name(s, files[i].name, o);
        }
    }
    if (hash_table) {
        s.pad_to(8);
        s.patch<std::int64_t>(hash_table_field, static_cast<std::int64_t>(s.size()));
        std::vector<std::string> all_names;
        for (const BinderFile& f : files) all_names.push_back(f.name);
        append_binder_hash_table(s, all_names);
    }
    if (kind == BinderKind::kBnd4) s.patch<std::int64_t>(headers_end_field, static_cast<std::int64_t>(s.size()));
    return data_offset_fields;
}

// Appends each member's data (16-byte aligned unless empty) and patches its offset field.
void write_data(ByteSink& data_sink, ByteSink& header_sink, const std::vector<std::size_t>& offset_fields,
                std::span<const BinderFile> files, const BinderWriteOptions& o) {
    for (std::size_t i = 0; i < files.size(); ++i) {
        if (!files[i].data.empty()) data_sink.pad_to(16);
        if (effective_format(o) & binder_format::kLongOffsets) {
            header_sink.patch<std::int64_t>(offset_fields[i], static_cast<std::int64_t>(data_sink.size()));
        } else {
            header_sink.patch<std::uint32_t>(offset_fields[i], static_cast<std::uint32_t>(data_sink.size()));
        }
        data_sink.bytes(files[i].data);
    }
}

}  // namespace

std::vector<std::uint8_t> write_bnd4(std::span<const BinderFile> files, const BinderWriteOptions& options) {
    ByteSink s(options.big_endian);
    const auto offset_fields = write_headers(s, BinderKind::kBnd4, files, options);
    write_data(s, s, offset_fields, files, options);
    return s.take();
}

Bxf4Bytes write_bxf4(std::span<const BinderFile> files, const BinderWriteOptions& options) {
    ByteSink bhd(options.big_endian);
    const auto offset_fields = write_headers(bhd, BinderKind::kBhf4, files, options);

    ByteSink bdt(options.big_endian);  // §3 BDF4 header, 0x30 bytes
    bdt.ascii("BDF4");
    bdt.u8(0);
    bdt.u8(0);
    bdt.zeros(3);
    bdt.u8(options.big_endian ? 1 : 0);
    bdt.u8(options.bit_big_endian ? 0 : 1);
    bdt.u8(0);
    bdt.put<std::int32_t>(0);
    bdt.put<std::int64_t>(0x30);
    write_version(bdt, options.version);
    bdt.put<std::int64_t>(0);
    bdt.put<std::int64_t>(0);
    write_data(bdt, bhd, offset_fields, files, options);
    return {bhd.take(), bdt.take()};
}

}  // namespace meshproof
