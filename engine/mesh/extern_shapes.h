// Elden Ring's externShapes decoded (containers-and-tagfiles.md §7.3): the hknpShapeInstance
// entries of one compressed mesh and the shapes they point at, as structure-of-arrays columns
// beside the mesh (DecodedMesh::extern_shapes). Three levels, each a set of equal-length columns:
//
//   instances  (one per externShapes entry; a custom primitive [0x92, w, lo, hi] names one)
//     → shape[i]: a distinct shape object (kNone for a null pointer)
//   shapes     (each shape object once, in order of first reference)
//     → first_vertex/vertex_count, first_plane/plane_count, first_face/face_count,
//       first_index/index_count: runs of the flat arrays below
//   flat arrays (every shape's vertices, planes, faces, indices, shape after shape)
//
// Face and index values stay relative to their shape, as stored: face_first_index[f] indexes the
// shape's own indices (first_index[s] + face_first_index[f] in the flat array), index[k] the
// shape's own vertices. Decoding checked that every face lies within its shape's indices and
// every index within its shape's vertices; the document's rules (plane count = face count,
// hull convexity, the stored type agreeing with the class) are the passes' job.
// Sekiro 2016.2 meshes have no externShapes member (§7.2, §7.3): everything stays empty.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/tagfile/shape_type.h"

namespace meshproof::mesh {

struct DecodedExternShapes {
    // ---- per instance (externShapes entry)
    std::vector<std::array<float, 16>> transform;  // rotation columns 0..2 (xyzw each), translation xyzw
    std::vector<std::array<float, 4>> scale;
    std::vector<std::string> shape_class;  // dynamic class of its shape ("" = null pointer)
    std::vector<std::uint16_t> shape_tag;
    std::vector<std::uint32_t> shape;  // per-shape index; kNone for a null pointer

    // ---- per shape
    std::vector<tagfile::ShapeType> type;  // by its class through the type table (shape_type.h)
    std::vector<std::string> class_name;
    std::vector<std::uint8_t> stored_type;  // hknpShape::type as stored
    std::vector<std::uint16_t> flags;       // hknpShape::flags
    std::vector<std::uint8_t> dispatch_type;
    std::vector<float> convex_radius;            // hknpShape::convexRadius
    std::vector<float> max_allowed_penetration;  // hkHalf16 widened; 0 where the class has none
    std::vector<std::uint32_t> first_vertex, vertex_count;
    std::vector<std::uint32_t> first_plane, plane_count;
    std::vector<std::uint32_t> first_face, face_count;
    std::vector<std::uint32_t> first_index, index_count;
    std::vector<std::uint8_t> has_connectivity;  // non-null Connectivity object
    std::vector<std::array<float, 4>> a, b;      // capsule / cylinder segment ends; zero for other classes
    std::vector<std::array<float, 16>> obb;      // box: hkTransform; zero for other classes
    std::vector<std::uint64_t> offset;           // DATA offset of the shape object

    // ---- flat arrays
    std::vector<float> vertex_x, vertex_y, vertex_z, vertex_w;
    std::vector<float> plane_x, plane_y, plane_z, plane_w;  // normal xyz, distance w
    std::vector<std::uint16_t> face_first_index;            // into its shape's indices
    std::vector<std::uint8_t> face_num_indices, face_min_half_angle;
    std::vector<std::uint8_t> index;  // vertex of its shape

    std::size_t instance_count() const { return transform.size(); }
    std::size_t shape_count() const { return type.size(); }
};

}  // namespace meshproof::mesh
