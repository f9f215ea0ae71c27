// Binder writers (spec §2, §3), the inverse of parse_bnd4 / parse_bhf4: tests and the
// synthetic install writer build binders with them. Defaults give the layout ER and Sekiro
// use: version "07D7R6", format 0x2E (raw 0x74: IDs | Names1 | Names2 | Compression), UTF-16LE
// names, extended 4 with a hash table (binder_hash_table.h, checked against the sample
// binders), data aligned to 16 bytes (empty members take the current offset, unaligned, as
// in FromSoftware's files).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/containers/binder_format.h"

namespace meshproof {

struct BinderFile {
    std::string name;  // UTF-8, written as given (game files use `\` separators)
    std::int32_t id = 0;
    std::vector<std::uint8_t> data;                      // the stored bytes (e.g. a complete DCX file)
    std::uint8_t flags = binder_entry_flags::kOrdinary;  // decoded flag bits
    std::optional<std::uint64_t> uncompressed_size;      // default: data.size()
};

struct BinderWriteOptions {
    std::string version = "07D7R6";                   // at most 8 bytes
    std::uint8_t format = binder_format::kEldenRing;  // bits 0x40/0x80 are not written
    bool unicode = true;                              // UTF-16 names, else Shift-JIS (utf8_to_shift_jis_lossy)
    bool big_endian = false;
    bool bit_big_endian = false;
    bool hash_table = true;  // extended 4; only when the format has names
};

std::vector<std::uint8_t> write_bnd4(std::span<const BinderFile> files, const BinderWriteOptions& options = {});

struct Bxf4Bytes {
    std::vector<std::uint8_t> bhd;  // BHF4
    std::vector<std::uint8_t> bdt;  // BDF4
};
Bxf4Bytes write_bxf4(std::span<const BinderFile> files, const BinderWriteOptions& options = {});

}  // namespace meshproof
