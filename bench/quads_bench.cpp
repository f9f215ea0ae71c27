// The quads pass (verifiers/quads_pass.cpp) and its per-section pairing, single thread:
//   BM_QuadsPassErSample:            the pass on the Elden Ring collision sample
//   BM_QuadsPassSynthetic/N:         the pass on a synthetic part of N triangles written as a TAG0 and decoded
//   BM_QuadPairingEachSection/N:     pair_each_section on that part's rows (sections read off the whole
//                                    rows' sorted records where they can be)
//   BM_QuadPairingEachSectionByRule/N: the same with the rule run on every section (no sorted records)
// Throughput in primitives (the passes) or rows (the pairing) per second.
#include <benchmark/benchmark.h>

#include "bench/decoded_meshes.h"
#include "bench/pass_on_mesh.h"
#include "engine/rules/mesh_products.h"
#include "engine/rules/section_pairing.h"

namespace {

using namespace meshproof;

void BM_QuadsPassErSample(benchmark::State& state) { bench::run_pass_on_mesh(state, bench::er_sample_mesh(), "quads"); }
BENCHMARK(BM_QuadsPassErSample)->Unit(benchmark::kMillisecond);

void BM_QuadsPassSynthetic(benchmark::State& state) {
    bench::run_pass_on_mesh(state, bench::synthetic_mesh(static_cast<std::uint32_t>(state.range(0))), "quads");
}
BENCHMARK(BM_QuadsPassSynthetic)->Arg(300000)->Unit(benchmark::kMillisecond);

// pair_each_section on every mesh of the synthetic part; read_off: give it the sorted records.
void each_section(benchmark::State& state, bool read_off) {
    const bench::DecodedMeshes& d = bench::synthetic_mesh(static_cast<std::uint32_t>(state.range(0)));
    if (!d.error.empty()) return state.SkipWithError(d.error.c_str());
    rules::MeshProducts products;
    struct Input {
        const rules::RowPairing* all;
        std::vector<std::uint32_t> section;
        std::uint32_t sections;
    };
    std::vector<Input> inputs;
    std::uint64_t rows = 0;
    for (const mesh::DecodedMesh& m : d.member.meshes) {
        Input in{&products.row_pairing(m), {}, static_cast<std::uint32_t>(m.sections.size())};
        for (const std::uint32_t r : in.all->used) {
            in.section.push_back(m.primitives.section[m.triangles.primitive[m.row_triangle[r]]]);
            in.sections = std::max(in.sections, in.section.back() + 1);
        }
        rows += in.section.size();
        inputs.push_back(std::move(in));
    }
    rules::SectionPairingWorkspace ws;
    rules::QuadPairingWorkspace pairing;
    std::vector<rules::QuadPair> pairs;
    std::vector<std::uint32_t> uses;
    const rules::QuadPairingWorkspace::SortedRecords none;
    std::uint64_t done = 0;
    for (auto _ : state) {
        for (const Input& in : inputs) {
            uses.resize(in.section.size());
            rules::pair_each_section(rules::QuadPairingRows{in.all->vertex, in.all->box, in.all->data},
                                     read_off ? in.all->records : none, in.section, in.sections, ws, pairing, pairs,
                                     uses);
            benchmark::DoNotOptimize(pairs.data());
        }
        done += rows;
    }
    state.counters["Mrows/s"] = benchmark::Counter(static_cast<double>(done) / 1e6, benchmark::Counter::kIsRate);
    state.counters["by_rule"] =
        static_cast<double>(ws.sections_by_rule) / static_cast<double>(ws.sections_by_rule + ws.sections_read_off);
}

void BM_QuadPairingEachSection(benchmark::State& state) { each_section(state, true); }
BENCHMARK(BM_QuadPairingEachSection)->Arg(300000)->Unit(benchmark::kMillisecond);

void BM_QuadPairingEachSectionByRule(benchmark::State& state) { each_section(state, false); }
BENCHMARK(BM_QuadPairingEachSectionByRule)->Arg(300000)->Unit(benchmark::kMillisecond);

}  // namespace
