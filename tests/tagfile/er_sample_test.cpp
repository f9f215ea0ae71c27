// The Elden Ring collision sample (havok/h.hkx + h.compendium), facts from havok/README.md.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "engine/tagfile/compendium.h"
#include "engine/tagfile/sections.h"
#include "engine/tagfile/tagfile.h"
#include "engine/tagfile/type_table.h"
#include "tests/tagfile/tagfile_fixtures.h"

namespace meshproof::tagfile {
namespace {

using test::er_compendium;
using test::er_hkx;
using test::er_registry;

TEST(ErSample, SectionTree) {
    MP_REQUIRE_CORPUS();
    const Bytes b = er_hkx();
    auto root = read_root_section(b);
    ASSERT_TRUE(root.ok()) << root.error().message;
    EXPECT_EQ(root->tag(), "TAG0");
    EXPECT_EQ(root->size, 3696u);
    EXPECT_FALSE(root->leaf);
    auto kids = read_children(b, *root);
    ASSERT_TRUE(kids.ok());
    ASSERT_EQ(kids->size(), 4u);
    const struct {
        const char* tag;
        std::uint64_t off, size;
        bool leaf;
    } want[] = {{"SDKV", 8, 16, true}, {"DATA", 24, 2952, true}, {"TCRF", 2976, 32, true}, {"INDX", 3008, 688, false}};
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ((*kids)[i].tag(), want[i].tag);
        EXPECT_EQ((*kids)[i].offset, want[i].off);
        EXPECT_EQ((*kids)[i].size, want[i].size);
        EXPECT_EQ((*kids)[i].leaf, want[i].leaf);
    }
    auto index = read_children(b, (*kids)[3]);
    ASSERT_TRUE(index.ok());
    ASSERT_EQ(index->size(), 2u);
    EXPECT_EQ((*index)[0].tag(), "ITEM");
    EXPECT_EQ((*index)[0].offset, 3016u);
    EXPECT_EQ((*index)[0].size, 368u);
    EXPECT_EQ((*index)[1].tag(), "PTCH");
    EXPECT_EQ((*index)[1].offset, 3384u);
    EXPECT_EQ((*index)[1].size, 312u);
}

TEST(ErSample, CompendiumParses) {
    MP_REQUIRE_CORPUS();
    auto c = parse_compendium(er_compendium());
    ASSERT_TRUE(c.ok()) << c.error().message << " @" << c.error().offset;
    ASSERT_EQ(c->ids.size(), 1u);
    EXPECT_EQ(compendium_id_hex(c->ids[0]), "7a6d34ca6688be51");
    const TypeTable& t = *c->types;
    EXPECT_EQ(t.type_count(), 281u);
    EXPECT_EQ(t.body_count(), 280u);
    EXPECT_EQ(t.unread_bytes(), 0u);
    EXPECT_GT(t.hash_count(), 0u);
}

TEST(ErSample, TypeResolutionAndInheritance) {
    MP_REQUIRE_CORPUS();
    auto c = parse_compendium(er_compendium());
    ASSERT_TRUE(c.ok());
    const TypeTable& t = *c->types;

    auto cms = t.find_type("hknpCompressedMeshShape");
    ASSERT_TRUE(cms.has_value());
    EXPECT_EQ(t.size(*cms), 128u);
    EXPECT_EQ(t.alignment(*cms), 8u);
    EXPECT_EQ(t.kind(*cms), TypeKind::kRecord);
    EXPECT_EQ(t.info(*cms).version, 7u);
    EXPECT_EQ(t.name(t.parent(*cms)), "hknpCompositeShape");

    // Inherited from hknpShape (§7.1 is only the expected value here).
    const Member* radius = t.member(*cms, "convexRadius");
    ASSERT_NE(radius, nullptr);
    EXPECT_EQ(radius->offset, 32u);
    EXPECT_EQ(t.name(radius->owner), "hknpShape");
    EXPECT_EQ(t.kind(radius->type), TypeKind::kFloat);
    EXPECT_EQ(t.size(radius->type), 4u);
    const Member* bits = t.member(*cms, "numShapeKeyBits");
    ASSERT_NE(bits, nullptr);
    EXPECT_EQ(bits->offset, 27u);
    EXPECT_EQ(t.format(bits->type).int_bits(), 8u);
    EXPECT_FALSE(t.format(bits->type).is_signed());
    EXPECT_EQ(t.member(*cms, "data")->offset, 72u);
    EXPECT_EQ(t.member(*cms, "triangleIsInterior")->offset, 80u);
    EXPECT_EQ(t.member(*cms, "numTriangles")->flags, 0x23u);  // NonSerializable | Field | Protected
    EXPECT_TRUE(t.member(*cms, "numTriangles")->non_serializable());
    EXPECT_EQ(t.member(*cms, "externShapes")->offset, 112u);
    EXPECT_EQ(t.member(*cms, "noSuchMember"), nullptr);

    // Base members come first in the flattened list.
    auto all = t.members(*cms);
    ASSERT_FALSE(all.empty());
    EXPECT_EQ(t.name(all.front().owner), "hkReferencedObject");
    EXPECT_EQ(t.name(all.back().owner), "hknpCompressedMeshShape");

    auto fsnp = t.find_type("fsnpCustomParamCompressedMeshShape");
    ASSERT_TRUE(fsnp.has_value());
    EXPECT_EQ(t.size(*fsnp), 152u);
    EXPECT_TRUE(t.is_a(*fsnp, *cms));
    EXPECT_FALSE(t.is_a(*cms, *fsnp));
    EXPECT_EQ(t.member(*fsnp, "pParam")->offset, 128u);
    EXPECT_EQ(t.member(*fsnp, "triangleIndexToShapeKey")->offset, 136u);
    EXPECT_EQ(t.member(*fsnp, "convexRadius")->offset, 32u);

    auto section = t.find_type("hkcdStaticMeshTree::Section");
    ASSERT_TRUE(section.has_value());
    EXPECT_EQ(t.size(*section), 96u);
    EXPECT_EQ(t.alignment(*section), 16u);
    const struct {
        const char* name;
        std::uint32_t off;
    } sec[] = {{"nodes", 0},
               {"domain", 16},
               {"codecParms", 48},
               {"firstPackedVertexIndex", 72},
               {"firstSharedVertexIndex", 76},
               {"firstPrimitiveIndex", 80},
               {"firstDataRunIndex", 84},
               {"numPackedVertices", 88},
               {"numPrimitives", 89},
               {"numDataRuns", 90},
               {"page", 91},
               {"leafIndex", 92},
               {"layerData", 94},
               {"flags", 95}};
    for (const auto& m : sec) {
        const Member* mm = t.member(*section, m.name);
        ASSERT_NE(mm, nullptr) << m.name;
        EXPECT_EQ(mm->offset, m.off) << m.name;
    }
    // codecParms is an inline float[6]: an array format with the inline bit and N = 6.
    const Member* codec = t.member(*section, "codecParms");
    EXPECT_EQ(t.kind(codec->type), TypeKind::kArray);
    EXPECT_TRUE(t.format(codec->type).is_inline_array());
    EXPECT_EQ(t.format(codec->type).inline_array_count(), 6u);
    EXPECT_EQ(t.kind(t.subtype(codec->type)), TypeKind::kFloat);

    // Typedef resolution: hkReal → float (optionals 0, everything from the parent).
    auto real = t.find_type("hkReal");
    if (real) {
        EXPECT_EQ(t.format(*real).raw, 0x174605u);
        EXPECT_EQ(t.size(*real), 4u);
    }
    auto u8 = t.find_type("unsigned char");
    ASSERT_TRUE(u8.has_value());
    EXPECT_EQ(t.format(*u8).raw, 0x2004u);
    auto ull = t.find_type("unsigned long long");
    ASSERT_TRUE(ull.has_value());
    EXPECT_EQ(t.format(*ull).raw, 0x10004u);
    EXPECT_EQ(t.format(*ull).int_bits(), 64u);
    auto i32 = t.find_type("int");
    ASSERT_TRUE(i32.has_value());
    EXPECT_EQ(t.format(*i32).raw, 0x8204u);
    EXPECT_TRUE(t.format(*i32).is_signed());
    auto v4 = t.find_type("hkVector4f");
    ASSERT_TRUE(v4.has_value());
    EXPECT_EQ(t.format(*v4).raw, 0x428u);
    EXPECT_EQ(t.size(*v4), 16u);

    // hkArray instances: template parameters, full names and the element subtype.
    const Member* sections = t.member(*t.find_type("hkcdStaticMeshTree::Base"), "sections");
    ASSERT_NE(sections, nullptr);
    EXPECT_EQ(sections->offset, 64u);
    EXPECT_EQ(t.name(sections->type), "hkArray");
    EXPECT_EQ(t.kind(sections->type), TypeKind::kArray);
    EXPECT_FALSE(t.format(sections->type).is_inline_array());
    EXPECT_EQ(t.subtype(sections->type), *section);
    ASSERT_GE(t.template_params(sections->type).size(), 1u);
    EXPECT_TRUE(t.template_params(sections->type)[0].is_type());
    EXPECT_EQ(t.template_params(sections->type)[0].value, *section);
    const std::string full(t.full_name(sections->type));
    EXPECT_EQ(full.rfind("hkArray<hkcdStaticMeshTree::Section", 0), 0u) << full;
    EXPECT_EQ(t.find_type(full), sections->type);

    // FieldRef: resolved once, carries the member's resolved size and format.
    auto ref = t.field_ref(*section, "numPrimitives");
    ASSERT_TRUE(ref.ok());
    EXPECT_EQ(ref->offset, 89u);
    EXPECT_EQ(ref->size, 1u);
    EXPECT_EQ(ref->kind(), TypeKind::kInt);
    auto missing = t.field_ref(*section, "nope");
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().code, ErrorCode::kMissingField);
}

