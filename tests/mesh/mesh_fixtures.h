// Fixture loading and hand-built raw meshes for the mesh tests (header-only: only *_test.cpp
// files are built). The Elden Ring sample is read from ../shared/corpus/havok, never copied.
#pragma once

#include <bit>
#include <cstdint>
#include <memory>
#include <vector>

#include <gtest/gtest.h>

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

// A test over h.hkx parsed with h.compendium and decoded (skipped when ../shared/corpus is
// absent), for every mesh test of the sample's one compressed mesh. The tagfile is kept for
// tests that decode it again with other options. Derive a fixture per suite, e.g.
// `class ErSampleMesh : public test::MeshErSampleTest {};`.
class MeshErSampleTest : public ::testing::Test {
protected:
    void SetUp() override {
        MP_REQUIRE_CORPUS();
        auto tf = tagfile::parse_tagfile(mesh_er_hkx(), &mesh_er_registry());
        ASSERT_TRUE(tf.ok()) << tf.error().message;
        tf_ = std::make_unique<tagfile::Tagfile>(std::move(tf).value());
        auto member = mesh::decode_member(*tf_);
        ASSERT_TRUE(member.ok()) << member.error().message << " @" << member.error().offset;
        member_ = std::make_unique<mesh::DecodedMember>(std::move(member).value());
        ASSERT_EQ(member_->meshes.size(), 1u);
    }
    const mesh::DecodedMesh& mesh() const { return member_->meshes[0]; }
    std::unique_ptr<tagfile::Tagfile> tf_;
    std::unique_ptr<mesh::DecodedMember> member_;
};

inline std::uint32_t bits_of(float f) { return std::bit_cast<std::uint32_t>(f); }
inline float float_of(std::uint32_t u) { return std::bit_cast<float>(u); }

}  // namespace meshproof::test
