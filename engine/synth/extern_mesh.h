// An f-set body built from a synthetic source mesh: the builder's encoder
// (engine/builder/extern_mesh.h) on the source's vertices and rows.
#pragma once

#include "engine/builder/extern_mesh.h"
#include "engine/synth/build_names.h"
#include "engine/synth/source_mesh.h"

namespace meshproof::synth {

using builder::ExternMesh;
using builder::write_extern_tag0;

inline ExternMesh build_extern_mesh(const SourceMesh& source, SimdNumbering numbering) {
    return builder::build_extern_mesh(source.x, source.y, source.z, source.rows, numbering);
}

}  // namespace meshproof::synth
