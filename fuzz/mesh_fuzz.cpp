// libFuzzer target: bytes → TAG0 parse (types from the Elden Ring sample's compendium when the
// shared corpus is found, else the file's own TYPE section) → extract → decode → OBJ export.
// Every step must end in a value or a typed error. Build with -DMESHPROOF_FUZZ=ON (clang); seed
// with ../shared/corpus/havok/h.hkx.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <span>
#include <vector>

#include "engine/mesh/decode_member.h"
#include "engine/mesh/obj_export.h"
#include "engine/tagfile/compendium.h"
#include "engine/tagfile/tagfile.h"

namespace {

meshproof::tagfile::CompendiumRegistry& registry() {
    static meshproof::tagfile::CompendiumRegistry r;
    return r;
}

// MESHPROOF_CORPUS (the corpus directory) or ../shared/corpus relative to the working directory.
void bake_compendium() {
    std::vector<std::filesystem::path> candidates;
    if (const char* env = std::getenv("MESHPROOF_CORPUS"))
        candidates.emplace_back(std::filesystem::path(env) / "havok/h.compendium");
    candidates.emplace_back("../shared/corpus/havok/h.compendium");
    candidates.emplace_back("../../shared/corpus/havok/h.compendium");
    for (const auto& path : candidates) {
        std::ifstream in(path, std::ios::binary);
        if (!in) continue;
        const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), {});
        if (registry().add_bytes(bytes).ok()) return;
    }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    bake_compendium();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::span<const std::uint8_t> bytes(data, size);
    auto tf = meshproof::tagfile::parse_tagfile(bytes, &registry());
    if (!tf.ok()) return 0;
    auto member = meshproof::mesh::decode_member(*tf);
    if (!member.ok()) {
        if (member.error().code == meshproof::ErrorCode::kInternal) std::abort();  // a broken invariant
        return 0;
    }
    (void)meshproof::mesh::to_obj(*member);
    return 0;
}
