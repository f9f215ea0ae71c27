// ctest-labels: hostile
// Issue 19: work bounded by the input wherever the input controls it. Each hostile type table
// here once made a walker's work explode (2^64 record visits, 2^32 zero-stride elements, a
// quadratic inheritance chain, exponential template names); each must now end at once with a
// result or a typed `limit` error. The fixture the fuzzer found is replayed here too.
#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <fmt/format.h>

#include "engine/tagfile/dump.h"
#include "engine/tagfile/patch_check.h"
#include "engine/tagfile/sections.h"
#include "engine/tagfile/tagfile_writer.h"
#include "engine/tagfile/type_table_builder.h"
#include "tests/support/corpus.h"

namespace meshproof::tagfile {
namespace {

// Declares the same three types in the same order in both tables, so that a file written with
// the benign one reads with the hostile one's TYPE section: "Evil" (16 bytes), Evil*, and an
// element "Elem" (8 bytes) that holds an Evil*.
struct Tables {
    std::vector<std::uint8_t> benign_type_section, hostile_type_section;
    std::shared_ptr<const TypeTable> benign;
};

template <class DefineEvil, class DefineElem>
Tables make_tables(DefineEvil hostile_evil, DefineElem hostile_elem) {
    Tables t;
    for (int hostile = 0; hostile < 2; ++hostile) {
        TypeTableBuilder b;
        const TypeRef evil = b.declare("Evil");
        const TypeRef ptr = b.pointer(evil, 0x40);
        const TypeRef elem = b.declare("Elem");
        if (hostile) {
            hostile_evil(b, evil, ptr);
            hostile_elem(b, elem, ptr);
        } else {
            b.define_record(evil, {.size = 16, .alignment = 8, .members = {{"p", 0, ptr}, {"q", 8, ptr}}});
            b.define_record(elem, {.size = 8, .alignment = 8, .members = {{"p", 0, ptr}}});
        }
        auto section = b.type_section();
        EXPECT_TRUE(section.ok()) << section.error().message;
        (hostile ? t.hostile_type_section : t.benign_type_section) = *section;
        if (!hostile) t.benign = *b.build();
    }
    return t;
}

// Root Evil → an Elem array of `elements` → each element points back at the root.
std::vector<std::uint8_t> write_file(const Tables& t, std::size_t elements, bool hostile) {
    ObjectWriter w(t.benign);
    RecordWriter root = w.new_object("Evil");
    RecordWriter other = w.new_object("Evil");
    root.set_ref("p", other);
    other.set_ref("q", root);
    auto file = write_tag0(w, root, {.sdk_version = "20180100", .type_section = t.benign_type_section});
    EXPECT_TRUE(file.ok()) << file.error().message;
    (void)elements;
    if (!hostile) return *file;
    // The same DATA / ITEM / PTCH under the hostile TYPE section: rebuild with it.
    auto hostile_file = write_tag0(w, root, {.sdk_version = "20180100", .type_section = t.hostile_type_section});
    EXPECT_TRUE(hostile_file.ok()) << hostile_file.error().message;
    return *hostile_file;
}

// The byte offset of a leaf section's body ("ITEM", …) in a tagfile, by its tag.
std::size_t find_tag(const std::vector<std::uint8_t>& bytes, const char* tag) {
    for (std::size_t i = 4; i + 4 <= bytes.size(); ++i)
        if (std::memcmp(bytes.data() + i, tag, 4) == 0) return i + 4;
    return 0;
}

// A hang detector, not a speed assertion: each of these took from tens of seconds to forever.
// The bound is ten times the slowest case's time on a loaded machine (the deep inheritance chain
// takes 0.5 s alone and passed 1 s under a parallel ctest beside other builds); sanitizer
// builds run several times slower.
#if defined(__SANITIZE_ADDRESS__)
constexpr double kQuick = 30.0;
#else
constexpr double kQuick = 5.0;
#endif

double seconds_of(const auto& fn) {
    const auto start = std::chrono::steady_clock::now();
    fn();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

TEST(PatchWalkHostile, BenignTablesWalkNormally) {
    // The "hostile" table here is the benign one again.
    const Tables t = make_tables(
        [](TypeTableBuilder& b, TypeRef evil, TypeRef ptr) {
            b.define_record(evil, {.size = 16, .alignment = 8, .members = {{"p", 0, ptr}, {"q", 8, ptr}}});
        },
        [](TypeTableBuilder& b, TypeRef elem, TypeRef ptr) {
            b.define_record(elem, {.size = 8, .alignment = 8, .members = {{"p", 0, ptr}}});
        });
    const auto bytes = write_file(t, 0, false);  // the Tagfile views these bytes: keep them
    auto tf = parse_tagfile(bytes, nullptr);
    ASSERT_TRUE(tf.ok()) << tf.error().message;
    auto c = check_patch_table(*tf);
    ASSERT_TRUE(c.ok());
    EXPECT_EQ(c->references, 2u);
    EXPECT_TRUE(c->ok());
    EXPECT_EQ(t.benign_type_section, t.hostile_type_section);
}

TEST(PatchWalkHostile, SelfContainingRecordStopsAtTheBudget) {
    // Evil = { Evil a @0; Evil b @0; Evil* p @0 }: every level doubles, 64 levels deep. The old
    // walk made 2^65 visits; this one decides per type and stops at its budget with `limit`.
    const Tables t = make_tables(
        [](TypeTableBuilder& b, TypeRef evil, TypeRef ptr) {
            b.define_record(evil,
                            {.size = 16, .alignment = 8, .members = {{"a", 0, evil}, {"b", 0, evil}, {"p", 0, ptr}}});
        },
        [](TypeTableBuilder& b, TypeRef elem, TypeRef ptr) {
            b.define_record(elem, {.size = 8, .alignment = 8, .members = {{"p", 0, ptr}}});
        });
    const auto bytes = write_file(t, 0, true);
    auto tf = parse_tagfile(bytes, nullptr);
    ASSERT_TRUE(tf.ok()) << tf.error().message;
    Result<PatchCheck> c = PatchCheck{};
    const double s = seconds_of([&] { c = check_patch_table(*tf); });
    ASSERT_FALSE(c.ok());
    EXPECT_EQ(c.error().code, ErrorCode::kLimit);
    EXPECT_EQ(error_code_name(c.error().code), "limit");
    EXPECT_LT(s, kQuick);
    // The dump of the same file is bounded too (it prints nested records as it meets them).
    DumpOptions opt;
    std::string text;
    const double d = seconds_of([&] { text = dump_tagfile(*tf, opt); });
    EXPECT_LT(d, kQuick);
    EXPECT_LE(text.size(), bytes.size() * DumpOptions::kOutputBytesPerInputByte + DumpOptions::kOutputAllowance + 4096);
    EXPECT_NE(text.find("dump stopped"), std::string::npos);
}

TEST(PatchWalkHostile, RecordWithoutReferencesIsNeverEntered) {
    // Nested overlap without any reference below it: the walk does not descend at all.
    const Tables t = make_tables(
        [](TypeTableBuilder& b, TypeRef evil, TypeRef) {
            const TypeRef u32 = b.primitive("unsigned int", format_word::integer(32, false), 4, 4);
            b.define_record(evil,
                            {.size = 16, .alignment = 8, .members = {{"a", 0, evil}, {"b", 0, evil}, {"n", 0, u32}}});
        },
        [](TypeTableBuilder& b, TypeRef elem, TypeRef ptr) {
            b.define_record(elem, {.size = 8, .alignment = 8, .members = {{"p", 0, ptr}}});
        });
    const auto bytes = write_file(t, 0, true);
    auto tf = parse_tagfile(bytes, nullptr);
    ASSERT_TRUE(tf.ok()) << tf.error().message;
    auto c = check_patch_table(*tf);
    ASSERT_TRUE(c.ok()) << c.error().message;
    EXPECT_EQ(c->references, 0u);
    EXPECT_EQ(c->extra, 2u);  // PTCH still lists the two pointers the benign layout had
    EXPECT_LT(c->visits, 16u);
}

TEST(PatchWalkHostile, WideRecordIsDecidedInOneScan) {
    // Evil = a record of 20,000 members, each of its own type Wi = { Wi* p @0 } (each holds a
    // reference, each must be decided before Evil). Deciding Evil scans its members once; a walk
    // that went back to the first member after every descent would make 2e8 steps.
    const Tables t = make_tables(
        [](TypeTableBuilder& b, TypeRef evil, TypeRef) {
            std::vector<MemberDecl> members;
            for (int i = 0; i < 20000; ++i) {
                const TypeRef w = b.declare(fmt::format("W{}", i));
                b.define_record(w, {.size = 8, .alignment = 8, .members = {{"p", 0, b.pointer(w, 0x40)}}});
                members.push_back({fmt::format("m{}", i), 0, w});
            }
            b.define_record(evil, {.size = 16, .alignment = 8, .members = members});
        },
        [](TypeTableBuilder& b, TypeRef elem, TypeRef ptr) {
            b.define_record(elem, {.size = 8, .alignment = 8, .members = {{"p", 0, ptr}}});
        });
    const auto bytes = write_file(t, 0, true);
    auto tf = parse_tagfile(bytes, nullptr);
    ASSERT_TRUE(tf.ok()) << tf.error().message;
    Result<PatchCheck> c = PatchCheck{};
    const double s = seconds_of([&] { c = check_patch_table(*tf); });
    EXPECT_LT(s, kQuick);
    // Deciding is quick; the walk then meets 20,000 overlapping members per object (two visits
    // each) and stops at its budget (4 per DATA byte + 65,536) with `limit`, as it should.
    ASSERT_FALSE(c.ok());
    EXPECT_EQ(c.error().code, ErrorCode::kLimit);
}

TEST(PatchWalkHostile, ZeroStrideItemIsSkipped) {
    // Evil becomes a 0-byte record holding a pointer; its object ITEM is rewritten into an
    // array of 2^32 - 1 elements (0 bytes each: it passes the extent check). The old walk
    // visited every element; this one skips an item with no bytes.
    const Tables t = make_tables(
        [](TypeTableBuilder& b, TypeRef evil, TypeRef ptr) {
            b.define_record(evil, {.size = 0, .alignment = 8, .members = {{"p", 0, ptr}}});
        },
        [](TypeTableBuilder& b, TypeRef elem, TypeRef ptr) {
            b.define_record(elem, {.size = 8, .alignment = 8, .members = {{"p", 0, ptr}}});
        });
    std::vector<std::uint8_t> bytes = write_file(t, 0, true);
    const std::size_t item = find_tag(bytes, "ITEM");
    ASSERT_GT(item, 0u);
    // Entry 2 (the second Evil): kind array (2 << 28), count 0xFFFFFFFF.
    std::uint8_t* entry = bytes.data() + item + 2 * kItemEntrySize;
    const std::uint32_t info = (load_le<std::uint32_t>(entry) & 0x00FFFFFF) | (2u << 28);
    const std::uint32_t count = 0xFFFFFFFFu;
    std::memcpy(entry, &info, 4);
    std::memcpy(entry + 8, &count, 4);
    auto tf = parse_tagfile(bytes, nullptr);
    ASSERT_TRUE(tf.ok()) << tf.error().message;
    ASSERT_EQ(tf->item(2).count, count);
    auto c = check_patch_table(*tf);
    ASSERT_TRUE(c.ok()) << c.error().message;
    EXPECT_LT(c->visits, 16u);
}

TEST(TypeTableHostile, DeepInheritanceChainIsLinearOrLimited) {
    // 4,000 types, each the parent of the next, each declaring 16 members: flattening them
    // base-first would copy 1.3e8 members (5 GB). Resolution visits each type once; the
    // flattened total is bounded, so the table is refused with `limit`, quickly.
    TypeTableBuilder b;
    const TypeRef u32 = b.primitive("unsigned int", format_word::integer(32, false), 4, 4);
    TypeRef parent = 0;
    for (int i = 0; i < 4000; ++i) {
        std::vector<MemberDecl> members;
        for (int m = 0; m < 16; ++m) members.push_back({fmt::format("m{}", m), std::uint32_t(4 * m), u32});
        parent = b.record(fmt::format("T{}", i), {.parent = parent, .size = 64, .alignment = 4, .members = members});
    }
    Result<std::shared_ptr<const TypeTable>> table = std::shared_ptr<const TypeTable>();
    const double s = seconds_of([&] { table = b.build(); });
    ASSERT_FALSE(table.ok());
    EXPECT_EQ(table.error().code, ErrorCode::kLimit);
    EXPECT_LT(s, kQuick);
}

TEST(TypeTableHostile, ShallowChainsStillResolveBaseFirst) {
    TypeTableBuilder b;
    const TypeRef u32 = b.primitive("unsigned int", format_word::integer(32, false), 4, 4);
    const TypeRef base = b.record("Base", {.size = 8, .alignment = 4, .members = {{"x", 0, u32}}});
    const TypeRef mid = b.record("Mid", {.parent = base, .size = 12, .alignment = 4, .members = {{"y", 8, u32}}});
    // Derived declared before its parent's parent gets resolved: order of resolution must not matter.
    const TypeRef derived =
        b.record("Derived", {.parent = mid, .size = 16, .alignment = 4, .members = {{"z", 12, u32}}});
    auto table = b.build();
    ASSERT_TRUE(table.ok()) << table.error().message;
    const auto members = (*table)->members(derived);
    ASSERT_EQ(members.size(), 3u);
    EXPECT_EQ(members[0].name, "x");
    EXPECT_EQ(members[1].name, "y");
    EXPECT_EQ(members[2].name, "z");
    EXPECT_EQ((*table)->size(derived), 16u);
}

TEST(TypeTableHostile, NestedTemplateNamesAreBounded) {
    // T0<T1, T1>, T1<T2, T2>, …: a full name doubles per level (6 MB at 20 levels; the writer
    // spells them out, the reader must not). Names are built once each and cut at a bound.
    TypeTableBuilder b;
    std::vector<TypeRef> types(21);
    types[20] = b.primitive("Leaf", format_word::integer(32, false), 4, 4);
    for (int i = 19; i >= 0; --i) {
        types[i] = b.declare(fmt::format("T{}", i), {type_arg("tA", types[i + 1]), type_arg("tB", types[i + 1])});
        b.define(types[i], TypeBody{.format = format_word::integer(32, false), .size = 4, .alignment = 4});
    }
    Result<std::shared_ptr<const TypeTable>> table = std::shared_ptr<const TypeTable>();
    const double s = seconds_of([&] { table = b.build(); });
    EXPECT_LT(s, kQuick);
    if (table.ok()) {
        EXPECT_LT((*table)->full_name(types[0]).size(), 1100u);
        EXPECT_EQ((*table)->full_name(types[19]), "T19<Leaf, Leaf>");
    }
}

// The input the fuzzer found (../shared/corpus/havok/hostile/patch-walk-timeout.bin): the ER
// sample compendium followed by a tagfile with a few bytes changed; it made the PTCH walk run
// for more than 37 s. It now ends with a result or a typed error in well under a second.
TEST(PatchWalkHostile, FuzzFindingFinishesAtOnce) {
    MP_REQUIRE_CORPUS();
    const auto input = test::read_file(test::corpus_path("havok/hostile/patch-walk-timeout.bin"));
    ASSERT_EQ(input.size(), 19864u);
    auto root = read_root_section(input);
    ASSERT_TRUE(root.ok());
    ASSERT_EQ(root->tag(), "TCM0");
    auto compendium = parse_compendium(input);
    ASSERT_TRUE(compendium.ok()) << compendium.error().message;
    CompendiumRegistry registry;
    ASSERT_TRUE(registry.add(*compendium).ok());
    const Bytes tag0 = Bytes(input).subspan(root->size);
    auto tf = parse_tagfile(tag0, &registry);
    ASSERT_TRUE(tf.ok()) << tf.error().message;  // the finding parses: the walk is what ran away
    Result<PatchCheck> c = PatchCheck{};
    const double s = seconds_of([&] { c = check_patch_table(*tf); });
    EXPECT_LT(s, kQuick);
    // The diagnosis: the changed bytes leave the compendium's types without bodies (every size
    // 0) and give ITEM 11, a char array, a count of 2^32 - 1. The old walk visited each of its
    // 4.3e9 zero-byte elements; an item whose elements have no bytes is now skipped.
    EXPECT_EQ(tf->item(11).count, 0xFFFFFFFFu);
    EXPECT_EQ(tf->types().size(tf->item(11).type), 0u);
    ASSERT_TRUE(c.ok()) << c.error().message;
    EXPECT_LT(c->visits, 1000u);
    const double d = seconds_of([&] { (void)dump_tagfile(*tf); });
    EXPECT_LT(d, kQuick);
}

}  // namespace
}  // namespace meshproof::tagfile
