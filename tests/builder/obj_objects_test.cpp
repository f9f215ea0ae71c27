// The OBJ's objects for the .sur build (engine/builder/obj_objects.h): a face's object is its `o`
// name, else its `g` name, else the empty name; one name named twice continues its object; each
// object lists the vertices its faces use once, a vertex shared by two objects in both.
#include <gtest/gtest.h>

#include <string>

#include "engine/builder/obj_objects.h"

namespace meshproof::builder {
namespace {

std::vector<ObjObject> objects_of(const std::string& text) {
    auto mesh = read_obj(Bytes(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
    EXPECT_TRUE(mesh.ok()) << (mesh.ok() ? "" : mesh.error().message);
    return mesh.ok() ? obj_objects(*mesh) : std::vector<ObjObject>{};
}

TEST(ObjObjects, FacesGoToTheirObjectByNameAndEachListsItsVerticesOnce) {
    const auto o = objects_of(
        "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\n"
        "f 1 2 3\n"                   // before any o or g: the empty name
        "g Hull\nf 1 2 4\n"           // a g without an o names the object
        "o Root\nf 1 2 3\nf 1 3 4\n"  // vertex 1 and 3 listed once
        "o Wing\nf 2 3 4\n"
        "o Root\nf 2 3 4\n");  // Root again: the same object, vertex 2 and 4 added
    ASSERT_EQ(o.size(), 4u);
    EXPECT_EQ(o[0].name, "");
    EXPECT_EQ(o[0].first_line, 5u);
    EXPECT_EQ(o[1].name, "Hull");
    EXPECT_EQ(o[1].points.size(), 3u);
    EXPECT_EQ(o[2].name, "Root");
    EXPECT_EQ(o[2].first_line, 9u);  // its first face, the line after `o Root`
    // 1 2 3, then 4; Root's second stretch (2 3 4, after Wing used them) adds nothing.
    EXPECT_EQ(o[2].points.size(), 4u);
    EXPECT_EQ(o[3].name, "Wing");
    EXPECT_EQ(o[3].points.size(), 3u);
    EXPECT_EQ(o[3].points[0], (std::array<float, 3>{1, 0, 0}));
}

}  // namespace
}  // namespace meshproof::builder
