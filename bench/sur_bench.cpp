// Freelancer .sur throughput (engine/sur) on the whole retail sample of the shared corpus
// (../shared/corpus/sur/retail-sample, its vers 2.0 files):
//   BM_SurDecodeRetailSample: decode_sur of every file per iteration (bytes/s = MB/s of .sur;
//     files/s and faces/s as counters).
//   BM_SurEncodeRetailSample: encode_sur of the decoded models (bytes/s of written .sur).
//   BM_SurHullRetailSample: convex_hull over the points of every terminal hull of the sample
//     (the sur_hull pass's rebuild, one reused workspace; hulls/s over every terminal hull, those
//     of three points or fewer skipped as the pass skips them; points/s of the rest).
//   BM_SurHullPassRetailSample/P: `verify` of the sample folder on one thread with no pass (P = 0,
//     decode only) and with the sur_hull pass alone (P = 1): every reading of every terminal hull
//     (meshproof's, the alternative tolerance, the document generator's flat, vertex and eps
//     hulls); the CPU time of P = 1 over P = 0 is the pass's cost against decoding.
//   BM_SurVerifyRetailSample/T: `verify` of the sample folder as the CLI runs it — map, read,
//     every sur pass (read, round trip, derive, hull), severity split — on T threads (files/s,
//     faces/s; real time, so T = 2 against T = 1 is the scaling on this machine).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "engine/pipeline/run.h"
#include "engine/sur/convex_hull.h"
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
    state.counters["files/s"] =
        benchmark::Counter(double(state.iterations()) * double(s.files.size()), benchmark::Counter::kIsRate);
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
    state.counters["files/s"] =
        benchmark::Counter(double(state.iterations()) * double(s.files.size()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_SurEncodeRetailSample)->Unit(benchmark::kMillisecond);

void BM_SurHullRetailSample(benchmark::State& state) {
    const RetailSample& s = sample();
    if (s.files.empty()) {
        state.SkipWithError("shared corpus not found");
        return;
    }
    // Per terminal hull of every vers 2.0 part: the points its faces use, first-use order.
    std::vector<std::vector<sur::HullPoint>> hulls;
    std::size_t terminal = 0, points = 0;
    for (const auto& f : s.files) {
        const sur::SurModel m = sur::decode_sur(f).value();
        std::vector<std::uint32_t> stamp(m.points.size(), 0);
        std::uint32_t no = 0;
        for (const sur::Part& part : m.parts) {
            if (part.surface < 0) continue;
            const sur::IndexRange ledges = m.surfaces[std::size_t(part.surface)].ledges;
            for (std::uint32_t l = ledges.first; l < ledges.end(); ++l) {
                if (!m.ledges.terminal(l)) continue;
                ++terminal;
                ++no;
                std::vector<sur::HullPoint> pts;
                const sur::IndexRange fr = m.ledges.faces[l];
                for (std::uint32_t e = fr.first * 3; e < fr.end() * 3; ++e) {
                    const std::uint32_t p = m.edges.point[e];
                    if (stamp[p] == no) continue;
                    stamp[p] = no;
                    pts.push_back({m.points.x[p], m.points.y[p], m.points.z[p]});
                }
                if (pts.size() <= 3) continue;
                points += pts.size();
                hulls.push_back(std::move(pts));
            }
        }
    }
    sur::HullWorkspace ws;
    std::size_t rebuilt = 0;
    for (auto _ : state) {
        for (const auto& h : hulls) {
            const sur::HullResult r = sur::convex_hull(h, {}, ws);
            rebuilt += r.ok();
            benchmark::DoNotOptimize(r.ok());
        }
    }
    state.counters["hulls/s"] =
        benchmark::Counter(double(state.iterations()) * double(terminal), benchmark::Counter::kIsRate);
    state.counters["built/s"] = benchmark::Counter(double(rebuilt), benchmark::Counter::kIsRate);
    state.counters["points/s"] =
        benchmark::Counter(double(state.iterations()) * double(points), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_SurHullRetailSample)->Unit(benchmark::kMillisecond);

}  // namespace

namespace {

void BM_SurHullPassRetailSample(benchmark::State& state) {
    const auto dir = std::filesystem::path(MESHPROOF_CORPUS_DIR) / "sur" / "retail-sample";
    if (!std::filesystem::is_directory(dir)) return state.SkipWithError("shared corpus not found");
    RunOptions o;
    o.threads = 1;
    if (state.range(0) == 0) {
        o.no_passes = true;
    } else {
        o.passes = {"sur_hull"};
    }
    std::uint64_t files = 0, hulls = 0;
    for (auto _ : state) {
        auto run = run_verify(dir, o);
        if (!run.ok()) return state.SkipWithError(run.error().message.c_str());
        files += run->count(MemberState::kOk);
        for (const auto& p : run->passes) hulls += p.tally.total("terminal_hulls");
    }
    state.counters["files/s"] = benchmark::Counter(double(files), benchmark::Counter::kIsRate);
    if (hulls > 0) state.counters["hulls/s"] = benchmark::Counter(double(hulls), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_SurHullPassRetailSample)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

void BM_SurVerifyRetailSample(benchmark::State& state) {
    const auto dir = std::filesystem::path(MESHPROOF_CORPUS_DIR) / "sur" / "retail-sample";
    if (!std::filesystem::is_directory(dir)) return state.SkipWithError("shared corpus not found");
    RunOptions o;
    o.threads = static_cast<int>(state.range(0));
    o.passes = {"sur_read", "sur_roundtrip", "sur_derive", "sur_hull"};
    std::uint64_t files = 0, faces = 0;
    for (auto _ : state) {
        auto run = run_verify(dir, o);
        if (!run.ok()) return state.SkipWithError(run.error().message.c_str());
        files += run->count(MemberState::kOk);
        for (const auto& p : run->passes)
            if (p.pass->info().name == "sur_read") faces += p.tally.total("faces");
    }
    state.counters["files/s"] = benchmark::Counter(double(files), benchmark::Counter::kIsRate);
    state.counters["faces/s"] = benchmark::Counter(double(faces), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_SurVerifyRetailSample)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
