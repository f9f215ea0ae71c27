// A collision member's TAG0 from a built compressed mesh (containers-and-tagfiles.md §6, §7):
// hkRootLevelContainer → hknpPhysicsSceneData → hknpPhysicsSystemData.bodyCinfos[0] →
// fsnpCustomParamCompressedMeshShape (pParam: fsnpCustomMeshParameter; data:
// hknpCompressedMeshShapeData with the mesh tree and the simd tree), written through the
// tagfile writer in either dialect (collision_types.h): Elden Ring 2018.1 explicit section
// fields and 128-byte simd nodes, or Sekiro 2016.2 packed section words and 112-byte nodes.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/build/compressed_mesh.h"
#include "engine/tagfile/collision_types.h"
#include "engine/tagfile/compendium.h"
#include "engine/tagfile/type_table.h"

namespace meshproof::build {

// Built once per dialect and shared read-only by every member (thread-safe after creation).
struct CollisionTypeContext {
    tagfile::HavokDialect dialect = tagfile::HavokDialect::kEldenRing2018;
    std::shared_ptr<const tagfile::TypeTable> table;
    std::vector<std::uint8_t> type_section;
    std::string sdk_version;
};
Result<CollisionTypeContext> make_collision_type_context(tagfile::HavokDialect dialect);

// The TAG0 of one body named `body_name` whose shape is `mesh`, its types referenced through
// the compendium `compendium_id` (TCRF), or, without one, in the file's own TYPE section (as
// object and asset tagfiles can carry them). pParam's primitive data are `mesh.materials` (one
// entry of `material` when it is empty).
Result<std::vector<std::uint8_t>> write_collision_tag0(const CollisionTypeContext& types, const CompressedMesh& mesh,
                                                       const std::string& body_name,
                                                       std::optional<tagfile::CompendiumId> compendium_id,
                                                       std::uint32_t material = 21);

}  // namespace meshproof::build
