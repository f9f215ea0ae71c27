// Hand-built .sur models and byte strings: the writer's layout and offsets on a tetrahedron,
// and the reader's typed errors (unknown chunk, duplicate chunk, version, SHPE block, offsets).
#include <gtest/gtest.h>

#include <cstring>

#include "engine/sur/sur_file.h"
#include "engine/sur/sur_format.h"
#include "engine/sur/sur_writer.h"
#include "tests/sur/sur_model_compare.h"

namespace meshproof::sur {
namespace {

// One part (id 0x1234, exts + surf), one terminal ledge: a tetrahedron wound outward.
SurModel tetrahedron() {
    SurModel m;
    Part p;
    p.id = 0x1234;
    p.chunks = {ChunkTag::kExtents, ChunkTag::kSurface};
    p.chunk_count = 2;
    p.has_extents = true;
    p.extents = {0, 0, 0, 1, 1, 1};
    p.surface = 0;
    m.parts.push_back(p);
    Surface s;
    s.mass_center = {0.25f, 0.25f, 0.25f};
    s.rotation_inertia = {0.1f, 0.1f, 0.1f};
    s.radius = 0.9f;
    s.deviation = 7;
    s.byte_size = 48 + 16 + 4 * 16 + 4 * 16 + 28;
    s.root_offset = 48 + 16 + 4 * 16 + 4 * 16;
    s.ledges = {0, 1};
    s.points = {0, 4};
    s.nodes = {0, 1};
    s.chunk_size = s.byte_size;
    m.surfaces.push_back(s);
    const float px[] = {0, 1, 0, 0}, py[] = {0, 0, 1, 0}, pz[] = {0, 0, 0, 1};
    for (int i = 0; i < 4; ++i) {
        m.points.x.push_back(px[i]);
        m.points.y.push_back(py[i]);
        m.points.z.push_back(pz[i]);
        m.points.client_data.push_back(0x1234);
    }
    const std::uint32_t tri[4][3] = {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}};
    for (std::uint16_t f = 0; f < 4; ++f) {
        m.faces.tri_index.push_back(f);
        m.faces.pierce.push_back(static_cast<std::uint16_t>(3 - f));
        m.faces.material.push_back(0);
        m.faces.is_virtual.push_back(0);
        for (int e = 0; e < 3; ++e) {
            m.edges.point.push_back(tri[f][e]);
            m.edges.is_virtual.push_back(0);
        }
    }
    // Opposites: the half-edge running the other way; delta in 4-byte slots (notes §1).
    for (int e = 0; e < 12; ++e) {
        const std::uint32_t a = m.edges.point[e], b = m.edges.point[3 * (e / 3) + (e % 3 + 1) % 3];
        int opp = -1;
        for (int o = 0; o < 12; ++o)
            if (m.edges.point[o] == b && m.edges.point[3 * (o / 3) + (o % 3 + 1) % 3] == a) opp = o;
        m.edges.opposite.push_back(opp);
        const int slot = 4 * (e / 3) + e % 3 + 1, oslot = 4 * (opp / 3) + opp % 3 + 1;
        m.edges.opposite_delta.push_back(static_cast<std::int16_t>(oslot - slot));
    }
    m.ledges.client_data.push_back(0x1234);
    m.ledges.flags.push_back(4);
    m.ledges.size_div_16.push_back(1 + 4 + 4);
    m.ledges.reserved.push_back(0);
    m.ledges.faces.push_back({0, 4});
    m.ledges.surface.push_back(0);
    m.ledges.node.push_back(0);
    m.ledges.inline_points.push_back({});
    m.nodes.right.push_back(-1);
    m.nodes.ledge.push_back(0);
    m.nodes.center_x.push_back(0.5f);
    m.nodes.center_y.push_back(0.5f);
    m.nodes.center_z.push_back(0.5f);
    m.nodes.radius.push_back(0.87f);
    m.nodes.box.push_back({251, 251, 251});
    m.nodes.free_0.push_back(0);
    return m;
}

template <class T>
T at(const std::vector<std::uint8_t>& b, std::size_t off) {
    return load_le<T>(b.data() + off);
}

constexpr std::size_t kSurf = 8 + 8 + 4 + 24 + 4 + 4;  // surface start in the tetrahedron file

TEST(SurHandBuilt, TetrahedronWritesTheIvpLayoutAndReadsBack) {
    const SurModel m = tetrahedron();
    auto bytes = encode_sur(m);
    ASSERT_TRUE(bytes.ok()) << bytes.error().message;
    const auto& b = *bytes;
    ASSERT_EQ(b.size(), kSurf + 220);
    EXPECT_EQ(at<std::uint32_t>(b, 0), kTagVers);
    EXPECT_EQ(at<float>(b, 4), 2.0f);
    EXPECT_EQ(at<std::uint32_t>(b, 12), 2u);                      // chunk count
    EXPECT_EQ(at<std::uint32_t>(b, kSurf - 4), 220u);             // surf chunk size
    EXPECT_EQ(at<std::uint32_t>(b, kSurf + 28), 7u | 220u << 8);  // deviation | byte_size
    EXPECT_EQ(at<std::int32_t>(b, kSurf + 32), 192);              // root = 48 + 80 + 64
    EXPECT_EQ(at<std::int32_t>(b, kSurf + 48), 128 - 48);         // c_point_offset from the ledge start
    EXPECT_EQ(at<std::uint32_t>(b, kSurf + 56), 4u | 9u << 8);    // type 4, size_div_16 9
    EXPECT_EQ(at<std::int16_t>(b, kSurf + 60), 4);
    EXPECT_EQ(at<std::uint32_t>(b, kSurf + 64 + 16), 1u | 2u << 12);  // face 1: tri_index 1, pierce 2
    EXPECT_EQ(at<std::int32_t>(b, kSurf + 192), 0);                   // leaf
    EXPECT_EQ(at<std::int32_t>(b, kSurf + 196), 48 - 192);            // hull offset from the node start
    auto back = decode_sur(b);
    ASSERT_TRUE(back.ok()) << back.error().message;
    expect_same_model(m, *back, "tetrahedron");
    // Every edge has its reverse (closed surface) and the decoded opposite is an involution.
    for (int e = 0; e < 12; ++e) EXPECT_EQ(back->edges.opposite[back->edges.opposite[e]], e);
}

std::vector<std::uint8_t> tetrahedron_bytes() { return encode_sur(tetrahedron()).value(); }

TEST(SurHandBuilt, UnknownChunkIsATypedErrorAtTheTag) {
    auto b = tetrahedron_bytes();
    std::memcpy(b.data() + 16, "extz", 4);  // first chunk tag
    auto m = decode_sur(b);
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().code, ErrorCode::kUnknownChunk);
    EXPECT_EQ(m.error().offset, 16u);
    EXPECT_NE(m.error().message.find("'extz'"), std::string::npos) << m.error().message;
}

