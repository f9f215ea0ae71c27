// Freelancer .sur throughput (engine/sur) on the whole retail sample of the shared corpus
// (../shared/corpus/sur/retail-sample, 196 vers 2.0 files, 1.2 MB):
//   BM_SurDecodeRetailSample: decode_sur of every file per iteration (bytes/s = MB/s of .sur;
//     files/s and faces/s as counters).
//   BM_SurEncodeRetailSample: encode_sur of the decoded models (bytes/s of written .sur).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "engine/sur/sur_file.h"
#include "engine/sur/sur_writer.h"

namespace {

using namespace meshproof;

struct RetailSample {
    std::vector<std::vector<std::uint8_t>> files;
    std::size_t bytes = 0;
    RetailSample() {
        const auto dir = std::filesystem::path(MESHPROOF_CORPUS_DIR) / "sur" / "retail-sample";
        if (!std::filesystem::is_directory(dir)) return;
        std::vector<std::filesystem::path> paths;
        for (const auto& e : std::filesystem::directory_iterator(dir))
            if (e.path().extension() == ".sur") paths.push_back(e.path());
        std::sort(paths.begin(), paths.end());
        for (const auto& p : paths) {
            std::ifstream in(p, std::ios::binary);
            files.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
            bytes += files.back().size();
        }
    }
};

const RetailSample& sample() {
    static const RetailSample s;
    return s;
}

void BM_SurDecodeRetailSample(benchmark::State& state) {
    const RetailSample& s = sample();
    if (s.files.empty()) {
        state.SkipWithError("shared corpus not found");
        return;
    }
    std::size_t faces = 0;
    for (auto _ : state) {
        for (const auto& f : s.files) {
            auto m = sur::decode_sur(f);
            if (!m.ok()) {
                state.SkipWithError(m.error().message.c_str());
                return;
            }
            faces += m->faces.size();
            benchmark::DoNotOptimize(m->edges.point.data());
        }
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(s.bytes));
    state.counters["files/s"] = benchmark::Counter(double(state.iterations()) * double(s.files.size()),
                                                   benchmark::Counter::kIsRate);
    state.counters["faces/s"] = benchmark::Counter(double(faces), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_SurDecodeRetailSample)->Unit(benchmark::kMillisecond);

void BM_SurEncodeRetailSample(benchmark::State& state) {
    const RetailSample& s = sample();
    if (s.files.empty()) {
        state.SkipWithError("shared corpus not found");
        return;
    }
    std::vector<sur::SurModel> models;
    for (const auto& f : s.files) models.push_back(sur::decode_sur(f).value());
    for (auto _ : state) {
        for (const auto& m : models) {
            auto out = sur::encode_sur(m);
            benchmark::DoNotOptimize(out.ok());
        }
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(s.bytes));
    state.counters["files/s"] = benchmark::Counter(double(state.iterations()) * double(s.files.size()),
                                                   benchmark::Counter::kIsRate);
}
BENCHMARK(BM_SurEncodeRetailSample)->Unit(benchmark::kMillisecond);

}  // namespace
