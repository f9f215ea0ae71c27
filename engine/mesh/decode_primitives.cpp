#include "engine/mesh/decode_primitives.h"

#include <limits>
#include <string>

#include "engine/mesh/vertex_codec.h"

namespace meshproof::mesh {

PrimitiveKind classify_primitive(std::uint8_t a, std::uint8_t b, std::uint8_t c, std::uint8_t d) {
    if (a == 0xDE && b == 0xAD && c == 0xDE && d == 0xAD) return PrimitiveKind::kDead;
    if (b == d) return PrimitiveKind::kCustomUnknown;  // refined by the record header
    if (c == d) return PrimitiveKind::kTriangle;
    return PrimitiveKind::kQuad;
}

namespace {

Status check_primitive_columns(const RawCompressedMesh& raw) {
    const std::size_t n = raw.primitive_indices[0].size();
    for (const auto& c : raw.primitive_indices)
        if (c.size() != n)
            return make_error(ErrorCode::kBadObject, raw.primitive_indices[0].offset,
                              "primitive columns differ in length");
    return ok_status();
}

// Position in sharedVerticesIndex of the record of a custom primitive whose first index is k.
Result<std::uint32_t> record_position(const RawCompressedMesh& raw, const DecodedSections& s, std::size_t section,
                                      std::uint32_t k, std::uint32_t words, std::uint64_t at) {
    const std::uint32_t packed = s.num_packed[section];
    if (k < packed)
        return make_error(ErrorCode::kOutOfBounds, at,
                          "custom primitive index " + std::to_string(k) + " addresses a packed vertex");
    const std::uint64_t pos = std::uint64_t{s.first_shared[section]} + (k - packed);
    if (!in_range(pos, words, raw.shared_vertices_index.size()))
        return make_error(ErrorCode::kOutOfBounds, at, "custom primitive record runs past sharedVerticesIndex");
    return static_cast<std::uint32_t>(pos);
}

// A corner index past the section's vertex slots, or naming a shared slot that did not resolve.
Error corner_error(std::size_t g, std::uint8_t index, std::uint32_t slots, std::uint64_t at) {
    if (index >= slots)
        return make_error(ErrorCode::kOutOfBounds, at,
                          "primitive " + std::to_string(g) + " index " + std::to_string(index) +
                              " past the section's " + std::to_string(slots) + " vertex slots");
    return make_error(ErrorCode::kOutOfBounds, at,
                      "primitive " + std::to_string(g) + " uses shared slot " + std::to_string(index) +
                          " whose page and entry lie past sharedVertices");
}

}  // namespace

Status decode_primitives(const RawCompressedMesh& raw, DecodedMesh& mesh) {
    MP_TRY(check_primitive_columns(raw));
    const DecodedSections& s = mesh.sections;
    const DecodedVertices& v = mesh.vertices;
    DecodedPrimitives& p = mesh.primitives;

    // The raw and decoded columns through locals: a store through the byte columns may alias
    // anything, so through `raw`, `p` and `t` every primitive would load their pointers again.
    const auto ra = raw.primitive_indices[0].values, rb = raw.primitive_indices[1].values;
    const auto rc = raw.primitive_indices[2].values, rd = raw.primitive_indices[3].values;
    const std::size_t sections = s.size();
    const std::uint32_t* const first_primitive = s.first_primitive.data();
    const std::uint32_t* const num_primitives = s.num_primitives.data();

    // Count pass: primitives named by the sections, triangles they make.
    std::size_t prim_total = 0, tri_total = 0;
    for (std::size_t sec = 0; sec < sections; ++sec) {
        prim_total += num_primitives[sec];
        const std::size_t first = first_primitive[sec], end = first + num_primitives[sec];
        for (std::size_t g = first; g < end; ++g) {
            const PrimitiveKind k = classify_primitive(ra[g], rb[g], rc[g], rd[g]);
            tri_total += k == PrimitiveKind::kTriangle ? 1 : k == PrimitiveKind::kQuad ? 2 : 0;
        }
    }
    if (prim_total >= kNone || tri_total >= kNone)
        return make_error(ErrorCode::kOutOfBounds, raw.sections.offset, "too many primitives");
    // Sized once from the count, then filled by index.
    for (auto& c : p.indices) c.resize(prim_total);
    p.kind.resize(prim_total);
    p.section.resize(prim_total);
    p.index_in_section.resize(prim_total);
    p.key.resize(prim_total);
    p.first_triangle.resize(prim_total);
    DecodedTriangles& t = mesh.triangles;
    for (auto& c : t.vertex) c.resize(tri_total);
    t.key.resize(tri_total);
    t.primitive.resize(tri_total);
    t.half.resize(tri_total);

    mesh.sections.primitive_base.resize(sections);
    std::uint32_t* const primitive_base = mesh.sections.primitive_base.data();
    std::uint8_t* const pi[4] = {p.indices[0].data(), p.indices[1].data(), p.indices[2].data(), p.indices[3].data()};
    PrimitiveKind* const p_kind = p.kind.data();
    std::uint32_t* const p_section = p.section.data();
    std::uint8_t* const p_index = p.index_in_section.data();
    std::uint32_t* const p_key = p.key.data();
    std::uint32_t* const p_first_triangle = p.first_triangle.data();
    std::uint32_t* const tv[3] = {t.vertex[0].data(), t.vertex[1].data(), t.vertex[2].data()};
    std::uint32_t* const t_key = t.key.data();
    std::uint32_t* const t_primitive = t.primitive.data();
    std::uint8_t* const t_half = t.half.data();
    const VertexKind* const vertex_kind = v.kind.data();
    std::uint32_t prim_index = 0, tri = 0;
    for (std::size_t sec = 0; sec < sections; ++sec) {
        primitive_base[sec] = prim_index;
        const std::uint32_t slots = s.num_packed[sec] + s.num_shared[sec];
        const std::uint32_t first_slot = s.first_slot[sec];
        const std::uint32_t count = num_primitives[sec];
        for (std::uint32_t i = 0; i < count; ++i, ++prim_index) {
            const std::size_t g = std::size_t{first_primitive[sec]} + i;
            const std::uint8_t idx[4] = {ra[g], rb[g], rc[g], rd[g]};
            PrimitiveKind kind = classify_primitive(idx[0], idx[1], idx[2], idx[3]);
            if (kind == PrimitiveKind::kCustomUnknown) {
                MP_TRY_ASSIGN(std::uint32_t pos,
                              record_position(raw, s, sec, idx[0], 1, raw.primitive_indices[0].offset_of(g)));
                const std::uint16_t header = raw.shared_vertices_index[pos];
                if ((header & 0xFFu) == kPointSetTag) kind = PrimitiveKind::kPointSet;
                else if ((header & 0xFFu) == kExternReferenceTag) kind = PrimitiveKind::kExternReference;
            }
            for (int k = 0; k < 4; ++k) pi[k][prim_index] = idx[k];
            p_kind[prim_index] = kind;
            p_section[prim_index] = static_cast<std::uint32_t>(sec);
            p_index[prim_index] = static_cast<std::uint8_t>(i);
            const std::uint32_t key = shape_key(static_cast<std::uint32_t>(sec), i, 0);
            p_key[prim_index] = key;
            if (kind != PrimitiveKind::kTriangle && kind != PrimitiveKind::kQuad) {
                p_first_triangle[prim_index] = kNone;
                continue;
            }
            const int corners = kind == PrimitiveKind::kQuad ? 4 : 3;
            for (int k = 0; k < corners; ++k) {
                if (idx[k] >= slots || vertex_kind[first_slot + idx[k]] == VertexKind::kUnresolved)
                    return corner_error(g, idx[k], slots, raw.primitive_indices[0].offset_of(g));
            }
            p_first_triangle[prim_index] = tri;
            const auto emit = [&](int i0, int i1, int i2, std::uint32_t half) {
                tv[0][tri] = first_slot + idx[i0];
                tv[1][tri] = first_slot + idx[i1];
                tv[2][tri] = first_slot + idx[i2];
                t_key[tri] = key | half;
                t_primitive[tri] = prim_index;
                t_half[tri] = static_cast<std::uint8_t>(half);
                ++tri;
            };
            emit(0, 1, 2, 0);
            if (kind == PrimitiveKind::kQuad) emit(0, 2, 3, 1);
        }
    }
    p.leaf_node.assign(p.size(), kNone);
    p.custom_record.assign(p.size(), kNone);
    t.interior.assign(t.size(), 0);
    t.source_row.assign(t.size(), kNone);
    t.material.assign(t.size(), kNone);
    return ok_status();
}

Status decode_custom_primitives(const RawCompressedMesh& raw, DecodedMesh& mesh) {
    const DecodedSections& s = mesh.sections;
    DecodedPrimitives& p = mesh.primitives;
    DecodedPointSets& ps = mesh.point_sets;
    DecodedExternReferences& ext = mesh.extern_references;
    const float nan = std::numeric_limits<float>::quiet_NaN();
    for (std::size_t i = 0; i < p.size(); ++i) {
        const PrimitiveKind kind = p.kind[i];
        if (kind != PrimitiveKind::kPointSet && kind != PrimitiveKind::kExternReference) continue;
        const std::uint32_t sec = p.section[i];
        const std::size_t g = std::size_t{s.first_primitive[sec]} + p.index_in_section[i];
        const std::uint64_t at = raw.primitive_indices[0].offset_of(g);
        const std::uint8_t k = p.indices[0][i];
        if (kind == PrimitiveKind::kPointSet) {
            // [h, slot, tag]: h >> 8 points from sharedVertices[slot] on, two per entry.
            MP_TRY_ASSIGN(std::uint32_t pos, record_position(raw, s, sec, k, 3, at));
            const std::uint16_t header = raw.shared_vertices_index[pos];
            const std::uint16_t slot = raw.shared_vertices_index[pos + 1];
            const std::uint32_t count = header >> 8;
            const std::uint32_t entries = (count + 1) / 2;
            if (!in_range(slot, entries, raw.shared_vertices.size()))
                return make_error(ErrorCode::kOutOfBounds, raw.shared_vertices_index.offset_of(pos + 1),
                                  "point set of " + std::to_string(count) + " points from sharedVertices[" +
                                      std::to_string(slot) + "] runs past sharedVertices");
            p.custom_record[i] = static_cast<std::uint32_t>(ps.primitive.size());
            ps.primitive.push_back(static_cast<std::uint32_t>(i));
            ps.header.push_back(header);
            ps.slot.push_back(slot);
            ps.tag.push_back(raw.shared_vertices_index[pos + 2]);
            ps.record_word.push_back(pos);
            const std::uint32_t leaf = p.leaf_node[i];
            ps.leaf_node.push_back(leaf);
            ps.first_point.push_back(static_cast<std::uint32_t>(ps.x.size()));
            ps.point_count.push_back(count);
            for (std::uint32_t j = 0; j < count; ++j) {
                std::array<float, 3> q{nan, nan, nan};
                if (leaf != kNone)
                    q = decode_point_set_vertex(point_set_code(raw.shared_vertices[slot + j / 2], j),
                                                mesh.section_trees.box[leaf]);
                ps.x.push_back(q[0]);
                ps.y.push_back(q[1]);
                ps.z.push_back(q[2]);
            }
        } else {
            // [0x92, w, lo, hi]: index lo | hi << 16 into externShapes.
            MP_TRY_ASSIGN(std::uint32_t pos, record_position(raw, s, sec, k, 4, at));
            const std::uint32_t index = std::uint32_t{raw.shared_vertices_index[pos + 2]} |
                                        (std::uint32_t{raw.shared_vertices_index[pos + 3]} << 16);
            // An index past externShapes is kept as stored: nothing is read through it, and the
            // custom_prims pass counts such a reference (extern_refs_missing_shape) rather than
            // the member's every other figure being lost to a decode error.
            p.custom_record[i] = static_cast<std::uint32_t>(ext.primitive.size());
            ext.primitive.push_back(static_cast<std::uint32_t>(i));
            ext.w.push_back(raw.shared_vertices_index[pos + 1]);
            ext.shape_index.push_back(index);
            ext.record_word.push_back(pos);
        }
    }
    return ok_status();
}

}  // namespace meshproof::mesh
