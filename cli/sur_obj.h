// Wavefront OBJ of Freelancer collision for `meshproof export`: a .sur file with each part (a
// legacy record) an object and each terminal hull a group of its own points and triangles, in the
// stored frame or placed by a frame per part; a model's part frames as axes, one short line per
// axis in an object named after the part.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/sur/sur_model.h"
#include "engine/utf/model.h"

namespace meshproof::cli {

struct SurObjCounts {
    std::size_t objects = 0, hulls = 0, triangles = 0;
};

// `frames`: per vers part, the frame taking its points into the output's (nullopt: as stored);
// `names`: per vers part, its object name (empty: "part_<id>"). Legacy records are written as
// stored, named after the record.
std::string sur_obj(const sur::SurModel& m, const std::vector<std::optional<utf::Frame>>& frames,
                    const std::vector<std::string>& names, SurObjCounts& counts);

// Per part: its origin and three axes in the model root's frame (rest pose), each as long as a
// quarter of the part's Level0 sphere radius (1 without a sphere).
std::string model_axes_obj(const utf::Model& model);

// An OBJ name: spaces and control bytes become '_' (the format ends a name at a space).
std::string obj_name(std::string_view name);

}  // namespace meshproof::cli
