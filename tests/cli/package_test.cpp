// The release tarball (scripts/package, README "Install"): unpacked into a folder of its own and
// run with an empty environment from `/`, away from the checkout, verify still finds the document
// manifests (compiled in) and every shared library it needs (lib/, through the rpath); no path of
// the build machine is in the binary; the .deb names its runtime Depends.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include <unistd.h>

#include "tests/cli/run_cli.h"
#include "tests/support/corpus.h"
#include "tests/support/file_text.h"

namespace {
namespace fs = std::filesystem;
using meshproof::test::run_shell;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// ctest-labels: long
TEST(Package, TheUnpackedTarballVerifiesFromAnywhereWithTheDocumentFigures) {
    MP_REQUIRE_CORPUS();
    const fs::path tmp = fs::temp_directory_path() / ("meshproof-package-" + std::to_string(::getpid()));
    fs::remove_all(tmp);
    fs::create_directories(tmp / "unpacked");
    const fs::path build = fs::path(MESHPROOF_BINARY).parent_path();
    const auto made = run_shell(std::string(MESHPROOF_SOURCE_DIR) + "/scripts/package " + build.string() + " " +
                                (tmp / "dist").string() + " 2>&1");
    ASSERT_EQ(made.code, 0) << made.text;
    std::string tarball;
    for (const auto& e : fs::directory_iterator(tmp / "dist"))
        if (e.path().extension() == ".gz") tarball = e.path().string();
    ASSERT_FALSE(tarball.empty()) << made.text;
    ASSERT_EQ(run_shell("tar -C " + (tmp / "unpacked").string() + " -xzf " + tarball).code, 0);
    fs::path binary;
    for (const auto& e : fs::recursive_directory_iterator(tmp / "unpacked"))
        if (e.path().filename() == "meshproof") binary = e.path();
    ASSERT_FALSE(binary.empty());
    EXPECT_TRUE(fs::exists(binary.parent_path().parent_path() / "share/doc/meshproof/NOTICE"));
    EXPECT_TRUE(fs::exists(binary.parent_path().parent_path() / "share/doc/meshproof/meshproof-reference.txt"));

    const fs::path report = tmp / "r.json";
    const auto r =
        run_shell("cd / && env -i " + binary.string() + " verify " + meshproof::test::corpus_path("havok").string() +
                  " -q --json " + report.string() + " 2>&1");
    EXPECT_EQ(r.code, 0) << r.text;
    const std::string json = meshproof::test::read_text(report);
    EXPECT_TRUE(contains(json, "\"source\": \"document\"")) << json.substr(0, 3000);
    EXPECT_TRUE(contains(json, "\"path\": \"built-in eldenring.json\"")) << json.substr(0, 3000);

    // Every library it needs is found (in lib/ or glibc's), and nothing names the checkout.
    const auto ldd = run_shell("env -i ldd " + binary.string() + " 2>&1");
    EXPECT_FALSE(contains(ldd.text, "not found")) << ldd.text;
    EXPECT_EQ(run_shell("strings " + binary.string() + " | grep -c '" + std::string(MESHPROOF_SOURCE_DIR) + "'").text,
              "0\n");

    std::string deb;
    for (const auto& e : fs::directory_iterator(tmp / "dist"))
        if (e.path().extension() == ".deb") deb = e.path().string();
    ASSERT_FALSE(deb.empty()) << made.text;
    const auto depends = run_shell("dpkg-deb -f " + deb + " Depends");
    EXPECT_TRUE(contains(depends.text, "libtbb12")) << depends.text;
    const auto files = run_shell("dpkg-deb -c " + deb);
    EXPECT_TRUE(contains(files.text, "./usr/bin/meshproof")) << files.text;
    fs::remove_all(tmp);
}

TEST(Package, VersionNamesTheManifestsBuiltIn) {
    const auto r = meshproof::test::run_cli_all("--version");
    EXPECT_EQ(r.code, 0);
    EXPECT_TRUE(contains(r.text, "document manifests ")) << r.text;
    EXPECT_TRUE(contains(r.text, "(eldenring-dlc, eldenring, freelancer, sekiro; built in)")) << r.text;
}

}  // namespace
