// Contents that drive a deflate encoder into each of its block forms, for the prefix inflater's
// tests: random bytes (stored blocks), a short phrase (fixed codes), text-like words (dynamic
// codes), runs (long matches of distance 1), all zeros, and a random 32 KiB stretch repeated
// with small edits (distances near the 32 KiB window's end). Also the DCX_DFLT corpus files.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace meshproof::test {

inline std::vector<std::uint8_t> random_bytes(std::size_t n, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<std::uint8_t> v(n);
    for (auto& b : v) b = static_cast<std::uint8_t>(rng());
    return v;
}

inline std::vector<std::uint8_t> text_like(std::size_t n, std::uint32_t seed) {
    static const char* const kWords[] = {"hknpCompressedMeshShape",
                                         "section",
                                         "primitive",
                                         "vertex",
                                         "the",
                                         "of",
                                         "quad",
                                         "tree",
                                         "0.25",
                                         "\n",
                                         ", ",
                                         "bnd4",
                                         "DCX"};
    std::mt19937 rng(seed);
    std::vector<std::uint8_t> v;
    v.reserve(n + 32);
    while (v.size() < n) {
        const std::string w = kWords[rng() % std::size(kWords)];
        v.insert(v.end(), w.begin(), w.end());
        if (rng() % 5 == 0) v.push_back(static_cast<std::uint8_t>('a' + rng() % 26));
        v.push_back(' ');
    }
    v.resize(n);
    return v;
}

inline std::vector<std::uint8_t> runs(std::size_t n) {
    std::vector<std::uint8_t> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<std::uint8_t>((i / 1000) * 37);
    return v;
}

inline std::vector<std::uint8_t> far_repeats(std::size_t n, std::uint32_t seed) {
    const std::vector<std::uint8_t> stretch = random_bytes(32760, seed);
    std::vector<std::uint8_t> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = stretch[i % stretch.size()] ^ (i % 4099 == 0 ? 0x5A : 0);
    return v;
}

inline std::vector<std::uint8_t> short_phrase() {
    const std::string s = "a head of a binder, a head of a binder: the entry table first";
    return {s.begin(), s.end()};
}

// (name, content) of every sample, each a few hundred KiB (several deflate blocks).
inline std::vector<std::pair<std::string, std::vector<std::uint8_t>>> inflate_samples() {
    return {{"random", random_bytes(300000, 1)},
            {"text", text_like(400000, 2)},
            {"runs", runs(300000)},
            {"zeros", std::vector<std::uint8_t>(300000, 0)},
            {"far", far_repeats(300000, 3)},
            {"phrase", short_phrase()},
            {"mixed", [] {
                 auto v = text_like(100000, 4);
                 const auto r = random_bytes(100000, 5);
                 v.insert(v.end(), r.begin(), r.end());
                 v.resize(v.size() + 70000, 0);
                 return v;
             }()}};
}

// The corpus's DCX_DFLT files (corpus README: the ANIBND4 samples).
inline std::vector<std::string> dflt_dcx_fixtures() {
    return {"havok/anibnd/sekiro/chr__c0000.anibnd.dcx",       "havok/anibnd/sekiro/chr__c0000_a000_hi.anibnd.dcx",
            "havok/anibnd/sekiro/chr__c0000_a00x.anibnd.dcx",  "havok/anibnd/sekiro/chr__c0000_a2xx.anibnd.dcx",
            "havok/anibnd/sekiro/chr__c0000_c1180.anibnd.dcx", "havok/anibnd/sekiro/chr__c1140.anibnd.dcx",
            "havok/anibnd/eldenring/chr__c3000.anibnd.dcx",    "havok/anibnd/ac6/chr__c0900.anibnd.dcx"};
}

}  // namespace meshproof::test
