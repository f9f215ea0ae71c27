// ctest-labels: hostile
// Hostile input: every prefix of the real sample, and flipped bytes in the real sample and in
// synthetic files of both dialects, give a typed error or a result, never a crash (labelled
// hostile: the ASan tree runs these).
#include <gtest/gtest.h>

#include <vector>

#include "engine/mesh/obj_export.h"
#include "tests/mesh/mesh_fixtures.h"
#include "tests/mesh/synthetic_tagfile.h"

namespace meshproof::mesh {
namespace {

// Parses, extracts, decodes and exports; returns whether it decoded. Errors must be typed.
bool run_all(std::span<const std::uint8_t> bytes, const tagfile::CompendiumRegistry* registry) {
    auto tf = tagfile::parse_tagfile(bytes, registry);
    if (!tf.ok()) return false;
    auto member = decode_member(*tf);
    if (!member.ok()) {
        EXPECT_NE(member.error().code, ErrorCode::kInternal) << member.error().message;
        return false;
    }
    (void)to_obj(*member);  // every decoded index must be safe to follow
    return true;
}

TEST(MeshHostile, TruncatedSamplePrefixes) {
    MP_REQUIRE_CORPUS();
    const auto& full = test::mesh_er_hkx();
    std::size_t decoded = 0;
    for (std::size_t n : test::prefix_lengths(full.size())) {
        const std::vector<std::uint8_t> prefix(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n));
        decoded += run_all(prefix, &test::mesh_er_registry());
    }
    EXPECT_EQ(decoded, 0u);  // the root section's size covers the whole file
    EXPECT_TRUE(run_all(full, &test::mesh_er_registry()));
}

TEST(MeshHostile, TruncatedSyntheticPrefixes) {
    for (auto dialect : {tagfile::HavokDialect::kEldenRing2018, tagfile::HavokDialect::kSekiro2016}) {
        const auto full = test::write_synthetic_collision({dialect});
        for (std::size_t n : test::prefix_lengths(full.size(), 61)) {
            const std::vector<std::uint8_t> prefix(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n));
            run_all(prefix, nullptr);
        }
        EXPECT_TRUE(run_all(full, nullptr));
    }
}

// Every byte of DATA set to three hostile values, one at a time.
TEST(MeshHostile, CorruptedSampleData) {
    MP_REQUIRE_CORPUS();
    std::vector<std::uint8_t> bytes = test::mesh_er_hkx();
    auto tf = tagfile::parse_tagfile(bytes, &test::mesh_er_registry());
    ASSERT_TRUE(tf.ok());
    const std::size_t begin = tf->data_offset(), end = begin + tf->data().size();
    std::size_t errors = 0, decoded = 0;
    for (std::size_t at = begin; at < end; ++at) {
        const std::uint8_t keep = bytes[at];
        for (std::uint8_t v : {static_cast<std::uint8_t>(keep ^ 0xFF), std::uint8_t{0x7F}, std::uint8_t{0x01}}) {
            bytes[at] = v;
            (run_all(bytes, &test::mesh_er_registry()) ? decoded : errors) += 1;
        }
        bytes[at] = keep;
    }
    EXPECT_GT(errors, 0u);
    EXPECT_GT(decoded, 0u);
}

// Every byte of synthetic files (type tables included) flipped.
TEST(MeshHostile, CorruptedSyntheticFiles) {
    for (auto dialect : {tagfile::HavokDialect::kEldenRing2018, tagfile::HavokDialect::kSekiro2016}) {
        std::vector<std::uint8_t> bytes = test::write_synthetic_collision({dialect});
        for (std::size_t at = 0; at < bytes.size(); ++at) {
            bytes[at] ^= 0xFF;
            run_all(bytes, nullptr);
            bytes[at] ^= 0xFF;
        }
    }
}

}  // namespace
}  // namespace meshproof::mesh
