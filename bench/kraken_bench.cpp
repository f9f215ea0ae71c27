// Kraken decode speed (output MB/s per core) on the corpus fixtures, beside libdeflate's
// inflate of the same decoded bytes recompressed with DEFLATE level 6 as a yardstick.
// Run: build/meshproof_bench --benchmark_filter=Kraken --benchmark_min_time=0.05
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <libdeflate.h>

#include "engine/containers/kraken/kraken.h"

namespace {

struct Fixture {
    std::vector<std::uint8_t> file;
    std::size_t offset = 0;
    std::size_t size = 0;
    std::size_t decoded = 0;
    bool ok = false;
};

std::vector<std::uint8_t> read_all(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

// silesia/: 4-byte LE decoded size + stream; *.dcx: DCX_KRAK (sizes BE at 0x1C / 0x20, stream at 0x4C).
Fixture load(const std::string& relative) {
    Fixture f;
    f.file = read_all(std::filesystem::path(MESHPROOF_CORPUS_DIR) / relative);
    if (f.file.size() < 0x4C) return f;
    auto be32 = [&](std::size_t o) {
        return (std::size_t{f.file[o]} << 24) | (std::size_t{f.file[o + 1]} << 16) | (std::size_t{f.file[o + 2]} << 8) |
               f.file[o + 3];
    };
    if (relative.ends_with(".dcx")) {
        f.decoded = be32(0x1C);
        f.offset = 0x4C;
        f.size = be32(0x20);
        if (f.offset + f.size > f.file.size()) return f;
    } else {
        std::uint32_t n;
        std::memcpy(&n, f.file.data(), 4);
        f.decoded = n;
        f.offset = 4;
        f.size = f.file.size() - 4;
    }
    f.ok = true;
    return f;
}

void BM_KrakenDecode(benchmark::State& state, const std::string& relative) {
    const Fixture f = load(relative);
    if (!f.ok) {
        state.SkipWithError("fixture missing");
        return;
    }
    std::vector<std::uint8_t> out(f.decoded);
    const meshproof::Bytes src(f.file.data() + f.offset, f.size);
    for (auto _ : state) {
        const meshproof::Status st = meshproof::kraken_decompress(src, out);
        if (!st.ok()) {
            state.SkipWithError(st.error().message.c_str());
            return;
        }
        benchmark::DoNotOptimize(out.data());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(f.decoded));
    state.counters["ratio"] = static_cast<double>(f.decoded) / static_cast<double>(f.size);
}

void BM_LibdeflateInflateSameBytes(benchmark::State& state, const std::string& relative) {
    const Fixture f = load(relative);
    std::vector<std::uint8_t> plain(f.decoded);
    if (!f.ok || !meshproof::kraken_decompress({f.file.data() + f.offset, f.size}, plain).ok()) {
        state.SkipWithError("fixture missing or not decodable");
        return;
    }
    libdeflate_compressor* c = libdeflate_alloc_compressor(6);
    std::vector<std::uint8_t> packed(libdeflate_deflate_compress_bound(c, plain.size()));
    packed.resize(libdeflate_deflate_compress(c, plain.data(), plain.size(), packed.data(), packed.size()));
    libdeflate_free_compressor(c);
    libdeflate_decompressor* d = libdeflate_alloc_decompressor();
    std::vector<std::uint8_t> out(plain.size());
    for (auto _ : state) {
        std::size_t n = 0;
        if (libdeflate_deflate_decompress(d, packed.data(), packed.size(), out.data(), out.size(), &n) !=
            LIBDEFLATE_SUCCESS) {
            state.SkipWithError("inflate failed");
            break;
        }
        benchmark::DoNotOptimize(out.data());
    }
    libdeflate_free_decompressor(d);
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(plain.size()));
    state.counters["ratio"] = static_cast<double>(plain.size()) / static_cast<double>(packed.size());
}

BENCHMARK_CAPTURE(BM_KrakenDecode, dickens, std::string("kraken/silesia/dickens.kraken"))
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_LibdeflateInflateSameBytes, dickens, std::string("kraken/silesia/dickens.kraken"))
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_KrakenDecode, er_matbinbnd, std::string("kraken/er__allmaterial.matbinbnd.dcx"))
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_LibdeflateInflateSameBytes, er_matbinbnd, std::string("kraken/er__allmaterial.matbinbnd.dcx"))
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_KrakenDecode, h_hkx, std::string("havok/h.hkx.dcx"))->Unit(benchmark::kMicrosecond);

}  // namespace
