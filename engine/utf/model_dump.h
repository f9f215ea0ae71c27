// Text view of a Freelancer model for `meshproof dump`: the UTF tree (folders, leaves with their
// payload sizes) and the model view (compound or single, each part with its FL-CRC id, object and
// file names, parent and joint, rest-frame origin in the root frame, Level0 sphere, hardpoints).
#pragma once

#include <string>

#include "engine/utf/model.h"
#include "engine/utf/utf_file.h"

namespace meshproof::utf {

std::string dump_model(const UtfTree& tree, const Model& model);

}  // namespace meshproof::utf
