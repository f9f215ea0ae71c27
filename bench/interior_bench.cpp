// The interior-bit pass (engine/rules/interior_bits.h) on a large synthetic mesh: a part built by
// engine/synth (terrain, buildings, stairs, cylinders, thin triangles), written as a TAG0 and
// decoded back, so the vertices, identities and keys are the decoder's. Single thread.
//   BM_InteriorBits/N:        all four steps, table estimate (issue 6 asks ≥ 5 M triangles/s/core)
//   BM_InteriorNeighbours/N:  step 1 alone
//   BM_InteriorSteps2to4/N:   steps 2–4 per estimate (0 table, 1 exact, 2 host rsqrtss)
//   BM_InteriorPass/N:        the registered pass on one member (table + three alternatives + counts)
//   BM_InteriorPassThreads/T: the pass over 32 members of 20,000 triangles on T threads (scaling)
#include <benchmark/benchmark.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <array>
#include <map>
#include <memory>
#include <string>

#include "bench/decoded_meshes.h"
#include "engine/rules/interior_bits.h"
#include "engine/pipeline/pass.h"

namespace {

using namespace meshproof;

using LargeMesh = bench::DecodedMeshes;
const LargeMesh& large_mesh(std::uint32_t triangles) { return bench::synthetic_mesh(triangles); }

void report(benchmark::State& state, std::uint64_t triangles) {
    state.SetItemsProcessed(static_cast<std::int64_t>(triangles));
    state.counters["triangles_per_s"] = benchmark::Counter(static_cast<double>(triangles), benchmark::Counter::kIsRate);
}

void BM_InteriorBits(benchmark::State& state) {
    const LargeMesh& l = large_mesh(static_cast<std::uint32_t>(state.range(0)));
    if (!l.error.empty()) return state.SkipWithError(l.error.c_str());
    const mesh::DecodedMesh& m = l.member.meshes[0];
    std::vector<std::uint8_t> flat, bits(m.triangles.size());
    const rules::InteriorMeshView view = rules::interior_view(m, flat);
    rules::InteriorWorkspace ws;
    std::uint64_t done = 0, set = 0;
    for (auto _ : state) {
        if (!rules::interior_bits(view, rules::InteriorOptions{}, ws, bits).ok())
            return state.SkipWithError("interior_bits failed");
        done += bits.size();
        benchmark::DoNotOptimize(bits.data());
    }
    for (auto b : bits) set += b;
    report(state, done);
    state.counters["mesh_triangles"] = static_cast<double>(m.triangles.size());
    state.counters["set_share"] = static_cast<double>(set) / static_cast<double>(bits.size());
    state.counters["complete_faces"] = static_cast<double>(ws.order.size());
}
BENCHMARK(BM_InteriorBits)->Arg(20000)->Arg(100000)->Arg(300000)->Unit(benchmark::kMillisecond);

void BM_InteriorNeighbours(benchmark::State& state) {
    const LargeMesh& l = large_mesh(static_cast<std::uint32_t>(state.range(0)));
    if (!l.error.empty()) return state.SkipWithError(l.error.c_str());
    const mesh::DecodedMesh& m = l.member.meshes[0];
    std::vector<std::uint8_t> flat;
    const rules::InteriorMeshView view = rules::interior_view(m, flat);
    rules::InteriorWorkspace ws;
    std::uint64_t done = 0;
    for (auto _ : state) {
        if (!rules::find_interior_neighbours(view, ws).ok()) return state.SkipWithError("neighbours failed");
        done += m.triangles.size();
    }
    report(state, done);
}
BENCHMARK(BM_InteriorNeighbours)->Arg(300000)->Unit(benchmark::kMillisecond);

void BM_InteriorSteps2to4(benchmark::State& state) {
    const LargeMesh& l = large_mesh(300000);
    if (!l.error.empty()) return state.SkipWithError(l.error.c_str());
    const mesh::DecodedMesh& m = l.member.meshes[0];
    std::vector<std::uint8_t> flat, bits(m.triangles.size());
    const rules::InteriorMeshView view = rules::interior_view(m, flat);
    rules::InteriorWorkspace ws;
    if (!rules::find_interior_neighbours(view, ws).ok()) return state.SkipWithError("neighbours failed");
    rules::InteriorOptions o;
    o.rsqrt = static_cast<rules::RsqrtMode>(state.range(0));
    std::uint64_t done = 0;
    for (auto _ : state) {
        rules::compute_interior_bits(view, o, ws, bits);
        done += bits.size();
    }
    report(state, done);
    state.SetLabel(std::string(rules::rsqrt_mode_name(o.rsqrt)));
}
BENCHMARK(BM_InteriorSteps2to4)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

// The pass as the pipeline runs it. The synthetic writer stores no interior bits yet, so they
// are first set to the table's (a mesh with no stored bit is not compared at all).
void BM_InteriorPass(benchmark::State& state) {
    const LargeMesh& base = large_mesh(static_cast<std::uint32_t>(state.range(0)));
    if (!base.error.empty()) return state.SkipWithError(base.error.c_str());
    const Pass* pass = PassRegistry::global().find("interior");
    if (pass == nullptr) return state.SkipWithError("pass interior not registered");
    mesh::DecodedMember member = base.member;
    {
        rules::InteriorWorkspace ws;
        std::vector<std::uint8_t> bits;
        if (!rules::interior_bits(member.meshes[0], rules::InteriorOptions{}, ws, bits).ok())
            return state.SkipWithError("failed");
        member.meshes[0].triangles.interior = bits;
    }
    Unit unit;
    unit.path = "bench";
    unit.set = "h";
    unit.game = Game::kEldenRing;
    unit.mesh = &member;
    std::uint64_t done = 0;
    for (auto _ : state) {
        Tally tally;
        tally.begin_unit({"eldenring", "h", {}}, 0);
        pass->run(unit, tally);
        if (tally.total("keys_wrong") != 0) return state.SkipWithError("keys wrong on its own bits");
        done += member.meshes[0].triangles.size();
    }
    report(state, done);
}
BENCHMARK(BM_InteriorPass)->Arg(300000)->Unit(benchmark::kMillisecond);

// 32 units of one 20,000-triangle member (read-only, shared), each with its own tally, as the
// pipeline fans members out; real time, so T = 2 against T = 1 is the scaling on this machine.
void BM_InteriorPassThreads(benchmark::State& state) {
    const LargeMesh& base = large_mesh(20000);
    if (!base.error.empty()) return state.SkipWithError(base.error.c_str());
    const Pass* pass = PassRegistry::global().find("interior");
    if (pass == nullptr) return state.SkipWithError("pass interior not registered");
    static mesh::DecodedMember member = [&] {
        mesh::DecodedMember m = base.member;
        rules::InteriorWorkspace ws;
        std::vector<std::uint8_t> bits;
        if (rules::interior_bits(m.meshes[0], rules::InteriorOptions{}, ws, bits).ok())
            m.meshes[0].triangles.interior = bits;
        return m;
    }();
    constexpr int kUnits = 32;
    tbb::task_arena arena(static_cast<int>(state.range(0)));
    std::uint64_t done = 0;
    for (auto _ : state) {
        arena.execute([&] {
            tbb::parallel_for(0, kUnits, [&](int i) {
                Unit unit;
                unit.path = "bench";
                unit.set = "h";
                unit.game = Game::kEldenRing;
                unit.ordinal = static_cast<std::uint64_t>(i);
                unit.mesh = &member;
                Tally tally;
                tally.begin_unit({"eldenring", "h", {}}, unit.ordinal);
                pass->run(unit, tally);
                benchmark::DoNotOptimize(tally.total("keys_wrong"));
            });
        });
        done += kUnits * member.meshes[0].triangles.size();
    }
    report(state, done);
}
BENCHMARK(BM_InteriorPassThreads)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
