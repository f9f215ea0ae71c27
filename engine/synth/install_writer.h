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
// games' l sets). The f set holds one hknpExternMeshShape body per model (extern_mesh.h).
// Character binders `chr/cNNNN.chrbnd.dcx` (character_binders.h): a collision tagfile, two members
// that are not collision, and byte-for-byte copies of tagfiles read earlier.
// Object and asset binders (containers-and-tagfiles.md §1.3): Sekiro `obj/oNNNNNN.objbnd.dcx`,
// Elden Ring `asset/aeg/aegNNN/aegNNN_MMM_{h,l}.geomhkxbnd.dcx`, each a DCX DFLT BND4 holding one
// `.hkx` TAG0 with its own TYPE section, one body whose compressed mesh ends in a section of
// point-set custom primitives (custom_section.h); in Elden Ring every other asset (aeg…_h) also
// holds extern shapes, boxes, capsules, cylinders and convex polytopes referenced from that
// section (extern_shape_set.h), its TYPE section declaring the §7.3 classes. `defects.json` beside the install (OUT/defects.json) lists the requested and
// injected defect counts, where each was injected, and the built counts; `manifest.json`
// (OUT/manifest.json, corpus-manifests/FORMAT.md, synth_manifest.h) the figures every pass must
// reproduce on it, per game/set.
//
// Same options, same bytes: every member is built from its own seed derived from (seed,
// member), members are built in parallel and written in order.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/synth/compressed_mesh.h"
#include "engine/synth/defect_spec.h"

namespace meshproof::synth {

enum class SynthGame : std::uint8_t { kEldenRing, kSekiro };
enum class SynthScale : std::uint8_t {
    kDemo,  // 2 blocks, ~25 members, ~0.2 M triangles (one large paged terrain); 4 object / asset binders, 3 character binders
    kSmall,  // 6 blocks, ~480 members, a few million triangles; 12 object / asset binders, 4 character binders
    kFull,  // the game's totals: ER ~25,000 tagfiles / 66 M triangles, Sekiro ~5,600 / 25 M; 40 object / asset binders, 10 character binders
};

// A counter some registered pass declares (the CLI and the tests hand the registry's list in, so
// the writer names only counters that exist, and every violation counter, without knowing the
// passes: a manifest naming an unknown pass or counter would not load).
struct PassCounter {
    std::string pass, counter, description;
    bool violation = false;
};

struct SynthOptions {
    SynthGame game = SynthGame::kEldenRing;
    SynthScale scale = SynthScale::kDemo;
    std::uint64_t seed = 1;
    DefectCounts defects{};
    int dcx_level = 1;       // libdeflate level of the DFLT members (1: the writer is not DEFLATE-bound)
    int threads = 0;         // 0 = every core
    bool write_json = true;  // defects.json and manifest.json
    // Every counter of the registered passes, for manifest.json (empty: a manifest without figures).
    std::vector<PassCounter> counters;
};

struct SynthCounts {
    std::uint64_t binders = 0, compendiums = 0, members = 0, readable_members = 0;
    // over the readable members (no container defect)
    std::uint64_t meshes = 0, bodies = 0, sections = 0, primitives = 0, triangles = 0, quads = 0, source_rows = 0;
    std::uint64_t packed_vertices = 0, shared_vertices = 0, shared_index_entries = 0, paged_sections = 0;
    std::uint64_t section_tree_nodes = 0, mesh_tree_nodes = 0, simd_nodes = 0;
    // f set: hknpExternMeshShape bodies
    std::uint64_t extern_meshes = 0, extern_triangles = 0, extern_vertices = 0;
    // f set joined with the h set (fset_join): f files whose h file of the same model is readable,
    // their vertices, and f files whose h file is not (a container defect)
    std::uint64_t fset_paired = 0, fset_paired_vertices = 0, fset_f_without_h = 0;
    // object / asset meshes: point-set custom primitives, in sections of their own; of them the
    // 8-corner boxes
    std::uint64_t point_sets = 0, custom_sections = 0, point_set_boxes = 0;
    // Elden Ring asset meshes: extern references in those sections and the externShapes entries
    // they name (extern_shape_set.h); references whose w is 0; files with entries; pairs of
    // consecutive records (point sets and extern references) in the custom sections
    std::uint64_t extern_refs = 0, extern_shapes = 0, extern_w_zero = 0, extern_files = 0, record_pairs = 0;
    // Character binders (character_binders.h): members that are not collision (read, left out of
    // the passes), and the sections and flagged sections of tagfiles that are byte-for-byte copies
    // of one earlier in path order (counted by the passes, not over distinct tagfiles).
    std::uint64_t not_collision = 0, duplicate_sections = 0, duplicate_flagged = 0;
    std::uint64_t bytes_written = 0;
    // What the passes should count beyond a clean install (compressed_mesh.h, MeshEffects).
    MeshEffects effects;
    // The stored triangleIsInterior bits as the interior and keys passes count them.
    InteriorFigures interior;
    void add(const SynthCounts& o);
};

// The binder sets the writer fills, in the pipeline's scope terms ("game/set"): the map sets
// h, l, f, then Sekiro's object binders or Elden Ring's asset binders, then the character binders.
inline constexpr std::size_t kSynthSetCount = 5;
std::array<std::string_view, kSynthSetCount> synth_sets(SynthGame game);

struct SynthResult {
    SynthCounts counts;                                // the whole install
    std::array<SynthCounts, kSynthSetCount> by_set{};  // per synth_sets() entry
    DefectCounts injected{};
    std::string json;           // what defects.json holds
    std::string manifest_json;  // what manifest.json holds (synth_manifest.h)
};

Result<SynthResult> write_synthetic_install(const std::filesystem::path& out, const SynthOptions& options);

std::string_view synth_game_name(SynthGame g);    // "eldenring", "sekiro"
std::string_view synth_scale_name(SynthScale s);  // "demo", "small", "full"

}  // namespace meshproof::synth
