// Write → read round trips through the reader, for both dialects of collision_types.h: types
// resolve, fields read back by name with the object view (inheritance, arrays, strings,
// pointers), PTCH lists each non-null reference once, TCRF + TCM0 files agree with own-TYPE ones.
#include "engine/tagfile/tagfile_writer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "engine/tagfile/collision_types.h"
#include "engine/tagfile/object_view.h"
#include "engine/tagfile/sections.h"
#include "tests/tagfile/tagfile_fixtures.h"
#include "tests/support/first_body_shape.h"
#include "tests/tagfile/writer_fixtures.h"
#include "tests/support/param_printers.h"

namespace meshproof::tagfile {
namespace {

using test::write_minimal_collision;

struct Written {
    std::vector<std::uint8_t> type_section;
    std::shared_ptr<const TypeTable> table;
    std::vector<std::uint8_t> tag0;
    std::string sdk_version;
};

Written write_sample(HavokDialect dialect, bool with_arrays) {
    Written out;
    CollisionTypes types = collision_types(dialect);
    out.sdk_version = types.sdk_version;
    out.type_section = MP_MUST(types.builder.type_section());
    out.table = MP_MUST(types.builder.build());
    if (!out.table) return out;
    ObjectWriter w(out.table);
    const RecordWriter root = write_minimal_collision(w, dialect, with_arrays);
    EXPECT_TRUE(w.status().ok()) << w.status().error().message;
    out.tag0 = MP_MUST(write_tag0(w, root, {.sdk_version = types.sdk_version, .type_section = out.type_section}));
    return out;
}

class WriterRoundTrip : public ::testing::TestWithParam<HavokDialect> {};

TEST_P(WriterRoundTrip, TypesParseCompletely) {
    const Written s = write_sample(GetParam(), true);
    ASSERT_TRUE(s.table);
    EXPECT_EQ(s.table->unread_bytes(), 0u);
    EXPECT_EQ(s.table->body_count(), s.table->type_count() - 1);
}

TEST_P(WriterRoundTrip, MinimalCollisionFileReadsBack) {
    const bool er = GetParam() == HavokDialect::kEldenRing2018;
    const Written s = write_sample(GetParam(), false);
    ASSERT_FALSE(s.tag0.empty());
    auto tf = parse_tagfile(s.tag0, nullptr);
    ASSERT_TRUE(tf.ok()) << tf.error().message;
    EXPECT_EQ(tf->sdk_version(), s.sdk_version);
    EXPECT_EQ(tf->types().unread_bytes(), 0u);
    ASSERT_EQ(tf->bytes().size(), s.tag0.size());

    const ObjectView root = ObjectView::root(*tf);
    EXPECT_EQ(root.type_name(), "hkRootLevelContainer");
    EXPECT_EQ(root.offset(), 0u);
    auto variants = root.field("namedVariants").array();
    ASSERT_TRUE(variants.ok()) << variants.error().message;
    ASSERT_EQ(variants->count(), 1u);
    EXPECT_EQ(MP_MUST(variants->at(0).field("name").as_string()), "Physics Scene Data");
    EXPECT_EQ(MP_MUST(variants->at(0).field("className").as_string()), "hknpPhysicsSceneData");
    const ObjectView scene = variants->at(0).field("variant").deref();
    ASSERT_TRUE(scene.ok()) << scene.error().message;
    EXPECT_EQ(scene.type_name(), "hknpPhysicsSceneData");
    EXPECT_TRUE(MP_MUST(scene.field("worldCinfo").is_null()));

    auto systems = scene.field("systemDatas").array();
    ASSERT_TRUE(systems.ok());
    ASSERT_EQ(systems->count(), 1u);
    const ObjectView system = systems->at(0).deref();
    ASSERT_TRUE(system.ok()) << system.error().message;
    EXPECT_EQ(system.type_name(), "hknpPhysicsSystemData");
    EXPECT_EQ(MP_MUST(system.field("name").as_string()), "Default Physics System Data");
    EXPECT_EQ(MP_MUST(system.field("materials").array()).count(), 0u);  // unset = null = empty

    auto bodies = system.field("bodyCinfos").array();
    ASSERT_TRUE(bodies.ok());
    ASSERT_EQ(bodies->count(), 1u);
    const ObjectView body = bodies->at(0);
    EXPECT_EQ(MP_MUST(body.field("name").as_string()), "h000000");
    auto position = body.field("position").array();
    ASSERT_TRUE(position.ok());
    auto xyz = MP_MUST(position->values<float>());
    ASSERT_EQ(xyz.size(), 4u);
    EXPECT_EQ(xyz[0], 1.5f);
    EXPECT_EQ(xyz[1], -2.0f);
    EXPECT_EQ(xyz[2], 3.25f);
    EXPECT_EQ(MP_MUST(body.field("motionPropertiesId").as_u64()), 0xFFFFu);
    EXPECT_EQ(MP_MUST(body.field("mass").as_f32()), -1.0f);
    EXPECT_EQ(MP_MUST(body.field("attachedBody").as_i64()), -1);  // declared on the subclass
    EXPECT_EQ(MP_MUST(body.field("desiredBodyId").as_u64()), 0x7FFFFFFFu);

    const ObjectView shape = body.field("shape").deref();
    ASSERT_TRUE(shape.ok()) << shape.error().message;
    EXPECT_EQ(shape.type_name(), "fsnpCustomParamCompressedMeshShape");  // the dynamic class
    EXPECT_TRUE(shape.is_a("hknpCompressedMeshShape"));
    EXPECT_TRUE(shape.is_a("hknpShape"));
    EXPECT_EQ(MP_MUST(shape.field("type").as_u64()), 9u);  // hkEnum inherited from hknpShape
    EXPECT_EQ(MP_MUST(shape.field("numShapeKeyBits").as_u64()), 5u);
    EXPECT_EQ(MP_MUST(shape.field("convexRadius").as_f32()), 0.015f);
    EXPECT_EQ(shape.has_field("externShapes"), er);  // version 7 vs 6 (§7.2)
    EXPECT_EQ(MP_MUST(shape.field("triangleIndexToShapeKey").array()).count(), 0u);

    const ObjectView data = shape.field("data").deref();
    ASSERT_TRUE(data.ok()) << data.error().message;
    EXPECT_EQ(data.type_name(), "hknpCompressedMeshShapeData");
    EXPECT_TRUE(MP_MUST(data.field("hasSimdTree").as_bool()));
    EXPECT_TRUE(MP_MUST(data.field("simdTree").field("isCompact").as_bool()));
    auto domain_max = MP_MUST(data.field("meshTree").field("domain").field("max").array()).values<float>();
    ASSERT_TRUE(domain_max.ok());
    EXPECT_EQ((*domain_max)[1], 2.0f);
    EXPECT_EQ(MP_MUST(data.field("meshTree").field("sections").array()).count(), 0u);

    const ObjectView parameter = shape.field("pParam").deref();
    ASSERT_TRUE(parameter.ok()) << parameter.error().message;
    EXPECT_EQ(parameter.type_name(), "fsnpCustomMeshParameter");
    EXPECT_EQ(MP_MUST(parameter.field("version").as_u64()), 0x100000u);
}

TEST_P(WriterRoundTrip, ArraysReadBackAsColumns) {
    const bool er = GetParam() == HavokDialect::kEldenRing2018;
    const Written s = write_sample(GetParam(), true);
    auto tf = parse_tagfile(s.tag0, nullptr);
    ASSERT_TRUE(tf.ok()) << tf.error().message;
    const ObjectView shape = test::first_body_shape(*tf);
    ASSERT_TRUE(shape.ok()) << shape.error().message;
    auto keys = MP_MUST(MP_MUST(shape.field("triangleIndexToShapeKey").array()).values<std::uint32_t>());
    ASSERT_EQ(keys.size(), test::sample_shape_keys().size());
    for (std::size_t i = 0; i < keys.size(); ++i) EXPECT_EQ(keys[i], test::sample_shape_keys()[i]);

    const ObjectView tree = shape.field("data").deref().field("meshTree");
    ASSERT_TRUE(tree.ok()) << tree.error().message;
    auto shared = MP_MUST(MP_MUST(tree.field("sharedVertices").array()).values<std::uint64_t>());
    ASSERT_EQ(shared.size(), 3u);
    EXPECT_EQ(shared[0], 0x0123456789ABCDEFull);
    EXPECT_EQ(shared[2], ~0ull);

    auto sections = tree.field("sections").array();
    ASSERT_TRUE(sections.ok());
    ASSERT_EQ(sections->count(), 2u);
    EXPECT_EQ(sections->stride(), 96u);
    const TypeTable& types = tf->types();
    const auto first =
        MP_MUST(types.field_ref(sections->element_type(), er ? "firstPackedVertexIndex" : "firstPackedVertex"));
    auto firsts = MP_MUST(sections->column<std::uint32_t>(first));
    EXPECT_EQ(firsts[1], 7u);
    const auto num = MP_MUST(types.field_ref(sections->element_type(), "numPackedVertices"));
    auto nums = MP_MUST(sections->column<std::uint8_t>(num));
    EXPECT_EQ(nums[0], 7u);
    EXPECT_EQ(nums[1], 3u);
    auto codec = MP_MUST(sections->at(1).field("codecParms").array()).values<float>();
    ASSERT_TRUE(codec.ok());
    EXPECT_EQ((*codec)[5], 4.0f);
    auto prims = MP_MUST(tree.field("primitives").array());
    ASSERT_EQ(prims.count(), 2u);
    EXPECT_EQ(prims.raw()[4], 3u);
    if (!er) {  // Sekiro's packed-word fields exist by name (§7.2)
        EXPECT_TRUE(sections->at(0).has_field("sharedVertices"));
        EXPECT_TRUE(sections->at(0).has_field("numSharedIndices"));
        EXPECT_TRUE(sections->at(0).has_field("unusedData"));
        EXPECT_EQ(tree.type_name(), "hknpCompressedMeshShapeTree");
        EXPECT_TRUE(
            tree.is_a("hkcdStaticMeshTree<hkcdStaticMeshTreeCommonConfig<hkUint32, hkUint64, 11, 21>, "
                      "hknpCompressedMeshShapeTreeDataRun>"));
    } else {
        EXPECT_TRUE(tree.is_a("hkcdDefaultStaticMeshTree"));
    }
}

// §5.7: PTCH lists every non-null reference field once, grouped by field type.
TEST_P(WriterRoundTrip, PatchListsEveryReferenceOnce) {
    const Written s = write_sample(GetParam(), true);
    auto tf = parse_tagfile(s.tag0, nullptr);
    ASSERT_TRUE(tf.ok()) << tf.error().message;
    std::multiset<std::pair<std::uint32_t, std::uint32_t>> patched;  // (offset, type)
    std::uint32_t last_type = 0;
    bool types_ascending = true;
    tf->for_each_patch([&](std::uint32_t type, std::uint32_t offset) {
        types_ascending = types_ascending && type >= last_type;
        last_type = type;
        patched.insert({offset, type});
    });
    EXPECT_TRUE(types_ascending);
    std::multiset<std::pair<std::uint32_t, std::uint32_t>> found;
    for (const auto& r : test::reference_fields(*tf)) found.insert({r.data_offset, r.field_type});
    EXPECT_EQ(patched, found);
    // keys, shared, sections, primitives, 4 strings, variants, systems, system, bodies, shape,
    // data, parameter, scene = 16 references, each listed once.
    EXPECT_EQ(patched.size(), 16u);
    std::set<std::uint32_t> offsets;
    for (const auto& [offset, type] : patched) offsets.insert(offset);
    EXPECT_EQ(offsets.size(), patched.size());
}

// Every item reachable once, items 1.. in the numbering order, DATA alignment rules.
TEST_P(WriterRoundTrip, ItemsAndAlignment) {
    const Written s = write_sample(GetParam(), true);
    auto tf = parse_tagfile(s.tag0, nullptr);
    ASSERT_TRUE(tf.ok()) << tf.error().message;
    const TypeTable& types = tf->types();
    ASSERT_EQ(tf->item(0).kind, ItemKind::kNone);
    EXPECT_EQ(tf->item(1).offset, 0u);
    // null; 6 objects (root, scene, system, shape, data, parameter); 4 strings; 7 arrays.
    EXPECT_EQ(tf->item_count(), 1u + 6u + 4u + 7u);
    for (std::uint32_t i = 1; i < tf->item_count(); ++i) {
        const Item it = tf->item(i);
        const bool string = it.kind == ItemKind::kArray && types.name(it.type) == "char";
        const std::uint32_t align = it.kind == ItemKind::kObject ? types.alignment(it.type) : string ? 2u : 16u;
        EXPECT_EQ(it.offset % align, 0u) << "item " << i << " " << types.full_name(it.type);
    }
    EXPECT_EQ(tf->data().size() % 16, 0u);
}

// The same graph against a TCM0 compendium: identical DATA and INDX, TCRF instead of TYPE.
TEST_P(WriterRoundTrip, CompendiumReferenceMatchesOwnTypes) {
    const Written own = write_sample(GetParam(), true);
    const CompendiumId id = 0x0123456789ABCDEFull;
    auto tcm0 = write_tcm0(std::array{id}, own.type_section);
    ASSERT_TRUE(tcm0.ok()) << tcm0.error().message;
    CompendiumRegistry registry;
    ASSERT_TRUE(registry.add_bytes(*tcm0).ok());
    auto compendium = parse_compendium(*tcm0);
    ASSERT_TRUE(compendium.ok());
    EXPECT_EQ(compendium->ids, std::vector<CompendiumId>{id});
    EXPECT_EQ(compendium->types->unread_bytes(), 0u);

    ObjectWriter w(compendium->types);
    const RecordWriter root = write_minimal_collision(w, GetParam(), true);
    auto tag0 = write_tag0(w, root, {.sdk_version = own.sdk_version, .compendium_id = id});
    ASSERT_TRUE(tag0.ok()) << tag0.error().message;
    auto tf = parse_tagfile(*tag0, &registry);
    ASSERT_TRUE(tf.ok()) << tf.error().message;
    EXPECT_EQ(tf->compendium_id().value_or(0), id);
    auto kids = MP_MUST(read_children(*tag0, MP_MUST(read_root_section(*tag0))));
    ASSERT_EQ(kids.size(), 4u);
    EXPECT_EQ(kids[2].tag(), "TCRF");
    EXPECT_EQ(kids[2].size, 32u);

    auto own_tf = parse_tagfile(own.tag0, nullptr);
    ASSERT_TRUE(own_tf.ok());
    EXPECT_TRUE(std::ranges::equal(tf->data(), own_tf->data()));
    EXPECT_TRUE(std::ranges::equal(tf->patch_bytes(), own_tf->patch_bytes()));
}

INSTANTIATE_TEST_SUITE_P(Dialects, WriterRoundTrip,
                         ::testing::Values(HavokDialect::kEldenRing2018, HavokDialect::kSekiro2016),
                         [](const auto& info) {
                             return info.param == HavokDialect::kEldenRing2018 ? "EldenRing2018" : "Sekiro2016";
                         });

// ---- errors -------------------------------------------------------------------------------

std::shared_ptr<const TypeTable> er_table() {
    static const std::shared_ptr<const TypeTable> t =
        MP_MUST(collision_types(HavokDialect::kEldenRing2018).builder.build());
    return t;
}

TEST(WriterErrors, WrongTargetsAndValuesAreRecorded) {
    {
        ObjectWriter w(er_table());
        RecordWriter root = w.new_object("hkRootLevelContainer");
        root.set_ref("namedVariants", w.new_object("hknpPhysicsSceneData"));  // array field, object target
        EXPECT_FALSE(w.status().ok());
        auto out = write_tag0(w, root, {.compendium_id = 1});
        EXPECT_FALSE(out.ok());
    }
    {
        ObjectWriter w(er_table());
        RecordWriter body = w.new_array("hknpPhysicsSystemData::bodyCinfoWithAttachment", 1).at(0);
        body.set_ref("shape", w.new_object("hknpPhysicsSceneData"));  // not an hknpShape
        EXPECT_EQ(w.status().error().code, ErrorCode::kBadObject);
    }
    {
        ObjectWriter w(er_table());
        RecordWriter shape = w.new_object("hknpCompressedMeshShape");
        shape.set_uint("numShapeKeyBits", 256);  // u8
        EXPECT_EQ(w.status().error().code, ErrorCode::kOutOfBounds);
    }
    {
        ObjectWriter w(er_table());
        RecordWriter shape = w.new_object("hknpCompressedMeshShape");
        shape.set_uint("noSuchMember", 1);
        EXPECT_EQ(w.status().error().code, ErrorCode::kMissingField);
    }
    {
        ObjectWriter w(er_table());
        ArrayWriter keys = w.new_array("unsigned int", 3);
        keys.set_values(std::vector<std::uint64_t>{1, 2, 3});  // wrong width
        EXPECT_FALSE(w.status().ok());
    }
}

TEST(WriterErrors, OptionsAreChecked) {
    ObjectWriter w(er_table());
    RecordWriter root = w.new_object("hkRootLevelContainer");
    EXPECT_FALSE(write_tag0(w, root, {}).ok());                                           // neither TYPE nor TCRF
    EXPECT_FALSE(write_tag0(w, root, {.sdk_version = "2018", .compendium_id = 1}).ok());  // bad SDKV
    EXPECT_TRUE(write_tag0(w, root, {.compendium_id = 1}).ok());
    EXPECT_FALSE(write_tag0(w, RecordWriter(), {.compendium_id = 1}).ok());
}

TEST(WriterErrors, LaterRefReplacesEarlier) {
    ObjectWriter w(er_table());
    RecordWriter root = w.new_object("hkRootLevelContainer");
    ArrayWriter a = w.new_array("hkRootLevelContainer::NamedVariant", 1);
    ArrayWriter b = w.new_array("hkRootLevelContainer::NamedVariant", 2);
    root.set_ref("namedVariants", a);
    root.set_ref("namedVariants", b);
    auto out = write_tag0(w, root, {.compendium_id = 1});
    ASSERT_TRUE(out.ok());
    CompendiumRegistry registry;
    const auto tcm0 = MP_MUST(write_tcm0(
        std::array<CompendiumId, 1>{1}, MP_MUST(collision_types(HavokDialect::kEldenRing2018).builder.type_section())));
    ASSERT_TRUE(registry.add_bytes(tcm0).ok());
    auto tf = parse_tagfile(*out, &registry);
    ASSERT_TRUE(tf.ok()) << tf.error().message;
    EXPECT_EQ(tf->item_count(), 3u);  // null, root, the second array only
    EXPECT_EQ(tf->item(2).count, 2u);
}

}  // namespace
}  // namespace meshproof::tagfile
