// OBJ export of decoded members (the real sample and a synthetic file with every body kind).
#include <gtest/gtest.h>

#include <sstream>

#include "engine/mesh/obj_export.h"
#include "tests/mesh/mesh_fixtures.h"
#include "tests/mesh/synthetic_tagfile.h"

namespace meshproof::mesh {
namespace {

struct ObjCounts {
    int objects = 0, vertices = 0, faces = 0, groups = 0;
    std::vector<std::string> materials;
    std::size_t max_index = 0;
};

ObjCounts count(const std::string& obj) {
    ObjCounts c;
    std::istringstream in(obj);
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream l(line);
        std::string tag;
        l >> tag;
        if (tag == "o") ++c.objects;
        if (tag == "v") ++c.vertices;
        if (tag == "g") ++c.groups;
        if (tag == "usemtl") {
            std::string m;
            l >> m;
            c.materials.push_back(m);
        }
        if (tag == "f") {
            ++c.faces;
            std::size_t a, b, d;
            l >> a >> b >> d;
            EXPECT_GE(std::min({a, b, d}), 1u) << line;
            c.max_index = std::max({c.max_index, a, b, d});
        }
    }
    return c;
}

TEST(ObjExport, ErSample) {
    MP_REQUIRE_CORPUS();
    auto tf = tagfile::parse_tagfile(test::mesh_er_hkx(), &test::mesh_er_registry());
    ASSERT_TRUE(tf.ok());
    auto member = decode_member(*tf);
    ASSERT_TRUE(member.ok());
    const std::string obj = to_obj(*member);
    const ObjCounts c = count(obj);
    EXPECT_EQ(c.objects, 1);
    EXPECT_EQ(c.vertices, 13);
    EXPECT_EQ(c.faces, 15);
    EXPECT_EQ(c.materials, (std::vector<std::string>{"m21"}));
    EXPECT_LE(c.max_index, 13u);
    EXPECT_NE(obj.find("o h433653\n"), std::string::npos);
}

TEST(ObjExport, EveryBodyKindAndThePose) {
    const auto bytes = test::write_synthetic_collision({});
    auto tf = tagfile::parse_tagfile(bytes, nullptr);
    ASSERT_TRUE(tf.ok());
    auto member = decode_member(*tf);
    ASSERT_TRUE(member.ok()) << member.error().message;
    const std::string obj = to_obj(*member);
    const ObjCounts c = count(obj);
    EXPECT_EQ(c.objects, 3);  // m0, f0, m0b (the shared shape is written for both bodies)
    EXPECT_EQ(c.vertices, 4 + 4 + 4);
    EXPECT_EQ(c.faces, 3 + 2 + 3);
    EXPECT_EQ(c.max_index, 12u);
    EXPECT_NE(obj.find("# body other: shape hknpShape not exported"), std::string::npos);
    // Body f0 sits at (1, 2, 3): its vertex (4, 0, 4) is written at (5, 2, 7).
    EXPECT_NE(obj.find("v 5 2 7\n"), std::string::npos) << obj;
    EXPECT_NE(obj.find("usemtl f_-1"), std::string::npos);
    ObjExportOptions raw;
    raw.apply_pose = false;
    EXPECT_NE(to_obj(*member, raw).find("v 4 0 4\n"), std::string::npos);
}

}  // namespace
}  // namespace meshproof::mesh
