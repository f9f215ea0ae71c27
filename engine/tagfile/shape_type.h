// hknpShapeType (containers-and-tagfiles.md §7.3, "Enumerations") and the shape classes that
// carry each value, both ways: the writer names the class of a type it writes, the reader tells
// a shape's type from its dynamic class through the file's own type table (the most derived
// known class on its parent chain), never from the stored `type` byte, which passes compare.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "engine/tagfile/type_table.h"

namespace meshproof::tagfile {

enum class ShapeType : std::uint8_t {
    kConvex = 0,
    kConvexPolytope = 1,
    kSphere = 2,
    kCapsule = 3,
    kCylinder = 4,
    kTriangle = 5,
    kBox = 6,
    kComposite = 8,
    kCompressedMesh = 9,
    kExternMesh = 10,
    kUnknown = 0xFF,  // no class of this table on the parent chain (not an hknpShape we name)
};

// hknpCollisionDispatchType (§7.3).
inline constexpr std::uint8_t kDispatchConvex = 2;
inline constexpr std::uint8_t kDispatchComposite = 3;

// hknpShape::FlagsEnum bits (§7.3).
namespace shape_flag {
inline constexpr std::uint16_t kIsConvexShape = 1;
inline constexpr std::uint16_t kIsConvexPolytopeShape = 2;
inline constexpr std::uint16_t kIsCompositeShape = 4;
inline constexpr std::uint16_t kUseSmallFaceIndices = 256;
inline constexpr std::uint16_t kIsTriangleOrQuadShape = 512;
}  // namespace shape_flag

// "hknpBoxShape" for kBox, ...; "" for kUnknown.
std::string_view shape_type_class(ShapeType type);
// "BOX", "CONVEX_POLYTOPE", ... (the enumeration's names); "UNKNOWN".
std::string_view shape_type_name(ShapeType type);
// True for the classes derived from hknpConvexShape (kConvex … kBox).
bool is_convex(ShapeType type);
bool is_convex_polytope(ShapeType type);  // derived from hknpConvexPolytopeShape

// The type of `type`'s class: the first class on its parent chain (itself first) that the table
// above names. A bounded walk (a hostile table's parent cycle ends it).
ShapeType shape_type_of(const TypeTable& types, std::uint32_t type);

}  // namespace meshproof::tagfile