TEST(SurHandBuilt, DuplicateChunkAndOtherVersionsAreRefused) {
    auto b = tetrahedron_bytes();
    std::memcpy(b.data() + kSurf - 8, "exts", 4);  // the surf tag becomes a second exts
    auto dup = decode_sur(b);
    ASSERT_FALSE(dup.ok());
    EXPECT_EQ(dup.error().code, ErrorCode::kBadHeader);
    EXPECT_EQ(dup.error().offset, kSurf - 8);

    auto v = tetrahedron_bytes();
    const float three = 3.0f;
    std::memcpy(v.data() + 4, &three, 4);
    auto ver = decode_sur(v);
    ASSERT_FALSE(ver.ok());
    EXPECT_EQ(ver.error().code, ErrorCode::kUnsupported);
    EXPECT_EQ(ver.error().offset, 4u);
}

// A Librelancer SHPE block after the IVP block (notes §13): read, summarised, written back.
TEST(SurHandBuilt, ShpeBlockIsAcceptedAndReencoded) {
    auto b = tetrahedron_bytes();
    std::vector<std::uint8_t> shpe;
    auto put = [&](std::uint32_t v) {
        for (int i = 0; i < 4; ++i) shpe.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
    };
    put(kTagShpe);
    put(1);  // groups
    put(0);  // subId: the part itself
    put(2);  // shapes
    put(3);
    shpe.insert(shpe.end(), {1, 2, 3});
    put(0);
    b.insert(b.end(), shpe.begin(), shpe.end());
    const std::uint32_t chunk = 220 + static_cast<std::uint32_t>(shpe.size());
    std::memcpy(b.data() + kSurf - 4, &chunk, 4);
    auto m = decode_sur(b);
    ASSERT_TRUE(m.ok()) << m.error().message;
    EXPECT_EQ(m->surfaces[0].byte_size, 220u);
    EXPECT_EQ(m->surfaces[0].chunk_size, chunk);
    EXPECT_EQ(m->surfaces[0].shpe_groups, 1u);
    EXPECT_EQ(m->surfaces[0].shpe_shapes, 2u);
    EXPECT_EQ(m->surfaces[0].extension.count, shpe.size());
    auto out = encode_sur(*m);
    ASSERT_TRUE(out.ok());
    EXPECT_EQ(*out, b);

    auto bad = b;
    std::memcpy(bad.data() + kSurf + 220, "JUNK", 4);
    auto junk = decode_sur(bad);
    ASSERT_FALSE(junk.ok());
    EXPECT_EQ(junk.error().code, ErrorCode::kBadMagic);
    EXPECT_EQ(junk.error().offset, kSurf + 220);
}

