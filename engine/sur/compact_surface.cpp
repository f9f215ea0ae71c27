#include "engine/sur/compact_surface.h"

#include <string>

#include "engine/sur/sur_format.h"

namespace meshproof::sur {
namespace {

constexpr std::uint32_t kHeaderSize = sizeof(CompactSurfaceHeaderDisk);
constexpr std::uint32_t kLedgeSize = sizeof(CompactLedgeDisk);
constexpr std::uint32_t kTriangleSize = sizeof(CompactTriangleDisk);
constexpr std::uint32_t kPointSize = sizeof(CompactPointDisk);
constexpr std::uint32_t kNodeSize = sizeof(LedgetreeNodeDisk);

// Reads a struct at `off` after the caller checked the range.
template <class T>
T at(Bytes b, std::uint64_t off) {
    return load_le<T>(b.data() + off);
}

Error err(ErrorCode code, std::uint64_t base, std::uint64_t off, std::string msg) {
    return make_error(code, base + off, std::move(msg));
}

std::int16_t opposite_delta(std::uint16_t word) {
    const int v = word & 0x7FFF;
    return static_cast<std::int16_t>(v >= 0x4000 ? v - 0x8000 : v);
}

// Appends the F triangles at `tri_off` (faces, edges). Point indices are local to
// [0, point_count) and become global by adding point_first.
Status decode_triangles(Bytes b, std::uint64_t base, std::uint64_t tri_off, std::uint32_t n, std::uint32_t point_first,
                        std::uint32_t point_count, SurModel& m) {
    const std::uint32_t face0 = static_cast<std::uint32_t>(m.faces.size());
    for (std::uint32_t f = 0; f < n; ++f) {
        const std::uint64_t off = tri_off + std::uint64_t(f) * kTriangleSize;
        const auto t = at<CompactTriangleDisk>(b, off);
        m.faces.tri_index.push_back(static_cast<std::uint16_t>(t.packed & 0xFFF));
        m.faces.pierce.push_back(static_cast<std::uint16_t>((t.packed >> 12) & 0xFFF));
        m.faces.material.push_back(static_cast<std::uint8_t>((t.packed >> 24) & 0x7F));
        m.faces.is_virtual.push_back(static_cast<std::uint8_t>(t.packed >> 31));
        for (std::uint32_t e = 0; e < 3; ++e) {
            const CompactEdgeDisk& ed = t.edges[e];
            if (ed.start_point_index >= point_count)
                return err(ErrorCode::kOutOfBounds, base, off + 4 + 4 * e,
                           "edge point index " + std::to_string(ed.start_point_index) + " outside the " +
                               std::to_string(point_count) + " points");
            const std::int16_t delta = opposite_delta(ed.opposite_and_virtual);
            // Slot of this edge is 4f + e + 1 (notes §1); the opposite's slot must be an edge slot.
            const std::int64_t slot = std::int64_t(4) * f + e + 1 + delta;
            std::int32_t opp = -1;
            if (slot > 0 && slot < std::int64_t(4) * n && slot % 4 != 0)
                opp = static_cast<std::int32_t>(3 * (face0 + slot / 4) + (slot % 4 - 1));
            m.edges.point.push_back(point_first + ed.start_point_index);
            m.edges.opposite_delta.push_back(delta);
            m.edges.opposite.push_back(opp);
            m.edges.is_virtual.push_back(static_cast<std::uint8_t>(ed.opposite_and_virtual >> 15));
        }
    }
    return ok_status();
}

void push_ledge(SurModel& m, const CompactLedgeDisk& h, std::int32_t surface, IndexRange inline_points) {
    m.ledges.client_data.push_back(h.client_data);
    m.ledges.flags.push_back(static_cast<std::uint8_t>(h.flags_and_size_div_16 & 0xFF));
    m.ledges.size_div_16.push_back(h.flags_and_size_div_16 >> 8);
    m.ledges.reserved.push_back(h.for_future_use);
    m.ledges.faces.push_back(
        IndexRange{static_cast<std::uint32_t>(m.faces.size()), static_cast<std::uint32_t>(h.n_triangles)});
    m.ledges.surface.push_back(surface);
    m.ledges.node.push_back(-1);
    m.ledges.inline_points.push_back(inline_points);
}

void push_points(Bytes b, std::uint64_t off, std::uint32_t n, SurModel& m) {
    for (std::uint32_t i = 0; i < n; ++i) {
        const auto p = at<CompactPointDisk>(b, off + std::uint64_t(i) * kPointSize);
        m.points.x.push_back(p.x);
        m.points.y.push_back(p.y);
        m.points.z.push_back(p.z);
        m.points.client_data.push_back(p.client_data);
    }
}

// The Librelancer SHPE block (notes §13) filling [off, b.size()) exactly.
Status scan_shpe(Bytes b, std::uint64_t base, std::uint32_t off, CompactSurfaceCounts& c) {
    ByteReader r(b.subspan(off), base + off);
    const auto magic = r.le<std::uint32_t>();
    if (!magic) return r.truncated("SHPE magic");
    if (*magic != kTagShpe)
        return err(ErrorCode::kBadMagic, base, off,
                   "surf chunk holds " + std::to_string(b.size() - off) +
                       " bytes after the IVP block that are not a SHPE block");
    const auto groups = r.le<std::int32_t>();
    if (!groups) return r.truncated("SHPE group count");
    if (*groups < 0) return err(ErrorCode::kBadHeader, base, off + 4, "negative SHPE group count");
    c.shpe_groups = static_cast<std::uint32_t>(*groups);
    for (std::int32_t g = 0; g < *groups; ++g) {
        const auto sub_id = r.le<std::uint32_t>();
        const auto shapes = r.le<std::int32_t>();
        if (!sub_id || !shapes) return r.truncated("SHPE group");
        if (*shapes < 0) return make_error(ErrorCode::kBadHeader, r.unit_offset() - 4, "negative SHPE shape count");
        for (std::int32_t s = 0; s < *shapes; ++s) {
            const auto len = r.le<std::int32_t>();
            if (!len) return r.truncated("SHPE shape length");
            if (*len < 0) return make_error(ErrorCode::kBadHeader, r.unit_offset() - 4, "negative SHPE shape length");
            if (!r.skip(static_cast<std::size_t>(*len))) return r.truncated("SHPE shape data");
            ++c.shpe_shapes;
        }
    }
    if (r.remaining() != 0)
        return make_error(
            ErrorCode::kSizeMismatch, r.unit_offset(),
            "surf chunk size exceeds the IVP block plus its SHPE block by " + std::to_string(r.remaining()) + " bytes");
    c.extension_size = static_cast<std::uint32_t>(b.size() - off);
    return ok_status();
}

}  // namespace

Result<CompactSurfaceCounts> scan_compact_surface(Bytes b, std::uint64_t base) {
    CompactSurfaceCounts c;
    if (b.size() < kHeaderSize) return err(ErrorCode::kTruncated, base, b.size(), "truncated compact surface header");
    const auto h = at<CompactSurfaceHeaderDisk>(b, 0);
    c.byte_size = h.deviation_and_byte_size >> 8;
    if (c.byte_size < kHeaderSize)
        return err(ErrorCode::kBadHeader, base, 28,
                   "compact surface byte_size " + std::to_string(c.byte_size) + " < 48");
    if (c.byte_size > b.size())
        return err(ErrorCode::kSizeMismatch, base, 28,
                   "compact surface byte_size " + std::to_string(c.byte_size) + " exceeds the surf chunk size " +
                       std::to_string(b.size()));
    if (h.offset_ledgetree_root < std::int32_t(kHeaderSize) || std::uint32_t(h.offset_ledgetree_root) > c.byte_size)
        return err(ErrorCode::kOutOfBounds, base, kSurfaceRootOffsetField,
                   "ledgetree root offset " + std::to_string(h.offset_ledgetree_root) + " outside [48, byte_size " +
                       std::to_string(c.byte_size) + "]");
    c.root_offset = static_cast<std::uint32_t>(h.offset_ledgetree_root);
    if ((c.byte_size - c.root_offset) % kNodeSize != 0)
        return err(ErrorCode::kBadHeader, base, kSurfaceRootOffsetField,
                   "node region [root, byte_size) of " + std::to_string(c.byte_size - c.root_offset) +
                       " bytes is not a whole number of 28-byte nodes");
    c.nodes = (c.byte_size - c.root_offset) / kNodeSize;

    // Ledges back to back from +48 up to the shared point array their c_point_offset names.
    c.points_offset = kHeaderSize;
    if (c.root_offset > kHeaderSize) {
        if (c.root_offset - kHeaderSize < kLedgeSize)
            return err(ErrorCode::kBadHeader, base, kHeaderSize, "ledge region shorter than one ledge header");
        const auto first = at<CompactLedgeDisk>(b, kHeaderSize);
        const std::int64_t p = std::int64_t(kHeaderSize) + first.c_point_offset;
        if (p < kHeaderSize + kLedgeSize || p > c.root_offset)
            return err(ErrorCode::kOutOfBounds, base, kHeaderSize,
                       "point array offset " + std::to_string(p) + " outside the block's ledge/point region");
        c.points_offset = static_cast<std::uint32_t>(p);
    }
    std::uint32_t pos = kHeaderSize;
    while (pos < c.points_offset) {
        if (c.points_offset - pos < kLedgeSize)
            return err(ErrorCode::kBadHeader, base, pos, "ledge header overruns the point array");
        const auto l = at<CompactLedgeDisk>(b, pos);
        if (l.n_triangles < 0)
            return err(ErrorCode::kBadHeader, base, pos + 12,
                       "negative triangle count " + std::to_string(l.n_triangles));
        if (std::int64_t(pos) + l.c_point_offset != c.points_offset)
            return err(ErrorCode::kOutOfBounds, base, pos,
                       "ledge point offset lands at " + std::to_string(std::int64_t(pos) + l.c_point_offset) +
                           ", not on the shared point array at " + std::to_string(c.points_offset));
        const std::uint64_t size = kLedgeSize + std::uint64_t(kTriangleSize) * std::uint32_t(l.n_triangles);
        if (size > c.points_offset - pos)
            return err(ErrorCode::kOutOfBounds, base, pos + 12,
                       std::to_string(l.n_triangles) + " triangles overrun the shared point array");
        ++c.ledges;
        c.faces += static_cast<std::uint32_t>(l.n_triangles);
        pos += static_cast<std::uint32_t>(size);
    }
    if ((c.root_offset - c.points_offset) % kPointSize != 0)
        return err(ErrorCode::kBadHeader, base, c.points_offset,
                   "point region of " + std::to_string(c.root_offset - c.points_offset) +
                       " bytes is not a whole number of 16-byte points");
    c.points = (c.root_offset - c.points_offset) / kPointSize;
    if (c.ledges > 0 && c.nodes == 0)
        return err(ErrorCode::kBadHeader, base, kSurfaceRootOffsetField, "ledges without a ledgetree");

    if (b.size() > c.byte_size) MP_TRY(scan_shpe(b, base, c.byte_size, c));
    return c;
}

Status decode_compact_surface(Bytes b, std::uint64_t base, const CompactSurfaceCounts& c, SurModel& m) {
    const auto h = at<CompactSurfaceHeaderDisk>(b, 0);
    const std::int32_t s = static_cast<std::int32_t>(m.surfaces.size());
    Surface surf;
    surf.mass_center = {h.mass_center[0], h.mass_center[1], h.mass_center[2]};
    surf.rotation_inertia = {h.rotation_inertia[0], h.rotation_inertia[1], h.rotation_inertia[2]};
    surf.radius = h.upper_limit_radius;
    surf.deviation = static_cast<std::uint8_t>(h.deviation_and_byte_size & 0xFF);
    surf.byte_size = c.byte_size;
    surf.root_offset = h.offset_ledgetree_root;
    surf.dummy = {h.dummy[0], h.dummy[1], h.dummy[2]};
    surf.ledges = {static_cast<std::uint32_t>(m.ledges.size()), c.ledges};
    surf.points = {static_cast<std::uint32_t>(m.points.size()), c.points};
    surf.nodes = {static_cast<std::uint32_t>(m.nodes.size()), c.nodes};
    surf.chunk_size = static_cast<std::uint32_t>(b.size());
    surf.extension = {static_cast<std::uint32_t>(m.extension_bytes.size()), c.extension_size};
    surf.shpe_groups = c.shpe_groups;
    surf.shpe_shapes = c.shpe_shapes;

    // Ledges in storage order. Ledge i of the surface starts at 48 + 16 * (i + faces before it),
    // which the nodes' hull offsets are matched against (no scratch array).
    std::uint32_t pos = kHeaderSize;
    for (std::uint32_t i = 0; i < c.ledges; ++i) {
        const auto l = at<CompactLedgeDisk>(b, pos);
        push_ledge(m, l, s, IndexRange{});
        MP_TRY(decode_triangles(b, base, pos + kLedgeSize, static_cast<std::uint32_t>(l.n_triangles), surf.points.first,
                                c.points, m));
        pos += kLedgeSize + kTriangleSize * static_cast<std::uint32_t>(l.n_triangles);
    }
    push_points(b, c.points_offset, c.points, m);

    for (std::uint32_t i = 0; i < c.nodes; ++i) {
        const std::uint32_t off = c.root_offset + i * kNodeSize;
        const auto n = at<LedgetreeNodeDisk>(b, off);
        std::int32_t right = -1;
        if (n.offset_right_node != 0) {
            // Children follow their parent (pre-order), so a forward offset also rules out cycles.
            const std::int64_t t = std::int64_t(off) + n.offset_right_node;
            if (n.offset_right_node < 0 || t >= c.byte_size || (t - c.root_offset) % kNodeSize != 0 || i + 1 >= c.nodes)
                return err(ErrorCode::kOutOfBounds, base, off,
                           "right-node offset " + std::to_string(n.offset_right_node) +
                               " does not land on a later node (or the inner node has no left child)");
            right = static_cast<std::int32_t>(surf.nodes.first + (t - c.root_offset) / kNodeSize);
        }
        std::int32_t ledge = -1;
        if (n.offset_compact_ledge != 0) {
            const std::int64_t t = std::int64_t(off) + n.offset_compact_ledge;
            const std::uint32_t face0 = surf.ledges.count ? m.ledges.faces[surf.ledges.first].first : 0;
            auto ledge_off = [&](std::uint32_t i) {
                return std::int64_t(kHeaderSize) +
                       std::int64_t(kLedgeSize) * (i + (m.ledges.faces[surf.ledges.first + i].first - face0));
            };
            std::uint32_t lo = 0, hi = surf.ledges.count;  // first ledge starting at or after t
            while (lo < hi) {
                const std::uint32_t mid = lo + (hi - lo) / 2;
                if (ledge_off(mid) < t) lo = mid + 1;
                else hi = mid;
            }
            if (lo == surf.ledges.count || ledge_off(lo) != t)
                return err(ErrorCode::kOutOfBounds, base, off + 4,
                           "node hull offset " + std::to_string(n.offset_compact_ledge) + " does not land on a ledge");
            const std::uint32_t l = surf.ledges.first + lo;
            ledge = static_cast<std::int32_t>(l);
            if (m.ledges.node[l] < 0) m.ledges.node[l] = static_cast<std::int32_t>(surf.nodes.first + i);
        }
        m.nodes.right.push_back(right);
        m.nodes.ledge.push_back(ledge);
        m.nodes.center_x.push_back(n.center[0]);
        m.nodes.center_y.push_back(n.center[1]);
        m.nodes.center_z.push_back(n.center[2]);
        m.nodes.radius.push_back(n.radius);
        m.nodes.box.push_back({n.box_sizes[0], n.box_sizes[1], n.box_sizes[2]});
        m.nodes.free_0.push_back(n.free_0);
    }
    const Bytes ext = b.subspan(c.byte_size);
    m.extension_bytes.insert(m.extension_bytes.end(), ext.begin(), ext.end());
    m.surfaces.push_back(surf);
    return ok_status();
}

Result<BareLedgeCounts> scan_bare_ledge(Bytes b, std::uint64_t base) {
    if (b.size() < kLedgeSize) return err(ErrorCode::kTruncated, base, b.size(), "truncated bare ledge header");
    const auto l = at<CompactLedgeDisk>(b, 0);
    if (l.n_triangles < 0)
        return err(ErrorCode::kBadHeader, base, 12, "negative triangle count " + std::to_string(l.n_triangles));
    const std::uint32_t faces = static_cast<std::uint32_t>(l.n_triangles);
    const std::uint64_t sdiv = l.flags_and_size_div_16 >> 8;
    if (sdiv * 16 != b.size())
        return err(ErrorCode::kSizeMismatch, base, 8,
                   "bare ledge size_div_16 " + std::to_string(sdiv) + " does not match its record size " +
                       std::to_string(b.size()));
    if (l.c_point_offset != std::int64_t(kLedgeSize) + std::int64_t(kTriangleSize) * faces)
        return err(ErrorCode::kBadHeader, base, 0, "bare ledge points are not inline after its triangles");
    if (sdiv < 1 + std::uint64_t(faces))
        return err(ErrorCode::kBadHeader, base, 8, "bare ledge size_div_16 smaller than its header and triangles");
    return BareLedgeCounts{faces, static_cast<std::uint32_t>(sdiv - 1 - faces)};
}

Status decode_bare_ledge(Bytes b, std::uint64_t base, const BareLedgeCounts& c, SurModel& m) {
    const auto l = at<CompactLedgeDisk>(b, 0);
    const IndexRange pts{static_cast<std::uint32_t>(m.points.size()), c.points};
    push_ledge(m, l, -1, pts);
    MP_TRY(decode_triangles(b, base, kLedgeSize, c.faces, pts.first, c.points, m));
    push_points(b, kLedgeSize + std::uint64_t(kTriangleSize) * c.faces, c.points, m);
    return ok_status();
}

void reserve_model(SurModel& m, const ModelCounts& a) {
    m.surfaces.reserve(m.surfaces.size() + a.surfaces);
    m.hardpoints.reserve(m.hardpoints.size() + a.hardpoints);
    m.extension_bytes.reserve(m.extension_bytes.size() + a.extension_bytes);
    auto grow = [](auto& v, std::uint64_t n) { v.reserve(v.size() + n); };
    auto& L = m.ledges;
    for (auto* v : {&L.client_data, &L.surface, &L.node}) grow(*v, a.ledges);
    grow(L.flags, a.ledges);
    grow(L.size_div_16, a.ledges);
    grow(L.reserved, a.ledges);
    grow(L.faces, a.ledges);
    grow(L.inline_points, a.ledges);
    auto& F = m.faces;
    grow(F.tri_index, a.faces);
    grow(F.pierce, a.faces);
    grow(F.material, a.faces);
    grow(F.is_virtual, a.faces);
    auto& E = m.edges;
    grow(E.point, 3 * a.faces);
    grow(E.opposite_delta, 3 * a.faces);
    grow(E.opposite, 3 * a.faces);
    grow(E.is_virtual, 3 * a.faces);
    auto& P = m.points;
    for (auto* v : {&P.x, &P.y, &P.z}) grow(*v, a.points);
    grow(P.client_data, a.points);
    auto& N = m.nodes;
    grow(N.right, a.nodes);
    grow(N.ledge, a.nodes);
    for (auto* v : {&N.center_x, &N.center_y, &N.center_z, &N.radius}) grow(*v, a.nodes);
    grow(N.box, a.nodes);
    grow(N.free_0, a.nodes);
}

}  // namespace meshproof::sur
