// A count and its noun agreeing in number, for every message a user reads: "1 file", "2 files"
// ("1 file(s)" and "1 files" read as careless, and the messages are read closely).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace meshproof {

// The noun alone, for a table whose count is its own column: `one` when n is 1, else `many`.
inline std::string_view plural_noun(std::uint64_t n, std::string_view one, std::string_view many) { return n == 1 ? one : many; }

// "1 file" / "0 files" / "2 files": the count, a space and the noun.
inline std::string plural(std::uint64_t n, std::string_view one, std::string_view many) {
    return std::to_string(n) + " " + std::string(plural_noun(n, one, many));
}

}  // namespace meshproof
