// Pass "custom_prims": the sample has none; a sample primitive re-marked as a point set checks
// the record rules and the h/l rule.
#include <gtest/gtest.h>

#include "tests/verifiers/verifier_fixtures.h"

namespace meshproof::test {
namespace {

class CustomPrims : public ErSampleTest {
protected:
    // Primitive 4 re-marked as a point set [k, n, 3, n] with n its own leaf (Elden Ring's form).
    void make_point_set() {
        mesh::DecodedPrimitives& p = mesh().primitives;
        const std::uint8_t n = static_cast<std::uint8_t>(p.leaf_node[4] - mesh().section_trees.first_node[0]);
        p.kind[4] = mesh::PrimitiveKind::kPointSet;
        p.indices[1][4] = n;
        p.indices[2][4] = 3;
        p.indices[3][4] = n;
    }
};

TEST_F(CustomPrims, NoneInTheSample) {
    const Tally t = run_pass("custom_prims", sample_->member);
    EXPECT_EQ(t.count("custom_primitives", kScope), 0u);
    EXPECT_EQ(violations("custom_prims", t), 0u);
}

TEST_F(CustomPrims, PointSetRulesInAnAssetAndInAnHFile) {
    make_point_set();
    Tally t = run_pass("custom_prims", sample_->member, nullptr, "asset");
    EXPECT_EQ(t.count("point_sets", kScope), 1u);
    EXPECT_EQ(t.count("pointset_n_is_leaf", kScope), 1u);
    EXPECT_EQ(t.count("pointset_third_index_ok", kScope), 1u);
    EXPECT_EQ(violations("custom_prims", t), 0u);
    t = run_pass("custom_prims", sample_->member, nullptr, "h");
    EXPECT_EQ(t.count("custom_in_h_or_l", kScope), 1u);
    EXPECT_EQ(violations("custom_prims", t), 1u);
}

TEST_F(CustomPrims, PointSetWithWrongLeafAndThirdIndex) {
    make_point_set();
    mesh().primitives.indices[1][4] += 1;
    mesh().primitives.indices[2][4] = 9;
    const Tally t = run_pass("custom_prims", sample_->member, nullptr, "asset");
    EXPECT_EQ(t.count("pointset_n_not_leaf", kScope), 1u);
    EXPECT_EQ(t.count("pointset_third_index_mismatch", kScope), 1u);
    EXPECT_EQ(violations("custom_prims", t), 2u);
    // The structure pass sees the section flag missing for the new custom primitive.
    const Tally s = run_pass("structure", sample_->member, nullptr, "asset");
    EXPECT_EQ(s.count("flags_mismatch", kScope), 1u);
}

}  // namespace
}  // namespace meshproof::test
