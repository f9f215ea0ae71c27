// The convex shape classes that Elden Ring's externShapes entries point at (spec
// containers-and-tagfiles.md §7.3): layouts, versions and type hashes as the HKLib 2018.1
// registry gives them; the sample compendium declares none (its mesh has no extern reference).
// Choices the spec leaves open: member flags are protected like the other shapes' (§7.1), the
// hkRelArray members follow rel_array_of (type_table_builder.h), hkHalf16 is a primitive of its
// format word (§5.6). Elden Ring only (collision_types.h: no Sekiro layout exists).
#include "engine/tagfile/collision_types_internal.h"

namespace meshproof::tagfile::detail {

namespace fl = member_flags;
namespace fw = format_word;

void CollisionTypeDeclarer::convex_shapes() {
    const TypeRef half = b_.primitive("hkHalf16", fw::kHalf16, 2, 2);
    const TypeRef vec4f = *b_.find("hkVector4f");
    const TypeRef transformf = *b_.find("hkTransformf");

    const TypeRef convex =
        b_.record("hknpConvexShape", {.parent = shape_,
                                      .size = 64,
                                      .alignment = 8,
                                      .version = 2,
                                      .members = {{"maxAllowedPenetration", 56, half, fl::kProtected},
                                                  {"vertices", 58, b_.rel_array_of(vec4f), fl::kProtected}}});
    hash(convex, 3130912181u);

    const TypeRef face =
        b_.record("hknpConvexPolytopeShape::Face",
                  {.size = 4,
                   .alignment = 2,
                   .version = 0,
                   .members = {{"firstIndex", 0, u16_}, {"numIndices", 2, u8_}, {"minHalfAngle", 3, u8_}}});
    hash(face, 3937242244u);
    const TypeRef edge = b_.record(
        "hknpConvexPolytopeShape::Connectivity::Edge",
        {.size = 4,
         .alignment = 2,
         .version = 0,
         .members = {
             {"faceIndex", 0, u16_}, {"edgeIndex", 2, u8_}, {"padding", 3, b_.inline_array(u8_, 1), fl::kPublicNs}}});
    hash(edge, 2820060919u);
    const TypeRef connectivity =
        b_.record("hknpConvexPolytopeShape::Connectivity",
                  {.parent = ref_object_,
                   .size = 56,
                   .alignment = 8,
                   .version = 0,
                   .members = {{"vertexEdges", 24, b_.array_of(edge)}, {"faceLinks", 40, b_.array_of(edge)}}});
    hash(connectivity, 2704137447u);
    const TypeRef polytope = b_.record("hknpConvexPolytopeShape",
                                       {.parent = convex,
                                        .size = 88,
                                        .alignment = 8,
                                        .version = 4,
                                        .members = {{"planes", 64, b_.rel_array_of(vec4_), fl::kProtected},
                                                    {"faces", 68, b_.rel_array_of(face), fl::kProtected},
                                                    {"indices", 72, b_.rel_array_of(u8_), fl::kProtected},
                                                    {"connectivity", 80, b_.ref_ptr(connectivity), fl::kProtected}}});
    hash(polytope, 4055701261u);

    hash(b_.record("hknpTriangleShape", {.parent = polytope, .size = 88, .alignment = 8, .version = 1}), 2141146773u);
    hash(b_.record("hknpSphereShape", {.parent = convex, .size = 64, .alignment = 8, .version = 0}), 1324994659u);
    const auto segment = [&](const char* name, std::uint32_t h) {
        hash(b_.record(name, {.parent = polytope,
                              .size = 128,
                              .alignment = 16,
                              .version = 0,
                              .members = {{"a", 96, vec4_, fl::kProtected}, {"b", 112, vec4_, fl::kProtected}}}),
             h);
    };
    segment("hknpCapsuleShape", 2816269015u);
    segment("hknpCylinderShape", 4268640020u);
    hash(b_.record("hknpBoxShape", {.parent = polytope,
                                    .size = 160,
                                    .alignment = 16,
                                    .version = 0,
                                    .members = {{"obb", 96, transformf, fl::kProtected}}}),
         3876534295u);
    hash(shape_instance_, 1862782239u);
}

}  // namespace meshproof::tagfile::detail
