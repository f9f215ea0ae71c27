#include "engine/containers/binder.h"

#include <initializer_list>
#include <limits>

#include <fmt/format.h>

#include "engine/containers/dcx_header.h"

namespace meshproof {
namespace {

// Absolute-offset reads in the byte order a binder header chooses. Callers check the range
// of whole structures first; every read still checks its own range.
class FieldReader {
public:
    FieldReader(Bytes bytes, bool big_endian) : bytes_(bytes), big_endian_(big_endian) {}

    template <class T>
    Result<T> at(std::uint64_t offset, std::string_view what) const {
        const auto v = big_endian_ ? read_be_at<T>(bytes_, offset) : read_le_at<T>(bytes_, offset);
        if (!v)
            return make_error(ErrorCode::kTruncated, bytes_.size(),
                              fmt::format("truncated reading {} at 0x{:X}", what, offset));
        return *v;
    }

private:
    Bytes bytes_;
    bool big_endian_ = false;
};

std::string_view kind_name(BinderKind kind) { return kind == BinderKind::kBnd4 ? "BND4" : "BHF4"; }

Status expect_bool(Bytes b, std::size_t at, std::string_view fmt_name, std::string_view what) {
    if (b[at] > 1)
        return make_error(ErrorCode::kBadHeader, at,
                          fmt::format("{}: {} at 0x{:X} is {}, expected 0 or 1", fmt_name, what, at, b[at]));
    return ok_status();
}

Status expect_zero(Bytes b, std::size_t at, std::size_t n, std::string_view fmt_name) {
    for (std::size_t i = at; i < at + n; ++i)
        if (b[i] != 0)
            return make_error(ErrorCode::kBadHeader, i,
                              fmt::format("{}: byte 0x{:X} is 0x{:02X}, expected 0", fmt_name, i, b[i]));
    return ok_status();
}

// A NUL-padded char[8] version string (e.g. "07D7R6", "10G29R1").
std::string read_version(Bytes b, std::size_t at) {
    std::string v;
    for (std::size_t i = at; i < at + 8 && b[i] != 0; ++i) v += static_cast<char>(b[i]);
    return v;
}

// The error for bytes that do not start with the expected magic; a truncated magic is
// kTruncated, a DCX-wrapped binder gets a hint.
Error wrong_magic(Bytes b, std::string_view expected) {
    if (b.size() < expected.size() &&
        std::string_view(reinterpret_cast<const char*>(b.data()), b.size()) == expected.substr(0, b.size()))
        return make_error(ErrorCode::kTruncated, b.size(), fmt::format("{}: truncated before the magic", expected));
    if (is_dcx(b))
        return make_error(ErrorCode::kBadMagic, 0,
                          fmt::format("expected \"{}\", found a DCX container (decompress it first)", expected));
    return make_error(ErrorCode::kBadMagic, 0, fmt::format("expected \"{}\"", expected));
}

// A signed 64-bit size or offset field that must not be negative.
Result<std::uint64_t> non_negative(const FieldReader& r, std::uint64_t at, std::string_view what) {
    MP_TRY_ASSIGN(const std::int64_t v, r.at<std::int64_t>(at, what));
    if (v < 0) return make_error(ErrorCode::kBadHeader, at, fmt::format("{} at 0x{:X} is negative ({})", what, at, v));
    return static_cast<std::uint64_t>(v);
}

// Whether a binder's table (or an entry of it) was read from the first bytes of the binder given.
enum class TableRead : bool { kPastTheHead, kRead };

// Into `e`, the entry header at `at` (inside `b`: the caller checked); kPastTheHead when its name
// ends past `b`, the first bytes of a binder of `size` bytes.
Result<TableRead> parse_entry(Bytes b, std::uint64_t size, const Binder& binder, const FieldReader& r, std::uint64_t at,
                              BinderEntry& e) {
    using namespace binder_format;
    e.header_offset = at;
    std::uint64_t p = at;
    e.flags = decode_entry_flags(b[p], binder.bit_big_endian);
    MP_TRY(expect_zero(b, p + 1, 3, kind_name(binder.kind)));
    MP_TRY_ASSIGN(const std::int32_t minus_one, r.at<std::int32_t>(p + 4, "entry marker"));
    if (minus_one != -1)
        return make_error(
            ErrorCode::kBadHeader, p + 4,
            fmt::format("{}: entry at 0x{:X}: field at +4 is {}, expected -1", kind_name(binder.kind), at, minus_one));
    p += 8;
    MP_TRY_ASSIGN(e.compressed_size, non_negative(r, p, "entry compressed size"));
    p += 8;
    if (binder.format & kCompression) {
        MP_TRY_ASSIGN(e.uncompressed_size, non_negative(r, p, "entry uncompressed size"));
        p += 8;
    }
    if (binder.format & kLongOffsets) {
        MP_TRY_ASSIGN(e.data_offset, non_negative(r, p, "entry data offset"));
        p += 8;
    } else {
        MP_TRY_ASSIGN(e.data_offset, r.at<std::uint32_t>(p, "entry data offset"));
        p += 4;
    }
    if (binder.format & kIds) {
        MP_TRY_ASSIGN(e.id, r.at<std::int32_t>(p, "entry id"));
        p += 4;
    }
    if (binder.format & kNames) {
        MP_TRY_ASSIGN(const std::uint32_t name_offset, r.at<std::uint32_t>(p, "entry name offset"));
        auto in_head = read_binder_name_in_head(b, size, name_offset, binder.unicode, binder.big_endian, e.name);
        if (!in_head.ok()) {
            Error err = std::move(in_head).error();
            err.message = fmt::format("{}: entry at 0x{:X}: {}", kind_name(binder.kind), at, err.message);
            return err;
        }
        if (!*in_head) return TableRead::kPastTheHead;
        p += 4;
    }
    if (binder.format == kNames1) {  // SoulsFormats reads an id and a zero here
        MP_TRY_ASSIGN(e.id, r.at<std::int32_t>(p, "entry id"));
        MP_TRY_ASSIGN(const std::int32_t zero, r.at<std::int32_t>(p + 4, "entry zero"));
        if (zero != 0)
            return make_error(ErrorCode::kBadHeader, p + 4,
                              fmt::format("{}: entry at 0x{:X}: field at +0x{:X} is {}, expected 0",
                                          kind_name(binder.kind), at, p + 4 - at, zero));
    }
    return TableRead::kRead;
}

// Into `binder`, the binder of `size` bytes whose first bytes are `b` (all of them, or a head of a
// DCX-wrapped body): every check is against `size`, so a table that lies in `b` reads as it would
// from the whole; kPastTheHead when the table reaches past `b`.
Result<TableRead> parse_binder(Bytes b, std::uint64_t size, BinderKind kind, Binder& binder) {
    using namespace bnd4_layout;
    const std::string_view magic = kind_name(kind);
    if (b.size() < std::min<std::uint64_t>(size, kSize)) return TableRead::kPastTheHead;
    if (!has_prefix(b, magic)) return wrong_magic(b, magic);
    if (size < kSize)
        return make_error(ErrorCode::kTruncated, size,
                          fmt::format("{}: header is 0x40 bytes, the file has {}", magic, size));

    binder = Binder{};
    binder.kind = kind;
    MP_TRY(expect_bool(b, kUnk04, magic, "unk04"));
    MP_TRY(expect_bool(b, kUnk05, magic, "unk05"));
    MP_TRY(expect_zero(b, kZero06, 3, magic));
    MP_TRY(expect_bool(b, kBigEndian, magic, "bigEndian"));
    MP_TRY(expect_bool(b, kBitLittleEndian, magic, "bit order"));
    MP_TRY(expect_zero(b, kZero0B, 1, magic));
    binder.unk04 = b[kUnk04] != 0;
    binder.unk05 = b[kUnk05] != 0;
    binder.big_endian = b[kBigEndian] != 0;
    binder.bit_big_endian = b[kBitLittleEndian] == 0;
    const FieldReader r(b, binder.big_endian);

    MP_TRY_ASSIGN(const std::int32_t count, r.at<std::int32_t>(kEntryCount, "entry count"));
    if (count < 0)
        return make_error(ErrorCode::kBadHeader, kEntryCount, fmt::format("{}: entry count is {}", magic, count));
    MP_TRY_ASSIGN(const std::int64_t header_size, r.at<std::int64_t>(kHeaderSize, "header size"));
    if (header_size != 0x40)
        return make_error(ErrorCode::kBadHeader, kHeaderSize,
                          fmt::format("{}: header size is 0x{:X}, expected 0x40", magic, header_size));
    binder.version = read_version(b, kVersion);
    MP_TRY_ASSIGN(const std::int64_t stored_entry_size, r.at<std::int64_t>(kEntryHeaderSize, "entry header size"));
    MP_TRY_ASSIGN(const std::int64_t headers_end, r.at<std::int64_t>(kHeadersEnd, "end of headers"));
    MP_TRY(expect_bool(b, kUnicode, magic, "unicode"));
    binder.unicode = b[kUnicode] != 0;
    binder.raw_format = b[kFormat];
    binder.format = decode_format_byte(binder.raw_format, binder.bit_big_endian);
    binder.extended = b[kExtended];
    MP_TRY(expect_zero(b, kZero33, 1, magic));
    MP_TRY(expect_zero(b, kZero34, 4, magic));
    MP_TRY_ASSIGN(const std::int64_t hash_table_offset, r.at<std::int64_t>(kHashTableOffset, "hash table offset"));

    // The format's own BigEndian bit is not used for byte order (the header byte is); §2.
    const std::uint64_t entry_size = entry_header_size(binder.format);
    if (stored_entry_size < 0 || static_cast<std::uint64_t>(stored_entry_size) != entry_size)
        return make_error(ErrorCode::kBadHeader, kEntryHeaderSize,
                          fmt::format("{}: entry header size is {}, format 0x{:02X} implies {}", magic,
                                      stored_entry_size, binder.format, entry_size));
    const bool extended_ok = kind == BinderKind::kBnd4 ? (binder.extended == 0 || binder.extended == 1 ||
                                                          binder.extended == 4 || binder.extended == 0x80)
                                                       : (binder.extended == 0 || binder.extended == 4);
    if (!extended_ok)
        return make_error(ErrorCode::kBadHeader, kExtended,
                          fmt::format("{}: extended byte is 0x{:02X}", magic, binder.extended));

    const std::uint64_t entries_end = kEntries + static_cast<std::uint64_t>(count) * entry_size;
    if (entries_end > size)
        return make_error(ErrorCode::kTruncated, size,
                          fmt::format("{}: {} entry headers of {} bytes end at 0x{:X}, the file has {} bytes", magic,
                                      count, entry_size, entries_end, size));
    if (kind == BinderKind::kBhf4) {
        if (headers_end != 0)
            return make_error(ErrorCode::kBadHeader, kHeadersEnd,
                              fmt::format("BHF4: field 0x28 is 0x{:X}, expected 0", headers_end));
    } else if (headers_end < 0 || static_cast<std::uint64_t>(headers_end) < entries_end ||
               static_cast<std::uint64_t>(headers_end) > size) {
        return make_error(
            ErrorCode::kOutOfBounds, kHeadersEnd,
            fmt::format("BND4: end of headers 0x{:X} is not within [0x{:X}, 0x{:X}]", headers_end, entries_end, size));
    }
    binder.headers_end = static_cast<std::uint64_t>(headers_end);
    if (binder.extended == 4) {
        // The table itself is not needed for reading (binder_hash_table.h checks it).
        if (hash_table_offset < 0 || static_cast<std::uint64_t>(hash_table_offset) < entries_end ||
            !in_range(static_cast<std::uint64_t>(hash_table_offset), 16, size))
            return make_error(ErrorCode::kOutOfBounds, kHashTableOffset,
                              fmt::format("{}: hash table offset 0x{:X} is outside [0x{:X}, 0x{:X})", magic,
                                          hash_table_offset, entries_end, size));
        binder.hash_table_offset = static_cast<std::uint64_t>(hash_table_offset);
    } else if (hash_table_offset != 0) {
        return make_error(ErrorCode::kBadHeader, kHashTableOffset,
                          fmt::format("{}: hash table offset is 0x{:X} but extended is {}", magic, hash_table_offset,
                                      binder.extended));
    }

    if (entries_end > b.size()) return TableRead::kPastTheHead;
    binder.entries.reserve(static_cast<std::size_t>(count));
    for (std::int32_t i = 0; i < count; ++i) {
        BinderEntry e;
        MP_TRY_ASSIGN(const TableRead read,
                      parse_entry(b, size, binder, r, kEntries + static_cast<std::uint64_t>(i) * entry_size, e));
        if (read == TableRead::kPastTheHead) return read;
        binder.entries.push_back(std::move(e));
    }
    return TableRead::kRead;
}

// parse_binder over the whole binder, which no table reaches past.
Result<Binder> parse_whole(Bytes b, BinderKind kind) {
    Binder binder;
    MP_TRY(parse_binder(b, b.size(), kind, binder));
    return binder;
}

}  // namespace

Result<Binder> parse_bnd4(Bytes bnd4) { return parse_whole(bnd4, BinderKind::kBnd4); }

Result<std::optional<Binder>> parse_bnd4_table(Bytes head, std::uint64_t body_size) {
    Binder binder;
    MP_TRY_ASSIGN(const TableRead read, parse_binder(head.first(std::min<std::uint64_t>(head.size(), body_size)),
                                                     body_size, BinderKind::kBnd4, binder));
    if (read == TableRead::kPastTheHead) return std::optional<Binder>();
    return std::optional<Binder>(std::move(binder));
}

Result<Binder> parse_bhf4(Bytes bhf4) { return parse_whole(bhf4, BinderKind::kBhf4); }

Status check_bdf4(Bytes b) {
    using namespace bdf4_layout;
    if (!has_prefix(b, "BDF4")) return wrong_magic(b, "BDF4");
    if (b.size() < kSize)
        return make_error(ErrorCode::kTruncated, b.size(),
                          fmt::format("BDF4: header is 0x30 bytes, the file has {}", b.size()));
    MP_TRY(expect_bool(b, 0x04, "BDF4", "unk04"));
    MP_TRY(expect_bool(b, 0x05, "BDF4", "unk05"));
    MP_TRY(expect_zero(b, 0x06, 3, "BDF4"));
    MP_TRY(expect_bool(b, kBigEndian, "BDF4", "bigEndian"));
    MP_TRY(expect_bool(b, kBitLittleEndian, "BDF4", "bit order"));
    MP_TRY(expect_zero(b, 0x0B, 1, "BDF4"));
    MP_TRY(expect_zero(b, kZero0C, 4, "BDF4"));
    const FieldReader r(b, b[kBigEndian] != 0);
    MP_TRY_ASSIGN(const std::int64_t header_size, r.at<std::int64_t>(kHeaderSize, "header size"));
    if (header_size != 0x30 && header_size != 0x40)
        return make_error(ErrorCode::kBadHeader, kHeaderSize,
                          fmt::format("BDF4: header size is 0x{:X}, expected 0x30", header_size));
    MP_TRY(expect_zero(b, kZero20, 16, "BDF4"));
    return ok_status();
}

}  // namespace meshproof
