// libFuzzer target for the text readers of `meshproof build` (engine/builder): the OBJ reader, then
// the welding of what it read, and the --materials file reader on the same bytes. Each ends in a
// value or a typed error; an error points inside the input and its message begins with the
// line:column of its offset; a value keeps its invariants (every row index names a vertex, every
// per-row array as long as the rows, every name index inside its table, every position finite).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "engine/builder/material_map.h"
#include "engine/builder/obj_reader.h"
#include "engine/builder/weld.h"

namespace {

void check_error(const meshproof::Error& e, meshproof::Bytes bytes) {
    if (e.code == meshproof::ErrorCode::kInternal || e.offset > bytes.size()) std::abort();
    const auto at = meshproof::builder::text_position(bytes, e.offset);
    const std::string where = std::to_string(at.line) + ":" + std::to_string(at.column) + ": ";
    if (e.message.rfind(where, 0) != 0) std::abort();
}

void check_names(const std::vector<std::uint32_t>& per_row, std::size_t rows, std::size_t names) {
    if (per_row.size() != rows) std::abort();
    for (const std::uint32_t n : per_row)
        if (n != meshproof::builder::kNoObjName && n >= names) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace meshproof::builder;
    const meshproof::Bytes bytes(data, size);
    auto mesh = read_obj(bytes);
    if (!mesh.ok()) {
        check_error(mesh.error(), bytes);
    } else {
        const ObjMesh& m = *mesh;
        if (m.rows.empty() || m.y.size() != m.x.size() || m.z.size() != m.x.size()) std::abort();
        for (std::size_t i = 0; i < m.x.size(); ++i)
            if (!std::isfinite(m.x[i]) || !std::isfinite(m.y[i]) || !std::isfinite(m.z[i])) std::abort();
        for (const auto& row : m.rows)
            for (const std::uint32_t v : row)
                if (v >= m.x.size()) std::abort();
        check_names(m.row_material, m.rows.size(), m.material_names.size());
        check_names(m.row_object, m.rows.size(), m.object_names.size());
        check_names(m.row_group, m.rows.size(), m.group_names.size());
        if (m.row_line.size() != m.rows.size()) std::abort();
        auto welded = weld_positions(m.x, m.y, m.z, m.rows);
        if (!welded.ok() || welded->rows.size() != m.rows.size()) std::abort();
        for (std::size_t r = 0; r < m.rows.size(); ++r)
            for (int k = 0; k < 3; ++k) {
                const std::uint32_t v = welded->rows[r][k], s = m.rows[r][k];
                if (v >= welded->x.size() || welded->x[v] != m.x[s] || welded->y[v] != m.y[s] || welded->z[v] != m.z[s])
                    std::abort();
            }
    }
    auto map = read_material_map(bytes);
    if (!map.ok()) check_error(map.error(), bytes);
    return 0;
}
