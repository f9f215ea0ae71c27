// The builder's throughput (issue 14: "builder throughput on a 1 M-triangle mesh, goal ≥ 1 M
// triangles/s per core, all steps"): build_mesh on one terrain mesh of about 1 M rows (the
// synthetic writer's large terrain, every cell two rows), single thread, then the tree rule's
// steps 1–3 alone on the same leaves, to show where the time goes.
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include "engine/builder/mesh_builder.h"
#include "engine/builder/primitive_list.h"
#include "engine/rules/stock_insertion.h"
#include "engine/rules/stock_tree.h"
#include "engine/synth/source_mesh.h"

namespace meshproof {
namespace {

builder::MeshInput terrain_input(std::uint32_t cells) {
    const synth::SourceMesh src =
        synth::build_large_terrain(11, cells, -0.5f * static_cast<float>(cells), -0.5f * static_cast<float>(cells));
    return builder::MeshInput{src.x, src.y, src.z, src.rows, {}};
}

double seconds(const timeval& t) { return static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_usec); }

// The timed loop: one whole build_mesh per iteration, rows per second. Beside the benchmark's
// CPU time (user + system), the loop's user time alone gives the builder's own rate
// (`user_rows_per_s`), and its system time and page faults show what the kernel spent handing
// the build fresh memory: on a VM after a pause, that first touch costs several times what it
// costs back to back (README, performance), while the builder's own work does not change.
void time_builds(benchmark::State& state, const builder::MeshInput& in) {
    std::uint64_t rows = 0;
    rusage before{}, after{};
    getrusage(RUSAGE_THREAD, &before);
    for (auto _ : state) {
        auto m = builder::build_mesh(in, builder::MeshOptions{});
        if (!m.ok()) state.SkipWithError(m.error().message.c_str());
        benchmark::DoNotOptimize(m);
        rows += in.rows.size();
    }
    getrusage(RUSAGE_THREAD, &after);
    state.SetItemsProcessed(static_cast<std::int64_t>(rows));
    state.counters["rows"] = static_cast<double>(in.rows.size());
    const double user = seconds(after.ru_utime) - seconds(before.ru_utime);
    const double iterations = static_cast<double>(state.iterations());
    state.counters["user_rows_per_s"] = user > 0.0 ? static_cast<double>(rows) / user : 0.0;
    state.counters["sys_ms"] = 1e3 * (seconds(after.ru_stime) - seconds(before.ru_stime)) / iterations;
    state.counters["faults"] = static_cast<double>(after.ru_minflt - before.ru_minflt) / iterations;
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
    const builder::MeshInput in = terrain_input(static_cast<std::uint32_t>(state.range(0)));
    benchmark::DoNotOptimize(builder::build_mesh(in, builder::MeshOptions{}));
    time_builds(state, in);
}
BENCHMARK(BM_BuildMeshWarm)->Arg(707)->Unit(benchmark::kMillisecond)->Iterations(2);

// One leaf per row of the terrain (its vertices' box grown by the sample's convex radius).
std::vector<mesh::Box> terrain_leaves(std::uint32_t cells) {
    const builder::MeshInput in = terrain_input(cells);
    std::vector<mesh::Box> leaves(in.rows.size());
    for (std::size_t r = 0; r < in.rows.size(); ++r) {
        float xyz[9];
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t v = in.rows[r][k];
            xyz[3 * k] = in.x[v], xyz[3 * k + 1] = in.y[v], xyz[3 * k + 2] = in.z[v];
        }
        leaves[r] = rules::leaf_box(xyz, 0.015f);
    }
    return leaves;
}

