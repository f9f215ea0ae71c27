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
    for (const char* needle :
         {"\"sur_read\"", "\"sur_roundtrip\"", "\"freelancer/vers\"", "only .sur files: Freelancer",
          "\"sur.corpus.parts\"", "\"sur.roundtrip.fixed_point\"", "\"decode_error\": 0"})
        EXPECT_NE(r.text.find(needle), std::string::npos) << needle;
    // The sample holds 351 parts.
    EXPECT_NE(
        r.text.find("\"counter\": \"parts\",\n          \"scope\": \"freelancer/vers\",\n          \"value\": 351,"),
        std::string::npos);
}

// A figure of one named file (a file scope the CLI asks the run for, from the document
// manifest): "pod_drab.sur's [hull] has 62 [faces]" and "computes 72.27 where the file says
// 122.50" hold on the sample, which holds pod_drab.sur.
TEST(CliVerifySur, FiguresOfOneNamedFileAreMeasuredInIt) {
    MP_REQUIRE_CORPUS();
    const Output r = run("verify " + sur_folder("retail-sample") + " --quiet --json -");
    ASSERT_EQ(r.code, 0);
    for (const char* id :
         {"sur.read.pod_drab_faces", "sur.read.pod_drab_inertia_stored", "sur.derive.pod_drab_inertia_derived"}) {
        const std::size_t at = r.text.find(std::string("\"id\": \"") + id + "\"");
        ASSERT_NE(at, std::string::npos) << id;
        const std::string entry = r.text.substr(at, r.text.find('}', r.text.find("\"quote\"", at)) - at);
        EXPECT_NE(entry.find("\"file\": \"pod_drab.sur\""), std::string::npos) << entry;
        EXPECT_NE(entry.find("\"status\": \"match\""), std::string::npos) << entry;
    }
    // crate_grey.sur is not in the sample: its figure is unchecked, not a mismatch against 0.
    const std::size_t grey = r.text.find("\"id\": \"sur.read.crate_grey_faces\"");
    ASSERT_NE(grey, std::string::npos);
    EXPECT_NE(r.text.substr(grey, 1200).find("\"status\": \"unchecked\""), std::string::npos);
}

TEST(CliVerifySur, ModsWithMalformedFilesArePartialNotFailed) {
    MP_REQUIRE_CORPUS();
    const Output r = run("verify " + sur_folder("mods") + " --quiet --passes sur_read,sur_roundtrip --json -");
    EXPECT_EQ(r.code, 3);  // partial run: 6 decode errors, no violation
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
