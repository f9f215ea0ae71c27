// Outputs go to files all or nothing (cli/atomic_outputs.h: written beside the target, renamed
// over it), but a target that is not a regular file (a FIFO, a device such as /dev/null, or
// /dev/stdout) is written in place: renaming over it replaced the node itself (`export --obj
// /dev/null --force` run as root left a regular file at /dev/null). A FIFO stands in for the
// device here, so that a regression cannot harm the machine the tests run on.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/cli/run_cli.h"
#include "tests/support/corpus.h"
#include "tests/support/file_text.h"

namespace {
namespace fs = std::filesystem;

TEST(OutputTargets, AFifoIsWrittenIntoNotReplacedByExportAndVerify) {
    MP_REQUIRE_CORPUS();
    const fs::path dir = fs::temp_directory_path() / ("meshproof-output-targets-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const fs::path fifo = dir / "out.fifo", got = dir / "got";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
    const std::string hkx = meshproof::test::corpus_path("havok/h.hkx").string();
    const std::string commands[] = {
        "export " + hkx + " --obj " + fifo.string(),  // no --force: a FIFO holds nothing to overwrite
        "verify " + hkx + " --quiet --json " + fifo.string(),
    };
    const std::string starts[] = {"# meshproof export of", "{"};
    for (int i = 0; i < 2; ++i) {
        SCOPED_TRACE(commands[i]);
        fs::remove(got);
        const auto r = meshproof::test::run_shell("timeout 20 cat " + fifo.string() + " > " + got.string() + " & " +
                                                  MESHPROOF_BINARY + " " + commands[i] +
                                                  " >/dev/null 2>&1; code=$?; wait; exit $code");
        EXPECT_EQ(r.code, 0) << r.text;
        EXPECT_TRUE(fs::is_fifo(fifo));
        EXPECT_TRUE(meshproof::test::read_text(got).starts_with(starts[i]))
            << meshproof::test::read_text(got).substr(0, 200);
    }
    fs::remove_all(dir);
}

// An output folder that cannot be made is the user's to fix (exit 2, naming it), not an internal
// error (synth said 4).
TEST(OutputTargets, SynthIntoAFolderThatCannotBeMadeIsAUsageError) {
    const fs::path file = fs::temp_directory_path() / ("meshproof-output-targets-file-" + std::to_string(::getpid()));
    std::ofstream(file) << "a file, not a folder";
    const auto r = meshproof::test::run_cli_all("synth " + (file / "install").string() + " --game sekiro --scale demo");
    EXPECT_EQ(r.code, 2) << r.text;
    EXPECT_NE(r.text.find("cannot create " + (file / "install").string()), std::string::npos) << r.text;
    fs::remove(file);
}

}  // namespace
