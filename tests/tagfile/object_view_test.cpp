// Object view over the ER collision sample: the chain a mesh decoder walks (§6), with the
// values measured in havok/README.md.
#include <gtest/gtest.h>

#include <bit>
#include <cstring>

#include "engine/tagfile/object_view.h"
#include "tests/tagfile/tagfile_fixtures.h"

namespace meshproof::tagfile {
namespace {

class ErObjects : public ::testing::Test {
protected:
    void SetUp() override {
        MP_REQUIRE_CORPUS();
        auto parsed = parse_tagfile(test::er_hkx(), &test::er_registry());
        ASSERT_TRUE(parsed.ok()) << parsed.error().message;
        tf_ = std::make_unique<Tagfile>(std::move(parsed).value());
    }
    // root → namedVariants[0].variant → systemDatas[0] → bodyCinfos[0]
    ObjectView body() const {
        auto variants = ObjectView::root(*tf_).field("namedVariants").array();
        EXPECT_TRUE(variants.ok());
        ObjectView scene = variants->at(0).field("variant").deref();
        auto systems = scene.field("systemDatas").array();
        EXPECT_TRUE(systems.ok());
        auto bodies = systems->at(0).deref().field("bodyCinfos").array();
        EXPECT_TRUE(bodies.ok()) << bodies.error().message;
        return bodies->at(0);
    }
    ObjectView shape() const { return body().field("shape").deref(); }
    std::unique_ptr<Tagfile> tf_;
};

TEST_F(ErObjects, RootContainer) {
    ObjectView root = ObjectView::root(*tf_);
    ASSERT_TRUE(root.ok());
    EXPECT_EQ(root.type_name(), "hkRootLevelContainer");
    EXPECT_EQ(root.offset(), 0u);
    auto variants = root.field("namedVariants").array();
    ASSERT_TRUE(variants.ok()) << variants.error().message;
    ASSERT_EQ(variants->count(), 1u);
    EXPECT_EQ(variants->stride(), 24u);
    EXPECT_EQ(MP_MUST(variants->at(0).field("name").as_string()), "Physics Scene Data");
    EXPECT_EQ(MP_MUST(variants->at(0).field("className").as_string()), "hknpPhysicsSceneData");
    ObjectView scene = variants->at(0).field("variant").deref();
    ASSERT_TRUE(scene.ok()) << scene.error().message;
    EXPECT_EQ(scene.type_name(), "hknpPhysicsSceneData");
    EXPECT_EQ(scene.offset(), 88u);
}

TEST_F(ErObjects, PhysicsSystemAndBody) {
    auto variants = ObjectView::root(*tf_).field("namedVariants").array();
    ObjectView system = variants->at(0).field("variant").deref().field("systemDatas").array()->at(0).deref();
    ASSERT_TRUE(system.ok()) << system.error().message;
    EXPECT_EQ(system.type_name(), "hknpPhysicsSystemData");
    EXPECT_EQ(MP_MUST(system.field("name").as_string()), "Default Physics System Data");
    EXPECT_EQ(system.field("materials").array()->count(), 1u);
    EXPECT_EQ(system.field("motionProperties").array()->count(), 1u);
    EXPECT_EQ(system.field("bodyCinfos").array()->count(), 1u);
    EXPECT_EQ(system.field("constraintCinfos").array()->count(), 0u);  // null hkArray → empty

    ObjectView b = body();
    ASSERT_TRUE(b.ok());
    EXPECT_EQ(MP_MUST(b.field("name").as_string()), "h433653");
    EXPECT_EQ(MP_MUST(b.field("motionType").as_u64()), 0u);
    EXPECT_EQ(MP_MUST(b.field("qualityId").as_u64()), 255u);
    auto orientation = b.field("orientation").field("vec").array();
    if (!orientation.ok()) orientation = b.field("orientation").array();
    ASSERT_TRUE(orientation.ok()) << orientation.error().message;
    ASSERT_EQ(orientation->count(), 4u);
    EXPECT_EQ(std::bit_cast<std::uint32_t>(MP_MUST(orientation->at(3).as_f32())), 0x3F7FFFFFu);
    auto position = b.field("position").array();
    ASSERT_TRUE(position.ok()) << position.error().message;
    EXPECT_EQ(MP_MUST(position->at(3).as_f32()), 1.0f);
}

TEST_F(ErObjects, CompressedMeshShape) {
    ObjectView s = shape();
    ASSERT_TRUE(s.ok()) << s.error().message;
    EXPECT_EQ(s.type_name(), "fsnpCustomParamCompressedMeshShape");  // dynamic class from ITEM 13
    EXPECT_EQ(s.offset(), 712u);
    EXPECT_TRUE(s.is_a("hknpCompressedMeshShape"));
    EXPECT_TRUE(s.is_a("hknpShape"));
    EXPECT_EQ(MP_MUST(s.field("numShapeKeyBits").as_u64()), 5u);
    EXPECT_EQ(MP_MUST(s.field("type").as_u64()), 9u);
    EXPECT_EQ(MP_MUST(s.field("dispatchType").as_u64()), 3u);
    EXPECT_EQ(MP_MUST(s.field("flags").as_u64()), 4u);
    EXPECT_EQ(std::bit_cast<std::uint32_t>(MP_MUST(s.field("convexRadius").as_f32())), 0x3C75C28Fu);
    EXPECT_EQ(MP_MUST(s.field("userData").as_u64()), 0u);
    EXPECT_EQ(MP_MUST(s.field("shapeTagCodecInfo").as_u64()), 0xFFFFFFFFu);
    EXPECT_TRUE(MP_MUST(s.field("materialTable").is_null()));
    EXPECT_TRUE(MP_MUST(s.field("properties").is_null()));
    EXPECT_EQ(MP_MUST(s.field("numTriangles").as_u64()), 0u);
    EXPECT_EQ(s.field("externShapes").array()->count(), 0u);

    // hkBitField wraps hkBitFieldStorage: §7.1 lists words/numBits flattened, the type table
    // nests them one level down in `storage`.
    ObjectView interior = s.field("triangleIsInterior").field("storage");
    EXPECT_EQ(MP_MUST(interior.field("numBits").as_i64()), 23);
    auto words = interior.field("words").array();
    ASSERT_TRUE(words.ok());
    ASSERT_EQ(words->count(), 1u);
    EXPECT_EQ(MP_MUST(words->at(0).as_u64()), 0x00420020u);

    auto keys = s.field("triangleIndexToShapeKey").array();
    ASSERT_TRUE(keys.ok());
    ASSERT_EQ(keys->count(), 15u);
    auto key_values = keys->values<std::uint32_t>();
    ASSERT_TRUE(key_values.ok()) << key_values.error().message;
    EXPECT_EQ((*key_values)[0], 0x17ffffffu);
    EXPECT_EQ((*key_values)[14], 0xb7ffffffu);

    ObjectView param = s.field("pParam").deref();
    ASSERT_TRUE(param.ok()) << param.error().message;
    EXPECT_EQ(param.type_name(), "fsnpCustomMeshParameter");
    EXPECT_EQ(MP_MUST(param.field("version").as_u64()), 0x100000u);
    EXPECT_EQ(param.field("triangleDataArray").array()->count(), 15u);
    auto prims = param.field("primitiveDataArray").array();
    ASSERT_EQ(prims->count(), 1u);
    EXPECT_EQ(MP_MUST(prims->at(0).field("materialNameData").as_u64()), 21u);
}

TEST_F(ErObjects, MeshTreeAsTheDecoderReadsIt) {
    ObjectView data = shape().field("data").deref();
    ASSERT_TRUE(data.ok()) << data.error().message;
    EXPECT_EQ(data.type_name(), "hknpCompressedMeshShapeData");
    EXPECT_EQ(data.offset(), 1168u);
    EXPECT_TRUE(MP_MUST(data.field("hasSimdTree").as_bool()));
    ObjectView tree = data.field("meshTree");
    EXPECT_EQ(MP_MUST(tree.field("numPrimitiveKeys").as_u64()), 15u);
    EXPECT_EQ(MP_MUST(tree.field("bitsPerKey").as_u64()), 5u);
    EXPECT_EQ(MP_MUST(tree.field("maxKeyValue").as_u64()), 22u);
    EXPECT_EQ(MP_MUST(tree.field("primitiveStoresIsFlatConvex").as_u64()), 0u);
    EXPECT_EQ(tree.field("nodes").array()->count(), 1u);
    EXPECT_EQ(tree.field("packedVertices").array()->count(), 0u);
    EXPECT_EQ(tree.field("sharedVerticesIndex").array()->count(), 13u);
    EXPECT_EQ(tree.field("primitiveDataRuns").array()->count(), 1u);

    auto min = tree.field("domain").field("min").array();
    ASSERT_TRUE(min.ok()) << min.error().message;
    ASSERT_EQ(min->count(), 4u);
    EXPECT_EQ(std::bit_cast<std::uint32_t>(MP_MUST(min->at(0).as_f32())), 0xC30003D7u);

    auto sections = tree.field("sections").array();
    ASSERT_TRUE(sections.ok()) << sections.error().message;
    ASSERT_EQ(sections->count(), 1u);
    EXPECT_EQ(sections->stride(), 96u);
    EXPECT_EQ(sections->element_type_name(), "hkcdStaticMeshTree::Section");
    EXPECT_EQ(sections->raw().size(), 96u);
    ObjectView s0 = sections->at(0);
    EXPECT_EQ(MP_MUST(s0.field("firstPackedVertexIndex").as_u64()), 0u);
    EXPECT_EQ(MP_MUST(s0.field("numPrimitives").as_u64()), 12u);
    EXPECT_EQ(MP_MUST(s0.field("numDataRuns").as_u64()), 1u);
    EXPECT_EQ(s0.field("nodes").array()->count(), 23u);
    auto codec = s0.field("codecParms").array();
    ASSERT_TRUE(codec.ok());
    ASSERT_EQ(codec->count(), 6u);
    EXPECT_EQ(std::bit_cast<std::uint32_t>(MP_MUST(codec->at(0).as_f32())), 0x7F7FFFEEu);
    EXPECT_EQ(std::bit_cast<std::uint32_t>(MP_MUST(codec->at(5).as_f32())), 0xFF800000u);

    // The fast path: FieldRef resolved once, then a column with one range check.
    const TypeTable& types = tf_->types();
    auto num_prims = types.field_ref(sections->element_type(), "numPrimitives");
    ASSERT_TRUE(num_prims.ok());
    auto counts = sections->column<std::uint8_t>(*num_prims);
    ASSERT_TRUE(counts.ok()) << counts.error().message;
    EXPECT_EQ((*counts)[0], 12u);
    EXPECT_EQ(*s0.read<std::uint8_t>(*num_prims), 12u);
    EXPECT_FALSE(sections->column<std::uint32_t>(*num_prims).ok());  // wrong width
    EXPECT_FALSE(sections->column<float>(*num_prims).ok());          // wrong kind

    auto primitives = tree.field("primitives").array();
    ASSERT_EQ(primitives->count(), 12u);
    EXPECT_EQ(primitives->stride(), 4u);
    const std::uint8_t first[4] = {10, 3, 2, 2};
    EXPECT_EQ(std::memcmp(primitives->raw().data(), first, 4), 0);
    auto indices = primitives->at(11).field("indices").array();
    ASSERT_TRUE(indices.ok());
    EXPECT_EQ(MP_MUST(indices->at(0).as_u64()), 5u);
    EXPECT_EQ(MP_MUST(indices->at(3).as_u64()), 1u);

    auto shared = tree.field("sharedVertices").array();
    ASSERT_EQ(shared->count(), 13u);
    EXPECT_TRUE(shared->values<std::uint64_t>().ok());
    EXPECT_FALSE(shared->values<std::uint32_t>().ok());

    auto run = tree.field("primitiveDataRuns").array()->at(0);
    EXPECT_EQ(MP_MUST(run.field("value").as_u64()), 65535u);
    EXPECT_EQ(MP_MUST(run.field("count").as_u64()), 12u);

    ObjectView simd = data.field("simdTree");
    EXPECT_EQ(simd.field("nodes").array()->count(), 5u);
    EXPECT_EQ(simd.field("nodes").array()->stride(), 128u);
    EXPECT_EQ(MP_MUST(simd.field("isCompact").as_u64()), 1u);
    auto node1 = simd.field("nodes").array()->at(1);
    EXPECT_EQ(MP_MUST(node1.field("data").array()->at(0).as_u64()), 2u);
    EXPECT_FALSE(MP_MUST(node1.field("isLeaf").as_bool()));
    EXPECT_TRUE(MP_MUST(simd.field("nodes").array()->at(2).field("isLeaf").as_bool()));
}

TEST_F(ErObjects, ErrorsCarryDataOffsets) {
    ObjectView s = shape();
    auto missing = s.field("noSuchField").field("more").as_u64();
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().code, ErrorCode::kMissingField);
    EXPECT_EQ(missing.error().offset, 712u);
    auto not_ptr = s.field("convexRadius").deref().as_u64();
    ASSERT_FALSE(not_ptr.ok());
    EXPECT_EQ(not_ptr.error().code, ErrorCode::kBadObject);
    EXPECT_EQ(not_ptr.error().offset, 712u + 32u);
    auto null_deref = s.field("materialTable").deref();
    ASSERT_FALSE(null_deref.ok());
    EXPECT_EQ(null_deref.error().code, ErrorCode::kBadObject);
    EXPECT_FALSE(s.field("convexRadius").as_u64().ok());
    EXPECT_FALSE(s.field("numShapeKeyBits").as_f32().ok());
    EXPECT_FALSE(s.field("numShapeKeyBits").array().ok());
    auto keys = s.field("triangleIndexToShapeKey").array();
    EXPECT_FALSE(keys->at(15).ok());
    EXPECT_EQ(keys->at(15).error().code, ErrorCode::kOutOfBounds);
    EXPECT_FALSE(ObjectView::item(*tf_, 30).ok());
    EXPECT_FALSE(ObjectView::item(*tf_, 2).ok());  // an array item is not an object
    EXPECT_FALSE(ObjectView().ok());
    EXPECT_FALSE(ObjectView().field("x").as_u64().ok());
    // A FieldRef of another class is refused.
    auto other = tf_->types().field_ref(*tf_->types().find_type("hkcdStaticMeshTree::Section"), "numPrimitives");
    ASSERT_TRUE(other.ok());
    EXPECT_FALSE(s.read<std::uint8_t>(*other).ok());
}

}  // namespace
}  // namespace meshproof::tagfile
