// Sections and their vertices: the packed / shared-index / primitive / data runs under both
// SDK namings, and every vertex slot decoded in single precision.
//
// havok-compressed-mesh.txt: the run table ("The two SDK versions name the runs differently"),
// "An index below the section's packed-vertex count addresses local vertices; higher indices
// address its shared-vertex index array", and the page rule "sharedVertices[page × 65536 +
// sharedVerticesIndex[first shared + i − packed count]]". containers-and-tagfiles.md §7.2, §8.1, §8.2.
#pragma once

#include "engine/core/error.h"
#include "engine/mesh/decoded_member.h"
#include "engine/mesh/raw_mesh.h"

namespace meshproof::mesh {

// Fills mesh.sections from raw.sections. Every run must lie inside its array (kOutOfBounds at
// the section's offset otherwise); whether the runs tile their arrays is the passes' business.
// 2018.1 has no shared-index count: a section's run ends where the next one's starts, the last
// at the array end; a next start below this one is kOutOfBounds (no count can be derived).
Status decode_sections(const RawCompressedMesh& raw, DecodedMesh& mesh);

// Fills mesh.vertices: one entry per slot (packed + shared) of every section, in section order.
// A shared slot whose page × 65536 + entry lies past sharedVertices is kept as kUnresolved (it
// may be a custom primitive's record word); only a triangle that uses one is an error.
Status decode_vertices(const RawCompressedMesh& raw, DecodedMesh& mesh);

}  // namespace meshproof::mesh
