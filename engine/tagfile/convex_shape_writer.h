// Writing the convex shapes that Elden Ring's externShapes entries point at, and the entries
// themselves (containers-and-tagfiles.md §7.3), through an ObjectWriter whose table declares the
// §7.3 classes (collision_types.h, CollisionTypeOptions::convex_shapes). Tests hand-build
// members with them; the synthetic install can build its asset meshes' extern shapes the same way.
//
//   ConvexShapeSpec box{.type = ShapeType::kBox, .convex_radius = 0.05f, .vertices = corners,
//                       .planes = planes, .faces = faces, .indices = indices, .obb = obb};
//   RecordWriter shape = write_convex_shape(w, box);
//   write_extern_shapes(w, mesh_shape, std::vector<ShapeInstanceSpec>{{.shape = shape}});
//
// Nothing is validated here beyond what the ObjectWriter checks (members, widths, reference
// kinds): a test writes faces that run past the indices, or indices past the vertices, on purpose.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "engine/tagfile/object_writer.h"
#include "engine/tagfile/shape_type.h"

namespace meshproof::tagfile {

struct ConvexFace {
    std::uint16_t first_index = 0;  // into the shape's indices
    std::uint8_t num_indices = 0;
    std::uint8_t min_half_angle = 0;
};

struct ConvexShapeSpec {
    ShapeType type = ShapeType::kConvexPolytope;  // kConvex … kBox: the class written (shape_type_class)
    float convex_radius = 0.0f;
    float max_allowed_penetration = 0.0f;  // hkHalf16: the upper 16 bits of the f32 are kept
    std::vector<std::array<float, 4>> vertices{};
    // Polytope classes only (kConvexPolytope, kTriangle, kCapsule, kCylinder, kBox).
    std::vector<std::array<float, 4>> planes{};  // per face: normal xyz, distance w
    std::vector<ConvexFace> faces{};
    std::vector<std::uint8_t> indices{};  // vertex indices of the faces, face after face
    std::array<float, 4> a{}, b{};        // kCapsule, kCylinder: the segment's ends
    std::array<float, 16> obb{};          // kBox: hkTransform (rotation columns, translation)
    // hknpShape members; unset → the class's own: type = the enumeration value, flags
    // IS_CONVEX_SHAPE (| IS_CONVEX_POLYTOPE_SHAPE for polytopes, | IS_TRIANGLE_OR_QUAD_SHAPE for a
    // triangle), dispatchType CONVEX. A test sets them to disagree with the class.
    std::optional<std::uint8_t> stored_type{};
    std::optional<std::uint16_t> flags{};
    std::optional<std::uint8_t> dispatch_type{};
};

// A new object of the spec's class with its arrays (each its own array item); unset arrays stay
// null. Errors are recorded in `w` (status()).
RecordWriter write_convex_shape(ObjectWriter& w, const ConvexShapeSpec& spec);

struct ShapeInstanceSpec {
    std::array<float, 16> transform{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};  // identity
    std::array<float, 4> scale{1, 1, 1, 0};
    RecordWriter shape{};  // an hknpShape object, or an empty handle for a null pointer
    std::uint16_t shape_tag = 0;
};

// `mesh_shape`'s externShapes (an hknpCompressedMeshShape of 2018.1) becomes one new array of
// hknpShapeInstance, entry i from instances[i]; nothing is written for an empty span.
void write_extern_shapes(ObjectWriter& w, const RecordWriter& mesh_shape, std::span<const ShapeInstanceSpec> instances);

}  // namespace meshproof::tagfile