TEST(ErSample, TagfileResolvesThroughCompendium) {
    MP_REQUIRE_CORPUS();
    auto tf = parse_tagfile(er_hkx(), &er_registry());
    ASSERT_TRUE(tf.ok()) << tf.error().message << " @" << tf.error().offset;
    EXPECT_EQ(tf->sdk_version(), "20180100");
    ASSERT_TRUE(tf->compendium_id().has_value());
    EXPECT_EQ(compendium_id_hex(*tf->compendium_id()), "7a6d34ca6688be51");
    EXPECT_EQ(tf->data().size(), 2952u - 8u);
    EXPECT_EQ(tf->data_offset(), 32u);
    EXPECT_EQ(tf->item_count(), 30u);
    EXPECT_EQ(tf->types().type_count(), 281u);
    // Same table object as the compendium's: shared, not copied.
    EXPECT_EQ(tf->types_ptr().get(), er_registry().find(0x7a6d34ca6688be51ull)->get());

    const TypeTable& t = tf->types();
    const struct {
        std::uint32_t item;
        ItemKind kind;
        std::uint32_t off, count;
        const char* type;
    } items[] = {
        {1, ItemKind::kObject, 0, 1, "hkRootLevelContainer"},
        {2, ItemKind::kArray, 16, 1, "hkRootLevelContainer::NamedVariant"},
        {4, ItemKind::kArray, 40, 19, "char"},
        {13, ItemKind::kObject, 712, 1, "fsnpCustomParamCompressedMeshShape"},
        {15, ItemKind::kArray, 702, 8, "char"},
        {16, ItemKind::kObject, 1168, 1, "hknpCompressedMeshShapeData"},
        {19, ItemKind::kArray, 880, 15, "unsigned int"},
        {22, ItemKind::kArray, 1552, 12, "hkcdStaticMeshTree::Primitive"},
        {26, ItemKind::kArray, 1760, 5, "hkcdSimdTree::Node"},
        {29, ItemKind::kArray, 2880, 1, "fsnpCustomMeshParameter::PrimitiveData"},
    };
    for (const auto& w : items) {
        const Item it = tf->item(w.item);
        EXPECT_EQ(it.kind, w.kind) << w.item;
        EXPECT_EQ(it.offset, w.off) << w.item;
        EXPECT_EQ(it.count, w.count) << w.item;
        EXPECT_EQ(t.name(it.type), w.type) << w.item;
    }
    std::size_t groups = 0, offsets = 0;
    std::uint32_t last_type = 0;
    tf->for_each_patch([&](std::uint32_t type, std::uint32_t) {
        if (type != last_type) ++groups;
        last_type = type;
        ++offsets;
    });
    EXPECT_EQ(offsets, 28u);
    EXPECT_LE(groups, 24u);
}

