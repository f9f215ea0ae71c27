// The character binders of a synthetic install (containers-and-tagfiles.md §1.3, "Characters":
// `chr/cNNNN.chrbnd.dcx` members also contain compressed meshes): each a DCX DFLT BND4 holding
//   cNNNN.hkx            the character's collision: one body, one compressed mesh built like an
//                        object's, ending in a section of point-set custom primitives (flags 1) in
//                        Elden Ring (1 or 2 point sets); none in Sekiro, whose flagged sections are
//                        "all in object binders";
//   cNNNN_skeleton.hkx   a TAG0 whose root holds no body (not collision: a skeleton stands for it);
//   cNNNN_cloth.hkx      bytes that are no TAG0 (a packfile's magic: not collision);
// and copies, byte for byte, so that a count over distinct tagfiles differs from the plain count
// by a known amount: every odd character binder also holds its predecessor's cNNNN.hkx (as
// cNNNN_shared.hkx), and in Elden Ring the first one holds a copy of an asset's tagfile (`cross`:
// its asset binder comes first in path order, so the distinct count keeps it in the asset set).
// The copies' counts go to SynthCounts::duplicate_sections / duplicate_flagged, the two
// non-collision members to not_collision. No defect is injected here.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <tbb/task_arena.h>

#include "engine/builder/collision_tagfile.h"
#include "engine/core/error.h"
#include "engine/synth/install_writer.h"

namespace meshproof::synth {

// A tagfile of another set copied into a character binder: its member name, bytes and built mesh.
struct CopiedTagfile {
    std::string member;  // "aeg110_001_l.hkx"
    std::vector<std::uint8_t> tag0;
    const CompressedMesh* mesh = nullptr;
    std::uint64_t source_rows = 0;
};

// Writes `count` character binders under OUT/chr and returns their counts (the character set's).
Result<SynthCounts> write_character_binders(const std::filesystem::path& out, const SynthOptions& o,
                                            std::uint32_t count, const builder::CollisionTypeContext& types,
                                            const CopiedTagfile* cross, tbb::task_arena& arena);

}  // namespace meshproof::synth
