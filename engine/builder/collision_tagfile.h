// A collision member's TAG0 from a built compressed mesh (containers-and-tagfiles.md §6, §7):
// hkRootLevelContainer → hknpPhysicsSceneData → hknpPhysicsSystemData.bodyCinfos[0] →
// fsnpCustomParamCompressedMeshShape (pParam: fsnpCustomMeshParameter; data:
// hknpCompressedMeshShapeData with the mesh tree and the simd tree), written through the
// tagfile writer in either dialect (collision_types.h): Elden Ring 2018.1 explicit section
// fields and 128-byte simd nodes, or Sekiro 2016.2 packed section words and 112-byte nodes.
#pragma once

#include <cstdint>
#include <array>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/builder/compressed_mesh.h"
#include "engine/tagfile/collision_types.h"
#include "engine/tagfile/compendium.h"
#include "engine/tagfile/convex_shape_writer.h"
#include "engine/tagfile/type_table.h"

namespace meshproof::builder {

// Built once per dialect and shared read-only by every member (thread-safe after creation).
struct CollisionTypeContext {
    tagfile::HavokDialect dialect = tagfile::HavokDialect::kEldenRing2018;
    std::shared_ptr<const tagfile::TypeTable> table;
    std::vector<std::uint8_t> type_section;
    std::string sdk_version;
};
Result<CollisionTypeContext> make_collision_type_context(tagfile::HavokDialect dialect,
                                                         const tagfile::CollisionTypeOptions& options = {});

// One externShapes entry (Elden Ring 2018.1, containers-and-tagfiles.md §7.3): the convex shape it
// points at, written through convex_shape_writer.h, and the entry's own transform, scale and tag.
// Needs a context whose table declares the §7.3 classes (CollisionTypeOptions::convex_shapes).
struct ExternShape {
    tagfile::ConvexShapeSpec shape;
    std::array<float, 16> transform{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    std::array<float, 4> scale{1, 1, 1, 0};
    std::uint16_t shape_tag = 0;
};

// The TAG0 of one body named `body_name` whose shape is `mesh`, its types referenced through
// the compendium `compendium_id` (TCRF), or, without one, in the file's own TYPE section (as
// object and asset tagfiles can carry them). pParam's primitive data are `mesh.materials` (one
// entry of `material` when it is empty). `extern_shapes` become the shape's externShapes, entry i
// from extern_shapes[i], each with a shape object of its own.
Result<std::vector<std::uint8_t>> write_collision_tag0(const CollisionTypeContext& types, const CompressedMesh& mesh,
                                                       const std::string& body_name,
                                                       std::optional<tagfile::CompendiumId> compendium_id,
                                                       std::uint32_t material = 21,
                                                       std::span<const ExternShape> extern_shapes = {});

}  // namespace meshproof::builder
