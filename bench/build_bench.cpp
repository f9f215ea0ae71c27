// The builder's throughput (issue 14: "builder throughput on a 1 M-triangle mesh, goal ≥ 1 M
// triangles/s per core, all steps"): build_mesh on one terrain mesh of about 1 M rows (the
// synthetic writer's large terrain, every cell two rows), single thread, then the tree rule's
// steps 1–3 alone on the same leaves, to show where the time goes.
#include <benchmark/benchmark.h>

#include "engine/build/mesh_builder.h"
#include "engine/synth/source_mesh.h"

namespace meshproof {
namespace {

build::MeshInput terrain_input(std::uint32_t cells) {
    const synth::SourceMesh src = synth::build_large_terrain(11, cells, -0.5f * static_cast<float>(cells), -0.5f * static_cast<float>(cells));
    return build::MeshInput{src.x, src.y, src.z, src.rows, {}};
}

// The timed loop: one whole build_mesh per iteration, rows per second.
void time_builds(benchmark::State& state, const build::MeshInput& in) {
    std::uint64_t rows = 0;
    for (auto _ : state) {
        auto m = build::build_mesh(in, build::MeshOptions{});
        if (!m.ok()) state.SkipWithError(m.error().message.c_str());
        benchmark::DoNotOptimize(m);
        rows += in.rows.size();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(rows));
    state.counters["rows"] = static_cast<double>(in.rows.size());
}

// All stages: pairing, tree, cut, numbering, vertices, trees, keys, simd, interior bits.
void BM_BuildMesh(benchmark::State& state) {
    time_builds(state, terrain_input(static_cast<std::uint32_t>(state.range(0))));
}
BENCHMARK(BM_BuildMesh)->Arg(100)->Arg(707)->Unit(benchmark::kMillisecond)->Iterations(1);
// Warm: the same process builds a 40 k-row mesh again and again (the cost per row without the
// first touch of fresh memory).
BENCHMARK(BM_BuildMesh)->Arg(141)->Unit(benchmark::kMillisecond);

// Warm at 1 M rows: one untimed build first, so the allocator holds the memory the timed builds
// use (a tool that builds many meshes in one process, as synth does, runs like this).
void BM_BuildMeshWarm(benchmark::State& state) {
    const build::MeshInput in = terrain_input(static_cast<std::uint32_t>(state.range(0)));
    benchmark::DoNotOptimize(build::build_mesh(in, build::MeshOptions{}));
    time_builds(state, in);
}
BENCHMARK(BM_BuildMeshWarm)->Arg(707)->Unit(benchmark::kMillisecond)->Iterations(2);

// The stock tree rule's steps 1–3 over the same mesh's leaves (one leaf per row here).
void BM_StockTree(benchmark::State& state) {
    const build::MeshInput in = terrain_input(static_cast<std::uint32_t>(state.range(0)));
    std::vector<build::Box> leaves(in.rows.size());
    for (std::size_t r = 0; r < in.rows.size(); ++r) {
        float xyz[9];
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t v = in.rows[r][k];
            xyz[3 * k] = in.x[v], xyz[3 * k + 1] = in.y[v], xyz[3 * k + 2] = in.z[v];
        }
        leaves[r] = build::leaf_box(xyz, 0.015f);
    }
    for (auto _ : state) {
        build::BinaryTree t = build::build_stock_tree(leaves);
        benchmark::DoNotOptimize(t);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * leaves.size()));
}
BENCHMARK(BM_StockTree)->Arg(100)->Arg(707)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace
}  // namespace meshproof
