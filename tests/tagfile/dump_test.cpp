#include "engine/tagfile/dump.h"

#include <gtest/gtest.h>

#include "tests/tagfile/tagfile_fixtures.h"

namespace meshproof::tagfile {
namespace {

TEST(Dump, ErSampleReachesTheMeshShape) {
    MP_REQUIRE_CORPUS();
    auto tf = parse_tagfile(test::er_hkx(), &test::er_registry());
    ASSERT_TRUE(tf.ok());
    const std::string text = dump_tagfile(*tf);
    if (std::getenv("MESHPROOF_PRINT_DUMP")) std::cout << text;
    EXPECT_NE(text.find("sdk 20180100"), std::string::npos);
    EXPECT_NE(text.find("types 281"), std::string::npos);
    EXPECT_NE(text.find("fsnpCustomParamCompressedMeshShape"), std::string::npos);
    EXPECT_NE(text.find("numShapeKeyBits: 5\n"), std::string::npos);
    EXPECT_NE(text.find("convexRadius: 0.015\n"), std::string::npos);
    EXPECT_NE(text.find("name: \"h433653\""), std::string::npos);
    EXPECT_NE(text.find("sections: hkcdStaticMeshTree::Section[1]"), std::string::npos);
    EXPECT_NE(text.find("primitives: hkcdStaticMeshTree::Primitive[12]"), std::string::npos);
    EXPECT_NE(text.find("(4 more)"), std::string::npos);  // 12 primitives, 8 shown
    EXPECT_EQ(text.find("<error"), std::string::npos) << text;
}

TEST(Dump, ArrayLimitIsConfigurable) {
    MP_REQUIRE_CORPUS();
    auto tf = parse_tagfile(test::er_hkx(), &test::er_registry());
    ASSERT_TRUE(tf.ok());
    DumpOptions opt;
    opt.max_array_elements = 2;
    opt.show_offsets = true;
    const std::string text = dump_tagfile(*tf, opt);
    EXPECT_NE(text.find("(10 more)"), std::string::npos);
    EXPECT_NE(text.find("fsnpCustomParamCompressedMeshShape @712"), std::string::npos);
}

}  // namespace
}  // namespace meshproof::tagfile
