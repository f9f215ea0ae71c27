#include "reports/count_text.h"

namespace meshproof {

std::string grouped(std::uint64_t n) {
    const std::string digits = std::to_string(n);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

std::string count_of(std::uint64_t n, std::string_view singular, std::string_view plural) {
    return grouped(n) + ' ' + std::string(n == 1 ? singular : plural);
}

}  // namespace meshproof
