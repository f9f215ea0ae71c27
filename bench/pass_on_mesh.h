// One pass run over a decoded member as the pipeline runs it, single thread, on a fresh unit each
// iteration (its products, the pairing of the rows, computed again, as when the pass runs alone).
#pragma once

#include <benchmark/benchmark.h>

#include <string>

#include "bench/decoded_meshes.h"
#include "engine/pipeline/pass.h"

namespace meshproof::bench {

// Runs pass `name` on `d` (set h, Elden Ring); counts its compressed meshes' primitives per second.
inline void run_pass_on_mesh(benchmark::State& state, const DecodedMeshes& d, const char* name) {
    if (!d.error.empty()) return state.SkipWithError(d.error.c_str());
    const Pass* pass = PassRegistry::global().find(name);
    if (pass == nullptr) return state.SkipWithError((std::string("pass not registered: ") + name).c_str());
    std::uint64_t leaves = 0;
    for (const mesh::DecodedMesh& m : d.member.meshes) leaves += m.primitives.size();
    std::uint64_t done = 0;
    for (auto _ : state) {
        Unit unit;
        unit.path = "bench";
        unit.set = "h";
        unit.game = Game::kEldenRing;
        unit.mesh = &d.member;
        Tally tally;
        tally.begin_unit({"eldenring", "h", {}}, 0);
        pass->run(unit, tally);
        benchmark::DoNotOptimize(tally);
        done += leaves;
    }
    state.counters["Mprim/s"] = benchmark::Counter(static_cast<double>(done) / 1e6, benchmark::Counter::kIsRate);
}

}  // namespace meshproof::bench
