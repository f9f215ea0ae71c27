#include "engine/tagfile/shape_type.h"

#include <array>
#include <utility>

namespace meshproof::tagfile {

namespace {

constexpr std::array<std::pair<ShapeType, std::string_view>, 10> kClasses = {{
    {ShapeType::kConvex, "hknpConvexShape"},
    {ShapeType::kConvexPolytope, "hknpConvexPolytopeShape"},
    {ShapeType::kSphere, "hknpSphereShape"},
    {ShapeType::kCapsule, "hknpCapsuleShape"},
    {ShapeType::kCylinder, "hknpCylinderShape"},
    {ShapeType::kTriangle, "hknpTriangleShape"},
    {ShapeType::kBox, "hknpBoxShape"},
    {ShapeType::kComposite, "hknpCompositeShape"},
    {ShapeType::kCompressedMesh, "hknpCompressedMeshShape"},
    {ShapeType::kExternMesh, "hknpExternMeshShape"},
}};

}  // namespace

std::string_view shape_type_class(ShapeType type) {
    for (const auto& [t, name] : kClasses)
        if (t == type) return name;
    return {};
}

std::string_view shape_type_name(ShapeType type) {
    switch (type) {
        case ShapeType::kConvex: return "CONVEX";
        case ShapeType::kConvexPolytope: return "CONVEX_POLYTOPE";
        case ShapeType::kSphere: return "SPHERE";
        case ShapeType::kCapsule: return "CAPSULE";
        case ShapeType::kCylinder: return "CYLINDER";
        case ShapeType::kTriangle: return "TRIANGLE";
        case ShapeType::kBox: return "BOX";
        case ShapeType::kComposite: return "COMPOSITE";
        case ShapeType::kCompressedMesh: return "COMPRESSED_MESH";
        case ShapeType::kExternMesh: return "EXTERN_MESH";
        case ShapeType::kUnknown: break;
    }
    return "UNKNOWN";
}

bool is_convex(ShapeType type) { return static_cast<std::uint8_t>(type) <= static_cast<std::uint8_t>(ShapeType::kBox); }

bool is_convex_polytope(ShapeType type) {
    return type == ShapeType::kConvexPolytope || type == ShapeType::kCapsule || type == ShapeType::kCylinder ||
           type == ShapeType::kTriangle || type == ShapeType::kBox;
}

ShapeType shape_type_of(const TypeTable& types, std::uint32_t type) {
    for (std::uint32_t t = type, steps = 0; t != 0 && t < types.type_count() && steps <= types.type_count();
         t = types.parent(t), ++steps) {
        const std::string_view name = types.name(t);
        for (const auto& [shape_type, class_name] : kClasses)
            if (name == class_name) return shape_type;
    }
    return ShapeType::kUnknown;
}

}  // namespace meshproof::tagfile
