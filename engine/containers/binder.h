// BND4 binders and split BXF4 binders (BHF4 header file + BDF4 data file), spec §2 and §3.
// Parsing reads and checks every header field and entry header; member data is reached
// through binder_entry_data.h, which bounds-checks each entry against its container.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/containers/binder_format.h"
#include "engine/containers/binder_names.h"
#include "engine/core/bytes.h"
#include "engine/core/error.h"

namespace meshproof {

struct BinderEntry {
    std::uint8_t flags = 0;                          // decoded (bit 0 compressed, bit 1 ordinary)
    std::uint64_t compressed_size = 0;               // the stored size
    std::optional<std::uint64_t> uncompressed_size;  // when the format has Compression
    std::uint64_t data_offset = 0;                   // absolute in the BND4, or in the BDT for BXF4
    std::optional<std::int32_t> id;                  // when the format has IDs (or is exactly Names1)
    std::string name;                                // UTF-8, `\` normalised to `/`; empty without Names
    std::uint64_t header_offset = 0;                 // where this entry header starts (for reports)

    bool compressed() const { return (flags & binder_entry_flags::kCompressed) != 0; }
    std::string_view name_last_component() const { return last_name_component(name); }
};

enum class BinderKind : std::uint8_t { kBnd4, kBhf4 };

struct Binder {
    BinderKind kind = BinderKind::kBnd4;
    bool unk04 = false;
    bool unk05 = false;
    bool big_endian = false;              // header byte 0x09
    bool bit_big_endian = false;          // header byte 0x0A == 0
    bool unicode = false;                 // names UTF-16 (else Shift-JIS)
    std::uint8_t raw_format = 0;          // as stored at 0x31
    std::uint8_t format = 0;              // decoded (binder_format bits)
    std::uint8_t extended = 0;            // 4 ⇒ hash table present
    std::string version;                  // e.g. "07D7R6"
    std::uint64_t headers_end = 0;        // BHF4: 0
    std::uint64_t hash_table_offset = 0;  // 0 unless extended == 4
    std::vector<BinderEntry> entries;
};

// A whole BND4 file. DCX-wrapped bytes are refused (kBadMagic, "decompress first").
Result<Binder> parse_bnd4(Bytes bnd4);

// The table of a BND4 of `body_size` bytes (a DCX-wrapped binder's body, of the size its DCX
// header states) from its first bytes `head`, for a look at its members without decoding it
// whole: the header, entry headers and names are read from the head and every range is checked
// against `body_size`, so the result is parse_bnd4's over the whole body whenever the table lies
// in the head (parse_bnd4 is this over the whole). Nothing when the table reaches past the head:
// ask again with a longer one.
Result<std::optional<Binder>> parse_bnd4_table(Bytes head, std::uint64_t body_size);

// The header half (.hkxbhd / .*bhd) of a split binder; entry data offsets point into the BDT.
Result<Binder> parse_bhf4(Bytes bhf4);

// Checks the 0x30-byte header of the data half (.hkxbdt); its contents are reached through
// entry_stored_bytes(entry, bdt).
Status check_bdf4(Bytes bdf4);

}  // namespace meshproof
