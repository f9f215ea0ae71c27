// Synthetic maps for the f-set join (issue 16 item 4; verifiers/fset_join_pass.cpp): h files whose
// meshes are horizontal squares (two triangles, centred on the origin, at a chosen height) and f
// files whose vertices stand at chosen points, so that every vertex's distance to its h file (and
// to any other h file, in 3D or in x and z) is known in closed form and every share the join
// counts can be stated before the run. Written in the game's layout (install_writer.h):
// map/<area>/{h,f}<area>.hkxbhd + .hkxbdt (Elden Ring: map/mAA/<area>/), each binder with its
// compendium and one member per model, {h,f}<area>_<model>.hkx.dcx.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/synth/install_writer.h"

namespace meshproof::synth {

struct FsetModel {
    std::uint32_t model = 0;
    bool has_h = true, has_f = true;
    float floor_y = 0;  // the h square: y = floor_y, |x| and |z| ≤ half
    float half = 50;
    // The f vertices (at least 3 when has_f); the f triangles fan over them (0, i, i + 1).
    std::vector<std::array<float, 3>> f_vertices;
};

struct FsetMap {
    std::string map;  // "m10_00_00_00"
    std::vector<FsetModel> models;
};

// The squared distance from `p` to model `m`'s h square, in 3D or (footprint) in x and z: closed
// form, dx = max(|x| − half, 0), dz likewise, dy = y − floor_y.
double fset_square_distance_sq(const FsetModel& m, const std::array<float, 3>& p, bool footprint);

Status write_fset_maps(const std::filesystem::path& root, SynthGame game, const std::vector<FsetMap>& maps);

}  // namespace meshproof::synth
