// The tree_rule pass (verifiers/tree_rule_pass.cpp) as the pipeline runs it, single thread:
//   BM_TreeRulePassErSample:   on the Elden Ring collision sample (../shared/corpus/havok/h.hkx)
//   BM_TreeRulePassSynthetic/N: on a synthetic part of N triangles written as a TAG0 and decoded
//   BM_TreeRuleMerge/N:        least_surface_merge alone on N boxes (the pass's inner loop)
// Throughput in primitives (section-tree leaves) per second.
#include <benchmark/benchmark.h>

#include <random>

#include "bench/decoded_meshes.h"
#include "engine/rules/tree_rule.h"
#include "engine/pipeline/pass.h"

namespace {

using namespace meshproof;

using bench::DecodedMeshes;

void run_pass(benchmark::State& state, const DecodedMeshes& d) {
    if (!d.error.empty()) return state.SkipWithError(d.error.c_str());
    const Pass* pass = PassRegistry::global().find("tree_rule");
    if (pass == nullptr) return state.SkipWithError("pass tree_rule not registered");
    std::uint64_t leaves = 0;
    for (const mesh::DecodedMesh& m : d.member.meshes) leaves += m.primitives.size();
    std::uint64_t done = 0;
    for (auto _ : state) {
        // A fresh unit each time: its products (the pairing of the rows) are computed again, as
        // when the pass runs alone.
        Unit unit;
        unit.path = "bench";
        unit.set = "h";
        unit.game = Game::kEldenRing;
        unit.mesh = &d.member;
        Tally tally;
        tally.begin_unit({"eldenring", "h", {}}, 0);
        pass->run(unit, tally);
        benchmark::DoNotOptimize(tally.total("inner_nodes"));
        done += leaves;
    }
    state.counters["Mprim/s"] = benchmark::Counter(static_cast<double>(done) / 1e6, benchmark::Counter::kIsRate);
}

void BM_TreeRulePassErSample(benchmark::State& state) { run_pass(state, bench::er_sample_mesh()); }
BENCHMARK(BM_TreeRulePassErSample)->Unit(benchmark::kMillisecond);

void BM_TreeRulePassSynthetic(benchmark::State& state) {
    run_pass(state, bench::synthetic_mesh(static_cast<std::uint32_t>(state.range(0))));
}
BENCHMARK(BM_TreeRulePassSynthetic)->Arg(300000)->Unit(benchmark::kMillisecond);

void BM_TreeRuleMerge(benchmark::State& state) {
    const std::uint32_t n = static_cast<std::uint32_t>(state.range(0));
    std::mt19937 rng(1);
    std::uniform_real_distribution<float> u(0.0f, 10.0f);
    std::vector<mesh::Box> boxes(n);
    for (mesh::Box& b : boxes)
        for (int a = 0; a < 3; ++a) {
            b.min[a] = u(rng);
            b.max[a] = b.min[a] + u(rng) * 0.1f;
        }
    rules::MergeWorkspace ws;
    rules::MergedTree tree;
    for (auto _ : state) {
        rules::least_surface_merge(boxes, ws, tree);
        benchmark::DoNotOptimize(tree.child[0].data());
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * n);
}
BENCHMARK(BM_TreeRuleMerge)->Arg(3)->Arg(16)->Arg(33);

}  // namespace
