// What one written compressed-mesh member adds to the built counts (SynthCounts) of its set: its
// mesh, body, sections, primitives, vertices, trees, custom primitives and interior bits. The
// binder, member and byte counts are the caller's.
#pragma once

#include <cstdint>

#include "engine/synth/install_writer.h"

namespace meshproof::synth {

void add_mesh_counts(SynthCounts& c, const CompressedMesh& m, std::uint64_t source_rows);

}  // namespace meshproof::synth
