// BND4 (spec §2) on the sample animation binders of Sekiro, Elden Ring and AC6.
#include <gtest/gtest.h>

#include <iostream>

#include "engine/containers/binder.h"
#include "engine/containers/binder_entry_data.h"
#include "engine/containers/binder_hash_table.h"
#include "engine/containers/dcx.h"
#include "engine/containers/default_decompressors.h"
#include "tests/containers/container_fixtures.h"
#include "tests/support/corpus.h"

namespace meshproof {
namespace {

// The BND4 bytes of a fixture (inflated when it is DCX_DFLT-wrapped).
std::vector<std::uint8_t> load_bnd4(const test::AnibndFixture& fx) {
    auto bytes = test::read_file(test::corpus_path(fx.path));
    if (!fx.dcx) return bytes;
    auto out = dcx_decompress(bytes, default_decompressors());
    EXPECT_TRUE(out.ok()) << out.error().message;
    return out.ok() ? std::move(out).value() : std::vector<std::uint8_t>{};
}

bool ends_with(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

class AnibndTest : public ::testing::TestWithParam<test::AnibndFixture> {};

TEST_P(AnibndTest, ParsesWithEveryEntryInsideTheFile) {
    MP_REQUIRE_CORPUS();
    const auto& fx = GetParam();
    const auto bytes = load_bnd4(fx);
    ASSERT_FALSE(bytes.empty());
    auto binder = parse_bnd4(bytes);
    ASSERT_TRUE(binder.ok()) << binder.error().message << " at 0x" << std::hex << binder.error().offset;
    EXPECT_EQ(binder->entries.size(), fx.entries);
    EXPECT_EQ(binder->version, "07D7R6");
    EXPECT_EQ(binder->raw_format, 0x74);
    EXPECT_EQ(binder->format, binder_format::kEldenRing);
    EXPECT_TRUE(binder->unicode);
    EXPECT_FALSE(binder->big_endian);
    EXPECT_FALSE(binder->bit_big_endian);
    EXPECT_EQ(binder->extended, 4);
    // The corpus README: every name hash of these binders was checked.
    const Status hashes = check_binder_hash_table(bytes, *binder);
    EXPECT_TRUE(hashes.ok()) << hashes.error().message;

    std::uint64_t previous_end = binder->headers_end;
    for (const BinderEntry& e : binder->entries) {
        SCOPED_TRACE(e.name);
        EXPECT_EQ(e.flags, binder_entry_flags::kOrdinary);
        EXPECT_FALSE(e.compressed());
        ASSERT_TRUE(e.uncompressed_size.has_value());
        EXPECT_EQ(*e.uncompressed_size, e.compressed_size);
        ASSERT_TRUE(e.id.has_value());
        EXPECT_EQ(e.name.find('\\'), std::string::npos);
        EXPECT_FALSE(e.name_last_component().empty());
        EXPECT_EQ(e.name_last_component().find('/'), std::string_view::npos);
        auto data = entry_stored_bytes(e, bytes);
        ASSERT_TRUE(data.ok()) << data.error().message;
        EXPECT_GE(e.data_offset, previous_end);  // data follows the headers, in entry order
        previous_end = e.data_offset + e.compressed_size;
        // Tagfile members: big-endian section size word, then the TAG0 / TCM0 tag (§5.1).
        if (ends_with(e.name, ".hkx")) {
            ASSERT_GE(data->size(), 8u);
            EXPECT_TRUE(has_prefix(data->subspan(4), "TAG0"));
        }
        if (ends_with(e.name, ".compendium")) {
            EXPECT_TRUE(has_prefix(data->subspan(4), "TCM0"));
        }
    }
    EXPECT_LE(previous_end, bytes.size());
}

INSTANTIATE_TEST_SUITE_P(Corpus, AnibndTest, ::testing::ValuesIn(test::anibnd_fixtures()),
                         [](const auto& info) { return test::fixture_param_name(info.param.path); });

TEST(Anibnd, NamesAreNormalisedWindowsPaths) {
    MP_REQUIRE_CORPUS();
    const auto bytes = test::read_file(test::corpus_path("havok/anibnd/eldenring/parts__WP_A_0550_1.anibnd"));
    auto binder = parse_bnd4(bytes);
    ASSERT_TRUE(binder.ok()) << binder.error().message;
    for (std::size_t i = 0; i < 3; ++i) {
        const BinderEntry& e = binder->entries[i];
        std::cout << "  entry " << i << ": id " << *e.id << ", \"" << e.name << "\" -> \"" << e.name_last_component()
                  << "\", " << e.compressed_size << " bytes at 0x" << std::hex << e.data_offset << std::dec << "\n";
    }
    const BinderEntry& first = binder->entries[0];
    EXPECT_EQ(first.name.rfind("N:/GR/data/INTERROOT_win64/parts/Weapon/WP_A_0550/", 0), 0u) << first.name;
    EXPECT_EQ(*first.id, 1000000);
    EXPECT_EQ(first.data_offset, 0x970u);
    EXPECT_EQ(first.compressed_size, 0x384u);
}

TEST(Anibnd, SekiroAnimationNamesAreNormalised) {
    MP_REQUIRE_CORPUS();
    const auto bytes = load_bnd4(test::anibnd_fixtures()[2]);  // Sekiro c0000_a00x: 21 TAG0 + compendium
    auto binder = parse_bnd4(bytes);
    ASSERT_TRUE(binder.ok()) << binder.error().message;
    std::size_t printed = 0;
    std::size_t hkx = 0;
    for (const BinderEntry& e : binder->entries) {
        if (!ends_with(e.name, ".hkx")) continue;
        ++hkx;
        if (printed++ < 3) std::cout << "  " << e.name << " -> " << e.name_last_component() << "\n";
        EXPECT_EQ(e.name.rfind("N:/NTC/data/Target/INTERROOT_win64/chr/c0000/hkx/", 0), 0u) << e.name;
        // aXXX_YYYYYY.hkx
        const std::string_view last = e.name_last_component();
        EXPECT_TRUE(last.size() == 15 && last[0] == 'a' && last[4] == '_') << e.name;
    }
    EXPECT_EQ(hkx, 21u);
}

TEST(Anibnd, MembersOfTheDfltBinderDecompressAsStored) {
    MP_REQUIRE_CORPUS();
    const auto registry = default_decompressors();
    const auto bytes = load_bnd4(test::anibnd_fixtures()[0]);  // Sekiro c0000, 57 entries, 36 empty
    auto binder = parse_bnd4(bytes);
    ASSERT_TRUE(binder.ok()) << binder.error().message;
    std::size_t empty = 0;
    for (const BinderEntry& e : binder->entries) {
        auto content = entry_decompressed_bytes(e, bytes, registry);
        ASSERT_TRUE(content.ok()) << content.error().message;
        EXPECT_EQ(content->size(), e.compressed_size);
        empty += content->empty() ? 1 : 0;
    }
    EXPECT_EQ(empty, 36u);
}

}  // namespace
}  // namespace meshproof
