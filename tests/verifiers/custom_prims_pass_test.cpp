// Pass "custom_prims": the sample has none; a sample primitive re-marked as a point set checks
// the record rules and the h/l rule.
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "tests/verifiers/verifier_fixtures.h"
#include "verifiers/half_float.h"

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

    // Primitive `prim` re-marked as a decoded point-set record of `count` points with third word
    // `tag`, its first word at `word` in sharedVerticesIndex (Elden Ring's form, n its own leaf).
    void add_point_set(std::uint32_t prim, std::uint16_t count, std::uint16_t tag, std::uint32_t word) {
        mesh::DecodedMesh& m = mesh();
        mesh::DecodedPrimitives& p = m.primitives;
        mesh::DecodedPointSets& ps = m.point_sets;
        const auto n = static_cast<std::uint8_t>(p.leaf_node[prim] - m.section_trees.first_node[p.section[prim]]);
        p.kind[prim] = mesh::PrimitiveKind::kPointSet;
        p.indices[1][prim] = n;
        p.indices[2][prim] = 3;
        p.indices[3][prim] = n;
        p.custom_record[prim] = static_cast<std::uint32_t>(ps.primitive.size());
        ps.primitive.push_back(prim);
        ps.header.push_back(static_cast<std::uint16_t>(count << 8 | 0x52));
        ps.slot.push_back(0);
        ps.tag.push_back(tag);
        ps.record_word.push_back(word);
        ps.leaf_node.push_back(p.leaf_node[prim]);
        ps.first_point.push_back(static_cast<std::uint32_t>(ps.x.size()));
        ps.point_count.push_back(count);
        for (std::uint32_t j = 0; j < count; ++j) ps.x.push_back(0), ps.y.push_back(0), ps.z.push_back(0);
    }
    // Primitive `prim` re-marked as an extern reference [0x92, 0, 0, 0] at `word`, naming no shape.
    void add_extern_reference(std::uint32_t prim, std::uint32_t word) {
        mesh::DecodedPrimitives& p = mesh().primitives;
        mesh::DecodedExternReferences& e = mesh().extern_references;
        p.kind[prim] = mesh::PrimitiveKind::kExternReference;
        p.indices[1][prim] = p.indices[3][prim];
        p.custom_record[prim] = static_cast<std::uint32_t>(e.primitive.size());
        e.primitive.push_back(prim);
        e.w.push_back(0);
        e.shape_index.push_back(mesh::kNone);
        e.record_word.push_back(word);
    }
    double extreme(const std::map<Tally::Key, double>& values, const char* counter) {
        const auto it = values.find({counter, kScope});
        return it == values.end() ? -1.0 : it->second;
    }
};

TEST(HalfFloat, ReadsBinary16) {
    EXPECT_EQ(verifiers::half_to_float(0x3C00), 1.0f);
    EXPECT_EQ(verifiers::half_to_float(0x3D4D), 1.0f + 333.0f / 1024);
    EXPECT_EQ(verifiers::half_to_float(0x3C24), 1.0f + 36.0f / 1024);
    EXPECT_EQ(verifiers::half_to_float(0xC000), -2.0f);
    EXPECT_EQ(verifiers::half_to_float(0x0001), std::ldexp(1.0f, -24));
    EXPECT_TRUE(std::isinf(verifiers::half_to_float(0x7C00)));
    EXPECT_TRUE(std::isnan(verifiers::half_to_float(0x7C01)));
}

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

TEST_F(CustomPrims, ThirdWordsVertexCountAndHalfFloatRange) {
    const mesh::DecodedPrimitives& p = mesh().primitives;
    ASSERT_EQ(p.section[4], p.section[7]);
    add_point_set(4, 36, 0x3D4D, 10);
    add_point_set(5, 8, 0x3C24, 13);
    add_point_set(6, 5, 0x3C8B, 16);
    add_point_set(7, 12, 0x3C9D, 19);
    Tally t = run_pass("custom_prims", sample_->member, nullptr, "asset");
    EXPECT_EQ(t.count("point_sets", kScope), 4u);
    EXPECT_EQ(t.count("third_word_3d4d", kScope), 1u);
    EXPECT_EQ(t.count("third_word_3c24", kScope), 1u);
    EXPECT_EQ(t.count("third_word_3c9d_3cc7_3c8b", kScope), 2u);
    EXPECT_EQ(extreme(t.maxima(), "max_record_vertices"), 36.0);
    EXPECT_EQ(extreme(t.minima(), "third_word_half_min"), 1.0 + 36.0 / 1024);
    EXPECT_EQ(extreme(t.maxima(), "third_word_half_max"), 1.0 + 333.0 / 1024);
    // A third word of none of the listed values (2.0 as a half float) is counted by none of them
    // and raises the highest; a record of 37 points raises the largest count.
    mesh().point_sets.tag[0] = 0x4000;
    mesh().point_sets.header[1] = 37 << 8 | 0x52;
    t = run_pass("custom_prims", sample_->member, nullptr, "asset");
    EXPECT_EQ(t.count("third_word_3d4d", kScope), 0u);
    EXPECT_EQ(t.count("third_word_3c24", kScope) + t.count("third_word_3c9d_3cc7_3c8b", kScope), 3u);
    EXPECT_EQ(extreme(t.maxima(), "third_word_half_max"), 2.0);
    EXPECT_EQ(extreme(t.maxima(), "max_record_vertices"), 37.0);
}

TEST_F(CustomPrims, NoPointSetRecordsNoExtremes) {
    const Tally t = run_pass("custom_prims", sample_->member, nullptr, "asset");
    EXPECT_EQ(extreme(t.maxima(), "max_record_vertices"), -1.0);
    EXPECT_EQ(extreme(t.minima(), "third_word_half_min"), -1.0);
    EXPECT_EQ(t.count("record_pairs", kScope), 0u);
}

TEST_F(CustomPrims, ConsecutiveRecordsStartWhereThePreviousEnds) {
    const mesh::DecodedPrimitives& p = mesh().primitives;
    ASSERT_EQ(p.section[4], p.section[7]);
    add_point_set(4, 8, 0x3C24, 10);   // words 10..12
    add_point_set(5, 8, 0x3C24, 13);   // follows: 10 + 3
    add_extern_reference(6, 16);       // follows: 13 + 3; words 16..19
    add_point_set(7, 8, 0x3C24, 21);   // a gap of one word after the extern reference's 4
    Tally t = run_pass("custom_prims", sample_->member, nullptr, "asset");
    EXPECT_EQ(t.count("record_pairs", kScope), 3u);
    EXPECT_EQ(t.count("consecutive_records", kScope), 2u);
    mesh().point_sets.record_word[2] = 20;  // now it starts where the extern reference's four words end
    t = run_pass("custom_prims", sample_->member, nullptr, "asset");
    EXPECT_EQ(t.count("consecutive_records", kScope), 3u);
}

TEST_F(CustomPrims, EqualSecondAndFourthIndicesWithAnotherHeader) {
    // b == d with a header that is neither 0x52 nor 0x92: the test caught no custom record.
    mesh().primitives.kind[4] = mesh::PrimitiveKind::kCustomUnknown;
    const Tally t = run_pass("custom_prims", sample_->member, nullptr, "asset");
    EXPECT_EQ(t.count("custom_unknown", kScope), 1u);
    EXPECT_EQ(t.count("point_sets", kScope), 0u);
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
