// The decoded meshes the mesh benchmarks run on, built once per process and cached:
//   synthetic_mesh(N): a part of about N triangles built by engine/synth (terrain, buildings,
//     stairs, cylinders, thin triangles), written as an Elden Ring TAG0 with its own type table
//     and decoded back, so the vertices, identities, keys and trees are the decoder's;
//   er_sample_mesh(): the Elden Ring collision sample of the shared corpus (havok/h.hkx with its
//     compendium).
// `error` is set (and the member empty) when a step fails or the corpus is absent.
#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/mesh/decode_member.h"
#include "engine/builder/collision_tagfile.h"
#include "engine/synth/compressed_mesh.h"
#include "engine/synth/source_mesh.h"
#include "engine/tagfile/compendium.h"
#include "engine/tagfile/tagfile.h"

namespace meshproof::bench {

struct DecodedMeshes {
    std::vector<std::uint8_t> bytes;
    tagfile::CompendiumRegistry registry;
    std::unique_ptr<tagfile::Tagfile> tagfile;
    mesh::DecodedMember member;
    std::string error;
};

inline std::vector<std::uint8_t> read_corpus_file(const char* relative) {
    std::ifstream in(std::filesystem::path(MESHPROOF_CORPUS_DIR) / relative, std::ios::binary);
    return std::vector<std::uint8_t>((std::istreambuf_iterator<char>(in)), {});
}

inline void decode_into(DecodedMeshes& d, const tagfile::CompendiumRegistry* registry) {
    auto tf = tagfile::parse_tagfile(d.bytes, registry);
    if (!tf.ok()) {
        d.error = tf.error().message;
        return;
    }
    d.tagfile = std::make_unique<tagfile::Tagfile>(std::move(tf).value());
    auto member = mesh::decode_member(*d.tagfile);
    if (!member.ok()) {
        d.error = member.error().message;
        return;
    }
    d.member = std::move(member).value();
    if (d.member.meshes.empty()) d.error = "no compressed mesh";
}

inline const DecodedMeshes& synthetic_mesh(std::uint32_t triangles) {
    static std::map<std::uint32_t, std::unique_ptr<DecodedMeshes>> cache;
    auto& slot = cache[triangles];
    if (slot) return *slot;
    slot = std::make_unique<DecodedMeshes>();
    DecodedMeshes& d = *slot;
    const synth::SourceMesh src = synth::build_part(6, triangles, 0.0f, 0.0f);
    const synth::CompressedMesh cm = synth::build_compressed_mesh(src, {});
    auto types = builder::make_collision_type_context(tagfile::HavokDialect::kEldenRing2018);
    if (!types.ok()) return d.error = types.error().message, d;
    auto tag0 = builder::write_collision_tag0(*types, cm, "h000100", std::nullopt);
    if (!tag0.ok()) return d.error = tag0.error().message, d;
    d.bytes = std::move(tag0).value();
    decode_into(d, nullptr);
    return d;
}

inline const DecodedMeshes& er_sample_mesh() {
    static const std::unique_ptr<DecodedMeshes> s = [] {
        auto d = std::make_unique<DecodedMeshes>();
        d->bytes = read_corpus_file("havok/h.hkx");
        const auto compendium = read_corpus_file("havok/h.compendium");
        if (d->bytes.empty() || !d->registry.add_bytes(compendium).ok()) d->error = "shared corpus not found";
        else decode_into(*d, &d->registry);
        return d;
    }();
    return *s;
}

}  // namespace meshproof::bench