// ctest-labels: hostile
TEST(SurHandBuilt, HostileOffsetsAndIndicesAreOutOfBounds) {
    struct Case {
        std::size_t at;
        std::int32_t value;
        ErrorCode code;
    };
    const Case cases[] = {
        {kSurf + 32, 20, ErrorCode::kOutOfBounds},               // root before the ledges
        {kSurf + 32, 400, ErrorCode::kOutOfBounds},              // root past byte_size
        {kSurf + 48, 64, ErrorCode::kOutOfBounds},               // c_point_offset inside the triangles
        {kSurf + 192, -28, ErrorCode::kOutOfBounds},             // right child backwards (would cycle)
        {kSurf + 196, -100, ErrorCode::kOutOfBounds},            // hull offset not on a ledge
        {kSurf + 28, 7 | (300 << 8), ErrorCode::kSizeMismatch},  // byte_size beyond the chunk
    };
    for (const Case& c : cases) {
        auto b = tetrahedron_bytes();
        std::memcpy(b.data() + c.at, &c.value, 4);
        auto m = decode_sur(b);
        ASSERT_FALSE(m.ok()) << c.at << " = " << c.value;
        EXPECT_EQ(m.error().code, c.code) << c.at << ": " << m.error().message;
    }
    auto b = tetrahedron_bytes();
    b[kSurf + 64 + 4] = 4;  // face 0 edge 0: point 4 of 4
    auto m = decode_sur(b);
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().code, ErrorCode::kOutOfBounds);
    EXPECT_EQ(m.error().offset, kSurf + 64 + 4);
}

TEST(SurHandBuilt, WriterRefusesFieldsWiderThanTheirBits) {
    SurModel m = tetrahedron();
    m.faces.tri_index[2] = 4096;
    auto out = encode_sur(m);
    ASSERT_FALSE(out.ok());
    EXPECT_EQ(out.error().code, ErrorCode::kOutOfBounds);
    SurModel n = tetrahedron();
    n.edges.point[5] = 9;
    EXPECT_FALSE(encode_sur(n).ok());
    SurModel k = tetrahedron();
    k.nodes.radius.pop_back();
    EXPECT_FALSE(encode_sur(k).ok());
}

TEST(SurHandBuilt, LegacyAndEmptyInputs) {
    const std::vector<std::uint8_t> empty;
    auto e = decode_sur(empty);
    ASSERT_FALSE(e.ok());
    EXPECT_EQ(e.error().code, ErrorCode::kTruncated);
    EXPECT_NE(e.error().message.find("legacy"), std::string::npos);
    std::vector<std::uint8_t> vers_only = {'v', 'e', 'r', 's', 0, 0, 0, 0x40};
    auto v = decode_sur(vers_only);
    ASSERT_TRUE(v.ok());
    EXPECT_TRUE(v->parts.empty());
    EXPECT_EQ(encode_sur(*v).value(), vers_only);
    // A legacy box and one record with an unknown tag.
    std::vector<std::uint8_t> legacy(24, 0);
    legacy.insert(legacy.end(), {0, 0, 0, 0, 'b', 'a', 'd', '!', 0, 0, 0, 0});
    auto l = decode_sur(legacy);
    ASSERT_FALSE(l.ok());
    EXPECT_EQ(l.error().code, ErrorCode::kUnknownChunk);
    EXPECT_EQ(l.error().offset, 28u);
}

}  // namespace
}  // namespace meshproof::sur
