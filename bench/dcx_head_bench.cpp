// A DCX body's first 64 KiB (dcx_decompress_head: our prefix inflater for DFLT, the streaming
// decoder for ZSTD) against the whole body's decode (libdeflate, libzstd), on several-MiB binder
// bodies: the corpus's largest DCX_DFLT anibnd, and Sekiro's allmaterialbnd (a KRAK binder of
// 12 MiB) decoded and rewritten as DCX_DFLT (level 9, as the games write it) and DCX_ZSTD.
// Also the prefix inflater over a whole body, beside libdeflate's, as a yardstick of its speed.
// Run: build/meshproof_bench --benchmark_filter=DcxHead --benchmark_min_time=0.05
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "engine/containers/dcx.h"
#include "engine/containers/dcx_writer.h"
#include "engine/containers/default_decompressors.h"

namespace {

constexpr std::size_t kHead = 64 * 1024;

std::vector<std::uint8_t> read_all(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

// The DCX of `source` (a corpus path), rewritten with `codec` when it is not "" (empty on failure).
std::vector<std::uint8_t> body(const std::string& source, const std::string& codec) {
    const std::vector<std::uint8_t> file = read_all(std::filesystem::path(MESHPROOF_CORPUS_DIR) / source);
    if (codec.empty()) return file;
    auto content = meshproof::dcx_decompress(file, meshproof::default_decompressors());
    if (!content.ok()) return {};
    return codec == "DFLT" ? meshproof::dcx_write_dflt(*content, 9) : meshproof::dcx_write_zstd(*content);
}

// want 0: the whole body by dcx_decompress_into; otherwise dcx_decompress_head of `want` bytes.
void BM_DcxHead(benchmark::State& state, const std::string& source, const std::string& codec, std::size_t want) {
    const std::vector<std::uint8_t> dcx = body(source, codec);
    const meshproof::DecompressorRegistry registry = meshproof::default_decompressors();
    std::vector<std::uint8_t> buffer;
    std::size_t produced = 0;
    for (auto _ : state) {
        auto out = want == 0 ? meshproof::dcx_decompress_into(dcx, registry, buffer)
                             : meshproof::dcx_decompress_head(dcx, registry, want, buffer);
        if (!out.ok()) {
            state.SkipWithError(out.error().message.c_str());
            return;
        }
        produced = out->size();
        benchmark::DoNotOptimize(buffer.data());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * produced));
    state.counters["bytes"] = static_cast<double>(produced);
}

const std::string kAnibnd = "havok/anibnd/sekiro/chr__c0000.anibnd.dcx";
const std::string kMtdbnd = "kraken/sekiro__allmaterialbnd.mtdbnd.dcx";

BENCHMARK_CAPTURE(BM_DcxHead, dflt_anibnd_head64k, kAnibnd, std::string(), kHead)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_DcxHead, dflt_anibnd_whole, kAnibnd, std::string(), 0)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_DcxHead, dflt_mtdbnd_head64k, kMtdbnd, std::string("DFLT"), kHead)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_DcxHead, dflt_mtdbnd_whole, kMtdbnd, std::string("DFLT"), 0)->Unit(benchmark::kMicrosecond);
// Our inflater over all but the last byte (a head one byte short of the whole, so not libdeflate's).
BENCHMARK_CAPTURE(BM_DcxHead, dflt_mtdbnd_head_all_but_one, kMtdbnd, std::string("DFLT"), 12815567)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_DcxHead, zstd_mtdbnd_head64k, kMtdbnd, std::string("ZSTD"), kHead)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_DcxHead, zstd_mtdbnd_whole, kMtdbnd, std::string("ZSTD"), 0)->Unit(benchmark::kMicrosecond);

}  // namespace
