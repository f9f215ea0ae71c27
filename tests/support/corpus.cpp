#include "tests/support/corpus.h"

#include <cstdlib>
#include <fstream>
#include <iterator>

namespace meshproof::test {

std::filesystem::path corpus_dir() {
    if (const char* env = std::getenv("MESHPROOF_CORPUS")) return env;
    return MESHPROOF_CORPUS_DIR;
}

std::filesystem::path corpus_path(const std::string& relative) { return corpus_dir() / relative; }

bool corpus_available() { return std::filesystem::is_directory(corpus_dir() / "havok"); }

std::vector<std::uint8_t> read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::vector<std::uint8_t>(std::istreambuf_iterator<char>(in), {});
}

std::vector<std::size_t> prefix_lengths(std::size_t size, std::size_t stride) {
    std::vector<std::size_t> out;
    const std::size_t dense = std::min<std::size_t>(size, 64 * 1024);
    for (std::size_t n = 0; n < dense; ++n) out.push_back(n);
    for (std::size_t n = dense; n < size; n += stride) out.push_back(n);
    return out;
}

}  // namespace meshproof::test
