// The objects of an OBJ file (issue 44, `build --game freelancer`): the faces grouped by the
// name of their object, each with the positions its faces use. A face's object is its `o` name,
// or its `g` name when no `o` came before it; faces before any `o` or `g` make one object with the
// empty name. Two statements giving the same name continue one object. Objects are listed in the
// order faces first use them; an object's points in the order its faces first use them.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/builder/obj_reader.h"

namespace meshproof::builder {

struct ObjObject {
    std::string name;
    std::vector<std::array<float, 3>> points;  // each used vertex once (by index)
    std::uint64_t first_line = 0;              // the line of its first face
};

std::vector<ObjObject> obj_objects(const ObjMesh& mesh);

}  // namespace meshproof::builder
