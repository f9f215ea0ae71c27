#include "engine/mesh/decode_keys.h"

#include <string>

namespace meshproof::mesh {

std::uint32_t triangle_of_key(const DecodedMesh& mesh, std::uint32_t key) {
    if (key == kNone) return kNone;
    const std::uint32_t section = key >> 8;
    const std::uint32_t primitive = (key >> 1) & 0x7Fu;
    const std::uint32_t half = key & 1u;
    const DecodedSections& s = mesh.sections;
    if (section >= s.size() || primitive >= s.num_primitives[section]) return kNone;
    const std::uint32_t p = s.primitive_base[section] + primitive;
    const std::uint32_t tri = mesh.primitives.first_triangle[p];
    if (tri == kNone) return kNone;
    if (half == 1 && mesh.primitives.kind[p] != PrimitiveKind::kQuad) return kNone;
    return tri + half;
}

bool interior_bit(const DecodedMesh& mesh, std::uint32_t key) {
    if (key == kNone || mesh.interior_num_bits <= 0 || key >= static_cast<std::uint64_t>(mesh.interior_num_bits))
        return false;
    const std::size_t word = key / 32;
    if (word >= mesh.interior_words.size()) return false;
    return ((mesh.interior_words[word] >> (key % 32)) & 1u) != 0;
}

Status decode_keys_and_materials(const RawCompressedMesh& raw, DecodedMesh& mesh) {
    // triangleIsInterior
    mesh.interior_num_bits = raw.interior_num_bits;
    mesh.interior_words.resize(raw.interior_words.size());
    for (std::size_t i = 0; i < raw.interior_words.size(); ++i) mesh.interior_words[i] = raw.interior_words[i];
    DecodedTriangles& t = mesh.triangles;
    for (std::size_t i = 0; i < t.size(); ++i) t.interior[i] = interior_bit(mesh, t.key[i]) ? 1 : 0;

    // pParam rows and materials
    mesh.has_param = raw.has_param;
    mesh.param_version = raw.param_version;
    mesh.vertex_data_stride = raw.vertex_data_stride;
    mesh.triangle_data_stride = raw.triangle_data_stride;
    const std::size_t rows = raw.row_primitive_data_index.size();
    if (raw.row_triangle_data_index.size() != rows || raw.row_vertex_a.size() != rows ||
        raw.row_vertex_b.size() != rows || raw.row_vertex_c.size() != rows)
        return make_error(ErrorCode::kBadObject, raw.row_primitive_data_index.offset,
                          "triangleDataArray columns differ in length");
    mesh.row_primitive_data_index.resize(rows);
    mesh.row_triangle_data_index.resize(rows);
    for (auto& c : mesh.row_vertex_index) c.resize(rows);
    for (std::size_t r = 0; r < rows; ++r) {
        mesh.row_primitive_data_index[r] = raw.row_primitive_data_index[r];
        mesh.row_triangle_data_index[r] = raw.row_triangle_data_index[r];
        mesh.row_vertex_index[0][r] = raw.row_vertex_a[r];
        mesh.row_vertex_index[1][r] = raw.row_vertex_b[r];
        mesh.row_vertex_index[2][r] = raw.row_vertex_c[r];
    }
    mesh.material_name_data.resize(raw.material_name_data.size());
    for (std::size_t i = 0; i < raw.material_name_data.size(); ++i)
        mesh.material_name_data[i] = raw.material_name_data[i];

    // triangleIndexToShapeKey: row t → key → triangle; the triangle takes row t's material.
    mesh.has_triangle_index_to_shape_key = raw.has_triangle_index_to_shape_key;
    const std::size_t words = raw.triangle_index_to_shape_key.size();
    mesh.row_key_word.resize(words);
    mesh.row_key.resize(words);
    mesh.row_triangle.resize(words);
    for (std::size_t r = 0; r < words; ++r) {
        const std::uint32_t word = raw.triangle_index_to_shape_key[r];
        const std::uint32_t key = key_of_stored_word(word, raw.num_shape_key_bits);
        const std::uint32_t tri = triangle_of_key(mesh, key);
        mesh.row_key_word[r] = word;
        mesh.row_key[r] = key;
        mesh.row_triangle[r] = tri;
        if (tri == kNone || t.source_row[tri] != kNone) continue;
        t.source_row[tri] = static_cast<std::uint32_t>(r);
        if (r < rows) {
            const std::uint32_t pd = mesh.row_primitive_data_index[r];
            if (pd >= mesh.material_name_data.size())
                return make_error(ErrorCode::kOutOfBounds, raw.row_primitive_data_index.offset_of(r),
                                  "triangleDataArray row " + std::to_string(r) + " names primitive data " +
                                      std::to_string(pd) + " of " + std::to_string(mesh.material_name_data.size()));
            t.material[tri] = mesh.material_name_data[pd];
        }
    }
    return ok_status();
}

}  // namespace meshproof::mesh
