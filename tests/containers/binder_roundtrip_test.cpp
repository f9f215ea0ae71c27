// Binder writers (spec §2, §3) against the readers: byte-exact rewrites of the sample
// binders, BND4 and BXF4 round trips with ASCII and non-ASCII names, every format variant.
#include <gtest/gtest.h>

#include "engine/containers/binder.h"
#include "engine/containers/binder_entry_data.h"
#include "engine/containers/binder_hash_table.h"
#include "engine/containers/binder_writer.h"
#include "engine/containers/dcx.h"
#include "engine/containers/dcx_writer.h"
#include "engine/containers/default_decompressors.h"
#include "engine/containers/deflate_decompressor.h"
#include "engine/containers/zlib_stream.h"
#include "tests/containers/container_fixtures.h"
#include "tests/support/corpus.h"

namespace meshproof {
namespace {

std::vector<std::uint8_t> text(std::string_view s) { return {s.begin(), s.end()}; }

BinderFile member(std::string name, std::int32_t id, std::vector<std::uint8_t> data,
                  std::uint8_t flags = binder_entry_flags::kOrdinary,
                  std::optional<std::uint64_t> uncompressed_size = std::nullopt) {
    return BinderFile{std::move(name), id, std::move(data), flags, uncompressed_size};
}

// Members covering ASCII / Japanese / astral names, an empty member and unaligned sizes.
std::vector<BinderFile> sample_files() {
    std::vector<BinderFile> files;
    files.push_back(member("m10_00_00_00\\h10_00_00_00.compendium.dcx", 0, text("compendium bytes")));
    files.push_back(member("m10_00_00_00\\h10_00_00_00_000100.hkx.dcx", 1, text("seventeen bytes!!")));
    files.push_back(member("m10_00_00_00\\データ\\当たり判定.hkx", 2, {}));
    files.push_back(member("chr\\\xF0\x9D\x84\x9E-clef\\ÄÖÜ.bin", 3, std::vector<std::uint8_t>(1000, 0xAB)));
    files.push_back(member("last.txt", 40, text("x")));
    return files;
}

void expect_same_members(const Binder& binder, Bytes container, const std::vector<BinderFile>& files,
                         bool names = true) {
    ASSERT_EQ(binder.entries.size(), files.size());
    for (std::size_t i = 0; i < files.size(); ++i) {
        const BinderEntry& e = binder.entries[i];
        SCOPED_TRACE(files[i].name);
        if (names) {
            EXPECT_EQ(e.name, normalise_binder_name(files[i].name));
        }
        EXPECT_EQ(e.flags, files[i].flags);
        auto data = entry_stored_bytes(e, container);
        ASSERT_TRUE(data.ok()) << data.error().message;
        EXPECT_TRUE(std::equal(data->begin(), data->end(), files[i].data.begin(), files[i].data.end()));
        if (!files[i].data.empty()) {
            EXPECT_EQ(e.data_offset % 16, 0u);
        }
    }
}

TEST(BinderWriter, RewritesEverySampleAnibndByteForByte) {
    MP_REQUIRE_CORPUS();
    for (const auto& fx : test::anibnd_fixtures()) {
        SCOPED_TRACE(fx.path);
        auto bytes = test::read_file(test::corpus_path(fx.path));
        if (fx.dcx) bytes = dcx_decompress(bytes, default_decompressors()).value();
        auto binder = parse_bnd4(bytes);
        ASSERT_TRUE(binder.ok()) << binder.error().message;
        std::vector<BinderFile> files;
        for (const BinderEntry& e : binder->entries) {
            std::string name = e.name;  // the samples use `\` only, so undoing the normalisation is exact
            for (char& c : name)
                if (c == '/') c = '\\';
            const Bytes data = entry_stored_bytes(e, bytes).value();
            files.push_back({name, *e.id, {data.begin(), data.end()}, e.flags, e.uncompressed_size});
        }
        EXPECT_TRUE(write_bnd4(files) == bytes);
    }
}

TEST(BinderWriter, Bnd4RoundTripsAsciiAndNonAsciiNames) {
    const auto files = sample_files();
    const auto bytes = write_bnd4(files);
    auto binder = parse_bnd4(bytes);
    ASSERT_TRUE(binder.ok()) << binder.error().message;
    EXPECT_EQ(binder->version, "07D7R6");
    EXPECT_EQ(binder->raw_format, 0x74);
    EXPECT_EQ(binder->extended, 4);
    expect_same_members(*binder, bytes, files);
    EXPECT_EQ(binder->entries[2].name, "m10_00_00_00/データ/当たり判定.hkx");
    EXPECT_EQ(binder->entries[2].name_last_component(), "当たり判定.hkx");
    EXPECT_EQ(binder->entries[3].name_last_component(), "ÄÖÜ.bin");
    EXPECT_EQ(*binder->entries[4].id, 40);
    const Status hashes = check_binder_hash_table(bytes, *binder);
    EXPECT_TRUE(hashes.ok()) << hashes.error().message;
}

TEST(BinderWriter, Bxf4RoundTripsThroughBhf4AndBdf4) {
    const auto files = sample_files();
    const Bxf4Bytes bxf = write_bxf4(files);
    ASSERT_TRUE(has_prefix(bxf.bhd, "BHF4"));
    ASSERT_TRUE(has_prefix(bxf.bdt, "BDF4"));
    const Status bdt_ok = check_bdf4(bxf.bdt);
    ASSERT_TRUE(bdt_ok.ok()) << bdt_ok.error().message;
    auto binder = parse_bhf4(bxf.bhd);
    ASSERT_TRUE(binder.ok()) << binder.error().message;
    EXPECT_EQ(binder->kind, BinderKind::kBhf4);
    EXPECT_EQ(binder->headers_end, 0u);
    expect_same_members(*binder, bxf.bdt, files);
    EXPECT_EQ(binder->entries[0].data_offset, 0x30u);
    const Status hashes = check_binder_hash_table(bxf.bhd, *binder);
    EXPECT_TRUE(hashes.ok()) << hashes.error().message;
    // The halves are not interchangeable.
    EXPECT_EQ(parse_bnd4(bxf.bhd).error().code, ErrorCode::kBadMagic);
    EXPECT_EQ(parse_bhf4(bxf.bdt).error().code, ErrorCode::kBadMagic);
}

struct Variant {
    const char* label;
    BinderWriteOptions options;
};

TEST(BinderWriter, EveryFormatVariantRoundTrips) {
    using namespace binder_format;
    const Variant variants[] = {
        {"utf16-be", {.big_endian = true}},
        {"bit-big-endian", {.bit_big_endian = true}},
        {"both-big-endian", {.big_endian = true, .bit_big_endian = true}},
        {"long-offsets", {.format = kEldenRing | kLongOffsets}},
        {"names1-only", {.format = kNames1}},
        {"names2-ids", {.format = kNames2 | kIds}},
        {"no-compression-field", {.format = kIds | kNames1 | kNames2}},
        {"no-hash-table", {.hash_table = false}},
        {"version-10G29R1", {.version = "10G29R1"}},
    };
    const auto files = sample_files();
    for (const Variant& v : variants) {
        SCOPED_TRACE(v.label);
        for (bool split : {false, true}) {
            Bytes container;
            Result<Binder> binder = make_error(ErrorCode::kInternal, 0, "unset");
            std::vector<std::uint8_t> bnd;
            Bxf4Bytes bxf;
            if (split) {
                bxf = write_bxf4(files, v.options);
                ASSERT_TRUE(check_bdf4(bxf.bdt).ok());
                binder = parse_bhf4(bxf.bhd);
                container = bxf.bdt;
            } else {
                bnd = write_bnd4(files, v.options);
                binder = parse_bnd4(bnd);
                container = bnd;
            }
            ASSERT_TRUE(binder.ok()) << binder.error().message;
            EXPECT_EQ(binder->format, v.options.format);
            EXPECT_EQ(binder->big_endian, v.options.big_endian);
            EXPECT_EQ(binder->bit_big_endian, v.options.bit_big_endian);
            EXPECT_EQ(binder->version, v.options.version);
            EXPECT_EQ(binder->entries[0].uncompressed_size.has_value(), (v.options.format & kCompression) != 0);
            EXPECT_EQ(binder->entries[4].id.value_or(-7),
                      (v.options.format & kIds) || v.options.format == kNames1 ? 40 : -7);
            expect_same_members(*binder, container, files);
            if (binder->extended == 4) {
                const Status hashes = check_binder_hash_table(split ? Bytes(bxf.bhd) : Bytes(bnd), *binder);
                EXPECT_TRUE(hashes.ok()) << hashes.error().message;
            }
        }
    }
}

TEST(BinderWriter, WithoutNamesThereIsNoHashTable) {
    const auto files = sample_files();
    const auto bytes = write_bnd4(files, {.format = binder_format::kIds});
    auto binder = parse_bnd4(bytes);
    ASSERT_TRUE(binder.ok()) << binder.error().message;
    EXPECT_EQ(binder->extended, 0);
    expect_same_members(*binder, bytes, files, /*names=*/false);
    EXPECT_TRUE(binder->entries[0].name.empty());
}

TEST(BinderNames, ShiftJisNamesDecodeAsciiAndHalfWidthKatakana) {
    std::vector<BinderFile> files = {member("map\\ｱｲｳ_h.hkx", 0, text("a")), member("map\\漢字.hkx", 1, text("b"))};
    const auto bytes = write_bnd4(files, {.unicode = false});
    auto binder = parse_bnd4(bytes);
    ASSERT_TRUE(binder.ok()) << binder.error().message;
    EXPECT_FALSE(binder->unicode);
    EXPECT_EQ(binder->entries[0].name, "map/ｱｲｳ_h.hkx");
    EXPECT_EQ(binder->entries[1].name, "map/??.hkx");  // the lossy writer's stand-in
    // Double-byte JIS decodes to U+FFFD (no table): 0x93 0xFA is 日.
    const std::uint8_t nichi[] = {'a', 0x93, 0xFA, 'b', 0x5C, 'c'};
    EXPECT_EQ(shift_jis_to_utf8(nichi),
              "a\xEF\xBF\xBD"
              "b\\c");
}

TEST(BinderNames, Utf16UnpairedSurrogatesBecomeReplacementCharacters) {
    const std::uint8_t units[] = {'A', 0, 0x00, 0xD8, 'B', 0};  // A, lone high surrogate, B
    EXPECT_EQ(utf16_to_utf8(units, false),
              "A\xEF\xBF\xBD"
              "B");
}

TEST(BinderNames, HashMatchesSoulsFormatsRule) {
    // "/" prefix, lower case, `\` → `/`, h = h*37 + c.
    std::uint32_t h = 0;
    for (char c : std::string_view("/a/b.hkx")) h = h * 37 + static_cast<unsigned char>(c);
    EXPECT_EQ(binder_name_hash("A\\B.HKX"), h);
    EXPECT_EQ(binder_name_hash("/a/b.hkx"), h);
    EXPECT_EQ(binder_hash_group_count(11), 2u);
    EXPECT_EQ(binder_hash_group_count(15103), 2161u);
}

TEST(BinderEntryData, DcxAndRawZlibMembersDecompress) {
    const auto registry = default_decompressors();
    const auto content = std::vector<std::uint8_t>(5000, 0x5A);
    const auto zlib = deflate_zlib(content, 9);
    std::vector<BinderFile> files = {
        member("a.hkx.dcx", 0, dcx_write_dflt(content)),
        member("b.hkx.dcx", 1, dcx_write_zstd(content)),
        member("c.hkx", 2, zlib, binder_entry_flags::kOrdinary | binder_entry_flags::kCompressed, content.size()),
        member("d.hkx", 3, text("plain")),
    };
    for (std::uint8_t format :
         {binder_format::kEldenRing, std::uint8_t(binder_format::kEldenRing & ~binder_format::kCompression)}) {
        SCOPED_TRACE(int(format));
        const auto bytes = write_bnd4(files, {.format = format});
        auto binder = parse_bnd4(bytes);
        ASSERT_TRUE(binder.ok()) << binder.error().message;
        for (std::size_t i = 0; i < 3; ++i) {
            auto out = entry_decompressed_bytes(binder->entries[i], bytes, registry);
            ASSERT_TRUE(out.ok()) << i << ": " << out.error().message;
            EXPECT_TRUE(*out == content) << i;
        }
        EXPECT_TRUE(entry_decompressed_bytes(binder->entries[3], bytes, registry).value() == text("plain"));
    }
    // A raw-zlib member whose recorded size is wrong.
    files[2].uncompressed_size = content.size() + 1;
    const auto bytes = write_bnd4(files);
    auto binder = parse_bnd4(bytes);
    auto out = entry_decompressed_bytes(binder->entries[2], bytes, registry);
    ASSERT_FALSE(out.ok());
    EXPECT_EQ(out.error().code, ErrorCode::kSizeMismatch);
    EXPECT_GE(out.error().offset, binder->entries[2].data_offset);
}

TEST(BinderEntryData, KrakMemberDecodesWithTheDefaultRegistry) {
    MP_REQUIRE_CORPUS();
    std::vector<BinderFile> files = {
        member("m60\\h60_00_00_00_000000.hkx.dcx", 1, test::read_file(test::corpus_path("havok/h.hkx.dcx")))};
    const Bxf4Bytes bxf = write_bxf4(files);
    auto binder = parse_bhf4(bxf.bhd);
    ASSERT_TRUE(binder.ok());
    auto out = entry_decompressed_bytes(binder->entries[0], bxf.bdt, default_decompressors());
    ASSERT_TRUE(out.ok()) << out.error().message;
    EXPECT_EQ(*out, test::read_file(test::corpus_path("havok/h.hkx")));
}

TEST(BinderEntryData, KrakMemberWithoutKrakenIsUnsupportedAtItsFileOffset) {
    MP_REQUIRE_CORPUS();
    std::vector<BinderFile> files = {
        member("m60\\h60_00_00_00_000000.hkx.dcx", 1, test::read_file(test::corpus_path("havok/h.hkx.dcx")))};
    const Bxf4Bytes bxf = write_bxf4(files);
    auto binder = parse_bhf4(bxf.bhd);
    ASSERT_TRUE(binder.ok());
    DecompressorRegistry without_kraken;
    without_kraken.add(make_deflate_decompressor());
    auto out = entry_decompressed_bytes(binder->entries[0], bxf.bdt, without_kraken);
    ASSERT_FALSE(out.ok());
    EXPECT_EQ(out.error().code, ErrorCode::kUnsupported);
    EXPECT_EQ(out.error().offset, binder->entries[0].data_offset + 0x28);
    EXPECT_NE(out.error().message.find("unsupported compression KRAK"), std::string::npos);
}

TEST(BinderEntryData, DataOutsideTheContainerIsOutOfBounds) {
    const auto files = sample_files();
    const Bxf4Bytes bxf = write_bxf4(files);
    auto binder = parse_bhf4(bxf.bhd);
    ASSERT_TRUE(binder.ok());
    // Against a BDT cut short, the last members fall outside.
    const Bytes short_bdt = Bytes(bxf.bdt).first(bxf.bdt.size() - 1);
    auto data = entry_stored_bytes(binder->entries[4], short_bdt);
    ASSERT_FALSE(data.ok());
    EXPECT_EQ(data.error().code, ErrorCode::kOutOfBounds);
    EXPECT_EQ(data.error().offset, binder->entries[4].data_offset);
    BinderEntry huge = binder->entries[0];
    huge.data_offset = ~0ull - 2;
    EXPECT_EQ(entry_stored_bytes(huge, bxf.bdt).error().code, ErrorCode::kOutOfBounds);
}

TEST(BinderHeader, FieldErrorsAreTypedWithOffsets) {
    const auto good = write_bnd4(sample_files());
    struct Case {
        std::size_t offset;
        std::uint8_t value;
        ErrorCode code;
    };
    const Case cases[] = {
        {0x00, 'X', ErrorCode::kBadMagic},   {0x04, 2, ErrorCode::kBadHeader},
        {0x07, 1, ErrorCode::kBadHeader},    {0x0A, 2, ErrorCode::kBadHeader},
        {0x0F, 0x80, ErrorCode::kBadHeader}, {0x10, 0x41, ErrorCode::kBadHeader},
        {0x20, 0x20, ErrorCode::kBadHeader}, {0x2F, 0x01, ErrorCode::kOutOfBounds},
        {0x30, 0x02, ErrorCode::kBadHeader}, {0x32, 0x02, ErrorCode::kBadHeader},
        {0x35, 0x01, ErrorCode::kBadHeader}, {0x3F, 0x01, ErrorCode::kOutOfBounds},
        {0x41, 0x01, ErrorCode::kBadHeader}, {0x44, 0x00, ErrorCode::kBadHeader},
    };
    for (const Case& c : cases) {
        auto bytes = good;
        bytes[c.offset] = c.value;
        auto binder = parse_bnd4(bytes);
        ASSERT_FALSE(binder.ok()) << std::hex << c.offset;
        EXPECT_EQ(binder.error().code, c.code) << std::hex << c.offset << ": " << binder.error().message;
    }
    // A stored entry header size that disagrees with the format is reported at 0x20.
    auto bytes = good;
    bytes[0x20] = 40;
    EXPECT_EQ(parse_bnd4(bytes).error().offset, 0x20u);
    // A name offset outside the file.
    bytes = good;
    bytes[0x40 + 32 + 3] = 0x7F;
    EXPECT_EQ(parse_bnd4(bytes).error().code, ErrorCode::kOutOfBounds);
}

TEST(BinderHeader, DcxWrappedBinderAsksToDecompressFirst) {
    const auto bnd = write_bnd4(sample_files());
    const auto dcx = dcx_write_dflt(bnd);
    auto binder = parse_bnd4(dcx);
    ASSERT_FALSE(binder.ok());
    EXPECT_EQ(binder.error().code, ErrorCode::kBadMagic);
    EXPECT_NE(binder.error().message.find("decompress"), std::string::npos);
    EXPECT_TRUE(parse_bnd4(dcx_decompress(dcx, default_decompressors()).value()).ok());
}

TEST(BinderHeader, Bdf4HeaderChecks) {
    const Bxf4Bytes bxf = write_bxf4(sample_files());
    auto bdt = bxf.bdt;
    bdt[0x10] = 0x38;
    EXPECT_EQ(check_bdf4(bdt).error().offset, 0x10u);
    bdt = bxf.bdt;
    bdt[0x10] = 0x40;  // tolerated (§3)
    EXPECT_TRUE(check_bdf4(bdt).ok());
    bdt = bxf.bdt;
    bdt[0x21] = 1;
    EXPECT_EQ(check_bdf4(bdt).error().code, ErrorCode::kBadHeader);
    EXPECT_EQ(check_bdf4(Bytes(bxf.bdt).first(0x2F)).error().code, ErrorCode::kTruncated);
}

}  // namespace
}  // namespace meshproof