TEST(ErSample, MissingCompendiumIsTypedErrorNamingId) {
    MP_REQUIRE_CORPUS();
    auto none = parse_tagfile(er_hkx(), nullptr);
    ASSERT_FALSE(none.ok());
    EXPECT_EQ(none.error().code, ErrorCode::kBadType);
    EXPECT_NE(none.error().message.find("7a6d34ca6688be51"), std::string::npos) << none.error().message;
    CompendiumRegistry empty;
    auto missing = parse_tagfile(er_hkx(), &empty);
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.error().message.find("7a6d34ca6688be51"), std::string::npos);
    EXPECT_EQ(missing.error().offset, 2976u + 8u);
}

TEST(ErSample, RegistryRejectsDuplicateIds) {
    MP_REQUIRE_CORPUS();
    CompendiumRegistry reg;
    ASSERT_TRUE(reg.add_bytes(er_compendium()).ok());
    EXPECT_EQ(reg.id_count(), 1u);
    EXPECT_FALSE(reg.add_bytes(er_compendium()).ok());
    EXPECT_EQ(reg.id_count(), 1u);
}

TEST(ErSample, NotATagfile) {
    MP_REQUIRE_CORPUS();
    auto tf = parse_tagfile(er_compendium(), &er_registry());
    ASSERT_FALSE(tf.ok());
    EXPECT_EQ(tf.error().code, ErrorCode::kBadMagic);
    auto c = parse_compendium(er_hkx());
    ASSERT_FALSE(c.ok());
    EXPECT_EQ(c.error().code, ErrorCode::kBadMagic);
}

}  // namespace
}  // namespace meshproof::tagfile
