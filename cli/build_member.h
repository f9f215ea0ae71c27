// The one place `meshproof build` (cli/cmd_build.cpp) meets the compressed-mesh builder: welded
// triangle rows with their material ids in, the TAG0 of one collision body out, and then the
// check that the bytes say what was asked — the TAG0 is parsed and decoded by the same code
// `verify` and `export` use, and every kept row must come back as a triangle of its material, so
// a builder fault is an internal error before anything is written, never a bad file on disk.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/tagfile/collision_types.h"

namespace meshproof::cli {

struct MemberBuildInput {
    std::vector<float> x, y, z;
    std::vector<std::array<std::uint32_t, 3>> rows;  // become pParam's triangleDataArray, in order
    std::vector<std::uint32_t> row_material;         // per row: materialNameData
    tagfile::HavokDialect dialect = tagfile::HavokDialect::kEldenRing2018;
    float convex_radius = 0.0f;
    float max_packed_error = 0.005f;  // builder::MeshOptions::max_packed_error
    std::string body_name;
};

struct MemberBuildResult {
    std::vector<std::uint8_t> tag0;
    std::uint64_t rows_in = 0, rows_dropped_degenerate = 0, triangles = 0, quads = 0, sections = 0, pages = 0;
    double max_position_error = 0;  // the builder's figure: the largest |decoded − source| coordinate
    // From the decoded TAG0: the same measure over every row's corners, and the rows that
    // decoded to a triangle.
    double decoded_max_position_error = 0;
    std::uint64_t decoded_rows_with_triangle = 0;
};

// Errors: kLimit from the builder (engine/builder/mesh_builder.h: the format cannot hold the mesh —
// more than 256 pages, a mesh tree beyond 65,535 nodes, keys beyond 32 bits — or no row is left
// after the degenerate test): the caller's usage error; anything else is an internal error
// (kInternal when the decoded TAG0 disagrees with the input or does not decode).
Result<MemberBuildResult> build_collision_member(const MemberBuildInput& input);

}  // namespace meshproof::cli
