// FL-CRC (freelancer-models.md §3): the hash that names a model part or a hardpoint in a .sur
// file. A standard reflected CRC-32 (init ~0, final ~) driven by a corrupted table: the table is
// built with an arithmetic shift of a signed value, so its entries keep the standard low 24 bits
// but carry another top byte (T[1] = 0x09073096). ASCII A-Z fold to lower case first; the empty
// name hashes to 0. It is not zlib's crc32 and not FLHash.CreateID (the INI nickname hash).
#pragma once

#include <cstdint>
#include <string_view>

namespace meshproof::utf {

std::uint32_t fl_crc(std::string_view name);

}  // namespace meshproof::utf
