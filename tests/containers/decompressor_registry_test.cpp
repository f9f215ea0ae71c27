#include <gtest/gtest.h>

#include "engine/containers/decompressor.h"
#include "engine/containers/default_decompressors.h"
#include "engine/containers/deflate_decompressor.h"
#include "engine/containers/zstd_decompressor.h"

namespace meshproof {
namespace {

class FakeKraken final : public Decompressor {
public:
    std::string_view codec() const override { return "KRAK"; }
    std::string_view library_version() const override { return "fake 0"; }
    Status decompress(Bytes, std::span<std::uint8_t> out) const override {
        for (auto& b : out) b = 0x4B;
        return ok_status();
    }
};

TEST(DecompressorRegistry, DefaultsAreDeflateKrakenAndZstdSorted) {
    const DecompressorRegistry r = default_decompressors();
    EXPECT_EQ(r.codecs(), (std::vector<std::string>{"DFLT", "KRAK", "ZSTD"}));
    ASSERT_NE(r.find("DFLT"), nullptr);
    EXPECT_NE(r.find("DFLT")->library_version().find("libdeflate"), std::string_view::npos);
    EXPECT_NE(r.find("ZSTD")->library_version().find("libzstd"), std::string_view::npos);
    ASSERT_NE(r.find("KRAK"), nullptr);
    EXPECT_NE(r.find("KRAK")->library_version().find("kraken"), std::string_view::npos);
    EXPECT_EQ(r.find("LZMA"), nullptr);
}

TEST(DecompressorRegistry, MissingCodecIsUnsupportedWithRemedy) {
    DecompressorRegistry r;
    r.add(make_deflate_decompressor());
    auto d = r.require("KRAK", 0x28);
    ASSERT_FALSE(d.ok());
    EXPECT_EQ(d.error().code, ErrorCode::kUnsupported);
    EXPECT_EQ(d.error().offset, 0x28u);
    EXPECT_EQ(d.error().message.rfind("unsupported compression KRAK (no decoder registered; ", 0), 0u)
        << d.error().message;
}

TEST(DecompressorRegistry, AddingACodecIsOneLineAndReplacingKeepsOrder) {
    DecompressorRegistry r;
    r.add(make_deflate_decompressor());
    r.add(make_zstd_decompressor());
    r.add(std::make_shared<FakeKraken>());
    EXPECT_EQ(r.codecs(), (std::vector<std::string>{"DFLT", "KRAK", "ZSTD"}));
    ASSERT_TRUE(r.require("KRAK").ok());
    r.add(std::make_shared<FakeKraken>());  // replacing keeps one entry
    EXPECT_EQ(r.codecs().size(), 3u);
}

}  // namespace
}  // namespace meshproof
