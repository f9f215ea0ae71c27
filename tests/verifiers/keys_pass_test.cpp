// Pass "keys": the sample's widths (5 bits, maxKeyValue 22), interior bits (5, 17, 22) and 15
// triangleIndexToShapeKey words hold every rule; injected defects are counted exactly.
#include <gtest/gtest.h>

#include "tests/verifiers/verifier_fixtures.h"

namespace meshproof::test {
namespace {

class KeysPass : public ErSampleTest {
protected:
    Tally run() { return run_pass("keys", sample_->member); }
};

TEST_F(KeysPass, EveryRuleHoldsOnTheSample) {
    const Tally t = run();
    EXPECT_EQ(t.count("meshes", kScope), 1u);
    EXPECT_EQ(t.count("empty_meshes", kScope), 0u);
    EXPECT_EQ(t.count("numprimitivekeys_exact", kScope), 1u);
    EXPECT_EQ(t.count("bitlen_one_less", kScope), 0u);
    EXPECT_EQ(t.count("triangle_keys", kScope), 15u);
    EXPECT_EQ(t.count("interior_set_bits", kScope), 3u);
    EXPECT_EQ(t.count("meshes_with_tri2key", kScope), 1u);
    EXPECT_EQ(t.count("tri2key_rows", kScope), 15u);
    EXPECT_EQ(t.count("tri2key_len_equal", kScope), 1u);
    EXPECT_EQ(violations("keys", t), 0u);
}

TEST_F(KeysPass, WrongKeyWidth) {
    mesh().num_shape_key_bits = 6;
    const Tally t = run();
    EXPECT_EQ(t.count("key_bits_differ", kScope), 1u);
    EXPECT_EQ(violations("keys", t), 1u);
}

TEST_F(KeysPass, WrongBitsPerKeyAndMaxKey) {
    mesh().bits_per_key = 6;
    mesh().max_key_value = 21;  // also makes numBits (23) not maxKeyValue + 1
    const Tally t = run();
    EXPECT_EQ(t.count("key_bits_differ", kScope), 1u);
    EXPECT_EQ(t.count("bits_per_key_not_bitlen", kScope), 1u);
    EXPECT_EQ(t.count("max_key_not_largest", kScope), 1u);
    EXPECT_EQ(t.count("interior_num_bits_mismatch", kScope), 1u);
    EXPECT_EQ(violations("keys", t), 4u);
}

TEST_F(KeysPass, InteriorBitOnAKeyNoTriangleHas) {
    mesh().interior_words[0] |= 1u << 1;  // key 1: primitive 0 is a triangle, it has no second half
    mesh().interior_words[0] |= 1u << 2;  // key 2: a triangle's key, allowed
    const Tally t = run();
    EXPECT_EQ(t.count("interior_bit_not_triangle_key", kScope), 1u);
    EXPECT_EQ(t.count("interior_set_bits", kScope), 5u);
    EXPECT_EQ(violations("keys", t), 1u);
    EXPECT_EQ(t.samples().at("interior_bit_not_triangle_key")[0].location, "sample/h.hkx / body 0 / key 1");
}

TEST_F(KeysPass, InteriorWordsOfTheWrongLength) {
    mesh().interior_words.push_back(0);
    const Tally t = run();
    EXPECT_EQ(t.count("interior_words_mismatch", kScope), 1u);
    EXPECT_EQ(violations("keys", t), 1u);
}

TEST_F(KeysPass, TriangleIndexToShapeKeyDefects) {
    mesh::DecodedMesh& m = mesh();
    m.row_key_word[1] = m.row_key_word[0];  // a key twice
    m.row_key[1] = m.row_key[0];
    m.row_triangle[1] = m.row_triangle[0];
    m.row_key_word[2] &= ~1u;         // a low bit not one
    m.row_triangle[3] = mesh::kNone;  // names no triangle
    const Tally t = run();
    EXPECT_EQ(t.count("tri2key_duplicate", kScope), 1u);
    EXPECT_EQ(t.count("tri2key_not_left_aligned", kScope), 1u);
    EXPECT_EQ(t.count("tri2key_names_no_primitive", kScope), 1u);
    EXPECT_EQ(violations("keys", t), 3u);
}

TEST_F(KeysPass, NumPrimitiveKeysAboveTheKeyCountIsAWarningOnly) {
    mesh().num_primitive_keys = 17;
    const Tally t = run();
    EXPECT_EQ(t.count("numprimitivekeys_more", kScope), 1u);
    EXPECT_EQ(violations("keys", t), 0u);
}

}  // namespace
}  // namespace meshproof::test
