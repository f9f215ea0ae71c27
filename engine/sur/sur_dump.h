// Text view of a decoded .sur file for `meshproof dump` (freelancer-surface.md "Part", "Surface",
// "Hull", "Node"; legacy records per ivp-surface-notes.md §12): per part its id (and the name the
// caller resolved from the sibling model), chunks, extents and hardpoint ids, then per surface the
// hull counts (terminal, subtree-bounding), faces, points and nodes, the stored derived fields
// (mass centre, rotationInertia, radius, surfaceDeviation), the hulls and the ledge tree. Arrays
// are bounded like the tagfile dump ("… (k more)").
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "engine/sur/sur_model.h"

namespace meshproof::sur {

struct SurDumpOptions {
    std::size_t max_elements = 8;         // per array: hulls, tree nodes, hardpoint ids
    std::optional<std::size_t> only;      // one part (vers) or record (legacy), by index
    std::vector<std::string> part_names;  // per vers part, empty when unknown
};

std::string dump_sur(const SurModel& m, const SurDumpOptions& o);

// The file's totals of one surface: hulls by kind, faces (summed over every hull), points, nodes.
struct SurfaceCounts {
    std::size_t terminal = 0, bounding = 0, faces = 0, points = 0, nodes = 0;
};
SurfaceCounts surface_counts(const SurModel& m, const Surface& s);

// A legacy record name as text: bytes outside printable ASCII become '?'.
std::string printable_name(const std::string& name);

}  // namespace meshproof::sur
