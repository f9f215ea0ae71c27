// StaticTreeExtractor (extract_trees.h): the members it keeps from one tree serve the next of the
// same types, and a tree of other types between them is looked up afresh, so every tree reads as
// extract_static_tree alone reads it.
#include <gtest/gtest.h>

#include "engine/mesh/decoded_member.h"
#include "engine/mesh/extract_trees.h"
#include "engine/tagfile/tagfile.h"
#include "tests/mesh/mesh_fixtures.h"

namespace meshproof::mesh {
namespace {

template <class T>
void expect_same_column(const RawColumn<T>& got, const RawColumn<T>& want) {
    ASSERT_EQ(got.size(), want.size());
    EXPECT_EQ(got.offset, want.offset);
    for (std::size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i], want[i]) << i;
}

void expect_same_tree(const RawStaticTree& got, const RawStaticTree& want) {
    EXPECT_EQ(got.codec, want.codec);
    EXPECT_EQ(got.offset, want.offset);
    EXPECT_EQ(got.domain.min, want.domain.min);
    EXPECT_EQ(got.domain.max, want.domain.max);
    for (int a = 0; a < 3; ++a) expect_same_column(got.xyz[a], want.xyz[a]);
    expect_same_column(got.data, want.data);
    expect_same_column(got.lo8, want.lo8);
    expect_same_column(got.lo16, want.lo16);
}

class StaticTreeExtractorTest : public test::MeshErSampleTest {};

TEST_F(StaticTreeExtractorTest, EveryTreeReadsAsAlone) {
    const DecodedMesh& m = mesh();
    // The sample's one mesh, found by its offset: its mesh tree (Axis5) and sections (Axis4).
    const tagfile::ObjectView mesh_shape =
        tagfile::ObjectView(*tf_, *tf_->types().find_type(m.class_name), static_cast<std::uint32_t>(m.offset));
    const tagfile::ObjectView tree = mesh_shape.field("data").deref().field("meshTree");
    ASSERT_TRUE(tree.ok());
    auto sections = tree.field("sections").array();
    ASSERT_TRUE(sections.ok());
    ASSERT_GE(sections->count(), 1u);
    StaticTreeExtractor extractor;
    for (int round = 0; round < 2; ++round) {
        for (std::size_t i = 0; i < sections->count(); ++i) {
            auto want = extract_static_tree(sections->at(i));
            auto got = extractor.extract(sections->at(i));
            ASSERT_TRUE(want.ok() && got.ok());
            expect_same_tree(*got, *want);
        }
        // A tree of other types (the mesh tree's Aabb5 nodes) between the sections' trees.
        auto want = extract_static_tree(tree);
        auto got = extractor.extract(tree);
        ASSERT_TRUE(want.ok() && got.ok());
        EXPECT_EQ(got->codec, TreeCodec::kAxis5);
        expect_same_tree(*got, *want);
    }
}

}  // namespace
}  // namespace meshproof::mesh
