// Everything an hknpCompressedMeshShape and its fsnp wrapper store, as flat arrays ready for the
// tagfile (collision_tagfile.h): what the builder (mesh_builder.h) makes from source triangles.
// Field names follow containers-and-tagfiles.md §7.1 / §8 (sections, the mesh tree arrays, the
// keys, pParam's rows, the simd tree).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/mesh/box.h"
#include "engine/builder/simd_tree_build.h"

namespace meshproof::builder {

struct CompressedMesh {
    float convex_radius = 0.015f;
    mesh::Box domain = mesh::unfilled_box();
    // sections
    std::vector<std::uint32_t> first_packed, num_packed, first_shared, num_shared, first_primitive, num_primitives;
    std::vector<std::uint8_t> page;
    std::vector<std::uint8_t> flags;  // 1 in the sections holding custom primitives (empty: all 0)
    std::vector<std::uint16_t> leaf_index;
    std::vector<mesh::Box> section_domain;
    std::vector<std::array<float, 6>> codec_parms;
    std::vector<std::uint32_t> first_node_byte, node_byte_count;  // into section_node_bytes
    std::vector<std::uint8_t> section_node_bytes;                 // Axis4 nodes, section after section
    std::vector<std::uint8_t> mesh_node_bytes;                    // Axis5 nodes
    // mesh tree arrays
    std::vector<std::array<std::uint8_t, 4>> primitives;
    std::vector<std::uint32_t> packed_vertices;
    std::vector<std::uint64_t> shared_vertices;
    std::vector<std::uint16_t> shared_vertices_index;
    // keys
    std::uint32_t max_key_value = 0;
    std::uint8_t bits_per_key = 0;
    std::uint8_t num_shape_key_bits = 0;
    std::int64_t num_primitive_keys = 0;
    std::vector<std::uint32_t> interior_words;
    std::int64_t interior_bits = 0;
    // fsnp: pParam's rows (triangleDataArray), their primitive data (one per material) and keys
    std::vector<std::uint32_t> row_key_word;                 // triangleIndexToShapeKey, left-aligned
    std::vector<std::array<std::uint32_t, 3>> row_vertices;  // vertexIndexA/B/C
    std::vector<std::uint32_t> row_primitive_data;           // primitiveDataIndex (empty: all 0)
    std::vector<std::uint32_t> materials;                    // per primitiveDataArray entry: materialNameData
    // simd
    std::vector<mesh::SimdNode> simd_nodes;
    // counts
    std::uint64_t triangles = 0, quads = 0, paged_sections = 0, section_tree_nodes = 0;
    std::uint64_t point_sets = 0;
};

}  // namespace meshproof::builder
