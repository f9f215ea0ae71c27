// Manifest loading is strict: each malformed entry is an error that names the entry.
#include <gtest/gtest.h>

#include "reports/manifest.h"
#include "tests/reports/report_fixtures.h"

namespace meshproof {
namespace {

const char* kGoodFigure = R"({"id": "havok.page.eldenring.l_sections_page1", "figure": "l-set sections with page 1",
  "pass": "page", "counter": "sections_page_1", "scope": {"game": "eldenring", "set": "l"},
  "expected": 89, "label": "Proven", "quote": "Sekiro has 89 l-set sections with page 1"})";

Result<Manifest> parse(const std::string& text) { return parse_manifest(text, PassRegistry::global()); }

// The error message for a manifest with one figure: `replace` swaps one fragment of kGoodFigure.
std::string error_for(const std::string& from, const std::string& to) {
    std::string fig = kGoodFigure;
    const auto at = fig.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    fig.replace(at, from.size(), to);
    auto m = parse(test::manifest_with(fig));
    EXPECT_FALSE(m.ok()) << "accepted: " << fig;
    return m.ok() ? std::string() : m.error().message;
}

TEST(Manifest, ParsesEveryFieldOfAFigure) {
    auto m = parse(test::manifest_with(R"({"id": "a", "figure": "share", "pass": "nibble", "counter": "inner_match",
        "of": "inner_nodes", "scope": {"game": "sekiro", "set": "object", "dlc": false}, "scope_text": "object",
        "expected": 93, "percent": true, "tolerance": 0.5, "denominator": 100, "denominator_counter": "inner_nodes",
        "label": "Observed", "quote": "93%"})",
                                       "sekiro"));
    ASSERT_TRUE(m.ok()) << m.error().message;
    ASSERT_EQ(m->figures.size(), 1u);
    const ManifestFigure& f = m->figures[0];
    EXPECT_EQ(m->game, "sekiro");
    EXPECT_EQ(*f.pass, "nibble");
    EXPECT_EQ(f.counter, "inner_match");
    EXPECT_EQ(f.of, "inner_nodes");
    EXPECT_EQ(f.scope.set, "object");
    EXPECT_TRUE(f.percent);
    EXPECT_EQ(f.expected, 93);
    EXPECT_EQ(f.tolerance, 0.5);
    EXPECT_EQ(*f.denominator, 100);
    EXPECT_EQ(f.denominator_counter, "inner_nodes");
}

TEST(Manifest, NullPassIsANotComputedFigure) {
    auto m = parse(test::manifest_with(R"({"id": "x", "figure": "f", "pass": null, "scope": {"game": "eldenring"},
        "expected": 7, "label": "Observed"})"));
    ASSERT_TRUE(m.ok()) << m.error().message;
    EXPECT_FALSE(m->figures[0].pass.has_value());
    EXPECT_TRUE(m->figures[0].scope.set.empty());
}

TEST(Manifest, UnknownPassNamesTheEntry) {
    const std::string e = error_for(R"("pass": "page")", R"("pass": "no_such_pass")");
    EXPECT_NE(e.find("havok.page.eldenring.l_sections_page1"), std::string::npos) << e;
    EXPECT_NE(e.find("unknown pass 'no_such_pass'"), std::string::npos) << e;
}

TEST(Manifest, UnknownCounterNamesTheEntry) {
    const std::string e = error_for(R"("counter": "sections_page_1")", R"("counter": "sections_page_9")");
    EXPECT_NE(e.find("figures[0] (havok.page.eldenring.l_sections_page1)"), std::string::npos) << e;
    EXPECT_NE(e.find("sections_page_9"), std::string::npos) << e;
}

TEST(Manifest, DuplicateIdNamesTheEntry) {
    auto m = parse(test::manifest_with(std::string(kGoodFigure) + ", " + kGoodFigure));
    ASSERT_FALSE(m.ok());
    EXPECT_NE(m.error().message.find("figures[1] (havok.page.eldenring.l_sections_page1): duplicate id"),
              std::string::npos)
        << m.error().message;
}

TEST(Manifest, MalformedEntriesAreErrors) {
    EXPECT_NE(error_for(R"("expected": 89)", R"("expected": "89")")
                  .find("(havok.page.eldenring.l_sections_page1).expected: expected a number"),
              std::string::npos);
    EXPECT_NE(error_for(R"("expected": 89, )", "").find(".expected: missing"), std::string::npos);
    EXPECT_NE(error_for(R"("label": "Proven")", R"("label": "Likely")").find("unknown label"), std::string::npos);
    EXPECT_NE(error_for(R"("set": "l")", R"("set": "q")").find("unknown set 'q'"), std::string::npos);
    EXPECT_NE(error_for(R"("game": "eldenring")", R"("game": "doom")").find("unknown game"), std::string::npos);
    EXPECT_NE(error_for(R"("pass": "page", )", "").find(".pass: missing"), std::string::npos);
    EXPECT_NE(error_for(R"("pass": "page")", R"("pass": null)").find("'counter' or 'of' given"), std::string::npos);
    EXPECT_NE(error_for(R"("counter": "sections_page_1")", R"("counter": "sections_page_1", "tolerance": -1)")
                  .find("must not be negative"),
              std::string::npos);
    EXPECT_NE(error_for(R"("quote": "Sekiro has 89 l-set sections with page 1")",
                        R"("quote": "a b c d e f g h i j k l m n o p q r s t u")")
                  .find("longer than 20 words"),
              std::string::npos);
    EXPECT_NE(error_for(R"("counter": "sections_page_1")", R"("counter": "sections_page_1", "of": "nope")")
                  .find("no counter 'nope' (of)"),
              std::string::npos);
}

TEST(Manifest, WrongFormatVersionIsAnError) {
    std::string text = test::manifest_with(kGoodFigure);
    text.replace(text.find("\"manifest_format\": 1"), 20, "\"manifest_format\": 2");
    auto m = parse(text);
    ASSERT_FALSE(m.ok());
    EXPECT_NE(m.error().message.find("manifest_format"), std::string::npos);
}

// No prefix of a good manifest crashes the loader; all but the whole text are errors.
// ctest-labels: hostile
TEST(Manifest, TruncatedManifestsAreErrorsNotCrashes) {
    const std::string text = test::manifest_with(kGoodFigure);
    for (std::size_t n = 0; n < text.size(); ++n) {
        auto m = parse(text.substr(0, n));
        EXPECT_FALSE(m.ok()) << "prefix " << n;
    }
    EXPECT_TRUE(parse(text).ok());
}

}  // namespace
}  // namespace meshproof
