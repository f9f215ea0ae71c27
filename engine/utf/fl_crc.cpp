#include "engine/utf/fl_crc.h"

#include <array>

namespace meshproof::utf {
namespace {

// §3: eight rounds per entry of "low bit set: shift right and xor the polynomial", the shift an
// arithmetic one on a signed 32-bit value (what dacom.dll's table holds; the standard table uses a
// logical shift). C++20 defines >> on a negative signed value as arithmetic.
constexpr std::array<std::uint32_t, 256> make_table() {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t i = 0; i < 256; ++i) {
        std::int32_t c = static_cast<std::int32_t>(i);
        for (int k = 0; k < 8; ++k)
            c = (c & 1) ? static_cast<std::int32_t>(static_cast<std::uint32_t>(c >> 1) ^ 0xEDB88320u) : (c >> 1);
        t[i] = static_cast<std::uint32_t>(c);
    }
    return t;
}

constexpr std::array<std::uint32_t, 256> kTable = make_table();
static_assert(kTable[1] == 0x09073096u, "freelancer-models.md §3: T[1] of the corrupted table");

}  // namespace

std::uint32_t fl_crc(std::string_view name) {
    if (name.empty()) return 0;  // §3: no terminator byte, "" hashes to 0 (~~0)
    std::uint32_t crc = 0xFFFFFFFFu;
    for (char ch : name) {
        std::uint8_t b = static_cast<std::uint8_t>(ch);
        if (b >= 'A' && b <= 'Z') b = static_cast<std::uint8_t>(b | 0x20);  // ASCII fold only (§3)
        crc = (crc >> 8) ^ kTable[(crc ^ b) & 0xFF];                        // a logical shift in the loop (§3)
    }
    return ~crc;
}

}  // namespace meshproof::utf
