// Bit patterns of the vertex codecs (havok-compressed-mesh.txt; containers-and-tagfiles.md
// §8.2, §0 #7). Expected bits were computed independently in single precision, one rounding
// per operation in the document's order.
#include <gtest/gtest.h>

#include <limits>

#include "engine/mesh/vertex_codec.h"
#include "tests/mesh/mesh_fixtures.h"
#include "tests/mesh/raw_builder.h"

namespace meshproof::mesh {
namespace {

using test::bits_of;
using test::float_of;

TEST(VertexCodec, ReciprocalConstants) {
    EXPECT_EQ(bits_of(kSharedInvXY), 0x35000004u);  // f32(1 / 2,097,151)
    EXPECT_EQ(bits_of(kSharedInvZ), 0x34800002u);   // f32(1 / 4,194,303)
}

TEST(VertexCodec, CodeFields) {
    EXPECT_EQ(packed_codes(test::packed_code(2047, 1, 1023)), (std::array<std::uint32_t, 3>{2047, 1, 1023}));
    EXPECT_EQ(shared_codes(test::shared_code(0x1FFFFF, 5, 0x3FFFFF)),
              (std::array<std::uint32_t, 3>{0x1FFFFF, 5, 0x3FFFFF}));
    EXPECT_EQ(shared_codes(~std::uint64_t{0}), (std::array<std::uint32_t, 3>{0x1FFFFF, 0x1FFFFF, 0x3FFFFF}));
}

TEST(VertexCodec, PackedBits) {
    const std::array<float, 6> parms{1.5f, -2.25f, 100.0f, 0.1f, 0.2f, 0.3f};
    auto p = decode_packed_vertex(test::packed_code(2047, 1, 1023), parms);
    EXPECT_EQ(bits_of(p[0]), 0x434e3333u);
    EXPECT_EQ(bits_of(p[1]), 0xc0033333u);
    EXPECT_EQ(bits_of(p[2]), 0x43cb7334u);
    p = decode_packed_vertex(test::packed_code(1234, 777, 512), parms);
    EXPECT_EQ(bits_of(p[0]), 0x42f9cccdu);
    EXPECT_EQ(bits_of(p[1]), 0x43192667u);
    EXPECT_EQ(bits_of(p[2]), 0x437d999au);
}

// The real sample's mesh domain on x (±128.015) and its z minimum.
Box sample_domain() {
    Box d;
    d.min = {float_of(0xC30003D7), float_of(0x42819662), float_of(0xC2DDB76F)};
    d.max = {float_of(0x430003D7), float_of(0x4281A5BE), float_of(0x430003D7)};
    return d;
}

TEST(VertexCodec, SharedScaleIsExtentTimesReciprocal) {
    const SharedVertexCodec c = shared_vertex_codec(sample_domain());
    EXPECT_EQ(bits_of(c.scale[0]), 0x390003dbu);
    EXPECT_EQ(bits_of(c.scale[2]), 0x386edf92u);
    EXPECT_EQ(bits_of(c.offset[0]), 0xC30003D7u);
}

TEST(VertexCodec, SharedBits) {
    const SharedVertexCodec c = shared_vertex_codec(sample_domain());
    const struct {
        std::uint32_t code, x_bits;
    } xs[] = {
        {0, 0xc30003d7},
        {1, 0xc30003cf},
        {1048575, 0xb8800000},
        {1048576, 0x38800000},
        {2097151, 0x430003d7},
        {123457, 0xc2e1e2b6},
        {1999999, 0x42e84ef8},
        // (code × extent) / 2,097,151 gives 0xc2cbd2bb here: the reciprocal form is the document's.
        {213814, 0xc2cbd2bc},
        // A fused multiply-add would give 0xc2e117af: two roundings, as -ffp-contract=off keeps them.
        {126705, 0xc2e117b0},
    };
    for (const auto& x : xs) {
        const auto p = decode_shared_vertex(test::shared_code(x.code, 0, 0), c);
        EXPECT_EQ(bits_of(p[0]), x.x_bits) << x.code;
    }
    const struct {
        std::uint32_t code, z_bits;
    } zs[] = {{0, 0xc2ddb76f}, {4194303, 0x430003d6}, {3000001, 0x426ffd3e}, {2097152, 0x41094118}};
    for (const auto& z : zs) {
        const auto p = decode_shared_vertex(test::shared_code(0, 0, z.code), c);
        EXPECT_EQ(bits_of(p[2]), z.z_bits) << z.code;
    }
}

TEST(VertexCodec, PointSetBits) {
    Box leaf;
    leaf.min = {-1.0f, 2.0f, 3.0f};
    leaf.max = {1.5f, 2.75f, 10.0f};
    auto p = decode_point_set_vertex(test::packed_code(0, 0, 0), leaf);
    EXPECT_EQ(bits_of(p[0]), 0xbf800000u);
    EXPECT_EQ(bits_of(p[1]), 0x40000000u);
    EXPECT_EQ(bits_of(p[2]), 0x40400000u);
    p = decode_point_set_vertex(test::packed_code(2047, 2047, 1023), leaf);
    EXPECT_EQ(bits_of(p[0]), 0x3fc00000u);
    EXPECT_EQ(bits_of(p[1]), 0x40300000u);
    EXPECT_EQ(bits_of(p[2]), 0x41200000u);
    p = decode_point_set_vertex(test::packed_code(100, 1000, 500), leaf);
    EXPECT_EQ(bits_of(p[0]), 0xbf60bc17u);
    EXPECT_EQ(bits_of(p[1]), 0x401772eeu);
    EXPECT_EQ(bits_of(p[2]), 0x40cd7b5fu);
    // Two codes per u64 entry, the even vertex in the high half.
    const std::uint64_t entry = (std::uint64_t{0xAAAAAAAA} << 32) | 0x55555555u;
    EXPECT_EQ(point_set_code(entry, 0), 0xAAAAAAAAu);
    EXPECT_EQ(point_set_code(entry, 1), 0x55555555u);
}

// The encoders are the decoders' inverse: a position on the grid comes back as itself, its code
// as the same code; off the grid, to the nearest step, clamped to the codes there are.
TEST(VertexCodec, QuantiseInvertsDecode) {
    const std::array<float, 6> p = packed_codec_parms(Box{{0, 0, 0}, {2047, 2047, 1023}});
    EXPECT_EQ(p[3], 1.0f);
    EXPECT_EQ(p[5], 1.0f);
    const std::uint32_t code = quantise_packed(p, 5, 6, 7);
    EXPECT_EQ(packed_codes(code), (std::array<std::uint32_t, 3>{5, 6, 7}));
    EXPECT_EQ(decode_packed_vertex(code, p), (std::array<float, 3>{5, 6, 7}));
    EXPECT_EQ(packed_codes(quantise_packed(p, 5.4f, -3, 5000)), (std::array<std::uint32_t, 3>{5, 0, 1023}));

    const SharedVertexCodec c = shared_vertex_codec(Box{{-1, -1, -1}, {1, 1, 1}});
    const std::uint64_t shared = quantise_shared(c, -1, 1, -1);
    EXPECT_EQ(shared_codes(shared), (std::array<std::uint32_t, 3>{0, 0x1FFFFF, 0}));
    EXPECT_EQ(decode_shared_vertex(shared, c)[0], -1.0f);

    const std::array<float, 6> none = packed_codec_parms(unfilled_box());
    EXPECT_EQ(none[0], std::numeric_limits<float>::max());
    EXPECT_EQ(none[3], -std::numeric_limits<float>::infinity());
}

}  // namespace
}  // namespace meshproof::mesh
