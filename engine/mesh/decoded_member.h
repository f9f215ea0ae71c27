// What the pipeline hands to verifier passes: every body and every shape of one collision
// member, decoded into flat structure-of-arrays columns (no per-primitive objects). Passes read
// these columns only; nothing here refers back to the tagfile, so a DecodedMember outlives it.
//
// Indices between columns are plain u32 positions; kNone (0xFFFFFFFF) marks "no such thing".
// Decoding checks every index it follows (a bad one is an Error, see decode_member.h) but not
// the document's structural rules (tiling, limits, key widths, leaf uniqueness): those are
// the verifier passes' job, and everything they need is here (raw values next to decoded ones).
//
// Spec: havok-compressed-mesh.txt; containers-and-tagfiles.md §6–§8.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/mesh/box.h"
#include "engine/mesh/extern_shapes.h"
#include "engine/mesh/raw_mesh.h"

namespace meshproof::mesh {

inline constexpr std::uint32_t kNone = 0xFFFFFFFFu;

// ---- static trees (Codec3Axis4 / 5 / 6) -------------------------------------------------------
// Several trees concatenated (all section trees of a mesh) or one (mesh tree, aabbTree).
// Node n of tree t is node first_node[t] + n here; links are global node indices.
struct StaticTreeNodes {
    TreeCodec codec = TreeCodec::kAxis4;
    // per tree
    std::vector<std::uint32_t> first_node, node_count;
    std::vector<Box> domain;  // the root's parent box (section domain, mesh domain, geometry box)
    // per node
    std::vector<std::uint32_t> tree;               // owning tree (section index for section trees)
    std::array<std::vector<std::uint8_t>, 3> xyz;  // stored nibble bytes (h << 4 | l) per axis
    std::vector<std::uint32_t> value;              // Axis4: data; Axis5: hi << 8 | lo; Axis6: hi << 16 | lo
    std::vector<std::uint8_t> is_leaf;
    std::vector<std::uint32_t> payload;       // leaf: primitive in section / section / triangle; inner: kNone
    std::vector<std::uint32_t> second_child;  // inner: global index of the second child; leaf: kNone
    std::vector<std::uint32_t> parent;        // global index; kNone for a root or a node never reached
    std::vector<std::uint8_t> reached;        // times a link reached it (root counts 1), saturating at 255
    std::vector<Box> box;                     // decoded from the parent's decoded box (NaN if unreached)

    std::size_t size() const { return tree.size(); }
};

// ---- simd trees (hkcdSimdTree) ----------------------------------------------------------------
enum class LaneKind : std::uint8_t { kEmpty, kChild, kLeaf };

struct SimdTreeNodes {
    SimdEncoding encoding = SimdEncoding::kIsLeafFlag;
    bool has_is_compact = false;
    std::uint8_t is_compact = 0;
    std::vector<std::uint8_t> node_is_leaf;    // stored isLeaf byte (kIsLeafFlag), else 0
    std::vector<std::uint8_t> node_is_active;  // stored isActive byte per node where the type has one, else empty
    // per lane: index node × 4 + lane
    std::vector<Box> lane_box;
    std::vector<std::uint32_t> lane_data;         // stored word
    std::vector<LaneKind> lane_kind;              // by the data encoding
    std::vector<std::uint32_t> lane_target;       // child node or shape key (triangle index in f sets); kNone if empty
    std::vector<std::uint8_t> lane_box_inverted;  // min above max on some axis (the document's empty box)

    std::size_t node_count() const { return node_is_leaf.size(); }
};

// ---- compressed mesh ---------------------------------------------------------------------------
enum class VertexKind : std::uint8_t {
    kPacked,      // 11/11/10 code with the section's codecParms
    kShared,      // 21/21/22 code over the mesh domain, page applied
    kUnresolved,  // shared slot whose page × 65536 + entry lies past sharedVertices (e.g. a custom record word)
};

enum class PrimitiveKind : std::uint8_t {
    kTriangle,         // c == d
    kQuad,             // two triangles a b c, a c d
    kDead,             // DE AD DE AD
    kPointSet,         // custom, b == d, header low byte 0x52
    kExternReference,  // custom, b == d, header low byte 0x92
    kCustomUnknown,    // custom, b == d, another header
};

struct DecodedSections {
    SectionNaming naming = SectionNaming::kExplicit;
    // runs, as interpreted for this naming (havok-compressed-mesh.txt, run table)
    std::vector<std::uint32_t> first_packed, num_packed;
    std::vector<std::uint32_t> first_shared, num_shared;  // 2018.1: count = next first − this first
    std::vector<std::uint32_t> first_primitive, num_primitives;
    std::vector<std::uint32_t> first_data_run, num_data_runs;
    std::vector<std::uint32_t> shared_word_low;  // 2016.2: low byte of sharedVertices.data; else kNone
    std::vector<std::uint8_t> page, flags, layer_data, unused_data;
    std::vector<std::uint16_t> leaf_index;
    std::vector<Box> domain;
    std::vector<std::array<float, 2>> domain_w;  // min.w, max.w
    std::vector<std::array<float, 6>> codec_parms;
    std::vector<std::uint32_t> first_slot;      // first vertex slot in DecodedVertices
    std::vector<std::uint32_t> primitive_base;  // DecodedPrimitives index of its primitive 0
    std::vector<std::uint32_t> mesh_leaf_node;  // mesh-tree node whose leaf names it; kNone

