// Replays inputs through a fuzz target's entry point without libFuzzer: the regression test of
// every input that once made a reader misbehave (../shared/corpus/havok/hostile/, the crashes
// and timeouts scripts/fuzz keeps in fuzz/regressions/<target>/). Each argument is a file or a
// folder (its regular files, subfolders too, in path order; a missing folder is skipped, so a checkout without
// the shared corpus still passes). Prints each input's time; exits non-zero when an input takes
// longer than --max-seconds (a hang detector with a generous bound, not a speed assertion: a
// finding that once ran for 37 s must not creep back). A crash fails the test by itself.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {
namespace fs = std::filesystem;

std::vector<fs::path> inputs_of(const fs::path& arg) {
    std::vector<fs::path> out;
    std::error_code ec;
    if (fs::is_regular_file(arg, ec)) return {arg};
    if (!fs::is_directory(arg, ec)) return out;
    for (const auto& e : fs::recursive_directory_iterator(arg, ec))
        if (e.is_regular_file() && e.path().filename().string().rfind("README", 0) != 0) out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}
}  // namespace

int main(int argc, char** argv) {
    double max_seconds = 10.0;
    std::vector<fs::path> files;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--max-seconds" && i + 1 < argc) {
            max_seconds = std::atof(argv[++i]);
            continue;
        }
        for (auto& p : inputs_of(a)) files.push_back(std::move(p));
    }
    int slow = 0;
    for (const fs::path& p : files) {
        std::ifstream in(p, std::ios::binary);
        const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
        const auto start = std::chrono::steady_clock::now();
        LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::printf("%s: %zu bytes in %.3f s\n", p.string().c_str(), bytes.size(), s);
        if (s > max_seconds) {
            std::printf("  SLOW: over the %.1f s bound\n", max_seconds);
            ++slow;
        }
    }
    std::printf("%zu inputs replayed, %d over the bound\n", files.size(), slow);
    return slow == 0 ? 0 : 1;
}
