// `meshproof synth`: a synthetic unpacked install in the game's real layout
// (containers-and-tagfiles.md §1.2):
//   Sekiro       map/mAA_BB_CC_DD/{h,l,f}AA_BB_CC_DD.hkxbhd + .hkxbdt
//   Elden Ring   map/mAA/mAA_BB_CC_DD/{h,l,f}AA_BB_CC_DD.hkxbhd + .hkxbdt
// Each split binder (BHF4 + BDF4, binder_writer.h) holds its compendium
// `mAA_BB_CC_DD\{h,l,f}AA_BB_CC_DD.compendium.dcx` (TCM0, DCX DFLT, ID 0) and the members
// `mAA_BB_CC_DD\{h,l,f}AA_BB_CC_DD_NNNNNN.hkx.dcx` (IDs 1..n): TAG0 with TCRF, DCX DFLT, each one
// body with one compressed mesh (compressed_mesh.h) written in the game's dialect. The l set
// repeats the h set's model numbers with coarser meshes; block 0's l set also holds one large
// all-shared terrain whose shared vertices exceed one page (so pages 1.. exist, as in the
// games' l sets). The f set holds one hknpExternMeshShape body per model (extern_mesh.h). `defects.json` beside the install (OUT/defects.json) lists the requested and
// injected defect counts, where each was injected, and the built counts.
//
// Same options, same bytes: every member is built from its own seed derived from (seed,
// member), members are built in parallel and written in order.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "engine/core/error.h"
#include "engine/synth/defect_spec.h"

namespace meshproof::synth {

enum class SynthGame : std::uint8_t { kEldenRing, kSekiro };
enum class SynthScale : std::uint8_t {
    kDemo,   // 2 blocks, ~25 members, ~0.2 M triangles (one large paged terrain)
    kSmall,  // 6 blocks, ~480 members, a few million triangles
    kFull,   // the game's totals: ER ~25,000 tagfiles / 66 M triangles, Sekiro ~5,600 / 25 M
};

struct SynthOptions {
    SynthGame game = SynthGame::kEldenRing;
    SynthScale scale = SynthScale::kDemo;
    std::uint64_t seed = 1;
    DefectCounts defects{};
    int dcx_level = 1;     // libdeflate level of the DFLT members (1: the writer is not DEFLATE-bound)
    int threads = 0;       // 0 = every core
    bool write_json = true;
};

struct SynthCounts {
    std::uint64_t binders = 0, compendiums = 0, members = 0, readable_members = 0;
    // over the readable members (no container defect)
    std::uint64_t meshes = 0, bodies = 0, sections = 0, primitives = 0, triangles = 0, quads = 0, source_rows = 0;
    std::uint64_t packed_vertices = 0, shared_vertices = 0, shared_index_entries = 0, paged_sections = 0;
    std::uint64_t section_tree_nodes = 0, mesh_tree_nodes = 0, simd_nodes = 0;
    // f set: hknpExternMeshShape bodies
    std::uint64_t extern_meshes = 0, extern_triangles = 0, extern_vertices = 0;
    std::uint64_t bytes_written = 0;
};

struct SynthResult {
    SynthCounts counts;
    DefectCounts injected{};
    std::string json;  // what defects.json holds
};

Result<SynthResult> write_synthetic_install(const std::filesystem::path& out, const SynthOptions& options);

std::string_view synth_game_name(SynthGame g);    // "eldenring", "sekiro"
std::string_view synth_scale_name(SynthScale s);  // "demo", "small", "full"

}  // namespace meshproof::synth