    std::size_t size() const { return page.size(); }
};

// One entry per section vertex slot (packed slots first, then shared), sections in order.
struct DecodedVertices {
    std::vector<float> x, y, z;
    std::vector<VertexKind> kind;
    std::vector<std::uint32_t> section;
    std::vector<std::uint32_t> slot;          // index within the section
    std::vector<std::uint32_t> source;        // packedVertices index, or page × 65536 + entry into sharedVertices
    std::vector<std::uint32_t> shared_entry;  // the sharedVerticesIndex value (page not counted); kNone if packed
    std::vector<std::uint32_t> packed_word;   // the stored 11/11/10 packedVertices word; 0 if shared
    // Vertex identity of the interior-bit pass (havok-compressed-mesh.txt step 1): packed vertices
    // by section and slot, shared ones by their shared-index entry, page not counted.
    std::vector<std::uint32_t> identity;  // packed: 0x80000000 | section << 8 | slot; shared: entry

    std::size_t size() const { return x.size(); }
};
inline constexpr std::uint32_t kPackedIdentityBit = 0x80000000u;

struct DecodedPrimitives {
    std::array<std::vector<std::uint8_t>, 4> indices;  // a, b, c, d as stored
    std::vector<PrimitiveKind> kind;
    std::vector<std::uint32_t> section;
    std::vector<std::uint8_t> index_in_section;
    std::vector<std::uint32_t> key;             // (section << 8) | (primitive << 1): the first half's key
    std::vector<std::uint32_t> first_triangle;  // kNone for dead and custom primitives
    std::vector<std::uint32_t> leaf_node;       // section-tree node (global) whose leaf names it; kNone
    std::vector<std::uint32_t> custom_record;   // index into point sets / extern references; kNone

    std::size_t size() const { return kind.size(); }
};

struct DecodedTriangles {
    std::array<std::vector<std::uint32_t>, 3> vertex;  // global vertex slots (DecodedVertices)
    std::vector<std::uint32_t> key;                    // right-aligned shape key
    std::vector<std::uint32_t> primitive;
    std::vector<std::uint8_t> half;         // 1 for a quad's second triangle
    std::vector<std::uint8_t> interior;     // the stored triangleIsInterior bit of its key (0 past numBits)
    std::vector<std::uint32_t> source_row;  // first triangleIndexToShapeKey row naming its key; kNone
    std::vector<std::uint32_t> material;    // materialNameData via that row; kNone if no row

