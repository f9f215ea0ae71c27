// The executable end to end: exit codes, --version, dump, unpack's refusal to overwrite.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "tests/support/corpus.h"

namespace {
namespace fs = std::filesystem;

struct Output {
    int code = -1;
    std::string text;   // stdout and stderr
};

Output run(const std::string& args) {
    Output out;
    std::string cmd = std::string(MESHPROOF_BINARY) + " " + args + " 2>&1";
    FILE* p = ::popen(cmd.c_str(), "r");
    if (p == nullptr) return out;
    std::array<char, 4096> buf{};
    std::size_t n;
    while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) out.text.append(buf.data(), n);
    int status = ::pclose(p);
    out.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return out;
}

std::string corpus(const std::string& rel) { return meshproof::test::corpus_path(rel).string(); }

TEST(Cli, VersionListsTheLibraries) {
    auto r = run("--version");
    EXPECT_EQ(r.code, 0);
    for (const char* lib : {"meshproof", "oneTBB", "simdjson", "Abseil", "mimalloc", "libdeflate", "zstd"})
        EXPECT_NE(r.text.find(lib), std::string::npos) << lib;
}

TEST(Cli, UsageErrorsExitTwo) {
    EXPECT_EQ(run("").code, 2);
    EXPECT_EQ(run("verify").code, 2);
    EXPECT_EQ(run("no-such-command").code, 2);
    EXPECT_EQ(run("verify /nonexistent/root").code, 2);
    EXPECT_EQ(run("verify . --passes no-such-pass").code, 2);
    EXPECT_EQ(run("verify . --game nosuchgame").code, 2);
}

TEST(Cli, HelpDocumentsExitCodes) {
    auto r = run("verify --help");
    EXPECT_EQ(r.code, 0);
    EXPECT_NE(r.text.find("partial run"), std::string::npos);
}

TEST(Cli, DumpReachesTheCompressedMeshShape) {
    MP_REQUIRE_CORPUS();
    auto r = run("dump " + corpus("havok/h.hkx"));
    ASSERT_EQ(r.code, 0) << r.text;
    EXPECT_NE(r.text.find("sdk 20180100"), std::string::npos);
    EXPECT_NE(r.text.find("types 281"), std::string::npos);
    EXPECT_NE(r.text.find("fsnpCustomParamCompressedMeshShape"), std::string::npos);
    EXPECT_NE(r.text.find("numShapeKeyBits: 5"), std::string::npos);
    EXPECT_NE(r.text.find("convexRadius: 0.015"), std::string::npos);
    EXPECT_NE(r.text.find("hkcdStaticMeshTree::Primitive[12]"), std::string::npos);
}

TEST(Cli, DumpListsABinderAndDumpsOneMember) {
    MP_REQUIRE_CORPUS();
    const std::string binder = corpus("havok/anibnd/sekiro/parts__WP_A_2300.anibnd");
    auto list = run("dump " + binder);
    ASSERT_EQ(list.code, 0) << list.text;
    EXPECT_NE(list.text.find("a999_000000.hkx"), std::string::npos);
    auto one = run("dump " + binder + " --member a999_000000.hkx");
    ASSERT_EQ(one.code, 0) << one.text;
    EXPECT_NE(one.text.find("sdk 20160200"), std::string::npos);
    EXPECT_EQ(run("dump " + binder + " --member no-such-member.hkx").code, 2);
}

TEST(Cli, VerifyCountsKrakenMembersAsSkippedAndExitsPartial) {
    MP_REQUIRE_CORPUS();
    auto r = run("verify " + corpus("havok") + " --quiet --json -");
    EXPECT_EQ(r.code, 3) << r.text;
    EXPECT_NE(r.text.find("\"skipped\": 3"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("unsupported compression KRAK"), std::string::npos);
}

TEST(Cli, UnpackNeverOverwritesWithoutForce) {
    MP_REQUIRE_CORPUS();
    const fs::path out = fs::temp_directory_path() / "meshproof-cli-unpack";
    fs::remove_all(out);
    const std::string binder = corpus("havok/anibnd/sekiro/parts__WP_A_2300.anibnd");
    auto first = run("unpack " + binder + " -o " + out.string());
    ASSERT_EQ(first.code, 0) << first.text;
    auto second = run("unpack " + binder + " -o " + out.string());
    EXPECT_EQ(second.code, 2);
    EXPECT_NE(second.text.find("--force"), std::string::npos);
    EXPECT_EQ(run("unpack " + binder + " -o " + out.string() + " --force").code, 0);
    fs::remove_all(out);
}

}  // namespace
