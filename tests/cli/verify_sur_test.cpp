// `meshproof verify` on folders of Freelancer .sur files (issue 8): a bare folder is detected as
// Freelancer without flags, the sur passes report, the figures of the document manifest are
// present (informational), and malformed files make a partial run, never a failed one.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <string>

#include "tests/support/corpus.h"

namespace {

struct Output {
    int code = -1;
    std::string out;   // stdout only
};

Output run(const std::string& args) {
    Output o;
    const std::string cmd = std::string(MESHPROOF_BINARY) + " " + args + " 2>/dev/null";
    FILE* p = ::popen(cmd.c_str(), "r");
    if (p == nullptr) return o;
    std::array<char, 4096> buf{};
    std::size_t n;
    while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) o.out.append(buf.data(), n);
    const int status = ::pclose(p);
    o.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return o;
}

std::string sur_folder(const char* name) { return meshproof::test::corpus_path(std::string("sur/") + name).string(); }

TEST(CliVerifySur, RetailSampleVerifiesWithoutFlags) {
    MP_REQUIRE_CORPUS();
    const Output r = run("verify " + sur_folder("retail-sample") + " --quiet --json -");
    EXPECT_EQ(r.code, 0) << r.out.substr(0, 2000);
    for (const char* needle : {"\"sur_read\"", "\"sur_roundtrip\"", "\"freelancer/vers\"", "only .sur files: Freelancer",
                               "\"sur.corpus.parts\"", "\"sur.roundtrip.fixed_point\"", "\"decode_error\": 0"})
        EXPECT_NE(r.out.find(needle), std::string::npos) << needle;
    // The sample holds 351 parts.
    EXPECT_NE(r.out.find("\"counter\": \"parts\",\n          \"scope\": \"freelancer/vers\",\n          \"value\": 351,"),
              std::string::npos);
}

TEST(CliVerifySur, ModsWithMalformedFilesArePartialNotFailed) {
    MP_REQUIRE_CORPUS();
    const Output r = run("verify " + sur_folder("mods") + " --quiet --passes sur_read,sur_roundtrip --json -");
    EXPECT_EQ(r.code, 3);   // partial run: 6 decode errors, no violation
    EXPECT_NE(r.out.find("\"decode_error\": 6"), std::string::npos);
    EXPECT_NE(r.out.find("\"unknown-chunk\": 5"), std::string::npos);
}

TEST(CliVerifySur, GameFlagOverridesDetection) {
    MP_REQUIRE_CORPUS();
    const Output r = run("verify " + sur_folder("retail-legacy") + " --game freelancer --quiet --json -");
    EXPECT_EQ(r.code, 0);
    EXPECT_NE(r.out.find("\"freelancer/legacy\""), std::string::npos);
}

}  // namespace
