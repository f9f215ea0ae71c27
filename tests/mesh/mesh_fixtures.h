// Fixture loading and hand-built raw meshes for the mesh tests (header-only: only *_test.cpp
// files are built). The Elden Ring sample is read from ../shared/corpus/havok, never copied.
#pragma once

#include <bit>
#include <cstdint>
#include <memory>
#include <vector>

#include "engine/mesh/decode_member.h"
#include "engine/mesh/extract_member.h"
#include "engine/tagfile/compendium.h"
#include "engine/tagfile/tagfile.h"
#include "tests/support/corpus.h"

namespace meshproof::test {

inline const std::vector<std::uint8_t>& mesh_er_hkx() {
    static const std::vector<std::uint8_t> b = read_file(corpus_path("havok/h.hkx"));
    return b;
}
inline const std::vector<std::uint8_t>& mesh_er_l_hkx() {
    static const std::vector<std::uint8_t> b = read_file(corpus_path("havok/l.hkx"));
    return b;
}
inline const tagfile::CompendiumRegistry& mesh_er_registry() {
    static const tagfile::CompendiumRegistry r = [] {
        tagfile::CompendiumRegistry reg;
        const auto bytes = read_file(corpus_path("havok/h.compendium"));
        auto st = reg.add_bytes(bytes);
        EXPECT_TRUE(st.ok()) << st.error().message;
        return reg;
    }();
    return r;
}

inline std::uint32_t bits_of(float f) { return std::bit_cast<std::uint32_t>(f); }
inline float float_of(std::uint32_t u) { return std::bit_cast<float>(u); }

}  // namespace meshproof::test
