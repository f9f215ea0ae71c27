// An f-set body: hknpExternMeshShape around an hkGeometry (containers-and-tagfiles.md §8.7;
// havok-compressed-mesh.txt, the f-set paragraphs): vertices as hkVector4 with w = 1,
// triangles {a, b, c, material −1}, every index in range and no repeated corner, and the
// bounding volume in one of the two forms, chosen by the members the type table declares:
// - aabbTree form (Sekiro, version 2): a Codec3Axis6 static tree of 2n − 1 nodes over the
//   triangles (domain = the vertex box, leaf box = the triangle's vertex box, nibbles by the
//   floor rule) and a simd tree of only its two empty nodes; numShapeKeyBits = bitlen(n);
// - simd-only form (Elden Ring, version 3): a simd tree with one leaf per triangle keyed by its
//   index, four consecutive keys to a node of leaves, isCompact 1; numShapeKeyBits = bitlen(n) + 1.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engine/mesh/box.h"
#include "engine/builder/collision_tagfile.h"
#include "engine/builder/simd_tree_build.h"
#include "engine/core/error.h"

namespace meshproof::builder {

struct ExternMesh {
    std::vector<std::array<float, 4>> vertices;
    std::vector<std::array<std::int32_t, 4>> triangles;  // a, b, c, material
    mesh::Box domain = mesh::unfilled_box();             // the vertex box
    std::vector<std::uint8_t> aabb_nodes;                // 6 bytes a node (aabbTree form)
    std::vector<mesh::SimdNode> simd_nodes_compact;      // simd-only form
    std::uint8_t key_bits_aabb = 0, key_bits_simd = 0;
};

// The body of vertices (x, y, z) and triangle rows (indices into them, in range).
ExternMesh build_extern_mesh(std::span<const float> x, std::span<const float> y, std::span<const float> z,
                             std::span<const std::array<std::uint32_t, 3>> rows, SimdNumbering numbering);

Result<std::vector<std::uint8_t>> write_extern_tag0(const CollisionTypeContext& types, const ExternMesh& mesh,
                                                    const std::string& body_name, tagfile::CompendiumId compendium_id);

}  // namespace meshproof::builder
