// The BND4/BHF4 name hash table present when extended == 4 (spec §2 cites SoulsFormats
// `BinderHashTable.cs`; the layout below was checked against every sample anibnd):
//   at hash_table_offset: i64 offset of the path hashes, u32 group count, u8 0x10, u8 8, u8 8, u8 0,
//                         then group count × {i32 length, i32 first index}
//   at the path hashes:   entry count × {u32 hash, i32 entry index}, grouped by hash % group count,
//                         sorted by hash inside a group
// Group count = the smallest prime ≥ entry count / 7. Readers do not need the table; a
// verifier can check it, and the writers produce it so the game (and SoulsFormats) accept
// meshproof's binders.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "engine/containers/binder.h"
#include "engine/containers/byte_sink.h"
#include "engine/core/bytes.h"
#include "engine/core/error.h"

namespace meshproof {

inline constexpr std::size_t kHashTableHeaderSize = 16;  // i64 + u32 + 4 × u8
inline constexpr std::size_t kHashGroupSize = 8;         // i32 length, i32 index
inline constexpr std::size_t kPathHashSize = 8;          // u32 hash, i32 index

// SoulsFormats' path hash of a member name: lower-case it, `\` → `/`, prefix `/` if missing,
// then h = h·37 + c over the UTF-16 code units. Lower-casing covers ASCII, Latin-1, Greek,
// Cyrillic and full-width Latin (.NET's invariant mapping covers more; names are ASCII in
// practice).
std::uint32_t binder_name_hash(std::string_view utf8_name);

// The group count a writer uses for `entry_count` entries.
std::uint32_t binder_hash_group_count(std::size_t entry_count);

// Appends a hash table for `names` (entry order) at the sink's current position; the sink's
// byte order is the binder's.
void append_binder_hash_table(ByteSink& sink, std::span<const std::string> names);

// Checks the table of a parsed binder against its entries (`header` = the BND4 or BHF4
// bytes it was parsed from): layout, bounds, every index once, every hash equal to the name's.
Status check_binder_hash_table(Bytes header, const Binder& binder);

}  // namespace meshproof
