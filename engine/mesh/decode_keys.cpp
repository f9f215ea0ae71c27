#include "engine/mesh/decode_keys.h"

#include <algorithm>
#include <string>

namespace meshproof::mesh {

namespace {

// triangle_of_key with the columns it reads held as pointers: one resolver per mesh, not per key.
class KeyResolver {
public:
    explicit KeyResolver(const DecodedMesh& mesh)
        : sections_(mesh.sections.size()),
          num_primitives_(mesh.sections.num_primitives.data()),
          primitive_base_(mesh.sections.primitive_base.data()),
          first_triangle_(mesh.primitives.first_triangle.data()),
          kind_(mesh.primitives.kind.data()) {}

    std::uint32_t operator()(std::uint32_t key) const {
        if (key == kNone) return kNone;
        const std::uint32_t section = key >> 8;
        const std::uint32_t primitive = (key >> 1) & 0x7Fu;
        const std::uint32_t half = key & 1u;
        if (section >= sections_ || primitive >= num_primitives_[section]) return kNone;
        const std::uint32_t p = primitive_base_[section] + primitive;
        const std::uint32_t tri = first_triangle_[p];
        if (tri == kNone) return kNone;
        if (half == 1 && kind_[p] != PrimitiveKind::kQuad) return kNone;
        return tri + half;
    }

private:
    std::size_t sections_;
    const std::uint32_t* num_primitives_;
    const std::uint32_t* primitive_base_;
    const std::uint32_t* first_triangle_;
    const PrimitiveKind* kind_;
};

}  // namespace

std::uint32_t triangle_of_key(const DecodedMesh& mesh, std::uint32_t key) { return KeyResolver(mesh)(key); }

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
    {
        // interior_bit over every triangle, its bounds folded into one limit and the columns read
        // through locals (a byte store may alias the vectors' pointers).
        const std::uint32_t* const words = mesh.interior_words.data();
        const std::uint64_t bits = mesh.interior_num_bits <= 0 ? 0 : static_cast<std::uint64_t>(mesh.interior_num_bits);
        const std::uint64_t limit = std::min<std::uint64_t>(bits, std::uint64_t{mesh.interior_words.size()} * 32);
        const std::uint32_t* const keys = t.key.data();
        std::uint8_t* const interior = t.interior.data();
        const std::size_t n = t.size();
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint32_t key = keys[i];
            interior[i] = key != kNone && key < limit ? static_cast<std::uint8_t>((words[key / 32] >> (key % 32)) & 1u)
                                                      : std::uint8_t{0};
        }
    }

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
    const KeyResolver triangle_of(mesh);
    const auto stored = raw.triangle_index_to_shape_key.values;
    const std::uint32_t key_bits = raw.num_shape_key_bits;
    std::uint32_t* const row_key_word = mesh.row_key_word.data();
    std::uint32_t* const row_key = mesh.row_key.data();
    std::uint32_t* const row_triangle = mesh.row_triangle.data();
    std::uint32_t* const source_row = t.source_row.data();
    std::uint32_t* const material = t.material.data();
    const std::uint32_t* const row_primitive_data = mesh.row_primitive_data_index.data();
    const std::uint32_t* const material_name_data = mesh.material_name_data.data();
    const std::size_t materials = mesh.material_name_data.size();
    for (std::size_t r = 0; r < words; ++r) {
        const std::uint32_t word = stored[r];
        const std::uint32_t key = key_of_stored_word(word, key_bits);
        const std::uint32_t tri = triangle_of(key);
        row_key_word[r] = word;
        row_key[r] = key;
        row_triangle[r] = tri;
        if (tri == kNone || source_row[tri] != kNone) continue;
        source_row[tri] = static_cast<std::uint32_t>(r);
        if (r < rows) {
            const std::uint32_t pd = row_primitive_data[r];
            if (pd >= materials)
                return make_error(ErrorCode::kOutOfBounds, raw.row_primitive_data_index.offset_of(r),
                                  "triangleDataArray row " + std::to_string(r) + " names primitive data " +
                                      std::to_string(pd) + " of " + std::to_string(mesh.material_name_data.size()));
            material[tri] = material_name_data[pd];
        }
    }
    return ok_status();
}

}  // namespace meshproof::mesh
