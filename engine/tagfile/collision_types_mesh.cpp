// Compressed mesh data, static trees and their codecs, the simd tree, connectivity, the fsnp
// parameter object and the extern-mesh family (spec containers-and-tagfiles.md §7.1, §7.2,
// §8.5–§8.7). ER layouts are the compendium's; Sekiro layouts use natural alignment after the
// 24-byte hkReferencedObject (collision_types.h), with the member order of §7.2.
#include "engine/tagfile/collision_types_internal.h"

namespace meshproof::tagfile::detail {

namespace fl = member_flags;
namespace fw = format_word;

void CollisionTypeDeclarer::codecs() {
    const TypeRef base = b_.record("hkcdCompressedAabbCodecs::AabbCodecBase",
                                   {.size = 1, .alignment = 1, .flags = type_flag::kInterface});
    const TypeRef compressed =
        b_.record("hkcdCompressedAabbCodecs::CompressedAabbCodec",
                  {.parent = base, .size = 3, .alignment = 1, .members = {{"xyz", 0, b_.inline_array(u8_, 3)}}});
    const TypeRef aabb4 = b_.record("hkcdCompressedAabbCodecs::Aabb4BytesCodec",
                                    {.parent = compressed, .size = 4, .alignment = 1, .members = {{"data", 3, u8_}}});
    const TypeRef aabb5 = b_.record(
        "hkcdCompressedAabbCodecs::Aabb5BytesCodec",
        {.parent = compressed, .size = 5, .alignment = 1, .members = {{"hiData", 3, u8_}, {"loData", 4, u8_}}});
    // Not in the ER compendium: §7.1 (6/2: loData is a 16-bit word, §8.5 Codec3Axis6).
    b_.record("hkcdCompressedAabbCodecs::Aabb6BytesCodec",
              {.parent = compressed, .size = 6, .alignment = 2, .members = {{"hiData", 3, u8_}, {"loData", 4, u16_}}});
    hash(aabb4, 0xaf5dc778);
    hash(aabb5, 0x624ba1e8);
}

void CollisionTypeDeclarer::static_trees() {
    const TypeRef tree_base =
        b_.record("hkcdStaticTree::AabbTreeBase", {.size = 1, .alignment = 1, .flags = type_flag::kInterface});
    // hkcdStaticTree::AabbTree<NODE>: nodes + domain, 48/16.
    const auto tree = [&](const char* codec_name, std::uint32_t nodes_hash) {
        const TypeRef codec = *b_.find(codec_name);
        const TypeRef nodes = b_.array_of(codec);
        if (nodes_hash) hash(nodes, nodes_hash);
        return b_.record(
            "hkcdStaticTree::AabbTree",
            {.parent = tree_base, .size = 48, .alignment = 16, .members = {{"nodes", 0, nodes}, {"domain", 16, aabb_}}},
            {type_arg("tNODE", codec)});
    };
    const TypeRef tree4 = tree("hkcdCompressedAabbCodecs::Aabb4BytesCodec", 0x6b1c9ff2);
    const TypeRef tree5 = tree("hkcdCompressedAabbCodecs::Aabb5BytesCodec", 0x6a61ef37);
    aabb6_tree_ = tree("hkcdCompressedAabbCodecs::Aabb6BytesCodec", 0);
    // Both named trees are version-only bodies over the template (ER compendium).
    b_.versioned_alias("hkcdStaticTree::Aabb4BytesTree", tree4, 0);
    b_.versioned_alias("hkcdStaticTree::Aabb5BytesTree", tree5, 0);
}

// hkcdStaticMeshTree::Section (96/16) over the Aabb4 tree (nodes @0, domain @16, codecParms @48).
TypeRef CollisionTypeDeclarer::section() {
    const TypeRef tree4 = *b_.find("hkcdStaticTree::Aabb4BytesTree");
    const TypeRef codec_parms = b_.inline_array(real_, 6);
    std::vector<MemberDecl> members = {{"codecParms", 48, codec_parms}};
    if (er_) {
        members.insert(members.end(), {{"firstPackedVertexIndex", 72, u32_},
                                       {"firstSharedVertexIndex", 76, u32_},
                                       {"firstPrimitiveIndex", 80, u32_},
                                       {"firstDataRunIndex", 84, u32_},
                                       {"numPackedVertices", 88, u8_},
                                       {"numPrimitives", 89, u8_},
                                       {"numDataRuns", 90, u8_},
                                       {"page", 91, u8_},
                                       {"leafIndex", 92, u16_},
                                       {"layerData", 94, u8_},
                                       {"flags", 95, u8_}});
    } else {
        // Sekiro (§7.2, DS3 order): packed words {u32 data} = (first << 8) | count.
        const auto word = [&](const char* name) {
            return b_.record(name, {.size = 4, .alignment = 4, .members = {{"data", 0, u32_}}});
        };
        members.insert(members.end(), {{"firstPackedVertex", 72, u32_},
                                       {"sharedVertices", 76, word("hkcdStaticMeshTree::Section::SharedVertices")},
                                       {"primitives", 80, word("hkcdStaticMeshTree::Section::Primitives")},
                                       {"dataRuns", 84, word("hkcdStaticMeshTree::Section::DataRuns")},
                                       {"numPackedVertices", 88, u8_},
                                       {"numSharedIndices", 89, u8_},
                                       {"leafIndex", 90, u16_},
                                       {"page", 92, u8_},
                                       {"flags", 93, u8_},
                                       {"layerData", 94, u8_},
                                       {"unusedData", 95, u8_}});
    }
    const TypeRef section =
        b_.record("hkcdStaticMeshTree::Section", {.parent = tree4, .size = 96, .alignment = 16, .members = members});
    hash(section, 0xfc0f973);
    return section;
}

// hkcdStaticMeshTree::Base (112/16) and the 160-byte tree class above it; returns
// hknpCompressedMeshShapeTree.
TypeRef CollisionTypeDeclarer::mesh_tree() {
    const TypeRef tree5 = *b_.find("hkcdStaticTree::Aabb5BytesTree");
    const TypeRef sections = b_.array_of(section());
    const TypeRef primitive =
        b_.record("hkcdStaticMeshTree::Primitive",
                  {.size = 4, .alignment = 1, .members = {{"indices", 0, b_.inline_array(u8_, 4)}}});
    const TypeRef primitives = b_.array_of(primitive);
    const TypeRef shared_index = b_.array_of(u16_);
    const TypeRef base =
        b_.record("hkcdStaticMeshTree::Base", {.parent = tree5,
                                               .size = 112,
                                               .alignment = 16,
                                               .members = {{"numPrimitiveKeys", 48, int_},
                                                           {"bitsPerKey", 52, int_},
                                                           {"maxKeyValue", 56, u32_},
                                                           {"primitiveStoresIsFlatConvex", 60, u8_},
                                                           {"sections", 64, sections},
                                                           {"primitives", 80, primitives},
                                                           {"sharedVerticesIndex", 96, shared_index}}});
    hash(sections, 0x10a1aa51);
    hash(primitive, 0x384dd2c0);
    hash(primitives, 0xe7f5de94);
    hash(shared_index, 0xcc83466e);

    TypeRef tree = 0;
    if (er_) {
        const TypeRef run = b_.record(
            "hkcdDefaultStaticMeshTree::PrimitiveDataRun",
            {.size = 4, .alignment = 2, .members = {{"value", 0, u16_}, {"index", 2, u8_}, {"count", 3, u8_}}});
        const TypeRef runs = b_.array_of(run);
        const TypeRef shared = b_.array_of(ulonglong_);
        tree = b_.record("hkcdDefaultStaticMeshTree", {.parent = base,
                                                       .size = 160,
                                                       .alignment = 16,
                                                       .members = {{"packedVertices", 112, b_.array_of(uint_)},
                                                                   {"sharedVertices", 128, shared},
                                                                   {"primitiveDataRuns", 144, runs}}});
        hash(run, 0xc01f50e6);
        hash(runs, 0x402b9bee);
        hash(shared, 0xd04b35ec);
    } else {
        // Sekiro (§7.2): the run value is wrapped in a 16-bit record; the config's template
        // parameter names are not known (chosen here).
        const TypeRef run_data = b_.record("hknpCompressedMeshShapeTreeDataRunData",
                                           {.size = 2, .alignment = 2, .members = {{"data", 0, u16_}}});
        const TypeRef run = b_.record(
            "hknpCompressedMeshShapeTreeDataRun",
            {.size = 4, .alignment = 2, .members = {{"value", 0, run_data}, {"index", 2, u8_}, {"count", 3, u8_}}});
        const TypeRef config =
            b_.record("hkcdStaticMeshTreeCommonConfig", {.size = 1, .alignment = 1, .flags = type_flag::kInterface},
                      {type_arg("tPackedVertex", u32_), type_arg("tSharedVertex", u64_), value_arg("vPackedBits", 11),
                       value_arg("vSharedBits", 21)});
        tree = b_.record("hkcdStaticMeshTree",
                         {.parent = base,
                          .size = 160,
                          .alignment = 16,
                          .members = {{"packedVertices", 112, b_.array_of(u32_)},
                                      {"sharedVertices", 128, b_.array_of(u64_)},
                                      {"primitiveDataRuns", 144, b_.array_of(run)}}},
                         {type_arg("tConfig", config), type_arg("tDataRun", run)});
    }
    return b_.record("hknpCompressedMeshShapeTree", {.parent = tree, .size = 160, .alignment = 16, .members = {}});
}

void CollisionTypeDeclarer::simd_tree() {
    const TypeRef four_aabb = b_.record("hkcdFourAabb", {.size = 96,
                                                         .alignment = 16,
                                                         .members = {{"lx", 0, vec4_},
                                                                     {"hx", 16, vec4_},
                                                                     {"ly", 32, vec4_},
                                                                     {"hy", 48, vec4_},
                                                                     {"lz", 64, vec4_},
                                                                     {"hz", 80, vec4_}}});
    std::vector<MemberDecl> members = {{"data", 96, b_.inline_array(u32_, 4)}};
    if (er_) members.insert(members.end(), {{"isLeaf", 112, bool_}, {"isActive", 113, bool_, fl::kPublicNs}});
    // Sekiro nodes are 112 bytes without isLeaf/isActive (§7.2); version 1 is a guess.
    const TypeRef node = b_.record("hkcdSimdTree::Node", {.parent = four_aabb,
                                                          .size = er_ ? 128u : 112u,
                                                          .alignment = 16,
                                                          .version = er_ ? 2u : 1u,
                                                          .members = members});
    const TypeRef nodes = b_.array_of(node);
    // Whether Sekiro's hkcdSimdTree has isCompact is open (§7.2); declared as in ER.
    simd_tree_ = b_.record(
        "hkcdSimdTree",
        {.size = 24, .alignment = 8, .version = 3, .members = {{"nodes", 0, nodes}, {"isCompact", 16, bool_}}});
    hash(node, 0x8c79e5ce);
    hash(nodes, 0x28099114);
}

void CollisionTypeDeclarer::connectivity() {
    const TypeRef header =
        b_.record("hkcdStaticMeshTree::Connectivity::SectionHeader",
                  {.size = 8, .alignment = 4, .members = {{"baseLocal", 0, u32_}, {"baseGlobal", 4, u32_}}});
    const TypeRef handle =
        b_.record("hkHandle", {.size = 4, .alignment = 4, .members = {{"value", 0, u32_, fl::kProtected}}},
                  {type_arg("tTYPE", u32_), value_arg("vINVALID_VALUE", 4294967295u)});
    connectivity_ =
        b_.record("hkcdStaticMeshTree::Connectivity", {.size = 48,
                                                       .alignment = 8,
                                                       .members = {{"headers", 0, b_.array_of(header)},
                                                                   {"localLinks", 16, b_.array_of(u8_)},
                                                                   {"globalLinks", 32, b_.array_of(handle)}}});
}

void CollisionTypeDeclarer::mesh_data() {
    mesh_tree_ = mesh_tree();
    const TypeRef data = b_.record("hknpCompressedMeshShapeData", {.parent = ref_object_,
                                                                   .size = 272,
                                                                   .alignment = 16,
                                                                   .version = 2,
                                                                   .members = {{"meshTree", 32, mesh_tree_},
                                                                               {"simdTree", 192, simd_tree_},
                                                                               {"connectivity", 216, connectivity_},
                                                                               {"hasSimdTree", 264, bool_}}});
    hash(data, 0x3578a812);
}

void CollisionTypeDeclarer::custom_mesh_parameter() {
    const TypeRef triangle =
        b_.record("fsnpCustomMeshParameter::TriangleData", {.size = 20,
                                                            .alignment = 4,
                                                            .members = {{"primitiveDataIndex", 0, u32_},
                                                                        {"triangleDataIndex", 4, u32_},
                                                                        {"vertexIndexA", 8, u32_},
                                                                        {"vertexIndexB", 12, u32_},
                                                                        {"vertexIndexC", 16, u32_}}});
    const TypeRef bytes = b_.array_of(u8_);
    // 56 bytes as in ER; whether Sekiro's is 56 or 64 is open (§7.2).
    const TypeRef primitive =
        b_.record("fsnpCustomMeshParameter::PrimitiveData", {.size = 56,
                                                             .alignment = 8,
                                                             .members = {{"vertexData", 0, bytes},
                                                                         {"triangleData", 16, bytes},
                                                                         {"primitiveData", 32, bytes},
                                                                         {"materialNameData", 48, u32_}}});
    const TypeRef triangles = b_.array_of(triangle);
    const TypeRef primitives = b_.array_of(primitive);
    const TypeRef parameter = *b_.find("fsnpCustomMeshParameter");
    b_.define_record(parameter, {.parent = ref_object_,
                                 .size = 72,
                                 .alignment = 8,
                                 .members = {{"triangleDataArray", 24, triangles, fl::kProtected},
                                             {"primitiveDataArray", 40, primitives, fl::kProtected},
                                             {"vertexDataStride", 56, i32_, fl::kProtected},
                                             {"triangleDataStride", 60, i32_, fl::kProtected},
                                             {"version", 64, u32_, fl::kProtected}}});
    hash(parameter, 0x6da91ad);
    hash(triangle, 0x66fc8424);
    hash(primitive, 0x11c315f5);
    hash(triangles, 0x3c9df7d1);
    hash(primitives, 0x91550f0);
}

// Not in the ER compendium; §7.1 and §8.7. Choices: hknpExternMeshShapeGeometry is an abstract
// 32/16 base (its subclass puts `geometry` at 32); members are protected like the other shapes'.
void CollisionTypeDeclarer::extern_mesh() {
    const TypeRef triangle = b_.record(
        "hkGeometry::Triangle", {.size = 16,
                                 .alignment = 4,
                                 .members = {{"a", 0, int_}, {"b", 4, int_}, {"c", 8, int_}, {"material", 12, int_}}});
    const TypeRef geometry = b_.record(
        "hkGeometry", {.parent = ref_object_,
                       .size = 56,
                       .alignment = 8,
                       .members = {{"vertices", 24, b_.array_of(vec4_)}, {"triangles", 40, b_.array_of(triangle)}}});
    const TypeRef geometry_base =
        b_.record("hknpExternMeshShapeGeometry",
                  {.parent = ref_object_, .size = 32, .alignment = 16, .flags = type_flag::kAbstract});
    std::vector<MemberDecl> members = {{"geometry", 32, b_.ref_ptr(geometry), fl::kProtected}};
    // 2016.2 lacks useTriangleMaterialAsShapeTag (havok-compressed-mesh.txt, f set).
    if (er_) members.push_back({"useTriangleMaterialAsShapeTag", 40, bool_, fl::kProtected});
    b_.record("hknpDefaultExternMeshShapeGeometry",
              {.parent = geometry_base, .size = 48, .alignment = 16, .members = members});

    ExternMeshDataForm form = options_.extern_mesh_data;
    if (form == ExternMeshDataForm::kDefault)
        form = er_ ? ExternMeshDataForm::kSimdOnly : ExternMeshDataForm::kAabbTree;
    // Versions as measured on the installs (§0 #10): aabbTree form 2, simd-only form 3.
    TypeRef data = 0;
    if (form == ExternMeshDataForm::kSimdOnly) {
        data = b_.record("hknpExternMeshShapeData",
                         {.parent = ref_object_,
                          .size = 56,
                          .alignment = 8,
                          .version = 3,
                          .members = {{"simdTree", 24, simd_tree_}, {"buildContext", 48, opaque_ptr_, fl::kPublicNs}}});
    } else {
        data = b_.record("hknpExternMeshShapeData", {.parent = ref_object_,
                                                     .size = 112,
                                                     .alignment = 16,
                                                     .version = 2,
                                                     .members = {{"aabbTree", 32, aabb6_tree_},
                                                                 {"simdTree", 80, simd_tree_},
                                                                 {"buildContext", 104, opaque_ptr_, fl::kPublicNs}}});
    }
    b_.record("hknpExternMeshShape", {.parent = composite_shape_,
                                      .size = 96,
                                      .alignment = 16,
                                      .version = 3,
                                      .members = {{"geometry", 80, b_.pointer(geometry_base), fl::kProtected},
                                                  {"boundingVolumeData", 88, b_.pointer(data), fl::kProtected}}});
}

}  // namespace meshproof::tagfile::detail
