// Out of memory, the process says so and exits 4 (cli/out_of_memory.h): before, mimalloc aborted
// without a word (exit 134). The address space is capped with `ulimit -v` (100 MB: the executable
// starts and prints its version in under 60 MB here, a verify of the demo install needs over
// 150 MB). Not named for the sanitizer tree, whose shadow memory a cap this low would not allow.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <string>

#include "tests/cli/run_cli.h"

namespace {
namespace fs = std::filesystem;

TEST(OutOfMemoryCli, AFailedAllocationIsSaidAndExitsFour) {
    const fs::path dir = fs::temp_directory_path() / ("meshproof-oom-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    ASSERT_EQ(meshproof::test::run_cli_code("synth " + (dir / "demo").string() + " --game eldenring --scale demo"), 0);
    const std::string capped = "ulimit -v 100000; ";
    // The cap leaves room to start: the command itself is what runs out.
    const auto version = meshproof::test::run_shell(capped + MESHPROOF_BINARY + " --version 2>&1");
    ASSERT_EQ(version.code, 0) << version.text;
    const auto r = meshproof::test::run_shell(capped + MESHPROOF_BINARY + " verify " + (dir / "demo").string() +
                                              " --quiet --threads 2 2>&1 >/dev/null");
    EXPECT_EQ(r.code, 4) << r.text;
    EXPECT_NE(r.text.find("meshproof: out of memory: an allocation failed"), std::string::npos) << r.text;
    fs::remove_all(dir);
}

}  // namespace
