// The synthetic install writer (engine/synth): triangles per second of the writer (issue #4
// asks for at least 1 M/s on this machine), its mesh-building half alone, and a whole verify
// run (run_verify, every registered pass) on a small-scale install.
#include <benchmark/benchmark.h>

#include <filesystem>

#include "engine/pipeline/run.h"
#include "engine/synth/collision_tagfile.h"
#include "engine/synth/compressed_mesh.h"
#include "engine/synth/install_writer.h"
#include "engine/synth/source_mesh.h"

namespace {
namespace fs = std::filesystem;
using namespace meshproof;

fs::path bench_dir(const char* name) { return fs::temp_directory_path() / (std::string("meshproof-synth-bench-") + name); }

// The whole writer: meshes, tagfiles, DCX, binders, files (demo scale, every core).
void BM_SynthWriteInstall(benchmark::State& state) {
    const fs::path root = bench_dir("write");
    synth::SynthOptions o;
    o.game = state.range(0) == 0 ? synth::SynthGame::kEldenRing : synth::SynthGame::kSekiro;
    o.scale = synth::SynthScale::kDemo;
    std::uint64_t triangles = 0;
    for (auto _ : state) {
        fs::remove_all(root);
        auto r = synth::write_synthetic_install(root, o);
        if (!r.ok()) {
            state.SkipWithError(r.error().message.c_str());
            break;
        }
        triangles += r->counts.triangles;
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(triangles));
    state.counters["triangles_per_s"] = benchmark::Counter(static_cast<double>(triangles), benchmark::Counter::kIsRate);
    fs::remove_all(root);
}
BENCHMARK(BM_SynthWriteInstall)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

// One member's mesh build and TAG0 (no DEFLATE), single thread.
void BM_SynthBuildMesh(benchmark::State& state) {
    const synth::SourceMesh src = synth::build_part(9, static_cast<std::uint32_t>(state.range(0)), 0.0f, 0.0f);
    auto types = synth::make_collision_type_context(tagfile::HavokDialect::kEldenRing2018);
    std::uint64_t triangles = 0;
    for (auto _ : state) {
        const synth::CompressedMesh m = synth::build_compressed_mesh(src, {});
        auto tag0 = synth::write_collision_tag0(*types, m, "h000100", 1);
        benchmark::DoNotOptimize(tag0);
        triangles += m.triangles;
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(triangles));
}
BENCHMARK(BM_SynthBuildMesh)->Arg(5000)->Arg(50000)->Unit(benchmark::kMillisecond);

// run_verify over a small-scale Elden Ring install (written once).
void BM_VerifySmallSyntheticInstall(benchmark::State& state) {
    const fs::path root = bench_dir("small");
    static std::uint64_t triangles = 0;
    if (triangles == 0) {
        fs::remove_all(root);
        synth::SynthOptions o;
        o.scale = synth::SynthScale::kSmall;
        auto r = synth::write_synthetic_install(root, o);
        if (!r.ok()) {
            state.SkipWithError(r.error().message.c_str());
            return;
        }
        triangles = r->counts.triangles;
    }
    std::uint64_t done = 0;
    for (auto _ : state) {
        auto run = run_verify(root, RunOptions{});
        if (!run.ok() || run->count(MemberState::kDecodeError) != 0) {
            state.SkipWithError("verify failed");
            break;
        }
        done += triangles;
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(done));
}
BENCHMARK(BM_VerifySmallSyntheticInstall)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(2);

}  // namespace
