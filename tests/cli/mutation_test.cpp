// ctest-labels: hostile
// Issue 19: deterministic mutants of real fixtures and of a synthetic install's members, through
// `verify`, `dump` and `unpack` as a user would run them. Whatever the bytes, the executable
// exits 0-3 (never a crash, a signal or an internal error) and finishes each mutant within a
// hang bound. Labelled hostile, so the sanitizer tree runs it too. A failure names the mutant and
// keeps its file under the temp folder for replaying.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>
#include <fmt/format.h>

#include "tests/support/corpus.h"

extern char** environ;

namespace {
namespace fs = std::filesystem;

// A hang bound per process, not a speed assertion (each run takes milliseconds; sanitizer
// builds several times that).
// The sanitizer tree runs half as many mutants per fixture (240 in all) to keep scripts/test
// within its time; the Release tree runs 480.
#if defined(__SANITIZE_ADDRESS__)
constexpr double kBoundSeconds = 60.0;
constexpr int kMutantsPerFixture = 24;
#else
constexpr double kBoundSeconds = 20.0;
constexpr int kMutantsPerFixture = 48;
#endif

struct Ran {
    int code = -1;  // exit code; -1 when killed by a signal or by the bound
    int signal = 0;
    bool over_bound = false;
    double seconds = 0;
};

// Runs MESHPROOF_BINARY with `args`, output discarded, killed once it passes `bound` seconds.
Ran run_bounded(const std::vector<std::string>& args, double bound) {
    std::vector<std::string> all{MESHPROOF_BINARY};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : all) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid = 0;
    Ran ran;
    const auto start = std::chrono::steady_clock::now();
    if (posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ) != 0) return ran;
    posix_spawn_file_actions_destroy(&actions);
    int status = 0;
    for (;;) {
        const pid_t done = waitpid(pid, &status, WNOHANG);
        ran.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (done == pid) break;
        if (ran.seconds > bound) {
            ran.over_bound = true;
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            return ran;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    if (WIFEXITED(status)) ran.code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) ran.signal = WTERMSIG(status);
    return ran;
}

void write_file(const fs::path& p, const std::vector<std::uint8_t>& bytes) {
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

// The mutation kinds of the issue, chosen in turn; positions and values from a seeded PRNG.
std::vector<std::uint8_t> mutate(const std::vector<std::uint8_t>& original, int index, std::mt19937& rng) {
    std::vector<std::uint8_t> b = original;
    if (b.empty()) return b;
    auto pos = [&](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng); };
    // Headers hold most of the structure: half of the positions fall in the first 512 bytes.
    auto where = [&] { return rng() % 2 ? pos(std::min<std::size_t>(b.size(), 512)) : pos(b.size()); };
    switch (index % 6) {
        case 0:  // bit flips
            for (int k = 0, n = 1 + int(rng() % 8); k < n; ++k) b[where()] ^= std::uint8_t(1u << (rng() % 8));
            break;
        case 1: {  // a run of one byte value
            const std::size_t at = where(), len = std::min<std::size_t>(1 + rng() % 64, b.size() - at);
            const std::uint8_t values[] = {0x00, 0xFF, 0x7F, 0x80, std::uint8_t(rng())};
            std::fill_n(b.begin() + long(at), len, values[rng() % 5]);
            break;
        }
        case 2:  // truncation
            b.resize(pos(b.size()));
            break;
        case 3: {  // a span duplicated in place
            const std::size_t at = where(), len = std::min<std::size_t>(1 + rng() % 256, b.size() - at);
            b.insert(b.begin() + long(at), original.begin() + long(at), original.begin() + long(at + len));
            break;
        }
        case 4: {  // a span deleted
            const std::size_t at = where(), len = std::min<std::size_t>(1 + rng() % 256, b.size() - at);
            b.erase(b.begin() + long(at), b.begin() + long(at + len));
            break;
        }
        default: {  // a smashed u32 field (aligned, as size and offset fields are)
            if (b.size() < 4) break;
            const std::size_t at = where() & ~std::size_t{3};
            const std::uint32_t values[] = {0,
                                            0xFFFFFFFFu,
                                            0x7FFFFFFFu,
                                            0x80000000u,
                                            std::uint32_t(b.size()),
                                            std::uint32_t(b.size() + 1),
                                            std::uint32_t(rng())};
            const std::uint32_t v = values[rng() % 7];
            if (at + 4 <= b.size()) std::memcpy(b.data() + at, &v, 4);
            break;
        }
    }
    return b;
}

struct Fixture {
    std::string name;                // folder name of its mutants
    fs::path file;                   // the file that is mutated
    std::vector<fs::path> siblings;  // copied unchanged beside each mutant (compendium, .hkxbdt)
    std::string entry = {};          // the file dump and unpack are given, when not the mutant
};

void expect_fine(const Ran& r, const std::string& what) {
    EXPECT_FALSE(r.over_bound) << what << ": still running after " << kBoundSeconds << " s";
    EXPECT_EQ(r.signal, 0) << what << ": killed by signal " << r.signal;
    EXPECT_TRUE(r.code >= 0 && r.code <= 3) << what << ": exit " << r.code;
}

