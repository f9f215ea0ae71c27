// The SDK version from a tagfile's first 24 bytes (engine/tagfile/sdk_version_peek.h), the
// game detection of a folder of loose tagfiles reads it so.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/tagfile/sdk_version_peek.h"
#include "tests/support/corpus.h"

namespace meshproof::tagfile {
namespace {

// TAG0 (size word 0x0E70) { SDKV(16) = digits }, then nothing more: the head of a tagfile.
std::vector<std::uint8_t> head_with(const std::string& digits, const char* root = "TAG0", const char* first = "SDKV") {
    std::vector<std::uint8_t> b = {0x00, 0x00, 0x0E, 0x70};
    b.reserve(16 + digits.size());
    b.insert(b.end(), root, root + 4);
    b.insert(b.end(), {0x40, 0x00, 0x00, 0x10});
    b.insert(b.end(), first, first + 4);
    b.insert(b.end(), digits.begin(), digits.end());
    return b;
}

TEST(SdkVersionPeek, ReadsTheVersionFromTheHeadAlone) {
    const auto sekiro = head_with("20160200");
    auto v = peek_sdk_version(sekiro);
    ASSERT_TRUE(v.ok()) << v.error().message;
    EXPECT_EQ(*v, "20160200");
    EXPECT_EQ(*peek_sdk_version(head_with("20180100")), "20180100");
}

TEST(SdkVersionPeek, AgreesWithTheFullParserOnTheSample) {
    MP_REQUIRE_CORPUS();
    const auto bytes = test::read_file(test::corpus_path("havok/h.hkx"));
    auto v = peek_sdk_version(Bytes(bytes).first(kSdkVersionPeekSize));
    ASSERT_TRUE(v.ok()) << v.error().message;
    EXPECT_EQ(*v, "20180100");
}

// ctest-labels: hostile
TEST(SdkVersionPeek, CorruptHeadsAreErrors) {
    EXPECT_EQ(peek_sdk_version(head_with("20180100", "TCM0")).error().code, ErrorCode::kBadMagic);
    EXPECT_EQ(peek_sdk_version(head_with("20180100", "TAG0", "DATA")).error().code, ErrorCode::kBadHeader);
    EXPECT_EQ(peek_sdk_version(head_with("2018010x")).error().code, ErrorCode::kBadHeader);
}

// ctest-labels: hostile
TEST(SdkVersionPeek, EveryTruncatedPrefixIsAnError) {
    const auto head = head_with("20180100");
    for (std::size_t n = 0; n < head.size(); ++n)
        EXPECT_FALSE(peek_sdk_version(Bytes(head).first(n)).ok()) << n << " bytes accepted";
}

}  // namespace
}  // namespace meshproof::tagfile