// The leaves as the builder takes them: the quads in the order the pairing takes them, then the
// other rows (the pairing's order is its cost sort's, far from the rows' side-by-side order).
std::vector<mesh::Box> pairing_leaves(std::uint32_t cells) {
    const builder::MeshInput in = terrain_input(cells);
    std::vector<std::uint32_t> kept(in.rows.size());
    for (std::uint32_t r = 0; r < kept.size(); ++r) kept[r] = r;
    rules::QuadPairingWorkspace ws;
    const builder::PrimitiveList prims =
        builder::pair_rows(builder::PairingInput{in.x, in.y, in.z, in.rows, {}, kept}, ws);
    std::vector<mesh::Box> leaves(prims.size());
    for (std::size_t p = 0; p < prims.size(); ++p) {
        float xyz[12];
        const int corners = prims.is_quad[p] ? 4 : 3;
        for (int k = 0; k < corners; ++k) {
            const std::uint32_t v = prims.vertex[p][k];
            xyz[3 * k] = in.x[v], xyz[3 * k + 1] = in.y[v], xyz[3 * k + 2] = in.z[v];
        }
        leaves[p] = rules::leaf_box(std::span<const float>(xyz, 3 * corners), 0.015f);
    }
    return leaves;
}

// The stock tree rule's steps 1–3 over the same mesh's leaves.
void BM_StockTree(benchmark::State& state) {
    const std::vector<mesh::Box> leaves = terrain_leaves(static_cast<std::uint32_t>(state.range(0)));
    for (auto _ : state) {
        rules::BinaryTree t = rules::build_stock_tree(leaves);
        benchmark::DoNotOptimize(t);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * leaves.size()));
}
BENCHMARK(BM_StockTree)->Arg(100)->Arg(707)->Unit(benchmark::kMillisecond)->Iterations(1);

// The insertion tree's mean leaf depth: the levels a descent takes, one after another.
double mean_leaf_depth(const rules::InsertionTree& tree) {
    std::uint64_t sum = 0, leaves = 0;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> stack{{tree.root, 0}};
    while (!stack.empty()) {
        const auto [id, depth] = stack.back();
        stack.pop_back();
        if (rules::is_insertion_leaf(id)) {
            sum += depth, ++leaves;
            continue;
        }
        const rules::InsertionNode& node = tree.inner[rules::insertion_inner(id)];
        stack.push_back({node.child[0], depth + 1}), stack.push_back({node.child[1], depth + 1});
    }
    return leaves ? static_cast<double>(sum) / static_cast<double>(leaves) : 0.0;
}

// Step 1 alone (the descent of every leaf), its arrays reused from one iteration to the next.
void time_insertion(benchmark::State& state, const std::vector<mesh::Box>& leaves) {
    rules::InsertionTree tree;
    for (auto _ : state) {
        rules::insert_into(leaves, tree);
        benchmark::DoNotOptimize(tree.root_box);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * leaves.size()));
    state.counters["mean_depth"] = mean_leaf_depth(tree);
}
void BM_StockInsertion(benchmark::State& state) {
    time_insertion(state, terrain_leaves(static_cast<std::uint32_t>(state.range(0))));
}
BENCHMARK(BM_StockInsertion)->Arg(707)->Unit(benchmark::kMillisecond)->Iterations(3);

// Steps 1–3 and step 1 alone on the builder's leaves (about 500 k quads of the 1 M-row terrain).
void BM_StockTreePairingOrder(benchmark::State& state) {
    const std::vector<mesh::Box> leaves = pairing_leaves(static_cast<std::uint32_t>(state.range(0)));
    rules::StockTreeWorkspace ws;
    rules::BinaryTree t;
    for (auto _ : state) {
        rules::build_stock_tree(leaves, ws, t);
        benchmark::DoNotOptimize(t.root);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * leaves.size()));
}
BENCHMARK(BM_StockTreePairingOrder)->Arg(707)->Unit(benchmark::kMillisecond)->Iterations(3);
void BM_StockInsertionPairingOrder(benchmark::State& state) {
    time_insertion(state, pairing_leaves(static_cast<std::uint32_t>(state.range(0))));
}
BENCHMARK(BM_StockInsertionPairingOrder)->Arg(707)->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace
}  // namespace meshproof
