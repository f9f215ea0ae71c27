// How a compressed mesh's sections share their vertices (havok-compressed-mesh.txt, "A section
// holds at most 127 primitives …"): "Packed vertices belong to one section: rounded to 1 mm, fewer
// than 160 of 31.4 million packed positions occur in two sections. Shared vertices are not limited
// to those several sections use: Sekiro's h set stores none used by a single section, but its l
// set has 4,024 and Elden Ring 7.69 million of its 19.1 million." Functions of one decoded mesh,
// over scratch the caller reuses from mesh to mesh (no allocation per vertex once it has grown).
#pragma once

#include <cstdint>
#include <vector>

#include "engine/mesh/decoded_member.h"

namespace meshproof::verifiers {

struct SharedUse {
    std::uint64_t entries = 0;         // sharedVertices entries of the mesh
    std::uint64_t single_section = 0;  // of those, listed by the shared-index run of exactly one section
};

// Reading: a section "uses" a shared vertex when one of its vertex slots (its shared-index run,
// page applied) resolves to that sharedVertices entry; an entry no section lists is used by none.
// `last` and `users` are scratch.
SharedUse shared_vertex_use(const mesh::DecodedMesh& m, std::vector<std::uint32_t>& last,
                            std::vector<std::uint8_t>& users);

// A packed vertex's position in millimetres, biased to unsigned, and the sections that hold it:
// one slot of an open-addressing table (PositionTable).
struct PackedPosition {
    std::uint64_t xy = 0;  // x << 32 | y
    std::uint32_t z = 0;
    std::uint32_t section = 0;  // the first section holding it
    bool used = false;
    bool in_two_sections = false;  // a vertex of another section holds it too
};

// The table packed_position_sharing fills, reused from mesh to mesh (no allocation once grown).
struct PositionTable {
    std::vector<PackedPosition> slots;
};

struct PackedSharing {
    std::uint64_t positions = 0;        // distinct packed positions of the mesh, rounded to 1 mm
    std::uint64_t in_two_sections = 0;  // of those, positions packed vertices of two sections or more share
};

// Reading: positions within one mesh (sections of different meshes, bodies or files are never
// compared: h and l files lie over each other); a packed vertex with a coordinate that is not
// finite or beyond ±2,147 km (a millimetre count past 32 bits) is left out.
PackedSharing packed_position_sharing(const mesh::DecodedMesh& m, PositionTable& table);

}  // namespace meshproof::verifiers
