// ctest-labels: hostile
// Truncated and corrupted inputs: every prefix of the ER sample, its compendium and one
// anibnd tagfile, and flipped bytes in TYPE, DATA and INDX. Each yields a typed error (or,
// for corruption that happens to stay well-formed, a tagfile that walks and dumps) and never
// a crash: these tests run under ASan+UBSan (names contain Truncat / Corrupt).
#include <gtest/gtest.h>

#include <cstring>

#include "engine/tagfile/dump.h"
#include "engine/tagfile/object_view.h"
#include "engine/tagfile/patch_check.h"
#include "tests/tagfile/tagfile_fixtures.h"

namespace meshproof::tagfile {
namespace {

// Everything a consumer does with a parsed file: dump (walks every reachable field and
// pointer), the PTCH walk (every item by type), and the decoder chain of §6.
void exercise(const Tagfile& tf) {
    DumpOptions opt;
    opt.max_array_elements = 4;
    (void)dump_tagfile(tf, opt);
    (void)check_patch_table(tf);
    for (std::uint32_t i = 1; i < tf.item_count(); ++i) {
        ObjectView v = ObjectView::item(tf, i);
        if (!v.ok()) continue;
        (void)v.field("numShapeKeyBits").as_u64();
        (void)v.field("convexRadius").as_f32();
        auto sections = v.field("data").deref().field("meshTree").field("sections").array();
        if (sections.ok() && !sections->empty()) {
            (void)sections->raw();
            (void)sections->at(0).field("firstPackedVertexIndex").as_u64();
            auto ref = tf.types().field_ref(sections->element_type(), "numPrimitives");
            if (ref.ok()) (void)sections->column<std::uint8_t>(*ref);
        }
    }
}

// A prefix of a unit whose root size word is rewritten to the prefix length, so that the
// parser walks into the cut instead of stopping at the root header.
std::vector<std::uint8_t> cut_with_root_size(Bytes full, std::size_t n) {
    std::vector<std::uint8_t> out(full.begin(), full.begin() + n);
    if (n >= 4) {
        const std::uint32_t word =
            (load_be<std::uint32_t>(full.data()) & ~kSectionSizeMask) | static_cast<std::uint32_t>(n);
        for (int i = 0; i < 4; ++i) out[i] = static_cast<std::uint8_t>(word >> (24 - 8 * i));
    }
    return out;
}

TEST(TagfileHostile, TruncatedErSampleEveryPrefix) {
    MP_REQUIRE_CORPUS();
    const Bytes full = test::er_hkx();
    for (std::size_t n : test::prefix_lengths(full.size())) {
        auto tf = parse_tagfile(full.first(n), &test::er_registry());
        ASSERT_FALSE(tf.ok()) << n;
        EXPECT_EQ(tf.error().code, n < 4 ? ErrorCode::kTruncated : tf.error().code);
        const auto cut = cut_with_root_size(full, n);
        auto deep = parse_tagfile(cut, &test::er_registry());
        if (deep.ok()) exercise(*deep);
    }
}

TEST(TagfileHostile, TruncatedCompendiumEveryPrefix) {
    MP_REQUIRE_CORPUS();
    const Bytes full = test::er_compendium();
    for (std::size_t n : test::prefix_lengths(full.size())) {
        auto c = parse_compendium(full.first(n));
        ASSERT_FALSE(c.ok()) << n;
        const auto cut = cut_with_root_size(full, n);
        auto deep = parse_compendium(cut);
        if (!deep.ok()) continue;
        // A cut that leaves a well-formed TYPE: the tagfile must still parse or fail cleanly.
        CompendiumRegistry reg;
        ASSERT_TRUE(reg.add(*deep).ok());
        auto tf = parse_tagfile(test::er_hkx(), &reg);
        if (tf.ok()) exercise(*tf);
    }
}

TEST(TagfileHostile, TruncatedAnibndTagfileEveryPrefix) {
    MP_REQUIRE_CORPUS();
    // The first own-TYPE tagfile of an ER and an AC6 binder (TYPE parsing, not a compendium).
    for (const char* name : {"sfx__s82120.anibnd", "parts__AM_M_1010.anibnd"}) {
        const test::BinderFile* file = nullptr;
        for (const auto& f : test::anibnd_files())
            if (f.path.find(name) != std::string::npos) file = &f;
        ASSERT_NE(file, nullptr) << name;
        auto entries = test::list_bnd4(file->bytes);
        ASSERT_TRUE(entries.has_value());
        Bytes full;
        for (const auto& e : *entries)
            if (test::is_tag0(e.bytes)) full = e.bytes;
        ASSERT_FALSE(full.empty());
        ASSERT_TRUE(parse_tagfile(full, nullptr).ok());
        for (std::size_t n : test::prefix_lengths(full.size(), 61)) {
            auto tf = parse_tagfile(full.first(n), nullptr);
            ASSERT_FALSE(tf.ok()) << n;
            const auto cut = cut_with_root_size(full, n);
            auto deep = parse_tagfile(cut, nullptr);
            if (deep.ok()) exercise(*deep);
        }
    }
}

TEST(TagfileHostile, CorruptCompendiumTypeSection) {
    MP_REQUIRE_CORPUS();
    const std::vector<std::uint8_t>& original = test::er_compendium();
    // TYPE starts at 0x18 in h.compendium (TCM0 header 8 + TCID 16).
    std::size_t parsed = 0;
    // One flip per byte, rotating through three patterns (each parse also walks h.hkx).
    const std::uint8_t flips[] = {0x01, 0x80, 0xFF};
    for (std::size_t pos = 0x18; pos < original.size(); ++pos) {
        {
            std::vector<std::uint8_t> bytes = original;
            bytes[pos] ^= flips[pos % 3];
            auto c = parse_compendium(bytes);
            if (!c.ok()) continue;
            ++parsed;
            CompendiumRegistry reg;
            ASSERT_TRUE(reg.add(*c).ok());
            auto tf = parse_tagfile(test::er_hkx(), &reg);
            if (tf.ok()) exercise(*tf);
        }
    }
    EXPECT_GT(parsed, 0u);  // most flips in names and offsets stay well-formed
}

TEST(TagfileHostile, CorruptErSampleDataAndIndex) {
    MP_REQUIRE_CORPUS();
    const std::vector<std::uint8_t>& original = test::er_hkx();
    for (std::size_t pos = 0; pos < original.size(); ++pos) {
        for (std::uint8_t flip : {0x01, 0x10, 0x80, 0xFF}) {
            std::vector<std::uint8_t> bytes = original;
            bytes[pos] ^= flip;
            auto tf = parse_tagfile(bytes, &test::er_registry());
            if (tf.ok()) exercise(*tf);
        }
    }
}

TEST(TagfileHostile, CorruptOwnTypeTagfile) {
    MP_REQUIRE_CORPUS();
    const test::BinderFile* file = nullptr;
    for (const auto& f : test::anibnd_files())
        if (f.path.find("parts__AM_M_1010.anibnd") != std::string::npos) file = &f;
    ASSERT_NE(file, nullptr);
    auto entries = test::list_bnd4(file->bytes);
    ASSERT_TRUE(entries.has_value());
    Bytes member;
    for (const auto& e : *entries)
        if (test::is_tag0(e.bytes)) member = e.bytes;
    const std::vector<std::uint8_t> original(member.begin(), member.end());
    for (std::size_t pos = 0; pos < original.size(); pos += 1) {
        std::vector<std::uint8_t> bytes = original;
        bytes[pos] ^= 0xFF;
        auto tf = parse_tagfile(bytes, nullptr);
        if (tf.ok()) exercise(*tf);
    }
}

}  // namespace
}  // namespace meshproof::tagfile