    std::size_t size() const { return key.size(); }
};

// Custom primitives (havok-compressed-mesh.txt, "Pattern / Interpretation" table).
struct DecodedPointSets {
    std::vector<std::uint32_t> primitive;
    std::vector<std::uint16_t> header;       // h: count << 8 | 0x52
    std::vector<std::uint16_t> slot;         // first sharedVertices entry
    std::vector<std::uint16_t> tag;          // the unexplained third word
    std::vector<std::uint32_t> record_word;  // position of h in sharedVerticesIndex
    std::vector<std::uint32_t> leaf_node;    // leaf whose box quantises the points; kNone → points NaN
    std::vector<std::uint32_t> first_point, point_count;
    std::vector<float> x, y, z;  // all points, point-set after point-set
};

struct DecodedExternReferences {
    std::vector<std::uint32_t> primitive;
    std::vector<std::uint16_t> w;            // second word (0 in 244 of 262)
    std::vector<std::uint32_t> shape_index;  // lo | hi << 16 into externShapes, as stored (may be past its end)
    std::vector<std::uint32_t> record_word;
};

struct DecodedMesh {
    std::string class_name;
    std::uint64_t offset = 0;  // DATA offset of the shape
    // shape
    std::uint16_t shape_flags = 0;
    std::uint8_t shape_type = 0, dispatch_type = 0;
    std::uint8_t num_shape_key_bits = 0;
    float convex_radius = 0;
    std::uint64_t user_data = 0;
    bool has_properties = false;
    std::uint32_t shape_tag_codec_info = 0;
    bool has_material_table = false;
    std::int64_t num_triangles_member = 0, num_convex_shapes_member = 0;
    // tree header
    Box domain;
    std::array<float, 2> domain_w{};
    std::int64_t num_primitive_keys = 0, bits_per_key = 0;
    std::uint32_t max_key_value = 0;
    std::uint8_t primitive_stores_is_flat_convex = 0;
    std::uint32_t packed_vertex_count = 0, shared_vertex_count = 0, shared_index_count = 0;
    // triangleIsInterior
    std::vector<std::uint32_t> interior_words;
    std::int64_t interior_num_bits = 0;
    // triangleIndexToShapeKey (fsnp)
    bool has_triangle_index_to_shape_key = false;
    std::vector<std::uint32_t> row_key_word;  // as stored (left-aligned)
    std::vector<std::uint32_t> row_key;       // >> (32 − numShapeKeyBits); kNone when the width is 0 or > 32
    std::vector<std::uint32_t> row_triangle;  // triangle the key names; kNone if none
    // pParam (fsnpCustomMeshParameter)
    bool has_param = false;
    std::uint32_t param_version = 0;
    std::int64_t vertex_data_stride = 0, triangle_data_stride = 0;
    std::vector<std::uint32_t> row_primitive_data_index, row_triangle_data_index;
    std::array<std::vector<std::uint32_t>, 3> row_vertex_index;
    std::vector<std::uint32_t> material_name_data;  // per primitiveDataArray entry
    // data runs
    std::vector<std::uint16_t> run_value;
    std::vector<std::uint8_t> run_index, run_count;
    // geometry
    DecodedSections sections;
    DecodedVertices vertices;
    DecodedPrimitives primitives;
    DecodedTriangles triangles;
    DecodedPointSets point_sets;
    DecodedExternReferences extern_references;
    bool has_extern_shapes_member = false;
    DecodedExternShapes extern_shapes;
    // trees
    StaticTreeNodes mesh_tree;      // Codec3Axis5, one tree, leaves = sections
    StaticTreeNodes section_trees;  // Codec3Axis4, tree t = section t, leaves = primitives
    SimdTreeNodes simd_tree;
    bool has_simd_tree_member = false;
    std::uint8_t has_simd_tree = 0;
    std::uint64_t connectivity_headers = 0, connectivity_local_links = 0, connectivity_global_links = 0;
};

// Global vertex slot (DecodedVertices index) of corner k (0..3) of primitive p: the stored
// index plus its section's first slot. Only meaningful for triangles (k < 3) and quads.
inline std::uint32_t corner_slot(const DecodedMesh& m, std::uint32_t p, int k) {
    return m.sections.first_slot[m.primitives.section[p]] + m.primitives.indices[k][p];
}

// Triangles are stored in key order: section by section, primitive by primitive, a quad's two
// halves together (key | 0 then key | 1), which is the visiting order of the interior-bit pass.

// ---- f set: extern mesh -------------------------------------------------------------------------
struct DecodedExternMesh {
    std::string class_name;
    std::uint64_t offset = 0;
    std::uint8_t num_shape_key_bits = 0;
    float convex_radius = 0;
    std::vector<float> x, y, z, w;                       // hkGeometry vertices
    std::array<std::vector<std::uint32_t>, 3> triangle;  // vertex indices (checked in range)
    std::vector<std::int32_t> material;                  // stored material (−1 in every f file)
    std::string geometry_class;
    bool has_use_triangle_material_as_shape_tag = false;
    std::uint8_t use_triangle_material_as_shape_tag = 0;
    std::string bounding_volume_class;
    std::uint32_t bounding_volume_version = 0;
    bool has_aabb_tree = false;
    StaticTreeNodes aabb_tree;  // Codec3Axis6, leaves = triangles
    bool has_simd_tree = false;
    SimdTreeNodes simd_tree;  // leaves keyed by triangle index
    std::size_t triangle_count() const { return material.size(); }
};

// ---- bodies and the member ---------------------------------------------------------------------
struct DecodedBodies {
    std::vector<std::string> name;
    std::vector<std::array<float, 4>> position;
    std::vector<std::array<float, 4>> orientation;  // xyzw
    std::vector<std::uint8_t> motion_type;
    std::vector<std::uint8_t> quality_id;
    std::vector<float> mass;
    std::vector<std::uint32_t> motion_properties_id;
    std::vector<std::uint32_t> system;
    std::vector<ShapeKind> shape_kind;
    std::vector<std::uint32_t> shape_index;  // into meshes / extern_meshes / other_shapes by kind
    std::vector<std::string> shape_class;
    std::size_t size() const { return name.size(); }
};

struct DecodedMember {
    std::string sdk_version;
    DecodedBodies bodies;
    std::vector<DecodedMesh> meshes;
    std::vector<DecodedExternMesh> extern_meshes;
    // The bodies' shapes that are neither mesh (boxes, polytopes, ...), each shape object once:
    // decoded as externShapes' shapes are (decode_extern_shapes), so only the per-shape columns
    // and the flat arrays are filled; the per-instance columns stay empty (a body is no instance).
    DecodedExternShapes other_shapes;
    // The other shapes that could not be read or decoded (each left out of other_shapes; its
    // bodies' shape_index is kNoOtherShape): a bad box does not cost the member its meshes.
    std::vector<Error> other_shape_errors;
};

}  // namespace meshproof::mesh
