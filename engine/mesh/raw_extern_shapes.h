// Elden Ring's externShapes as read from the file (extraction layer, raw_mesh.h): the
// hknpShapeInstance entries of a compressed mesh and the convex shapes they point at, every
// member by name through the file's type table, no interpretation (containers-and-tagfiles.md
// §7.3; hkRelArray members hold an ITEM index in files, §5.8). decode_extern_shapes.h checks
// and flattens them into extern_shapes.h's SoA.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/mesh/raw_column.h"
#include "engine/tagfile/shape_type.h"

namespace meshproof::mesh {

inline constexpr std::uint32_t kNullShape = 0xFFFFFFFFu;  // an instance whose shape pointer is null

// One shape object an instance points at (any hknpShape; the convex members where its class has them).
struct RawConvexShape {
    std::string class_name;                                  // its dynamic class (ITEM)
    tagfile::ShapeType type = tagfile::ShapeType::kUnknown;  // by that class (shape_type_of)
    std::uint64_t offset = 0;                                // DATA offset of the object
    // hknpShape
    std::uint16_t flags = 0;
    std::uint8_t stored_type = 0;
    std::uint8_t dispatch_type = 0;
    float convex_radius = 0;
    // hknpConvexShape
    bool has_max_allowed_penetration = false;
    float max_allowed_penetration = 0;
    std::array<RawColumn<float>, 4> vertices{};  // x, y, z, w of each hkVector4f
    // hknpConvexPolytopeShape
    std::array<RawColumn<float>, 4> planes{};  // normal xyz, distance w
    RawColumn<std::uint16_t> face_first_index{};
    RawColumn<std::uint8_t> face_num_indices{}, face_min_half_angle{};
    RawColumn<std::uint8_t> indices{};
    bool has_connectivity = false;  // non-null `connectivity`
    // hknpCapsuleShape / hknpCylinderShape, hknpBoxShape
    bool has_segment = false;
    std::array<float, 4> a{}, b{};
    bool has_obb = false;
    std::array<float, 16> obb{};
};

// hknpShapeInstance entries of one compressed mesh's externShapes.
struct RawExternShapes {
    std::size_t count = 0;
    std::array<RawColumn<float>, 16> transform;  // hkTransform: rotation columns 0..2 (xyzw), translation
    std::array<RawColumn<float>, 4> scale;
    std::vector<std::string> shape_class;  // dynamic class of each instance's shape ("" = null)
    RawColumn<std::uint16_t> shape_tag;
    std::vector<std::uint32_t> shape;    // index into `shapes`; kNullShape for a null pointer
    std::vector<RawConvexShape> shapes;  // distinct shape objects, in order of first reference
    std::uint64_t offset = 0;
};

}  // namespace meshproof::mesh
