// The extraction layer's output: every field of a collision member's shapes, read by name
// through the file's type table into plain columns (raw_column.h) with no interpretation.
// The decode layer (decode_*.h) turns these into decoded_member.h's SoA; tests build them by
// hand for what the real sample lacks (pages above 0, quads, custom primitives, Sekiro's packed
// words, many sections, Codec3Axis6 trees, both simd lane encodings).
//
// Spec: containers-and-tagfiles.md §6 (object graph), §7.1 / §7.2 (the two SDK versions' names),
// havok-compressed-mesh.txt (sections, vertices, primitives, trees, simd trees, f sets).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/error.h"
#include "engine/mesh/raw_column.h"
#include "engine/mesh/raw_extern_shapes.h"

namespace meshproof::mesh {

// hkAabb as stored: min and max hkVector4 (w lanes kept: the section domain's w is 1 ∓ r).
struct RawAabb {
    std::array<float, 4> min{};
    std::array<float, 4> max{};
};

// Static bounding-volume tree node codecs (containers-and-tagfiles.md §8.5).
enum class TreeCodec : std::uint8_t {
    kAxis4,  // Aabb4BytesCodec: section trees; xyz[3], data
    kAxis5,  // Aabb5BytesCodec: the mesh tree over sections; xyz[3], hiData, loData (u8)
    kAxis6,  // Aabb6BytesCodec: the version-2 extern mesh aabbTree; xyz[3], hiData, loData (u16)
};

// One hkcdStaticTree::AabbTree<…>: its nodes as columns and its domain.
struct RawStaticTree {
    TreeCodec codec = TreeCodec::kAxis4;
    std::array<RawColumn<std::uint8_t>, 3> xyz;  // nibble bytes per axis: (h << 4) | l
    RawColumn<std::uint8_t> data;                // Axis4 `data`; Axis5/6 `hiData`
    RawColumn<std::uint8_t> lo8;                 // Axis5 `loData`
    RawColumn<std::uint16_t> lo16;               // Axis6 `loData`
    RawAabb domain;
    std::uint64_t offset = 0;  // DATA offset of node 0 (errors)
    std::size_t node_count() const { return xyz[0].size(); }
};

// Which names the file's Section class uses (containers-and-tagfiles.md §7.2, the table "The two
// SDK versions name the runs differently"). Chosen by the members the type table declares.
enum class SectionNaming : std::uint8_t {
    kExplicit,     // 2018.1: firstSharedVertexIndex, firstPrimitiveIndex/numPrimitives, …
    kPackedWords,  // 2016.2: sharedVertices.data, primitives.data, dataRuns.data = (first << 8) | count
};

// hkcdStaticMeshTree::Section, one column per member (columns not used by the naming stay empty).
struct RawSections {
    SectionNaming naming = SectionNaming::kExplicit;
    std::size_t count = 0;
    std::array<RawColumn<float>, 6> codec_parms;  // offset xyz, scale xyz
    RawColumn<std::uint32_t> first_packed;        // firstPackedVertexIndex / firstPackedVertex
    RawColumn<std::uint8_t> num_packed;
    // kExplicit
    RawColumn<std::uint32_t> first_shared, first_primitive, first_data_run;
    RawColumn<std::uint8_t> num_primitives, num_data_runs;
    // kPackedWords
    RawColumn<std::uint32_t> shared_word, primitives_word, data_runs_word;
    RawColumn<std::uint8_t> num_shared_indices;
    // both
    RawColumn<std::uint8_t> page, layer_data, flags;
    RawColumn<std::uint8_t> unused_data;  // 2016.2 only (empty otherwise)
    RawColumn<std::uint16_t> leaf_index;
    std::vector<RawStaticTree> trees;  // one Codec3Axis4 tree per section; domain = section domain
    std::uint64_t offset = 0;
    std::uint32_t stride = 0;  // of a Section element, for error offsets
};

// hkcdSimdTree lane encodings (containers-and-tagfiles.md §8.6).
enum class SimdEncoding : std::uint8_t {
    kParity,      // 2016.2, 112-byte nodes: even non-zero data = child << 1, odd = key << 1 | 1, 0 = empty
    kIsLeafFlag,  // 2018.1, 128-byte nodes: isLeaf set → data = key (0xFFFFFFFF empty); clear → child (0 empty)
};

struct RawSimdTree {
    SimdEncoding encoding = SimdEncoding::kIsLeafFlag;
    // bounds[b][lane] with b = lx, hx, ly, hy, lz, hz (hkcdFourAabb order).
    std::array<std::array<RawColumn<float>, 4>, 6> bounds;
    std::array<RawColumn<std::uint32_t>, 4> data;
    RawColumn<std::uint8_t> is_leaf;    // kIsLeafFlag only
    RawColumn<std::uint8_t> is_active;  // the isActive byte, where the node type has one (2018.1); else empty
    bool has_is_compact = false;
    std::uint8_t is_compact = 0;  // a byte, not a bool (§0 #9)
    std::uint64_t offset = 0;
    std::uint32_t stride = 0;
    std::size_t node_count() const { return data[0].size(); }
};

// fsnpCustomParamCompressedMeshShape / hknpCompressedMeshShape with its hknpCompressedMeshShapeData.
struct RawCompressedMesh {
    std::string class_name;
    std::uint64_t offset = 0;  // DATA offset of the shape object
    // hknpShape
    std::uint16_t shape_flags = 0;
    std::uint8_t shape_type = 0;
    std::uint8_t dispatch_type = 0;
    std::uint8_t num_shape_key_bits = 0;
    float convex_radius = 0;
    std::uint64_t user_data = 0;
    bool has_properties = false;  // non-null `properties`
    // hknpCompositeShape
    std::uint32_t shape_tag_codec_info = 0;
    bool has_material_table = false;  // non-null `materialTable`
    // hknpCompressedMeshShape
    RawColumn<std::uint32_t> interior_words;
    std::int64_t interior_num_bits = 0;
    std::int64_t num_triangles = 0;         // NonSerializable, stored 0
    std::int64_t num_convex_shapes = 0;     // NonSerializable, stored 0
    bool has_extern_shapes_member = false;  // version 7 (2018.1)
    RawExternShapes extern_shapes;
    // fsnp extension (absent on a plain hknpCompressedMeshShape)
    bool has_triangle_index_to_shape_key = false;
    RawColumn<std::uint32_t> triangle_index_to_shape_key;
    bool has_param = false;
    std::uint32_t param_version = 0;
    std::int64_t vertex_data_stride = 0, triangle_data_stride = 0;
    RawColumn<std::uint32_t> row_primitive_data_index, row_triangle_data_index, row_vertex_a, row_vertex_b,
        row_vertex_c;
    RawColumn<std::uint32_t> material_name_data;  // per primitiveDataArray entry
    // hknpCompressedMeshShapeData.meshTree
    RawStaticTree mesh_tree;  // Codec3Axis5, domain = the mesh domain
    std::int64_t num_primitive_keys = 0;
    std::int64_t bits_per_key = 0;
    std::uint32_t max_key_value = 0;
    std::uint8_t primitive_stores_is_flat_convex = 0;
    RawSections sections;
    std::array<RawColumn<std::uint8_t>, 4> primitive_indices;  // a, b, c, d
    RawColumn<std::uint16_t> shared_vertices_index;
    RawColumn<std::uint32_t> packed_vertices;
    RawColumn<std::uint64_t> shared_vertices;
    RawColumn<std::uint16_t> run_value;
    RawColumn<std::uint8_t> run_index, run_count;
    // simd tree and the rest of the data object
    RawSimdTree simd_tree;
    bool has_simd_tree_member = false;
    std::uint8_t has_simd_tree = 0;
    std::uint64_t connectivity_headers = 0, connectivity_local_links = 0, connectivity_global_links = 0;
};

// hknpExternMeshShape → hknpDefaultExternMeshShapeGeometry → hkGeometry, plus its
// hknpExternMeshShapeData (havok-compressed-mesh.txt, f set; containers-and-tagfiles.md §8.7).
struct RawExternMesh {
    std::string class_name;
    std::uint64_t offset = 0;
    std::uint8_t num_shape_key_bits = 0;
    float convex_radius = 0;
    std::array<RawColumn<float>, 4> vertices;          // x, y, z, w of each hkVector4
    std::array<RawColumn<std::int32_t>, 4> triangles;  // a, b, c, material
    std::string geometry_class;
    bool has_use_triangle_material_as_shape_tag = false;  // 2018.1 geometry class only
    std::uint8_t use_triangle_material_as_shape_tag = 0;
    std::string bounding_volume_class;
    std::uint32_t bounding_volume_version = 0;
    bool has_aabb_tree = false;  // version-2 form (chosen by the declared members, §0 #10)
    RawStaticTree aabb_tree;     // Codec3Axis6
    bool has_simd_tree = false;
    RawSimdTree simd_tree;
};

enum class ShapeKind : std::uint8_t {
    kCompressedMesh,  // index into RawMember::meshes / DecodedMember::meshes
    kExternMesh,      // index into extern_meshes
    kOther,           // counted and named, not decoded (convex shapes)
    kNone,            // null shape pointer
};

struct RawBody {
    std::string name;
    std::array<float, 4> position{};     // hkVector4
    std::array<float, 4> orientation{};  // hkQuaternion xyzw
    std::uint8_t motion_type = 0;
    std::uint8_t quality_id = 0;
    float mass = 0;
    std::uint32_t motion_properties_id = 0;
    std::uint32_t system = 0;  // index of its hknpPhysicsSystemData in the scene
    ShapeKind shape_kind = ShapeKind::kNone;
    std::uint32_t shape_index = 0;  // into the array of its kind
    std::string shape_class;
    std::uint64_t offset = 0;
};

struct RawMember {
    std::string sdk_version;
    std::vector<RawBody> bodies;
    std::vector<RawCompressedMesh> meshes;
    std::vector<RawExternMesh> extern_meshes;
    // The bodies' shapes that are neither mesh: each shape object once (hknpBoxShape,
    // hknpConvexPolytopeShape, ...), read as an extern shape's is (extract_convex_shape).
    std::vector<RawConvexShape> other_shapes;
    // Shapes of that kind that could not be read: counted (structure pass), never fatal, since a
    // member is verified for its meshes; such a body's shape_index is kNoOtherShape.
    std::vector<Error> other_shape_errors;
};

// A body's shape_index when its other shape could not be read.
inline constexpr std::uint32_t kNoOtherShape = 0xFFFFFFFFu;

}  // namespace meshproof::mesh
