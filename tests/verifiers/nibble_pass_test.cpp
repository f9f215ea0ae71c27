// Pass "nibble": on the sample "every root (1), inner node (10) and leaf (12) follows the rule",
// with each parent's box from its own recomputed nibbles or from the stored parent.
#include <gtest/gtest.h>

#include "tests/verifiers/verifier_fixtures.h"

namespace meshproof::test {
namespace {

class NibblePass : public ErSampleTest {
protected:
    Tally run() { return run_pass("nibble", sample_->member); }
};

TEST_F(NibblePass, EveryNodeOfTheSampleFollowsTheRuleBothWays) {
    const Tally t = run();
    for (const char* s : {"", "_stored_parent"}) {
        const std::string x = s;
        EXPECT_EQ(t.count("roots" + x, kScope), 1u) << x;
        EXPECT_EQ(t.count("root_match" + x, kScope), 1u) << x;
        EXPECT_EQ(t.count("inner_nodes" + x, kScope), 10u) << x;
        EXPECT_EQ(t.count("inner_match" + x, kScope), 10u) << x;
        EXPECT_EQ(t.count("leaves" + x, kScope), 12u) << x;
        EXPECT_EQ(t.count("leaf_match" + x, kScope), 12u) << x;
        EXPECT_EQ(t.count("differing_nodes" + x, kScope), 0u) << x;
    }
    EXPECT_EQ(t.count("sections_checked", kScope), 1u);
    EXPECT_EQ(t.count("sections_left_out", kScope), 0u);
    EXPECT_EQ(violations("nibble", t), 0u);  // Observed: the pass declares no violation
}

TEST_F(NibblePass, ALeafNibbleOneTooSmallIsOneDifferenceOfOneNibble) {
    mesh::DecodedMesh& m = mesh();
    const mesh::StaticTreeNodes& st = m.section_trees;
    std::uint32_t leaf = mesh::kNone;
    int axis = 0;
    for (std::uint32_t n = 0; n < st.size() && leaf == mesh::kNone; ++n)
        for (int a = 0; a < 3 && leaf == mesh::kNone; ++a)
            if (st.is_leaf[n] && (st.xyz[a][n] >> 4) > 0) leaf = n, axis = a;
    ASSERT_NE(leaf, mesh::kNone);
    m.section_trees.xyz[axis][leaf] -= 0x10;  // high nibble one too small
    const Tally t = run();
    for (const char* s : {"", "_stored_parent"}) {
        const std::string x = s;
        EXPECT_EQ(t.count("leaf_match" + x, kScope), 11u) << x;
        EXPECT_EQ(t.count("inner_match" + x, kScope), 10u) << x;
        EXPECT_EQ(t.count("differing_nodes" + x, kScope), 1u) << x;
        EXPECT_EQ(t.count("differ_one_nibble" + x, kScope), 1u) << x;
    }
}

TEST_F(NibblePass, AnInnerNibbleTwoTooLargeIsOneDifferenceOfTwoNibbleSteps) {
    mesh::DecodedMesh& m = mesh();
    const std::uint32_t inner = 1;  // the root's first child
    ASSERT_FALSE(m.section_trees.is_leaf[inner]);
    ASSERT_LE(m.section_trees.xyz[0][inner] & 15, 13);
    m.section_trees.xyz[0][inner] += 2;
    const Tally t = run();
    EXPECT_EQ(t.count("inner_match", kScope), 9u);
    EXPECT_EQ(t.count("differing_nodes", kScope), 1u);
    EXPECT_EQ(t.count("differ_one_nibble", kScope), 0u);
}

TEST_F(NibblePass, SectionWithADeadPrimitiveIsLeftOut) {
    mesh().primitives.kind[5] = mesh::PrimitiveKind::kDead;
    const Tally t = run();
    EXPECT_EQ(t.count("sections_left_out", kScope), 1u);
    EXPECT_EQ(t.count("sections_checked", kScope), 0u);
    EXPECT_EQ(t.count("roots", kScope), 0u);
}

}  // namespace
}  // namespace meshproof::test
