#include "engine/mesh/extract_compressed_mesh.h"

#include <string>

#include "engine/mesh/extract_extern_shapes.h"
#include "engine/mesh/extract_trees.h"
#include "engine/mesh/field_columns.h"

namespace meshproof::mesh {

using tagfile::ArrayView;
using tagfile::ObjectView;
using tagfile::TypeTable;

namespace {

template <class T>
Status read_int(const ObjectView& object, std::string_view name, T& out) {
    MP_TRY_ASSIGN(std::int64_t v, object.field(name).as_i64());
    out = static_cast<T>(v);
    return ok_status();
}

// Element count of an array member, 0 when the class does not declare it.
Result<std::uint64_t> array_count(const ObjectView& object, std::string_view name) {
    if (!object.has_field(name)) return std::uint64_t{0};
    MP_TRY_ASSIGN(ArrayView a, object.field(name).array());
    return std::uint64_t{a.count()};
}

// Null pointer → no object (ok, returns an empty view with ok() false and no error to report).
Result<bool> pointer_set(const ObjectView& field) {
    MP_TRY_ASSIGN(bool null, field.is_null());
    return !null;
}

Status extract_param(const ObjectView& shape, RawCompressedMesh& out) {
    out.has_triangle_index_to_shape_key = shape.has_field("triangleIndexToShapeKey");
    if (out.has_triangle_index_to_shape_key) {
        MP_TRY_ASSIGN(ArrayView keys, shape.field("triangleIndexToShapeKey").array());
        MP_TRY_ASSIGN(out.triangle_index_to_shape_key, values_of<std::uint32_t>(keys));
    }
    if (!shape.has_field("pParam")) return ok_status();
    MP_TRY_ASSIGN(bool set, pointer_set(shape.field("pParam")));
    if (!set) return ok_status();
    const ObjectView param = shape.field("pParam").deref();
    MP_TRY(param.status());
    const TypeTable& types = shape.tagfile().types();
    out.has_param = true;
    if (param.has_field("version")) {
        MP_TRY_ASSIGN(std::uint64_t version, param.field("version").as_u64());
        out.param_version = static_cast<std::uint32_t>(version);
    }
    if (param.has_field("vertexDataStride")) MP_TRY(read_int(param, "vertexDataStride", out.vertex_data_stride));
    if (param.has_field("triangleDataStride")) MP_TRY(read_int(param, "triangleDataStride", out.triangle_data_stride));
    MP_TRY_ASSIGN(ArrayView rows, param.field("triangleDataArray").array());
    MP_TRY_ASSIGN(out.row_primitive_data_index, column_of<std::uint32_t>(types, rows, {"primitiveDataIndex"}));
    MP_TRY_ASSIGN(out.row_triangle_data_index, column_of<std::uint32_t>(types, rows, {"triangleDataIndex"}));
    MP_TRY_ASSIGN(out.row_vertex_a, column_of<std::uint32_t>(types, rows, {"vertexIndexA"}));
    MP_TRY_ASSIGN(out.row_vertex_b, column_of<std::uint32_t>(types, rows, {"vertexIndexB"}));
    MP_TRY_ASSIGN(out.row_vertex_c, column_of<std::uint32_t>(types, rows, {"vertexIndexC"}));
    MP_TRY_ASSIGN(ArrayView prims, param.field("primitiveDataArray").array());
    MP_TRY_ASSIGN(out.material_name_data, column_of<std::uint32_t>(types, prims, {"materialNameData"}));
    return ok_status();
}

Status extract_mesh_tree(const ObjectView& tree, RawCompressedMesh& out) {
    const TypeTable& types = tree.tagfile().types();
    MP_TRY_ASSIGN(out.mesh_tree, extract_static_tree(tree));
    if (out.mesh_tree.codec != TreeCodec::kAxis5)
        return make_error(ErrorCode::kBadType, tree.offset(), "mesh tree nodes are not Aabb5BytesCodec");
    MP_TRY(read_int(tree, "numPrimitiveKeys", out.num_primitive_keys));
    MP_TRY(read_int(tree, "bitsPerKey", out.bits_per_key));
    MP_TRY_ASSIGN(std::uint64_t max_key, tree.field("maxKeyValue").as_u64());
    out.max_key_value = static_cast<std::uint32_t>(max_key);
    if (tree.has_field("primitiveStoresIsFlatConvex")) {
        MP_TRY_ASSIGN(std::uint64_t flat, tree.field("primitiveStoresIsFlatConvex").as_u64());
        out.primitive_stores_is_flat_convex = static_cast<std::uint8_t>(flat);
    }
    MP_TRY_ASSIGN(out.sections, extract_sections(tree));
    MP_TRY_ASSIGN(ArrayView prims, tree.field("primitives").array());
    for (std::uint32_t k = 0; k < 4; ++k) {
        MP_TRY_ASSIGN(out.primitive_indices[k], column_of<std::uint8_t>(types, prims, {"indices"}, k));
    }
    MP_TRY_ASSIGN(ArrayView shared_index, tree.field("sharedVerticesIndex").array());
    MP_TRY_ASSIGN(out.shared_vertices_index, values_of<std::uint16_t>(shared_index));
    MP_TRY_ASSIGN(ArrayView packed, tree.field("packedVertices").array());
    MP_TRY_ASSIGN(out.packed_vertices, values_of<std::uint32_t>(packed));
    MP_TRY_ASSIGN(ArrayView shared, tree.field("sharedVertices").array());
    MP_TRY_ASSIGN(out.shared_vertices, values_of<std::uint64_t>(shared));
    MP_TRY_ASSIGN(ArrayView runs, tree.field("primitiveDataRuns").array());
    MP_TRY_ASSIGN(out.run_value, column_of<std::uint16_t>(types, runs, {"value"}));
    MP_TRY_ASSIGN(out.run_index, column_of<std::uint8_t>(types, runs, {"index"}));
    MP_TRY_ASSIGN(out.run_count, column_of<std::uint8_t>(types, runs, {"count"}));
    return ok_status();
}

}  // namespace

Result<RawSections> extract_sections(const ObjectView& mesh_tree) {
    const TypeTable& types = mesh_tree.tagfile().types();
    MP_TRY_ASSIGN(ArrayView sections, mesh_tree.field("sections").array());
    const std::uint32_t section_type = sections.element_type();
    RawSections out;
    out.count = sections.count();
    out.offset = sections.offset();
    out.stride = static_cast<std::uint32_t>(sections.stride());
    for (std::uint32_t k = 0; k < 6; ++k) {
        MP_TRY_ASSIGN(out.codec_parms[k], column_of<float>(types, sections, {"codecParms"}, k));
    }
    MP_TRY_ASSIGN(out.num_packed, column_of<std::uint8_t>(types, sections, {"numPackedVertices"}));
    if (has_member(types, section_type, "firstPrimitiveIndex")) {
        // 2018.1: explicit fields.
        out.naming = SectionNaming::kExplicit;
        MP_TRY_ASSIGN(out.first_packed, column_of<std::uint32_t>(types, sections, {"firstPackedVertexIndex"}));
        MP_TRY_ASSIGN(out.first_shared, column_of<std::uint32_t>(types, sections, {"firstSharedVertexIndex"}));
        MP_TRY_ASSIGN(out.first_primitive, column_of<std::uint32_t>(types, sections, {"firstPrimitiveIndex"}));
        MP_TRY_ASSIGN(out.num_primitives, column_of<std::uint8_t>(types, sections, {"numPrimitives"}));
        MP_TRY_ASSIGN(out.first_data_run, column_of<std::uint32_t>(types, sections, {"firstDataRunIndex"}));
        MP_TRY_ASSIGN(out.num_data_runs, column_of<std::uint8_t>(types, sections, {"numDataRuns"}));
    } else if (has_member(types, section_type, "primitives")) {
        // 2016.2: (first << 8) | count words, each a record {hkUint32 data} (unwrapped by name).
        out.naming = SectionNaming::kPackedWords;
        MP_TRY_ASSIGN(out.first_packed, column_of<std::uint32_t>(types, sections, {"firstPackedVertex"}));
        MP_TRY_ASSIGN(out.shared_word, column_of<std::uint32_t>(types, sections, {"sharedVertices"}));
        MP_TRY_ASSIGN(out.num_shared_indices, column_of<std::uint8_t>(types, sections, {"numSharedIndices"}));
        MP_TRY_ASSIGN(out.primitives_word, column_of<std::uint32_t>(types, sections, {"primitives"}));
        MP_TRY_ASSIGN(out.data_runs_word, column_of<std::uint32_t>(types, sections, {"dataRuns"}));
    } else {
        return make_error(ErrorCode::kMissingField, sections.offset(),
                          "section class " + std::string(types.full_name(section_type)) +
                              " has neither firstPrimitiveIndex nor primitives");
    }
    MP_TRY_ASSIGN(out.page, column_of<std::uint8_t>(types, sections, {"page"}));
    MP_TRY_ASSIGN(out.layer_data, column_of<std::uint8_t>(types, sections, {"layerData"}));
    MP_TRY_ASSIGN(out.flags, column_of<std::uint8_t>(types, sections, {"flags"}));
    MP_TRY_ASSIGN(out.leaf_index, column_of<std::uint16_t>(types, sections, {"leafIndex"}));
    if (has_member(types, section_type, "unusedData")) {
        MP_TRY_ASSIGN(out.unused_data, column_of<std::uint8_t>(types, sections, {"unusedData"}));
    }
    out.trees.reserve(out.count);
    StaticTreeExtractor trees;
    for (std::size_t i = 0; i < out.count; ++i) {
        MP_TRY_ASSIGN(RawStaticTree tree, trees.extract(sections.at(i)));
        if (tree.codec != TreeCodec::kAxis4)
            return make_error(ErrorCode::kBadType, tree.offset, "section tree nodes are not Aabb4BytesCodec");
        out.trees.push_back(tree);
    }
    return out;
}

Result<RawCompressedMesh> extract_compressed_mesh(const ObjectView& shape) {
    MP_TRY(shape.status());
    RawCompressedMesh out;
    out.class_name = std::string(shape.type_name());
    out.offset = shape.offset();
    MP_TRY_ASSIGN(std::uint64_t flags, shape.field("flags").as_u64());
    out.shape_flags = static_cast<std::uint16_t>(flags);
    MP_TRY_ASSIGN(std::uint64_t type, shape.field("type").as_u64());
    out.shape_type = static_cast<std::uint8_t>(type);
    if (shape.has_field("dispatchType")) {
        MP_TRY_ASSIGN(std::uint64_t dispatch, shape.field("dispatchType").as_u64());
        out.dispatch_type = static_cast<std::uint8_t>(dispatch);
    }
    MP_TRY_ASSIGN(std::uint64_t bits, shape.field("numShapeKeyBits").as_u64());
    out.num_shape_key_bits = static_cast<std::uint8_t>(bits);
    MP_TRY_ASSIGN(out.convex_radius, shape.field("convexRadius").as_f32());
    if (shape.has_field("userData")) {
        MP_TRY_ASSIGN(out.user_data, shape.field("userData").as_u64());
    }
    if (shape.has_field("properties")) {
        MP_TRY_ASSIGN(out.has_properties, pointer_set(shape.field("properties")));
    }
    if (shape.has_field("shapeTagCodecInfo")) {
        MP_TRY_ASSIGN(std::uint64_t info, shape.field("shapeTagCodecInfo").as_u64());
        out.shape_tag_codec_info = static_cast<std::uint32_t>(info);
    }
    if (shape.has_field("materialTable")) {
        MP_TRY_ASSIGN(out.has_material_table, pointer_set(shape.field("materialTable")));
    }

    // hkBitField: {storage: {words, numBits}} in 2018.1; tolerate a flat {words, numBits}.
    ObjectView interior = shape.field("triangleIsInterior");
    if (interior.has_field("storage")) interior = interior.field("storage");
    MP_TRY_ASSIGN(ArrayView words, interior.field("words").array());
    MP_TRY_ASSIGN(out.interior_words, values_of<std::uint32_t>(words));
    MP_TRY(read_int(interior, "numBits", out.interior_num_bits));
    if (shape.has_field("numTriangles")) MP_TRY(read_int(shape, "numTriangles", out.num_triangles));
    if (shape.has_field("numConvexShapes")) MP_TRY(read_int(shape, "numConvexShapes", out.num_convex_shapes));
    MP_TRY(extract_extern_shapes(shape, out));
    MP_TRY(extract_param(shape, out));

    const ObjectView data = shape.field("data").deref();
    MP_TRY(data.status());
    MP_TRY(extract_mesh_tree(data.field("meshTree"), out));
    if (data.has_field("simdTree")) {
        MP_TRY_ASSIGN(out.simd_tree, extract_simd_tree(data.field("simdTree")));
    }
    out.has_simd_tree_member = data.has_field("hasSimdTree");
    if (out.has_simd_tree_member) {
        MP_TRY_ASSIGN(std::uint64_t has, data.field("hasSimdTree").as_u64());
        out.has_simd_tree = static_cast<std::uint8_t>(has);
    }
    if (data.has_field("connectivity")) {
        const ObjectView c = data.field("connectivity");
        MP_TRY_ASSIGN(out.connectivity_headers, array_count(c, "headers"));
        MP_TRY_ASSIGN(out.connectivity_local_links, array_count(c, "localLinks"));
        MP_TRY_ASSIGN(out.connectivity_global_links, array_count(c, "globalLinks"));
    }
    return out;
}

}  // namespace meshproof::mesh
