// ctest-labels: hostile
// Issue 19: every input that once made a reader misbehave (../shared/corpus/havok/hostile/),
// through each entry point a user has: verify, dump and unpack of the file as found, and
// verify / dump of the tagfile and compendium it holds, laid out as a game folder would lay them
// (the PTCH walk that once ran for 37 s runs in verify's tagfile pass). Each must end with an
// exit code of 0-3 within a hang bound. The fuzz targets' entry points replay the same files
// (FuzzReplayHostile.*).
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include <sys/resource.h>
#include <sys/stat.h>

#include "engine/core/bytes.h"
#include "tests/cli/run_cli.h"
#include "tests/support/corpus.h"

namespace {
namespace fs = std::filesystem;
using meshproof::test::run_cli_all;

#if defined(__SANITIZE_ADDRESS__)
constexpr double kBound = 20.0;
#else
constexpr double kBound = 5.0;
#endif

struct Timed {
    meshproof::test::CliOutput out;
    double seconds = 0;
};

Timed timed(const std::string& args) {
    const auto start = std::chrono::steady_clock::now();
    Timed t{run_cli_all(args), 0};
    t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return t;
}

void expect_quick(const std::string& args) {
    const Timed t = timed(args);
    EXPECT_LT(t.seconds, kBound) << args;
    EXPECT_GE(t.out.code, 0) << args << "\n" << t.out.text;
    EXPECT_LE(t.out.code, 3) << args << "\n" << t.out.text;
}

void write_file(const fs::path& p, std::span<const std::uint8_t> bytes) {
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

TEST(HostileCli, EveryHostileFileThroughEveryCommand) {
    MP_REQUIRE_CORPUS();
    const fs::path dir = meshproof::test::corpus_path("havok/hostile");
    const fs::path out = fs::temp_directory_path() / "meshproof-hostile-cli";
    fs::remove_all(out);
    int files = 0;
    for (const auto& e : fs::directory_iterator(dir)) {
        if (!e.is_regular_file() || e.path().extension() == ".md") continue;
        ++files;
        const std::string p = e.path().string();
        SCOPED_TRACE(p);
        expect_quick("verify " + p + " --quiet --json " + (out / "report.json").string());
        expect_quick("dump " + p);
        expect_quick("unpack " + p + " -o " + (out / "unpacked").string() + " --force");

        // The fuzz layout: a TCM0 compendium, then a TAG0 tagfile (the root size word splits them).
        const auto bytes = meshproof::test::read_file(e.path());
        if (bytes.size() < 8 || std::string(bytes.begin() + 4, bytes.begin() + 8) != "TCM0") continue;
        const std::size_t split = meshproof::load_be<std::uint32_t>(bytes.data()) & 0x3FFFFFFF;
        if (split >= bytes.size()) continue;
        const fs::path folder = out / e.path().stem();
        write_file(folder / "h10_00_00_00.compendium", std::span(bytes).first(split));
        write_file(folder / "h10_00_00_00_000000.hkx", std::span(bytes).subspan(split));
        expect_quick("verify " + folder.string() + " --quiet --json " + (out / "split.json").string());
        expect_quick("dump " + (folder / "h10_00_00_00_000000.hkx").string() + " --compendium " +
                     (folder / "h10_00_00_00.compendium").string());
        expect_quick("dump " + (folder / "h10_00_00_00.compendium").string());
        // The verify report counts the walk's limit (or finds the file well formed): it never hangs.
        const auto report = meshproof::test::read_file(out / "split.json");
        EXPECT_FALSE(report.empty());
    }
    EXPECT_GT(files, 0);
}

// A FIFO where a file is expected (named as each command's input would be): opening one for
// reading waited for a writer, so `dump` and `unpack` of it hung for ever. Every command refuses
// it at once with a usage error that names it. Run under timeout(1), so a regression fails here
// (exit 124) instead of hanging the suite.
TEST(HostileCli, AFifoIsRefusedByEveryCommandAtOnce) {
    const fs::path dir = fs::temp_directory_path() / "meshproof-hostile-fifo";
    fs::remove_all(dir);
    fs::create_directories(dir / "map" / "m10_00_00_00");
    const fs::path bhd = dir / "map" / "m10_00_00_00" / "h10_00_00_00.hkxbhd";
    const fs::path dcx = dir / "h10_00_00_00_000000.hkx.dcx";
    const fs::path obj = dir / "mesh.obj";
    for (const fs::path& p : {bhd, dcx, obj}) ASSERT_EQ(::mkfifo(p.c_str(), 0600), 0) << p;
    const std::string out = (dir / "out").string();
    const std::pair<std::string, fs::path> commands[] = {
        {"verify " + bhd.string() + " --quiet --json " + out + ".json", bhd},
        {"dump " + bhd.string(), bhd},
        {"dump " + dcx.string(), dcx},
        {"unpack " + bhd.string() + " -o " + out, bhd},
        {"unpack " + dcx.string() + " -o " + out, dcx},
        {"export " + dcx.string() + " --obj " + out + ".obj", dcx},
        {"build " + obj.string() + " -o " + out + ".hkx --game sekiro", obj},
    };
    for (const auto& [args, input] : commands) {
        SCOPED_TRACE(args);
        const auto r =
            meshproof::test::run_shell("timeout -k 2 20 " + std::string(MESHPROOF_BINARY) + " " + args + " 2>&1");
        EXPECT_EQ(r.code, 2) << r.text;  // 124: timed out (hung)
        EXPECT_NE(r.text.find(input.filename().string()), std::string::npos) << r.text;
    }
    EXPECT_FALSE(fs::exists(out));
    fs::remove_all(dir);
}

// Files of 4 GiB of holes named as a split binder's two halves and a loose DCX tagfile: the run
// maps its inputs, and once asked the kernel to read every page of each file in before decoding
// (20 GiB files held a run for over a minute and took 20 GB of page cache). Only the bytes a
// decoder reads through are asked for now, so each is refused from its first bytes at once.
TEST(HostileCli, GiantSparseFilesAreRefusedFromTheirHeaders) {
    const fs::path dir = fs::temp_directory_path() / "meshproof-hostile-sparse";
    fs::remove_all(dir);
    fs::create_directories(dir / "map" / "m10_00_00_00");
    const std::uintmax_t size = std::uintmax_t{4} << 30;
    for (const fs::path& p :
         {dir / "map" / "m10_00_00_00" / "h10_00_00_00.hkxbhd", dir / "map" / "m10_00_00_00" / "h10_00_00_00.hkxbdt",
          dir / "map" / "m10_00_00_00" / "h10_00_00_00_000000.hkx.dcx"}) {
        std::ofstream(p, std::ios::binary).put('\0');
        fs::resize_file(p, size);
    }
    const Timed t = timed("verify " + dir.string() + " --quiet --json " + (dir / "report.json").string());
    EXPECT_LT(t.seconds, kBound);
    EXPECT_EQ(t.out.code, 3) << t.out.text;  // a partial run: both inputs unreadable
    // The pages read in count in the run's resident set: the largest of this test's children
    // (ctest runs each test in its own process) stays far below one file's 4 GiB.
    rusage children{};
    ASSERT_EQ(::getrusage(RUSAGE_CHILDREN, &children), 0);
    EXPECT_LT(children.ru_maxrss, 1L << 20) << "KiB";  // 1 GiB
    const auto bytes = meshproof::test::read_file(dir / "report.json");
    const std::string report(bytes.begin(), bytes.end());
    EXPECT_NE(report.find("h10_00_00_00.hkxbhd"), std::string::npos);
    EXPECT_NE(report.find("h10_00_00_00_000000.hkx.dcx"), std::string::npos);
    fs::remove_all(dir);
}

// A file name that is not UTF-8 (Linux names are bytes): it reached the JSON report as it was,
// and simdjson, so `meshproof diff`, refused the report ("not valid UTF-8"). The reports quote
// each ill-formed byte as U+FFFD now (engine/core/utf8_text.h): the JSON reads back, and the
// Markdown and HTML hold the replacement character, not the raw byte.
TEST(HostileCli, ANameThatIsNotUtf8LeavesReportsThatReadBack) {
    MP_REQUIRE_CORPUS();
    const fs::path dir = fs::temp_directory_path() / "meshproof-hostile-utf8";
    fs::remove_all(dir);
    const fs::path root = dir / "install";
    fs::create_directories(root);
    fs::copy_file(meshproof::test::corpus_path("havok/h.hkx"), root / "h10_00_00_00_000000.hkx");
    fs::copy_file(meshproof::test::corpus_path("havok/h.compendium"), root / "h10_00_00_00.compendium");
    std::ofstream(root / "h10_00_00_00\xFF\x01_000001.hkx", std::ios::binary)
        << "not a tagfile: a decode error the reports list";
    const std::string json = (dir / "r.json").string(), md = (dir / "r.md").string(), html = (dir / "r.html").string();
    const auto run = run_cli_all("verify " + root.string() + " --quiet --passes tagfile --json " + json + " --md " +
                                 md + " --html " + html);
    EXPECT_LE(run.code, 3) << run.text;
    const auto diff = run_cli_all("diff " + json + " " + json);
    EXPECT_EQ(diff.code, 0) << diff.text;
    for (const std::string& report : {json, md, html}) {
        SCOPED_TRACE(report);
        const auto bytes = meshproof::test::read_file(report);
        const std::string text(bytes.begin(), bytes.end());
        EXPECT_EQ(text.find('\xFF'), std::string::npos);
        EXPECT_NE(text.find("h10_00_00_00\xEF\xBF\xBD"), std::string::npos);
    }
    fs::remove_all(dir);
}

TEST(HostileCli, TinyMemberTimeoutIsCountedAndTheRunCompletes) {
    MP_REQUIRE_CORPUS();
    const fs::path json = fs::temp_directory_path() / "meshproof-tiny-timeout.json";
    auto r = run_cli_all("verify " + meshproof::test::corpus_path("havok").string() +
                         " --quiet --member-timeout 0.000000001 --json " + json.string());
    EXPECT_EQ(r.code, 3) << r.text;  // a partial run: members unreadable
    const auto bytes = meshproof::test::read_file(json);
    const std::string report(bytes.begin(), bytes.end());
    EXPECT_NE(report.find("\"timeout\""), std::string::npos);
    EXPECT_NE(report.find("time budget"), std::string::npos);
}

// A --member-timeout that is no number of seconds is refused (NaN passed the old check); one too
// long for the clock runs as no limit (1e12 timed every member out at once).
TEST(HostileCli, MemberTimeoutsBeyondReasonAreRefusedOrUnlimited) {
    MP_REQUIRE_CORPUS();
    const std::string root = meshproof::test::corpus_path("havok").string();
    for (const char* bad : {"nan", "inf", "-1", "abc"}) {
        const auto r = run_cli_all("verify " + root + " --quiet --member-timeout " + bad);
        EXPECT_EQ(r.code, 2) << bad << ": " << r.text;
        EXPECT_EQ(r.text, "meshproof verify: --member-timeout " + std::string(bad) +
                              ": expected a number of seconds, 0 (no limit) or more\n");
    }
    for (const char* huge : {"1e12", "1e308"}) {
        const auto r = run_cli_all("verify " + root + " --quiet --member-timeout " + huge);
        EXPECT_EQ(r.code, 0) << huge << ": " << r.text;
        EXPECT_EQ(r.text.find("timeout"), std::string::npos) << r.text;
    }
}

// Output that cannot reach stdout (here /dev/full, as a full disk) is not a success: before, dump
// and --version exited 0 with their output lost.
TEST(HostileCli, OutputLostOnStdoutIsNotExitZero) {
    MP_REQUIRE_CORPUS();
    if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
    for (const std::string& args :
         {"dump " + meshproof::test::corpus_path("havok/h.hkx").string(), std::string("--version")}) {
        SCOPED_TRACE(args);
        const auto r = meshproof::test::run_cli_with(args, " 2>&1 >/dev/full");
        EXPECT_EQ(r.code, 2) << r.text;
        EXPECT_NE(r.text.find("cannot write the output to stdout"), std::string::npos) << r.text;
        EXPECT_EQ(meshproof::test::run_cli_with(args, " >/dev/null 2>&1").code, 0);
    }
}

}  // namespace
