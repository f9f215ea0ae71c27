#include "engine/sur/sur_writer.h"

#include <cstring>
#include <string>

#include "engine/sur/sur_format.h"

namespace meshproof::sur {
namespace {

class Out {
public:
    std::vector<std::uint8_t> bytes;
    template <class T>
    void put(T v) {
        const std::size_t at = bytes.size();
        bytes.resize(at + sizeof(T));
        std::memcpy(bytes.data() + at, &v, sizeof(T));
    }
    template <class T>
    void put_at(std::size_t at, T v) {
        std::memcpy(bytes.data() + at, &v, sizeof(T));
    }
    void put_bytes(const std::uint8_t* p, std::size_t n) { bytes.insert(bytes.end(), p, p + n); }
    std::size_t pos() const { return bytes.size(); }
};

Error bad(const Out& o, std::string msg) { return make_error(ErrorCode::kOutOfBounds, o.pos(), std::move(msg)); }

bool range_ok(IndexRange r, std::size_t size) { return std::uint64_t(r.first) + r.count <= size; }

// The triangles of ledge l; points are written relative to `point_first` and must lie below
// `point_count`.
Status put_triangles(Out& o, const SurModel& m, std::size_t l, std::uint32_t point_first, std::uint32_t point_count) {
    const IndexRange fr = m.ledges.faces[l];
    for (std::uint32_t f = fr.first; f < fr.end(); ++f) {
        const auto& F = m.faces;
        if (F.tri_index[f] > 0xFFF || F.pierce[f] > 0xFFF || F.material[f] > 0x7F || F.is_virtual[f] > 1)
            return bad(o, "face " + std::to_string(f) + ": a packed field exceeds its bits");
        o.put<std::uint32_t>(std::uint32_t(F.tri_index[f]) | std::uint32_t(F.pierce[f]) << 12 |
                             std::uint32_t(F.material[f]) << 24 | std::uint32_t(F.is_virtual[f]) << 31);
        for (std::uint32_t e = 3 * f; e < 3 * f + 3; ++e) {
            const auto& E = m.edges;
            const std::uint32_t p = E.point[e];
            if (p < point_first || p - point_first >= point_count || p - point_first > 0xFFFF)
                return bad(o, "edge " + std::to_string(e) + ": point " + std::to_string(p) + " outside its surface");
            if (E.opposite_delta[e] < -0x4000 || E.opposite_delta[e] > 0x3FFF || E.is_virtual[e] > 1)
                return bad(o, "edge " + std::to_string(e) + ": opposite delta or virtual flag exceeds its bits");
            o.put<std::uint16_t>(static_cast<std::uint16_t>(p - point_first));
            o.put<std::uint16_t>(static_cast<std::uint16_t>((std::uint16_t(E.opposite_delta[e]) & 0x7FFF) |
                                                            (std::uint16_t(E.is_virtual[e]) << 15)));
        }
    }
    return ok_status();
}

Status check_ledge(const Out& o, const SurModel& m, std::size_t l) {
    const IndexRange fr = m.ledges.faces[l];
    if (!range_ok(fr, m.faces.size()) || std::uint64_t(fr.end()) * 3 > m.edges.size() || fr.count > 0x7FFF)
        return bad(o, "ledge " + std::to_string(l) + ": face range outside the face columns");
    if (m.ledges.size_div_16[l] > 0xFFFFFF)
        return bad(o, "ledge " + std::to_string(l) + ": size_div_16 exceeds 24 bits");
    return ok_status();
}

void put_ledge_header(Out& o, const SurModel& m, std::size_t l, std::int32_t c_point_offset) {
    o.put<std::int32_t>(c_point_offset);
    o.put<std::int32_t>(m.ledges.client_data[l]);
    o.put<std::uint32_t>(std::uint32_t(m.ledges.flags[l]) | m.ledges.size_div_16[l] << 8);
    o.put<std::int16_t>(static_cast<std::int16_t>(m.ledges.faces[l].count));
    o.put<std::int16_t>(m.ledges.reserved[l]);
}

void put_points(Out& o, const SurModel& m, IndexRange r) {
    for (std::uint32_t p = r.first; p < r.end(); ++p) {
        o.put<float>(m.points.x[p]);
        o.put<float>(m.points.y[p]);
        o.put<float>(m.points.z[p]);
        o.put<std::int32_t>(m.points.client_data[p]);
    }
}

// One IVP block (and its extension bytes); returns the chunk size written.
Result<std::uint32_t> put_surface(Out& o, const SurModel& m, std::size_t si) {
    const Surface& s = m.surfaces[si];
    if (!range_ok(s.ledges, m.ledges.size()) || !range_ok(s.points, m.points.size()) ||
        !range_ok(s.nodes, m.nodes.size()) || !range_ok(s.extension, m.extension_bytes.size()))
        return bad(o, "surface " + std::to_string(si) + ": a range lies outside its columns");
    if (s.ledges.count > 0 && s.nodes.count == 0)
        return bad(o, "surface " + std::to_string(si) + ": ledges without a ledgetree");
    // Layout (notes §2): ledge offsets, point array, root, byte_size.
    std::vector<std::uint32_t> ledge_off(s.ledges.count);
    std::uint64_t pos = sizeof(CompactSurfaceHeaderDisk);
    for (std::uint32_t i = 0; i < s.ledges.count; ++i) {
        MP_TRY(check_ledge(o, m, s.ledges.first + i));
        ledge_off[i] = static_cast<std::uint32_t>(pos);
        pos += sizeof(CompactLedgeDisk) +
               std::uint64_t(sizeof(CompactTriangleDisk)) * m.ledges.faces[s.ledges.first + i].count;
        if (pos > 0xFFFFFF) return bad(o, "surface " + std::to_string(si) + ": byte_size exceeds 24 bits");
    }
    const std::uint64_t points_off = pos;
    const std::uint64_t root = points_off + std::uint64_t(sizeof(CompactPointDisk)) * s.points.count;
    const std::uint64_t byte_size = root + std::uint64_t(sizeof(LedgetreeNodeDisk)) * s.nodes.count;
    if (byte_size > 0xFFFFFF) return bad(o, "surface " + std::to_string(si) + ": byte_size exceeds 24 bits");

    const std::size_t start = o.pos();
    for (float v : s.mass_center) o.put<float>(v);
    for (float v : s.rotation_inertia) o.put<float>(v);
    o.put<float>(s.radius);
    o.put<std::uint32_t>(std::uint32_t(s.deviation) | static_cast<std::uint32_t>(byte_size) << 8);
    o.put<std::int32_t>(static_cast<std::int32_t>(root));
    for (std::int32_t v : s.dummy) o.put<std::int32_t>(v);

    for (std::uint32_t i = 0; i < s.ledges.count; ++i) {
        const std::size_t l = s.ledges.first + i;
        put_ledge_header(o, m, l, static_cast<std::int32_t>(points_off - ledge_off[i]));
        MP_TRY(put_triangles(o, m, l, s.points.first, s.points.count));
    }
    put_points(o, m, s.points);
    for (std::uint32_t i = 0; i < s.nodes.count; ++i) {
        const std::size_t n = s.nodes.first + i;
        const std::int64_t node_off = std::int64_t(root) + std::int64_t(sizeof(LedgetreeNodeDisk)) * i;
        std::int32_t right = 0, hull = 0;
        if (m.nodes.right[n] >= 0) {
            const std::int64_t r = m.nodes.right[n];
            if (r <= std::int64_t(n) || r >= std::int64_t(s.nodes.end()))
                return bad(o, "node " + std::to_string(n) + ": right child not a later node of its surface");
            right = static_cast<std::int32_t>((r - std::int64_t(n)) * std::int64_t(sizeof(LedgetreeNodeDisk)));
        }
        if (m.nodes.ledge[n] >= 0) {
            const std::int64_t l = m.nodes.ledge[n];
            if (l < std::int64_t(s.ledges.first) || l >= std::int64_t(s.ledges.end()))
                return bad(o, "node " + std::to_string(n) + ": hull not a ledge of its surface");
            hull = static_cast<std::int32_t>(std::int64_t(ledge_off[l - s.ledges.first]) - node_off);
        }
        o.put<std::int32_t>(right);
        o.put<std::int32_t>(hull);
        o.put<float>(m.nodes.center_x[n]);
        o.put<float>(m.nodes.center_y[n]);
        o.put<float>(m.nodes.center_z[n]);
        o.put<float>(m.nodes.radius[n]);
        for (std::uint8_t b : m.nodes.box[n]) o.put<std::uint8_t>(b);
        o.put<std::uint8_t>(m.nodes.free_0[n]);
    }
    if (o.pos() - start != byte_size) return make_error(ErrorCode::kInternal, o.pos(), "surface size drifted");
    o.put_bytes(m.extension_bytes.data() + s.extension.first, s.extension.count);
    return static_cast<std::uint32_t>(byte_size + s.extension.count);
}

Status put_surface_chunk(Out& o, const SurModel& m, std::int32_t si) {
    if (si < 0 || std::size_t(si) >= m.surfaces.size()) return bad(o, "surface index outside the model");
    const std::size_t size_at = o.pos();
    o.put<std::uint32_t>(0);
    MP_TRY_ASSIGN(const std::uint32_t size, put_surface(o, m, static_cast<std::size_t>(si)));
    o.put_at<std::uint32_t>(size_at, size);
    return ok_status();
}

Status put_vers2(Out& o, const SurModel& m) {
    o.put<std::uint32_t>(kTagVers);
    o.put<float>(m.version);
    for (const Part& p : m.parts) {
        if (p.chunk_count > 4) return bad(o, "part with more than 4 chunks");
        o.put<std::uint32_t>(p.id);
        o.put<std::uint32_t>(p.chunk_count);
        for (std::uint8_t k = 0; k < p.chunk_count; ++k) {
            switch (p.chunks[k]) {
                case ChunkTag::kNotFixed: o.put<std::uint32_t>(kTagNotFixed); break;
                case ChunkTag::kExtents:
                    o.put<std::uint32_t>(kTagExtents);
                    for (float v : p.extents) o.put<float>(v);
                    break;
                case ChunkTag::kSurface:
                    o.put<std::uint32_t>(kTagSurface);
                    MP_TRY(put_surface_chunk(o, m, p.surface));
                    break;
                case ChunkTag::kHardpoints:
                    if (!range_ok(p.hardpoints, m.hardpoints.size()))
                        return bad(o, "hardpoint range outside the model");
                    o.put<std::uint32_t>(kTagHardpoints);
                    o.put<std::uint32_t>(p.hardpoints.count);
                    for (std::uint32_t i = p.hardpoints.first; i < p.hardpoints.end(); ++i)
                        o.put<std::uint32_t>(m.hardpoints[i]);
                    break;
            }
        }
    }
    return ok_status();
}

Status put_legacy(Out& o, const SurModel& m) {
    for (float v : m.legacy_box) o.put<float>(v);
    for (const LegacyRecord& rec : m.legacy_records) {
        o.put<std::uint32_t>(static_cast<std::uint32_t>(rec.name.size()));
        o.put_bytes(reinterpret_cast<const std::uint8_t*>(rec.name.data()), rec.name.size());
        o.put<std::uint32_t>(rec.ledges ? kTagLedge : kTagSurface);
        o.put<std::uint32_t>(rec.items.count);
        for (std::uint32_t i = rec.items.first; i < rec.items.end(); ++i) {
            if (!rec.ledges) {
                MP_TRY(put_surface_chunk(o, m, static_cast<std::int32_t>(i)));
                continue;
            }
            if (i >= m.ledges.size()) return bad(o, "legacy ledge index outside the model");
            MP_TRY(check_ledge(o, m, i));
            const IndexRange pts = m.ledges.inline_points[i];
            if (!range_ok(pts, m.points.size())) return bad(o, "bare ledge point range outside the model");
            const std::uint32_t faces = m.ledges.faces[i].count;
            if (m.ledges.size_div_16[i] != 1 + faces + pts.count)
                return bad(o, "bare ledge size_div_16 disagrees with its faces and points");
            o.put<std::uint32_t>(16 * (1 + faces + pts.count));
            put_ledge_header(o, m, i, static_cast<std::int32_t>(16 + 16 * faces));
            MP_TRY(put_triangles(o, m, i, pts.first, pts.count));
            put_points(o, m, pts);
        }
    }
    return ok_status();
}

// Every column of a group has the group's length (a hand-built model may get this wrong).
bool columns_consistent(const SurModel& m) {
    const auto& L = m.ledges;
    const std::size_t nl = L.size();
    const auto& F = m.faces;
    const std::size_t nf = F.size();
    const auto& E = m.edges;
    const std::size_t ne = E.size();
    const auto& P = m.points;
    const std::size_t np = P.size();
    const auto& N = m.nodes;
    const std::size_t nn = N.size();
    return L.client_data.size() == nl && L.size_div_16.size() == nl && L.reserved.size() == nl &&
           L.faces.size() == nl && L.inline_points.size() == nl && F.pierce.size() == nf && F.material.size() == nf &&
           F.is_virtual.size() == nf && E.opposite_delta.size() == ne && E.is_virtual.size() == ne &&
           P.y.size() == np && P.z.size() == np && P.client_data.size() == np && N.ledge.size() == nn &&
           N.center_x.size() == nn && N.center_y.size() == nn && N.center_z.size() == nn && N.radius.size() == nn &&
           N.box.size() == nn && N.free_0.size() == nn;
}

}  // namespace

Result<std::vector<std::uint8_t>> encode_sur(const SurModel& m) {
    Out o;
    if (!columns_consistent(m))
        return make_error(ErrorCode::kBadHeader, 0, "model columns of one group differ in length");
    std::uint64_t estimate = 64 + 16 * (m.ledges.size() + m.faces.size() + m.points.size()) + 28 * m.nodes.size() +
                             4 * m.hardpoints.size() + m.extension_bytes.size() +
                             64 * (m.parts.size() + m.surfaces.size());
    for (const LegacyRecord& r : m.legacy_records) estimate += r.name.size() + 16 + 4 * r.items.count;
    o.bytes.reserve(estimate);
    if (m.format == SurFormat::kVers2) {
        MP_TRY(put_vers2(o, m));
    } else {
        MP_TRY(put_legacy(o, m));
    }
    return std::move(o.bytes);
}

}  // namespace meshproof::sur
