#include "engine/rules/havok_quicksort.h"

namespace meshproof::rules {

std::vector<std::uint32_t> ranks(std::uint32_t n) {
    std::vector<std::uint32_t> r(n);
    for (std::uint32_t i = 0; i < n; ++i) r[i] = i;
    // "A section names one data run, so every key is equal and the sort only permutes."
    havok_quicksort(std::span<std::uint32_t>(r), [](std::uint32_t, std::uint32_t) { return false; });
    return r;
}

std::vector<std::uint32_t> leaf_payloads_in_preorder(std::uint32_t n) {
    const std::vector<std::uint32_t> r = ranks(n);
    std::vector<std::uint32_t> payload(n);
    for (std::uint32_t p = 0; p < n; ++p) payload[r[p]] = p;
    return payload;
}

}  // namespace meshproof::rules
