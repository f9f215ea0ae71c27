#include "engine/tagfile/patch_check.h"

#include <gtest/gtest.h>

#include <cstring>

#include "tests/tagfile/tagfile_fixtures.h"

namespace meshproof::tagfile {
namespace {

TEST(PatchCheck, ErSampleListsEveryReferenceOnce) {
    MP_REQUIRE_CORPUS();
    auto tf = parse_tagfile(test::er_hkx(), &test::er_registry());
    ASSERT_TRUE(tf.ok());
    auto checked = check_patch_table(*tf);
    ASSERT_TRUE(checked.ok()) << checked.error().message;
    const PatchCheck& c = *checked;
    EXPECT_EQ(c.patch_entries, 28u);
    EXPECT_EQ(c.references, 28u);
    EXPECT_TRUE(c.ok()) << "missing " << c.missing << " extra " << c.extra << " dup " << c.duplicates << " type "
                        << c.type_mismatches;
}

TEST(PatchCheck, AnibndTagfiles) {
    MP_REQUIRE_CORPUS();
    for (const auto& file : test::anibnd_files()) {
        auto entries = test::list_bnd4(file.bytes);
        ASSERT_TRUE(entries.has_value());
        CompendiumRegistry registry;
        for (const auto& e : *entries)
            if (test::is_tcm0(e.bytes)) {
                ASSERT_TRUE(registry.add_bytes(e.bytes).ok());
            }
        for (const auto& e : *entries) {
            if (!test::is_tag0(e.bytes)) continue;
            SCOPED_TRACE(file.path + " " + e.name);
            auto tf = parse_tagfile(e.bytes, &registry);
            ASSERT_TRUE(tf.ok());
            auto checked = check_patch_table(*tf);
            ASSERT_TRUE(checked.ok()) << checked.error().message;
            const PatchCheck& c = *checked;
            EXPECT_TRUE(c.ok()) << "refs " << c.references << " ptch " << c.patch_entries << " missing " << c.missing
                                << " extra " << c.extra << " dup " << c.duplicates << " type " << c.type_mismatches
                                << " first missing " << (c.first_missing.empty() ? -1 : int(c.first_missing[0]))
                                << " first extra " << (c.first_extra.empty() ? -1 : int(c.first_extra[0]));
        }
    }
}

TEST(PatchCheck, DetectsAMissingAndADuplicateEntry) {
    MP_REQUIRE_CORPUS();
    // Overwrite the first offset of PTCH group 1 with the first offset of group 2: the field
    // at the overwritten offset goes missing and group 2's offset is listed twice.
    std::vector<std::uint8_t> bytes = test::er_hkx();
    const std::size_t group1 = 3384 + 8;
    const std::uint32_t n1 = load_le<std::uint32_t>(bytes.data() + group1 + 4);
    const std::size_t group2 = group1 + 8 + 4 * std::size_t{n1};
    const std::uint32_t lost = load_le<std::uint32_t>(bytes.data() + group1 + 8);
    std::memcpy(bytes.data() + group1 + 8, bytes.data() + group2 + 8, 4);
    auto tf = parse_tagfile(bytes, &test::er_registry());
    ASSERT_TRUE(tf.ok());
    auto checked = check_patch_table(*tf);
    ASSERT_TRUE(checked.ok()) << checked.error().message;
    const PatchCheck& c = *checked;
    EXPECT_FALSE(c.ok());
    EXPECT_EQ(c.missing, 1u);
    EXPECT_EQ(c.duplicates, 1u);
    ASSERT_EQ(c.first_missing.size(), 1u);
    EXPECT_EQ(c.first_missing[0], lost);
}

}  // namespace
}  // namespace meshproof::tagfile

namespace meshproof::tagfile {
namespace {

// The walk's budget (PatchCheck::kVisitsPerDataByte) must sit far above what real files need:
// every tagfile of the corpus stays under a fifth of a visit per DATA byte.
TEST(PatchCheck, RealFilesStayFarBelowTheWalkBudget) {
    MP_REQUIRE_CORPUS();
    double worst = 0;
    auto measure = [&](const Tagfile& tf) {
        auto c = check_patch_table(tf);
        ASSERT_TRUE(c.ok()) << c.error().message;
        worst = std::max(worst, double(c->visits) / double(std::max<std::size_t>(tf.data().size(), 1)));
    };
    auto er = parse_tagfile(test::er_hkx(), &test::er_registry());
    ASSERT_TRUE(er.ok());
    measure(*er);
    for (const auto& file : test::anibnd_files()) {
        auto entries = test::list_bnd4(file.bytes);
        ASSERT_TRUE(entries.has_value());
        CompendiumRegistry registry;
        for (const auto& e : *entries)
            if (test::is_tcm0(e.bytes)) {
                ASSERT_TRUE(registry.add_bytes(e.bytes).ok());
            }
        for (const auto& e : *entries) {
            if (!test::is_tag0(e.bytes)) continue;
            auto tf = parse_tagfile(e.bytes, &registry);
            ASSERT_TRUE(tf.ok());
            measure(*tf);
        }
    }
    EXPECT_LT(worst, 0.2 * PatchCheck::kVisitsPerDataByte);
    std::printf("most PTCH-walk visits per DATA byte in the corpus: %.3f (budget %zu)\n", worst,
                PatchCheck::kVisitsPerDataByte);
}

}  // namespace
}  // namespace meshproof::tagfile
