#include "engine/containers/binder_hash_table.h"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "engine/containers/binder_names.h"

namespace meshproof {
namespace {

// A subset of .NET's ToLowerInvariant (simple case mapping).
char16_t to_lower(char16_t c) {
    if (c >= u'A' && c <= u'Z') return c + 0x20;
    if (c < 0x80) return c;
    if ((c >= 0xC0 && c <= 0xDE && c != 0xD7) ||     // Latin-1
        (c >= 0x391 && c <= 0x3AB && c != 0x3A2) ||  // Greek
        (c >= 0x410 && c <= 0x42F) ||                // Cyrillic
        (c >= 0xFF21 && c <= 0xFF3A))                // full-width Latin
        return c + 0x20;
    if (c >= 0x400 && c <= 0x40F) return c + 0x50;  // Cyrillic Ѐ..Џ
    return c;
}

bool is_prime(std::uint32_t n) {
    if (n < 2) return false;
    for (std::uint32_t d = 2; d * d <= n; ++d)
        if (n % d == 0) return false;
    return true;
}

struct PathHash {
    std::uint32_t hash = 0;
    std::int32_t index = 0;
};

}  // namespace

std::uint32_t binder_name_hash(std::string_view utf8_name) {
    std::uint32_t h = 0;
    const std::u16string units = utf8_to_utf16(utf8_name);
    if (units.empty() || (units[0] != u'/' && units[0] != u'\\')) h = u'/';
    for (char16_t c : units) {
        const char16_t lower = c == u'\\' ? u'/' : to_lower(c);
        h = h * 37u + lower;
    }
    return h;
}

std::uint32_t binder_hash_group_count(std::size_t entry_count) {
    std::uint32_t p = static_cast<std::uint32_t>(entry_count / 7);
    while (!is_prime(p)) ++p;
    return p;
}

void append_binder_hash_table(ByteSink& sink, std::span<const std::string> names) {
    const std::uint32_t groups = binder_hash_group_count(names.size());
    std::vector<std::vector<PathHash>> by_group(groups);
    for (std::size_t i = 0; i < names.size(); ++i) {
        const std::uint32_t h = binder_name_hash(names[i]);
        by_group[h % groups].push_back({h, static_cast<std::int32_t>(i)});
    }
    for (auto& g : by_group)
        std::stable_sort(g.begin(), g.end(), [](const PathHash& a, const PathHash& b) { return a.hash < b.hash; });

    const std::size_t table = sink.size();
    sink.put<std::int64_t>(0);  // patched: offset of the path hashes
    sink.put<std::uint32_t>(groups);
    sink.u8(0x10);
    sink.u8(8);
    sink.u8(8);
    sink.u8(0);
    std::int32_t first = 0;
    for (const auto& g : by_group) {
        sink.put<std::int32_t>(static_cast<std::int32_t>(g.size()));
        sink.put<std::int32_t>(first);
        first += static_cast<std::int32_t>(g.size());
    }
    sink.patch<std::int64_t>(table, static_cast<std::int64_t>(sink.size()));
    for (const auto& g : by_group)
        for (const PathHash& ph : g) {
            sink.put<std::uint32_t>(ph.hash);
            sink.put<std::int32_t>(ph.index);
        }
}

Status check_binder_hash_table(Bytes b, const Binder& binder) {
    if (binder.extended != 4)
        return make_error(ErrorCode::kBadHeader, bnd4_layout::kExtended, "binder has no hash table");
    const std::uint64_t at = binder.hash_table_offset;
    const auto rd32 = [&](std::uint64_t off) {
        return binder.big_endian ? read_be_at<std::uint32_t>(b, off) : read_le_at<std::uint32_t>(b, off);
    };
    const auto rd64 = [&](std::uint64_t off) {
        return binder.big_endian ? read_be_at<std::uint64_t>(b, off) : read_le_at<std::uint64_t>(b, off);
    };
    const auto hashes_at = rd64(at);
    const auto groups = rd32(at + 8);
    if (!hashes_at || !groups || !in_range(at, kHashTableHeaderSize, b.size()))
        return make_error(ErrorCode::kTruncated, b.size(), "hash table header runs past the end");
    if (b[at + 12] != 0x10 || b[at + 13] != 8 || b[at + 14] != 8 || b[at + 15] != 0)
        return make_error(ErrorCode::kBadHeader, at + 12, "hash table: sizes bytes are not 10 08 08 00");
    if (*groups == 0) return make_error(ErrorCode::kBadHeader, at + 8, "hash table: zero groups");
    const std::uint64_t n = binder.entries.size();
    if (!in_range(at + kHashTableHeaderSize, std::uint64_t{*groups} * kHashGroupSize, b.size()))
        return make_error(ErrorCode::kOutOfBounds, at + 8,
                          fmt::format("hash table: {} groups run past the end", *groups));
    if (!in_range(*hashes_at, n * kPathHashSize, b.size()))
        return make_error(ErrorCode::kOutOfBounds, at, "hash table: path hashes run past the end");

    std::vector<bool> seen(n, false);
    std::uint64_t expected_first = 0;
    for (std::uint32_t g = 0; g < *groups; ++g) {
        const std::uint64_t group_at = at + kHashTableHeaderSize + std::uint64_t{g} * kHashGroupSize;
        const std::uint32_t length = *rd32(group_at);
        const std::uint32_t first = *rd32(group_at + 4);
        if (first != expected_first || length > n - first)
            return make_error(ErrorCode::kBadHeader, group_at,
                              fmt::format("hash table: group {} covers [{}, +{}), expected to start at {}", g, first,
                                          length, expected_first));
        for (std::uint64_t k = first; k < std::uint64_t{first} + length; ++k) {
            const std::uint64_t ph_at = *hashes_at + k * kPathHashSize;
            const std::uint32_t hash = *rd32(ph_at);
            const std::uint32_t index = *rd32(ph_at + 4);
            if (index >= n || seen[index])
                return make_error(ErrorCode::kBadHeader, ph_at + 4,
                                  fmt::format("hash table: entry index {} is out of range or repeated", index));
            seen[index] = true;
            if (hash % *groups != g)
                return make_error(ErrorCode::kBadHeader, ph_at,
                                  fmt::format("hash table: hash 0x{:08X} in group {}", hash, g));
            const std::uint32_t want = binder_name_hash(binder.entries[index].name);
            if (hash != want)
                return make_error(ErrorCode::kBadHeader, ph_at,
                                  fmt::format("hash table: entry {} ({}) hash is 0x{:08X}, the name hashes to 0x{:08X}",
                                              index, binder.entries[index].name, hash, want));
        }
        expected_first = std::uint64_t{first} + length;
    }
    if (expected_first != n)
        return make_error(ErrorCode::kBadHeader, at + 8,
                          fmt::format("hash table: groups cover {} entries, the binder has {}", expected_first, n));
    return ok_status();
}

}  // namespace meshproof
