// A count and its noun agreeing in number, for every message a user reads: "1 file", "2 files"
// ("1 file(s)" and "1 files" read as careless, and the messages are read closely), the count
// grouped by thousands ("1,204 members") as people read large counts.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace meshproof {

// "1,204": the count with a comma between each group of three digits.
inline std::string grouped(std::uint64_t n) {
    const std::string digits = std::to_string(n);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

// The noun alone, for a table whose count is its own column: `one` when n is 1, else `many`.
inline std::string_view plural_noun(std::uint64_t n, std::string_view one, std::string_view many) {
    return n == 1 ? one : many;
}

// "1 file" / "0 files" / "1,204 files": the count, a space and the noun.
inline std::string plural(std::uint64_t n, std::string_view one, std::string_view many) {
    return grouped(n) + " " + std::string(plural_noun(n, one, many));
}

}  // namespace meshproof
