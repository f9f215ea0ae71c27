// mesh/extern_shape_geometry: an externShapes entry placed in compressed-mesh space (its box and
// its drawn surface), and the OBJ export writing each entry as an object of its own, on the
// hand-built member with one shape of every §7.3 class (tests/mesh/extern_shapes_fixture.h).
#include <gtest/gtest.h>

#include <map>
#include <sstream>

#include "engine/mesh/decode_member.h"
#include "engine/mesh/extern_shape_geometry.h"
#include "engine/mesh/obj_export.h"
#include "tests/mesh/extern_shapes_fixture.h"

namespace meshproof::mesh {
namespace {

DecodedMember every_class_member() {
    const auto bytes = test::write_extern_shapes_member();
    auto tf = tagfile::parse_tagfile(bytes, nullptr);
    EXPECT_TRUE(tf.ok());
    auto member = decode_member(*tf);
    EXPECT_TRUE(member.ok()) << member.error().message;
    return std::move(member).value();
}

TEST(ExternShapeGeometry, ColumnsScaleThenTurnThenMove) {
    // Column 0 = +y, column 1 = −x, column 2 = +z; translation (5, 6, 7); scale (2, 3, 4).
    const std::array<float, 16> t{0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1};
    EXPECT_EQ(place_extern_point(t, {2, 3, 4, 0}, 1, 1, 1), (std::array<float, 3>{2, 8, 11}));
    EXPECT_EQ(place_extern_point(t, {1, 1, 1, 0}, 1, 0, 0), (std::array<float, 3>{5, 7, 7}));
    // The box grows by the radius times the largest |scale|.
    const float xs[] = {0, 1}, ys[] = {0, 0}, zs[] = {0, 0};
    const auto b = placed_shape_box(t, {1, -3, 2, 0}, xs, ys, zs, 0.5f);
    ASSERT_TRUE(b.has_value());
    EXPECT_EQ(b->min, (std::array<float, 3>{3.5f, 4.5f, 5.5f}));
    EXPECT_EQ(b->max, (std::array<float, 3>{6.5f, 8.5f, 8.5f}));
    EXPECT_FALSE(placed_shape_box(t, {1, 1, 1, 0}, {}, {}, {}, 0.5f).has_value());
}

TEST(ExternShapeGeometry, InstanceBoxesOfTheDecodedEntries) {
    const DecodedMember member = every_class_member();
    ASSERT_EQ(member.meshes.size(), 1u);
    const DecodedExternShapes& e = member.meshes[0].extern_shapes;
    ASSERT_EQ(e.instance_count(), 9u);
    // Entry 1: the box ±(1, 2, 3), radius 0.01, a quarter turn (x ↦ y, y ↦ −x), moved by (1, 2, 3).
    const auto box = extern_instance_box(e, 1);
    ASSERT_TRUE(box.has_value());
    const float r = 0.01f;
    EXPECT_EQ(box->min, (std::array<float, 3>{-1.0f - r, 1.0f - r, 0.0f - r}));
    EXPECT_EQ(box->max, (std::array<float, 3>{3.0f + r, 3.0f + r, 6.0f + r}));
    // Entry 2: the capsule (0, 0, ±1) radius 0.5, scale (1, 2, 3) at (2, 4, 6): z 6 ± 3 ± 1.5.
    const auto capsule = extern_instance_box(e, 2);
    ASSERT_TRUE(capsule.has_value());
    EXPECT_EQ(capsule->min[2], 1.5f);
    EXPECT_EQ(capsule->max[2], 10.5f);
    EXPECT_FALSE(extern_instance_box(e, 8).has_value());  // a null shape pointer
    EXPECT_FALSE(extern_instance_box(e, 9).has_value());  // no such entry
}

// Objects of an OBJ text: name → (vertices, faces); indices checked against the file's vertices.
struct ObjObject {
    int vertices = 0, faces = 0;
};
std::map<std::string, ObjObject> objects(const std::string& obj) {
    std::map<std::string, ObjObject> out;
    std::istringstream in(obj);
    std::string line, current;
    std::size_t total = 0;
    while (std::getline(in, line)) {
        std::istringstream l(line);
        std::string tag;
        l >> tag;
        if (tag == "o") {
            l >> current;
            out[current];
        }
        if (tag == "v") ++out[current].vertices, ++total;
        if (tag == "f") {
            ++out[current].faces;
            std::size_t a = 0, b = 0, c = 0;
            l >> a >> b >> c;
            EXPECT_TRUE(a >= 1 && b >= 1 && c >= 1 && a <= total && b <= total && c <= total) << line;
        }
    }
    return out;
}

TEST(ObjExport, ExternShapesAreObjectsOfTheirOwn) {
    const DecodedMember member = every_class_member();
    const std::string obj = to_obj(member);
    const auto o = objects(obj);
    // Body m0's entries (the shared mesh is written again for body m0b).
    const ObjObject polytope = o.at("m0_extern0_hknpConvexPolytopeShape");
    EXPECT_EQ(polytope.vertices, 4);
    EXPECT_EQ(polytope.faces, 4);
    const ObjObject box = o.at("m0_extern1_hknpBoxShape");
    EXPECT_EQ(box.vertices, 8);
    EXPECT_EQ(box.faces, 12);  // six quads, two triangles each
    const ObjObject capsule = o.at("m0_extern2_hknpCapsuleShape");
    EXPECT_GT(capsule.faces, 60);  // two hemispheres and a tube
    // The cylinder's two-index faces draw nothing: its segment's tube instead.
    EXPECT_GT(o.at("m0_extern3_hknpCylinderShape").faces, 12);
    EXPECT_GT(o.at("m0_extern4_hknpSphereShape").faces, 60);
    EXPECT_EQ(o.at("m0_extern5_hknpTriangleShape").faces, 2);
    EXPECT_EQ(o.at("m0_extern6_hknpConvexShape").faces, 0);          // no faces, no segment
    EXPECT_EQ(o.at("m0_extern7_hknpConvexPolytopeShape").faces, 4);  // shape 0 again
    EXPECT_EQ(o.at("m0_extern8_none").faces, 0);
    EXPECT_NE(obj.find("# extern shape 8 ((none)): no surface to draw"), std::string::npos);
    EXPECT_NE(obj.find("usemtl extern\n"), std::string::npos);
    // Entry 1's box corner (−1, −2, −3) lands at (2 + 1, −1 + 2, −3 + 3) = (3, 1, 0) in mesh
    // space, then body m0's pose (at (0, 2, 3)) takes it to (3, 3, 3).
    EXPECT_NE(obj.find("v 3 3 3\n"), std::string::npos);
    ObjExportOptions raw;
    raw.apply_pose = false;
    EXPECT_NE(to_obj(member, raw).find("v 3 1 0\n"), std::string::npos);
}

}  // namespace
}  // namespace meshproof::mesh
