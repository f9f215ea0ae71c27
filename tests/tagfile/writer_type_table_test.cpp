// TypeTableBuilder: the TYPE section layout (§5.2, §5.3), body grammar (§5.5) read back by the
// reader, interning of template instances, and the errors of an incomplete table.
#include "engine/tagfile/type_table_builder.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "engine/tagfile/sections.h"
#include "tests/tagfile/tagfile_fixtures.h"

namespace meshproof::tagfile {
namespace {

TypeTableBuilder small_table() {
    TypeTableBuilder b;
    const TypeRef u32 = b.primitive("unsigned int", format_word::integer(32, false), 4, 4);
    const TypeRef base = b.record("hkBaseObject", {.size = 8, .alignment = 8, .flags = type_flag::kBaseObject});
    const TypeRef obj = b.record("hkReferencedObject", {.parent = base, .size = 24, .alignment = 8, .version = 3});
    b.set_referenced_object(obj);
    const TypeRef item = b.record(
        "Item", {.parent = obj, .size = 32, .alignment = 8, .members = {{"count", 24, u32, member_flags::kProtected}}});
    b.array_of(item);
    b.array_of(u32);
    b.pointer(item);
    b.pointer(u32);
    b.set_hash(item, 0xDEADBEEF);
    return b;
}

TEST(WriterTypeTable, SectionTreeAndPadding) {
    const TypeTableBuilder b = small_table();
    auto bytes = b.type_section();
    ASSERT_TRUE(bytes.ok()) << bytes.error().message;
    auto root = read_root_section(*bytes);
    ASSERT_TRUE(root.ok()) << root.error().message;
    EXPECT_EQ(root->tag(), "TYPE");
    EXPECT_EQ(root->size, bytes->size());
    auto kids = read_children(*bytes, *root);
    ASSERT_TRUE(kids.ok());
    const char* tags[] = {"TPTR", "TSTR", "TNA1", "FSTR", "TBDY", "THSH", "TPAD"};
    ASSERT_EQ(kids->size(), 7u);
    for (std::size_t i = 0; i < 7; ++i) {
        EXPECT_EQ((*kids)[i].tag(), tags[i]);
        EXPECT_TRUE((*kids)[i].leaf);
        EXPECT_EQ((*kids)[i].size % 4, 0u) << tags[i];
    }
    // TPTR: N × 8 zero bytes, N counting the null type; TPAD empty.
    EXPECT_EQ((*kids)[0].body.size(), b.type_count() * 8);
    for (std::uint8_t c : (*kids)[0].body) EXPECT_EQ(c, 0);
    EXPECT_EQ((*kids)[6].size, 8u);
}

TEST(WriterTypeTable, ReaderSeesEveryBody) {
    const TypeTableBuilder b = small_table();
    auto table = b.build();
    ASSERT_TRUE(table.ok()) << table.error().message;
    const TypeTable& t = **table;
    EXPECT_EQ(t.type_count(), b.type_count());
    EXPECT_EQ(t.body_count(), b.type_count() - 1);
    EXPECT_EQ(t.unread_bytes(), 0u);
    EXPECT_EQ(t.hash_count(), 1u);

    auto item = t.find_type("Item");
    ASSERT_TRUE(item);
    EXPECT_EQ(t.size(*item), 32u);
    EXPECT_EQ(t.alignment(*item), 8u);
    EXPECT_EQ(t.name(t.parent(*item)), "hkReferencedObject");
    EXPECT_EQ(t.info(*item).hash, 0xDEADBEEFu);
    const Member* count = t.member(*item, "count");
    ASSERT_NE(count, nullptr);
    EXPECT_EQ(count->offset, 24u);
    EXPECT_EQ(count->flags, member_flags::kProtected);

    auto array = t.find_type("hkArray<Item, hkContainerHeapAllocator>");
    ASSERT_TRUE(array);
    EXPECT_EQ(t.kind(*array), TypeKind::kArray);
    EXPECT_EQ(t.size(*array), 16u);
    EXPECT_EQ(t.name(t.subtype(*array)), "Item");
    ASSERT_EQ(t.members(*array).size(), 3u);
    EXPECT_EQ(t.members(*array)[0].name, "m_data");
    EXPECT_EQ(t.full_name(t.members(*array)[0].type), "T*<Item>");

    // Pointer flags: 0 to an hkReferencedObject subclass, 0x40 to plain data (ER compendium).
    EXPECT_EQ(t.info(*t.find_type("T*<Item>")).type_flags, 0u);
    EXPECT_EQ(t.info(*t.find_type("T*<unsigned int>")).type_flags, type_flag::kPointerToPlainData);
    EXPECT_EQ(t.info(*t.find_type("T*<Item>")).optionals, 0x1Bu);
    EXPECT_EQ(t.info(*array).optionals, 0x2Bu);
}

TEST(WriterTypeTable, TemplateInstancesAreInterned) {
    TypeTableBuilder b = small_table();
    const std::size_t before = b.type_count();
    const TypeRef item = *b.find("Item");
    EXPECT_EQ(b.array_of(item), *b.find("hkArray<Item, hkContainerHeapAllocator>"));
    EXPECT_EQ(b.pointer(item), *b.find("T*<Item>"));
    EXPECT_EQ(b.type_count(), before);
}

TEST(WriterTypeTable, PropertyCountRidesInTheMemberWord) {
    TypeTableBuilder b;
    const TypeRef u32 = b.primitive("unsigned int", format_word::integer(32, false), 4, 4);
    const TypeRef p = b.declare("hkPropertyId");
    TypeBody body;
    body.format = format_word::kRecord;
    body.size = 8;
    body.alignment = 8;
    body.members = std::vector<MemberDecl>{{"desc", 0, u32, member_flags::kPrivateNs}};
    body.property_count = 3;
    b.define(p, body);
    auto bytes = b.type_section();
    ASSERT_TRUE(bytes.ok());
    // The body of type 2: index 2, parent 0, optionals 0x29, format 7, size 8, align 8,
    // member word C3 00 01 (§5.4), then the one member.
    const std::vector<std::uint8_t> want = {0x02, 0x00, 0x29, 0x07, 0x08, 0x08, 0xC3, 0x00, 0x01};
    EXPECT_NE(std::search(bytes->begin(), bytes->end(), want.begin(), want.end()), bytes->end());
    auto table = b.build();
    ASSERT_TRUE(table.ok()) << table.error().message;
    EXPECT_EQ((*table)->info(p).property_count, 3u);
    EXPECT_EQ((*table)->members(p).size(), 1u);
}

TEST(WriterTypeTable, UndefinedTypeIsAnError) {
    TypeTableBuilder b;
    b.declare("Forward");
    auto bytes = b.type_section();
    ASSERT_FALSE(bytes.ok());
    EXPECT_EQ(bytes.error().code, ErrorCode::kBadType);
    EXPECT_NE(bytes.error().message.find("Forward"), std::string::npos);
}

TEST(WriterTypeTable, SecondDefinitionIsAnError) {
    TypeTableBuilder b;
    const TypeRef t = b.primitive("int", format_word::integer(32, true), 4, 4);
    b.define(t, TypeBody{});
    EXPECT_FALSE(b.type_section().ok());
}

}  // namespace
}  // namespace meshproof::tagfile
