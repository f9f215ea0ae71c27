// Report text is valid UTF-8 whatever the install's names are (engine/core/utf8_text.h): a file name
// with the byte 0xFF made the JSON report one that simdjson, and so `meshproof diff`, refused.
#include <gtest/gtest.h>

#include <string>

#include <simdjson.h>

#include "engine/core/json_writer.h"
#include "engine/core/utf8_text.h"

namespace meshproof {
namespace {

const std::string kFffd = "\xEF\xBF\xBD";

TEST(Utf8Text, WellFormedTextIsCopiedUnchanged) {
    for (const std::string& s :
         {std::string("plain ascii"), std::string("Ashina \xE8\x91\xA6\xE5\x90\x8D"),  // 葦名
          std::string("\xC2\xA9 \xF0\x9F\x98\x80 \xEF\xBF\xBF \xF4\x8F\xBF\xBF"),      // ©, an emoji, U+FFFF, U+10FFFF
          std::string()}) {
        EXPECT_EQ(valid_utf8(s), s);
        std::string out;
        append_valid_utf8(out, s);
        EXPECT_EQ(out, s);
    }
}

TEST(Utf8Text, EachIllFormedByteBecomesTheReplacementCharacter) {
    const struct {
        std::string in, out;
    } cases[] = {
        {"h10\xFF.hkxbhd", "h10" + kFffd + ".hkxbhd"},
        {"\xFE\xFF", kFffd + kFffd},
        {"\x80", kFffd},                                      // a continuation byte alone
        {"\xC0\x80", kFffd + kFffd},                          // an overlong NUL
        {"\xC1\xBF", kFffd + kFffd},                          // overlong
        {"\xE0\x80\x80", kFffd + kFffd + kFffd},              // overlong three-byte form
        {"\xED\xA0\x80", kFffd + kFffd + kFffd},              // a surrogate (U+D800)
        {"\xF4\x90\x80\x80", kFffd + kFffd + kFffd + kFffd},  // past U+10FFFF
        {"\xF5\x80\x80\x80", kFffd + kFffd + kFffd + kFffd},
        {"a\xE2\x82", "a" + kFffd + kFffd},  // cut short at the end
        {"\xE2\x82"
         "b",
         kFffd + kFffd + "b"},             // cut short before an ASCII byte
        {"\xE2\x82\xAC", "\xE2\x82\xAC"},  // the euro sign, whole
    };
    for (const auto& c : cases) {
        EXPECT_EQ(valid_utf8(c.in), c.out) << c.in;
        std::string out = "x";
        append_valid_utf8(out, c.in);
        EXPECT_EQ(out, "x" + c.out) << c.in;
    }
}

TEST(Utf8Text, JsonStringsReadBackWhateverTheirBytes) {
    JsonWriter w(0);
    w.begin_object().field("path", std::string_view("map/h10\xFF\x01\"<x>\xE8\x91\xA6.hkxbhd")).end_object();
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    ASSERT_EQ(parser.parse(w.str()).get(doc), simdjson::SUCCESS) << w.str();
    std::string_view path;
    ASSERT_EQ(doc["path"].get(path), simdjson::SUCCESS);
    EXPECT_EQ(std::string(path), "map/h10" + kFffd + "\x01\"<x>\xE8\x91\xA6.hkxbhd");
}

}  // namespace
}  // namespace meshproof
