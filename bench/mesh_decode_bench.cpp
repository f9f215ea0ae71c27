// Decode throughput of engine/mesh.
//   BM_MeshDecodeErSample: parse + extract + decode of the Elden Ring sample (the TAG0 is
//     uncompressed: bytes/s = MB/s of decompressed tagfile; triangles/s as a counter).
//   BM_MeshExtractErSample: extraction alone (by-name reads into columns).
//   BM_MeshDecodeLargeRaw/N: the decode layer alone on a hand-built raw mesh of N sections of
//     120 primitives (quads and triangles), packed and shared vertices, section and mesh trees.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "engine/mesh/decode_compressed_mesh.h"
#include "engine/mesh/decode_member.h"
#include "engine/mesh/extract_member.h"
#include "engine/tagfile/compendium.h"
#include "engine/tagfile/tagfile.h"
#include "tests/mesh/raw_builder.h"

namespace {

using namespace meshproof;

std::vector<std::uint8_t> read_corpus(const char* relative) {
    std::ifstream in(std::filesystem::path(MESHPROOF_CORPUS_DIR) / relative, std::ios::binary);
    return std::vector<std::uint8_t>((std::istreambuf_iterator<char>(in)), {});
}

struct ErSample {
    std::vector<std::uint8_t> hkx = read_corpus("havok/h.hkx");
    tagfile::CompendiumRegistry registry;
    bool ok = false;
    ErSample() {
        const auto compendium = read_corpus("havok/h.compendium");
        ok = !hkx.empty() && registry.add_bytes(compendium).ok();
    }
};

const ErSample& sample() {
    static const ErSample s;
    return s;
}

void BM_MeshDecodeErSample(benchmark::State& state) {
    const ErSample& s = sample();
    if (!s.ok) {
        state.SkipWithError("shared corpus not found");
        return;
    }
    std::size_t triangles = 0;
    for (auto _ : state) {
        auto tf = tagfile::parse_tagfile(s.hkx, &s.registry);
        auto member = mesh::decode_member(*tf);
        if (!member.ok()) {
            state.SkipWithError(member.error().message.c_str());
            return;
        }
        triangles += member->meshes[0].triangles.size();
        benchmark::DoNotOptimize(member->meshes[0].vertices.x.data());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * s.hkx.size()));
    state.counters["triangles/s"] = benchmark::Counter(static_cast<double>(triangles), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_MeshDecodeErSample);

void BM_MeshExtractErSample(benchmark::State& state) {
    const ErSample& s = sample();
    if (!s.ok) {
        state.SkipWithError("shared corpus not found");
        return;
    }
    auto tf = tagfile::parse_tagfile(s.hkx, &s.registry);
    for (auto _ : state) {
        auto raw = mesh::extract_member(*tf);
        benchmark::DoNotOptimize(raw->meshes.data());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * tf->data().size()));
}
BENCHMARK(BM_MeshExtractErSample);

// Pre-order Codec3Axis4 nodes over `leaves` primitives starting at `first` (≤ 127 leaves).
void section_tree(std::vector<std::array<std::uint8_t, 4>>& out, std::uint32_t first, std::uint32_t leaves) {
    if (leaves == 1) {
        out.push_back({0x11, 0x11, 0x11, static_cast<std::uint8_t>(first << 1)});
        return;
    }
    const std::uint32_t left = leaves / 2;
    const std::uint8_t second = static_cast<std::uint8_t>(2 * left);  // left subtree: 2·left − 1 nodes
    out.push_back({0x12, 0x21, 0x11, static_cast<std::uint8_t>(second | 1)});
    section_tree(out, first, left);
    section_tree(out, first + left, leaves - left);
}

// Pre-order Codec3Axis5 nodes over sections [first, first + count).
void mesh_tree(std::vector<std::array<std::uint8_t, 5>>& out, std::uint32_t first, std::uint32_t count) {
    if (count == 1) {
        out.push_back({0, 0, 0, static_cast<std::uint8_t>(first >> 8), static_cast<std::uint8_t>(first)});
        return;
    }
    const std::uint32_t left = count / 2;
    const std::uint32_t value = 0x8000u | left;  // second child at +2 × left
    out.push_back({0x11, 0x11, 0x11, static_cast<std::uint8_t>(value >> 8), static_cast<std::uint8_t>(value)});
    mesh_tree(out, first, left);
    mesh_tree(out, first + left, count - left);
}

struct LargeRaw {
    test::RawBuilder b;
    mesh::RawCompressedMesh raw;
    std::size_t bytes = 0;  // of the on-disk arrays the columns stand for

    explicit LargeRaw(std::uint32_t sections) {
        constexpr std::uint32_t kPrims = 120, kPacked = 64, kShared = 64;
        b.domain = {{-500, -50, -500, 1}, {500, 50, 500, 1}};
        mesh_tree(b.mesh_nodes = {}, 0, sections);
        for (std::uint32_t s = 0; s < sections; ++s) {
            test::SectionSpec spec;
            spec.codec_parms = {float(s), 0, 0, 0.01f, 0.01f, 0.02f};
            spec.first_packed = s * kPacked;
            spec.num_packed = kPacked;
            spec.first_shared = s * kShared;
            spec.first_primitive = s * kPrims;
            spec.num_primitives = kPrims;
            spec.first_data_run = s;
            spec.leaf_index = 0;
            spec.domain = b.domain;
            section_tree(spec.nodes, 0, kPrims);
            b.sections.push_back(std::move(spec));
            for (std::uint32_t v = 0; v < kPacked; ++v)
                b.packed.push_back(test::packed_code(v * 31 % 2048, v * 17 % 2048, v % 1024));
            for (std::uint32_t v = 0; v < kShared; ++v)
                b.shared_index.push_back(static_cast<std::uint16_t>((s * 7 + v) % 4096));
            for (std::uint32_t p = 0; p < kPrims; ++p) {
                const std::uint8_t a = static_cast<std::uint8_t>(p % 126), c = static_cast<std::uint8_t>(a + 2);
                if (p % 3 == 0)
                    b.primitives.push_back({a, static_cast<std::uint8_t>(a + 1), c, static_cast<std::uint8_t>(a + 3)});
                else b.primitives.push_back({a, static_cast<std::uint8_t>(a + 1), c, c});
            }
            b.runs.push_back({0xFFFF, 0, kPrims});
        }
        for (std::uint32_t v = 0; v < 4096; ++v) b.shared.push_back(test::shared_code(v * 511, v * 3, v * 1021));
        b.num_shape_key_bits = 32;
        raw = b.build();
        bytes = sections * (96 + kPrims * 4 + (2 * kPrims - 1) * 4 + kPacked * 4 + kShared * 2 + 4) +
                b.shared.size() * 8 + b.mesh_nodes.size() * 5;
    }
};

void BM_MeshDecodeLargeRaw(benchmark::State& state) {
    const LargeRaw large(static_cast<std::uint32_t>(state.range(0)));
    std::size_t triangles = 0;
    for (auto _ : state) {
        auto mesh = mesh::decode_compressed_mesh(large.raw);
        if (!mesh.ok()) {
            state.SkipWithError(mesh.error().message.c_str());
            return;
        }
        triangles += mesh->triangles.size();
        benchmark::DoNotOptimize(mesh->triangles.key.data());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * large.bytes));
    state.counters["triangles/s"] = benchmark::Counter(static_cast<double>(triangles), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_MeshDecodeLargeRaw)->Arg(16)->Arg(1024)->Unit(benchmark::kMillisecond);

}  // namespace
