#include "engine/mesh/decode_extern_shapes.h"

#include <string>

#include "engine/mesh/decoded_member.h"

namespace meshproof::mesh {

static_assert(kNullShape == kNone, "a null shape pointer decodes to kNone");

namespace {

template <class T, std::size_t N>
bool same_length(const std::array<RawColumn<T>, N>& columns) {
    for (const auto& c : columns)
        if (c.size() != columns[0].size()) return false;
    return true;
}

Status check_instances(const RawExternShapes& raw) {
    bool ok = raw.shape_class.size() == raw.count && raw.shape_tag.size() == raw.count && raw.shape.size() == raw.count;
    for (const auto& c : raw.transform) ok = ok && c.size() == raw.count;
    for (const auto& c : raw.scale) ok = ok && c.size() == raw.count;
    if (!ok) return make_error(ErrorCode::kBadObject, raw.offset, "externShapes columns differ in length");
    for (std::size_t i = 0; i < raw.count; ++i)
        if (raw.shape[i] != kNullShape && raw.shape[i] >= raw.shapes.size())
            return make_error(ErrorCode::kBadObject, raw.offset,
                              "externShapes entry " + std::to_string(i) + " names shape " +
                                  std::to_string(raw.shape[i]) + " of " + std::to_string(raw.shapes.size()));
    return ok_status();
}

template <class T, class Column>
void append(std::vector<T>& out, const Column& column) {
    for (std::size_t i = 0; i < column.size(); ++i) out.push_back(column[i]);
}

// A run of `n` more elements after `total`, as a u32 start.
Result<std::uint32_t> run_start(std::uint64_t& total, std::size_t n, std::uint64_t offset) {
    const std::uint64_t first = total;
    total += n;
    if (total >= kNone) return make_error(ErrorCode::kLimit, offset, "extern shapes hold more than 2^32 elements");
    return static_cast<std::uint32_t>(first);
}

}  // namespace

// Each shape's own columns agree in length, its faces lie within its indices and its indices
// within its vertices.
Status check_convex_shape(const RawConvexShape& s) {
    if (!same_length(s.vertices))
        return make_error(ErrorCode::kBadObject, s.vertices[0].offset, "vertex columns differ in length");
    if (!same_length(s.planes))
        return make_error(ErrorCode::kBadObject, s.planes[0].offset, "plane columns differ in length");
    const std::size_t faces = s.face_first_index.size();
    if (s.face_num_indices.size() != faces || s.face_min_half_angle.size() != faces)
        return make_error(ErrorCode::kBadObject, s.face_first_index.offset, "face columns differ in length");
    const std::size_t indices = s.indices.size();
    for (std::size_t f = 0; f < faces; ++f) {
        const std::size_t first = s.face_first_index[f];
        const std::size_t count = s.face_num_indices[f];
        if (first + count > indices)
            return make_error(ErrorCode::kOutOfBounds, s.face_first_index.offset_of(f),
                              "face " + std::to_string(f) + " of " + s.class_name + " takes indices " +
                                  std::to_string(first) + ".." + std::to_string(first + count) + " of " +
                                  std::to_string(indices));
    }
    const std::size_t vertices = s.vertices[0].size();
    for (std::size_t k = 0; k < indices; ++k)
        if (s.indices[k] >= vertices)
            return make_error(ErrorCode::kOutOfBounds, s.indices.offset_of(k),
                              "index " + std::to_string(k) + " of " + s.class_name + " names vertex " +
                                  std::to_string(s.indices[k]) + " of " + std::to_string(vertices));
    return ok_status();
}

Result<DecodedExternShapes> decode_extern_shapes(const RawExternShapes& raw) {
    DecodedExternShapes out;
    if (raw.count == 0 && raw.shapes.empty()) return out;  // every map mesh: no allocation
    MP_TRY(check_instances(raw));

    const std::size_t n = raw.count;
    out.transform.resize(n);
    out.scale.resize(n);
    out.shape_class = raw.shape_class;
    out.shape_tag.resize(n);
    out.shape = raw.shape;
    for (std::size_t i = 0; i < n; ++i) {
        for (int k = 0; k < 16; ++k) out.transform[i][k] = raw.transform[k][i];
        for (int k = 0; k < 4; ++k) out.scale[i][k] = raw.scale[k][i];
        out.shape_tag[i] = raw.shape_tag[i];
    }

    // Count: every shape checked, its runs placed.
    const std::size_t m = raw.shapes.size();
    for (auto* c : {&out.first_vertex, &out.vertex_count, &out.first_plane, &out.plane_count, &out.first_face,
                    &out.face_count, &out.first_index, &out.index_count})
        c->resize(m);
    std::uint64_t vertices = 0, planes = 0, faces = 0, indices = 0;
    for (std::size_t s = 0; s < m; ++s) {
        const RawConvexShape& shape = raw.shapes[s];
        MP_TRY(check_convex_shape(shape));
        out.vertex_count[s] = static_cast<std::uint32_t>(shape.vertices[0].size());
        out.plane_count[s] = static_cast<std::uint32_t>(shape.planes[0].size());
        out.face_count[s] = static_cast<std::uint32_t>(shape.face_first_index.size());
        out.index_count[s] = static_cast<std::uint32_t>(shape.indices.size());
        MP_TRY_ASSIGN(out.first_vertex[s], run_start(vertices, shape.vertices[0].size(), shape.offset));
        MP_TRY_ASSIGN(out.first_plane[s], run_start(planes, shape.planes[0].size(), shape.offset));
        MP_TRY_ASSIGN(out.first_face[s], run_start(faces, shape.face_first_index.size(), shape.offset));
        MP_TRY_ASSIGN(out.first_index[s], run_start(indices, shape.indices.size(), shape.offset));
    }

    // Fill.
    out.type.reserve(m);
    out.class_name.reserve(m);
    out.stored_type.reserve(m);
    out.flags.reserve(m);
    out.dispatch_type.reserve(m);
    out.convex_radius.reserve(m);
    out.max_allowed_penetration.reserve(m);
    out.has_connectivity.reserve(m);
    out.a.reserve(m);
    out.b.reserve(m);
    out.obb.reserve(m);
    out.offset.reserve(m);
    for (auto* c : {&out.vertex_x, &out.vertex_y, &out.vertex_z, &out.vertex_w}) c->reserve(vertices);
    for (auto* c : {&out.plane_x, &out.plane_y, &out.plane_z, &out.plane_w}) c->reserve(planes);
    out.face_first_index.reserve(faces);
    out.face_num_indices.reserve(faces);
    out.face_min_half_angle.reserve(faces);
    out.index.reserve(indices);
    for (const RawConvexShape& shape : raw.shapes) {
        out.type.push_back(shape.type);
        out.class_name.push_back(shape.class_name);
        out.stored_type.push_back(shape.stored_type);
        out.flags.push_back(shape.flags);
        out.dispatch_type.push_back(shape.dispatch_type);
        out.convex_radius.push_back(shape.convex_radius);
        out.max_allowed_penetration.push_back(shape.has_max_allowed_penetration ? shape.max_allowed_penetration : 0.0f);
        out.has_connectivity.push_back(shape.has_connectivity ? 1 : 0);
        out.a.push_back(shape.has_segment ? shape.a : std::array<float, 4>{});
        out.b.push_back(shape.has_segment ? shape.b : std::array<float, 4>{});
        out.obb.push_back(shape.has_obb ? shape.obb : std::array<float, 16>{});
        out.offset.push_back(shape.offset);
        append(out.vertex_x, shape.vertices[0]);
        append(out.vertex_y, shape.vertices[1]);
        append(out.vertex_z, shape.vertices[2]);
        append(out.vertex_w, shape.vertices[3]);
        append(out.plane_x, shape.planes[0]);
        append(out.plane_y, shape.planes[1]);
        append(out.plane_z, shape.planes[2]);
        append(out.plane_w, shape.planes[3]);
        append(out.face_first_index, shape.face_first_index);
        append(out.face_num_indices, shape.face_num_indices);
        append(out.face_min_half_angle, shape.face_min_half_angle);
        append(out.index, shape.indices);
    }
    return out;
}

}  // namespace meshproof::mesh
