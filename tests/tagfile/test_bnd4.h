// Test-only BND4 entry lister (spec containers-and-tagfiles.md §2), just enough to take the
// Havok members out of the uncompressed anibnd fixtures. The real BND4 reader lives in
// engine/containers; mp_tagfile must not depend on it, so the tests carry this small copy.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/bytes.h"

namespace meshproof::test {

struct Bnd4Entry {
    std::string name;  // UTF-16 names narrowed to ASCII ('?' for others)
    Bytes bytes;
};

inline std::uint8_t reverse_bits(std::uint8_t b) {
    std::uint8_t r = 0;
    for (int i = 0; i < 8; ++i) r = static_cast<std::uint8_t>(r | (((b >> i) & 1) << (7 - i)));
    return r;
}

// Little-endian BND4 only (all fixtures); nullopt on anything unexpected.
inline std::optional<std::vector<Bnd4Entry>> list_bnd4(Bytes file) {
    if (!has_prefix(file, "BND4") || file.size() < 0x40) return std::nullopt;
    if (file[0x09] != 0) return std::nullopt;  // big-endian binders: not in the fixtures
    const bool bit_big_endian = file[0x0A] == 0;
    const std::int32_t count = *read_le_at<std::int32_t>(file, 0x0C);
    const std::uint64_t entry_size = *read_le_at<std::uint64_t>(file, 0x20);
    const bool unicode = file[0x30] == 1;
    std::uint8_t format = file[0x31];
    if (!(bit_big_endian || ((format & 0x01) && !(format & 0x80)))) format = reverse_bits(format);
    const bool ids = format & 0x02, names = format & 0x0C, long_offsets = format & 0x10, compression = format & 0x20;
    const std::uint64_t expected = 0x10 + (long_offsets ? 8 : 4) + (compression ? 8 : 0) + (ids ? 4 : 0) +
                                   (names ? 4 : 0) + (format == 0x04 ? 8 : 0);
    if (entry_size != expected || count < 0) return std::nullopt;
    std::vector<Bnd4Entry> out;
    for (std::int32_t i = 0; i < count; ++i) {
        const std::uint64_t h = 0x40 + std::uint64_t(i) * entry_size;
        if (!in_range(h, entry_size, file.size())) return std::nullopt;
        std::uint64_t p = h + 8;
        const std::uint64_t stored = *read_le_at<std::uint64_t>(file, p);
        p += 8;
        if (compression) p += 8;
        std::uint64_t data_offset =
            long_offsets ? *read_le_at<std::uint64_t>(file, p) : *read_le_at<std::uint32_t>(file, p);
        p += long_offsets ? 8 : 4;
        if (ids) p += 4;
        Bnd4Entry e;
        if (names) {
            std::uint64_t n = *read_le_at<std::uint32_t>(file, p);
            while (true) {
                if (unicode) {
                    auto c = read_le_at<std::uint16_t>(file, n);
                    if (!c) return std::nullopt;
                    if (*c == 0) break;
                    e.name += *c < 0x80 ? static_cast<char>(*c) : '?';
                    n += 2;
                } else {
                    auto c = read_le_at<std::uint8_t>(file, n);
                    if (!c) return std::nullopt;
                    if (*c == 0) break;
                    e.name += static_cast<char>(*c);
                    n += 1;
                }
            }
        }
        if (!in_range(data_offset, stored, file.size())) return std::nullopt;
        e.bytes = file.subspan(data_offset, stored);
        out.push_back(std::move(e));
    }
    return out;
}

}  // namespace meshproof::test