// Writes the fixture's mutants, each in a folder of its own with the siblings, then runs
// verify over all of them at once, and dump and unpack over each.
void run_mutants(const Fixture& f, const fs::path& base, std::uint32_t seed) {
    const auto original = meshproof::test::read_file(f.file);
    ASSERT_FALSE(original.empty()) << f.file;
    const fs::path dir = base / f.name;
    fs::remove_all(dir);
    std::mt19937 rng(seed);
    std::vector<fs::path> mutants;
    for (int i = 0; i < kMutantsPerFixture; ++i) {
        const fs::path folder = dir / fmt::format("m{}", i);
        const fs::path target = folder / f.file.filename();
        write_file(target, mutate(original, i, rng));
        for (const fs::path& s : f.siblings)
            fs::copy_file(s, folder / s.filename(), fs::copy_options::overwrite_existing);
        mutants.push_back(f.entry.empty() ? target : folder / f.entry);
    }
    const Ran v = run_bounded({"verify", dir.string(), "--quiet", "--json", (base / (f.name + ".json")).string()},
                              kBoundSeconds * 4);
    expect_fine(v, "verify " + dir.string());
    for (const fs::path& m : mutants) {
        expect_fine(run_bounded({"dump", m.string(), "--max-elements", "4"}, kBoundSeconds), "dump " + m.string());
        const fs::path out = base / "unpacked" / f.name / m.parent_path().filename();
        expect_fine(run_bounded({"unpack", m.string(), "-o", out.string(), "--force"}, kBoundSeconds),
                    "unpack " + m.string());
    }
}

fs::path mutation_base() {
    const fs::path base = fs::temp_directory_path() / "meshproof-mutants";
    fs::create_directories(base);
    return base;
}

std::string corpus(const std::string& rel) { return meshproof::test::corpus_path(rel).string(); }

TEST(MutationHostile, RealFixtures) {
    MP_REQUIRE_CORPUS();
    const fs::path base = mutation_base();
    std::vector<Fixture> fixtures = {
        {"er-h-hkx", corpus("havok/h.hkx"), {corpus("havok/h.compendium")}},
        {"er-h-hkx-krak", corpus("havok/h.hkx.dcx"), {corpus("havok/h.compendium.dcx")}},
        {"er-compendium-krak", corpus("havok/h.compendium.dcx"), {corpus("havok/h.hkx.dcx")}},
        {"er-anibnd", corpus("havok/anibnd/eldenring/sfx__s82120.anibnd"), {}},
        {"er-emevd-krak", corpus("kraken/er__m10_00_00_00.emevd.dcx"), {}},
        {"sur-retail", corpus("sur/retail-sample/equipment__models__commodities__crates__pod_drab.sur"), {}},
        {"sur-legacy", "", {}},
    };
    // The smallest legacy .sur (pre-vers layout) of the corpus.
    std::uintmax_t smallest = ~std::uintmax_t{0};
    for (const auto& e : fs::directory_iterator(corpus("sur/retail-legacy")))
        if (e.path().extension() == ".sur" && e.file_size() < smallest) {
            smallest = e.file_size();
            fixtures.back().file = e.path();
        }
    std::uint32_t seed = 19;
    for (const Fixture& f : fixtures) {
        SCOPED_TRACE(f.name);
        ASSERT_TRUE(fs::exists(f.file)) << f.file;
        run_mutants(f, base, seed++);
    }
}

TEST(MutationHostile, SyntheticInstallMembers) {
    const fs::path base = mutation_base();
    const fs::path install = base / "synth-install";
    fs::remove_all(install);
    const Ran s = run_bounded(
        {"synth", install.string(), "--game", "eldenring", "--scale", "demo", "--seed", "7", "--threads", "2"},
        kBoundSeconds * 15);
    ASSERT_EQ(s.code, 0) << "synth failed";
    // The smallest h split binder pair and the smallest asset binder of the install.
    fs::path bhd, asset;
    std::uintmax_t bhd_size = ~std::uintmax_t{0}, asset_size = ~std::uintmax_t{0};
    for (const auto& e : fs::recursive_directory_iterator(install)) {
        if (!e.is_regular_file()) continue;
        const std::string name = e.path().filename().string();
        const fs::path bdt = fs::path(e.path()).replace_extension(".hkxbdt");
        if (e.path().extension() == ".hkxbhd" && name[0] == 'h' && fs::exists(bdt) && fs::file_size(bdt) < bhd_size) {
            bhd_size = fs::file_size(bdt);
            bhd = e.path();
        }
        if (name.ends_with(".geomhkxbnd.dcx") && e.file_size() < asset_size) {
            asset_size = e.file_size();
            asset = e.path();
        }
    }
    ASSERT_FALSE(bhd.empty());
    ASSERT_FALSE(asset.empty());
    const fs::path bdt = fs::path(bhd).replace_extension(".hkxbdt");
    const std::vector<Fixture> fixtures = {
        {"synth-hkxbdt", bdt, {bhd}, bhd.filename().string()},  // the members' bytes (DCX DFLT tagfiles, compendium)
        {"synth-hkxbhd", bhd, {bdt}},                           // the header: member table, names, hashes
        {"synth-asset", asset, {}},                             // a DCX-wrapped BND4 with a TYPE-carrying tagfile
    };
    std::uint32_t seed = 1919;
    for (const Fixture& f : fixtures) {
        SCOPED_TRACE(f.name);
        run_mutants(f, base, seed++);
    }
}

}  // namespace
