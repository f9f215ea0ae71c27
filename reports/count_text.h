// Counts as people read them in every report and message: grouped by thousands ("1,204") and
// with the noun that agrees ("1 member", "2 members").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace meshproof {

std::string grouped(std::uint64_t n);
std::string count_of(std::uint64_t n, std::string_view singular, std::string_view plural);

}  // namespace meshproof
