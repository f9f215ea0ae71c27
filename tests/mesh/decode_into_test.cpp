// ctest-labels: hostile
// decode_member_into (a decoded member decoded into again, its columns' room kept) gives what a
// fresh decode_member gives, member after member of different shapes, a hostile member between
// two good ones included; empty_keeping_capacity leaves a default object with its room.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/mesh/decoded_columns.h"
#include "tests/mesh/mesh_fixtures.h"
#include "tests/mesh/synthetic_tagfile.h"

namespace meshproof::mesh {
namespace {

// Bit for bit (NaN boxes of unreached nodes compare equal), column by column.
template <class T>
void expect_same(const std::vector<T>& a, const std::vector<T>& b, const std::string& where) {
    ASSERT_EQ(a.size(), b.size()) << where;
    if constexpr (std::is_trivially_copyable_v<T>) {
        EXPECT_TRUE(a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0) << where;
    } else if constexpr (std::is_same_v<T, Error>) {
        for (std::size_t i = 0; i < a.size(); ++i) {
            EXPECT_EQ(a[i].code, b[i].code) << where;
            EXPECT_EQ(a[i].offset, b[i].offset) << where;
            EXPECT_EQ(a[i].message, b[i].message) << where;
        }
    } else {
        EXPECT_EQ(a, b) << where;
    }
}

template <class T, std::size_t N>
void expect_same(const std::array<std::vector<T>, N>& a, const std::array<std::vector<T>, N>& b,
                 const std::string& where) {
    for (std::size_t k = 0; k < N; ++k) expect_same(a[k], b[k], where + "[" + std::to_string(k) + "]");
}

template <class Group>
requires requires(Group& g) { columns(g); }
void expect_same(const Group& a, const Group& b, const std::string& where) {
    const auto ca = columns(const_cast<Group&>(a));
    const auto cb = columns(const_cast<Group&>(b));
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        (expect_same(std::get<I>(ca), std::get<I>(cb), where + "." + std::to_string(I)), ...);
    }
    (std::make_index_sequence<std::tuple_size_v<decltype(ca)>>{});
}

// Columns, and the fields decode sets outside them.
void expect_same_member(const DecodedMember& a, const DecodedMember& b) {
    expect_same(a, b, "member");
    EXPECT_EQ(a.sdk_version, b.sdk_version);
    ASSERT_EQ(a.meshes.size(), b.meshes.size());
    for (std::size_t i = 0; i < a.meshes.size(); ++i) {
        const DecodedMesh& x = a.meshes[i];
        const DecodedMesh& y = b.meshes[i];
        expect_same(x, y, "mesh " + std::to_string(i));
        EXPECT_EQ(x.class_name, y.class_name);
        EXPECT_EQ(x.offset, y.offset);
        EXPECT_EQ(x.num_shape_key_bits, y.num_shape_key_bits);
        EXPECT_EQ(x.interior_num_bits, y.interior_num_bits);
        EXPECT_EQ(x.has_param, y.has_param);
        EXPECT_EQ(x.sections.naming, y.sections.naming);
        EXPECT_EQ(x.mesh_tree.codec, y.mesh_tree.codec);
        EXPECT_EQ(x.simd_tree.encoding, y.simd_tree.encoding);
        EXPECT_EQ(x.packed_vertex_count, y.packed_vertex_count);
    }
    ASSERT_EQ(a.extern_meshes.size(), b.extern_meshes.size());
    for (std::size_t i = 0; i < a.extern_meshes.size(); ++i) {
        expect_same(a.extern_meshes[i], b.extern_meshes[i], "extern mesh " + std::to_string(i));
        EXPECT_EQ(a.extern_meshes[i].has_aabb_tree, b.extern_meshes[i].has_aabb_tree);
        EXPECT_EQ(a.extern_meshes[i].has_simd_tree, b.extern_meshes[i].has_simd_tree);
    }
}

struct Member {
    std::string name;
    std::vector<std::uint8_t> bytes;
    const tagfile::CompendiumRegistry* registry = nullptr;
};

// A copy of the Elden Ring sample with one DATA byte changed so that it still parses but no
// longer decodes (the first such byte from the end of DATA).
std::vector<std::uint8_t> hostile_sample() {
    std::vector<std::uint8_t> bytes = test::mesh_er_hkx();
    auto tf = tagfile::parse_tagfile(bytes, &test::mesh_er_registry());
    EXPECT_TRUE(tf.ok());
    if (!tf.ok()) return {};
    const std::size_t begin = tf->data_offset(), end = begin + tf->data().size();
    for (std::size_t at = end; at-- > begin;) {
        const std::uint8_t keep = bytes[at];
        bytes[at] = keep ^ 0xFF;
        auto bad = tagfile::parse_tagfile(bytes, &test::mesh_er_registry());
        if (bad.ok() && !decode_member(*bad).ok()) return bytes;
        bytes[at] = keep;
    }
    ADD_FAILURE() << "no byte of the sample makes it fail to decode";
    return {};
}

TEST(DecodeInto, MemberAfterMemberAsAFreshDecode) {
    MP_REQUIRE_CORPUS();
    const Member sample{"h.hkx", test::mesh_er_hkx(), &test::mesh_er_registry()};
    const Member low{"l.hkx", test::mesh_er_l_hkx(), &test::mesh_er_registry()};
    const Member elden{"synthetic 2018", test::write_synthetic_collision({tagfile::HavokDialect::kEldenRing2018}),
                       nullptr};
    const Member sekiro{"synthetic 2016", test::write_synthetic_collision({tagfile::HavokDialect::kSekiro2016}),
                        nullptr};
    const Member hostile{"hostile", hostile_sample(), &test::mesh_er_registry()};
    ASSERT_FALSE(hostile.bytes.empty());

    DecodedMember reused;
    std::size_t decoded = 0, failed = 0;
    for (const Member* m : {&sample, &elden, &hostile, &sekiro, &low, &hostile, &sample, &sekiro, &elden}) {
        SCOPED_TRACE(m->name);
        auto tf = tagfile::parse_tagfile(m->bytes, m->registry);
        ASSERT_TRUE(tf.ok()) << tf.error().message;
        const auto fresh = decode_member(*tf);
        const Status into = decode_member_into(*tf, reused);
        ASSERT_EQ(into.ok(), fresh.ok());
        if (!fresh.ok()) {
            EXPECT_EQ(into.error().code, fresh.error().code);
            EXPECT_EQ(into.error().offset, fresh.error().offset);
            ++failed;
            continue;
        }
        expect_same_member(reused, *fresh);
        ++decoded;
    }
    EXPECT_EQ(decoded, 7u);
    EXPECT_EQ(failed, 2u);
}

TEST(DecodeInto, ReusesTheRoomOfTheLastMember) {
    MP_REQUIRE_CORPUS();
    auto tf = tagfile::parse_tagfile(test::mesh_er_hkx(), &test::mesh_er_registry());
    ASSERT_TRUE(tf.ok());
    DecodedMember m;
    ASSERT_TRUE(decode_member_into(*tf, m).ok());
    ASSERT_EQ(m.meshes.size(), 1u);
    const std::uint32_t* keys = m.meshes[0].triangles.key.data();
    const Box* boxes = m.meshes[0].section_trees.box.data();
    ASSERT_TRUE(decode_member_into(*tf, m).ok());
    EXPECT_EQ(m.meshes[0].triangles.key.data(), keys);
    EXPECT_EQ(m.meshes[0].section_trees.box.data(), boxes);
}

class DecodeIntoSample : public test::MeshErSampleTest {};

TEST_F(DecodeIntoSample, EmptyingKeepsRoomAndResetsEverything) {
    DecodedMesh mesh = std::move(member_->meshes[0]);
    const std::size_t room = mesh.vertices.x.capacity();
    ASSERT_GT(room, 0u);
    empty_keeping_capacity(mesh);
    expect_same(mesh, DecodedMesh{}, "emptied");
    EXPECT_EQ(mesh.class_name, "");
    EXPECT_EQ(mesh.num_shape_key_bits, 0);
    EXPECT_EQ(mesh.vertices.x.capacity(), room);
}

}  // namespace
}  // namespace meshproof::mesh
