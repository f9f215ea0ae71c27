// `meshproof verify` on folders of Freelancer .sur files (issue 8): a bare folder is detected as
// Freelancer without flags, the sur passes report, the figures of the document manifest are
// present (informational), and malformed files make a partial run, never a failed one.
#include <gtest/gtest.h>

#include <string>

#include "tests/cli/run_cli.h"
#include "tests/support/corpus.h"

namespace {

using Output = meshproof::test::CliOutput;

// stdout only: the tests read the JSON report written to it.
constexpr auto& run = meshproof::test::run_cli_stdout;

std::string sur_folder(const char* name) { return meshproof::test::corpus_path(std::string("sur/") + name).string(); }

TEST(CliVerifySur, RetailSampleVerifiesWithoutFlags) {
    MP_REQUIRE_CORPUS();
    const Output r = run("verify " + sur_folder("retail-sample") + " --quiet --json -");
    EXPECT_EQ(r.code, 0) << r.text.substr(0, 2000);
    for (const char* needle : {"\"sur_read\"", "\"sur_roundtrip\"", "\"freelancer/vers\"", "only .sur files: Freelancer",
                               "\"sur.corpus.parts\"", "\"sur.roundtrip.fixed_point\"", "\"decode_error\": 0"})
        EXPECT_NE(r.text.find(needle), std::string::npos) << needle;
    // The sample holds 351 parts.
    EXPECT_NE(r.text.find("\"counter\": \"parts\",\n          \"scope\": \"freelancer/vers\",\n          \"value\": 351,"),
              std::string::npos);
}

TEST(CliVerifySur, ModsWithMalformedFilesArePartialNotFailed) {
    MP_REQUIRE_CORPUS();
    const Output r = run("verify " + sur_folder("mods") + " --quiet --passes sur_read,sur_roundtrip --json -");
    EXPECT_EQ(r.code, 3);   // partial run: 6 decode errors, no violation
    EXPECT_NE(r.text.find("\"decode_error\": 6"), std::string::npos);
    EXPECT_NE(r.text.find("\"unknown-chunk\": 5"), std::string::npos);
}

TEST(CliVerifySur, GameFlagOverridesDetection) {
    MP_REQUIRE_CORPUS();
    const Output r = run("verify " + sur_folder("retail-legacy") + " --game freelancer --quiet --json -");
    EXPECT_EQ(r.code, 0);
    EXPECT_NE(r.text.find("\"freelancer/legacy\""), std::string::npos);
}

}  // namespace
