#include "engine/sur/surface_build.h"

#include <algorithm>
#include <cstring>
#include <unordered_map>

#include <fmt/format.h>

#include "engine/sur/hull_shape.h"
#include "engine/sur/ledge_tree.h"
#include "engine/sur/mass_properties.h"
#include "engine/sur/node_bounds.h"
#include "engine/sur/pierce.h"
#include "engine/sur/sur_file.h"
#include "engine/sur/sur_writer.h"

namespace meshproof::sur {
namespace {

using Tri = std::array<std::uint32_t, 3>;

constexpr std::uint8_t kTerminal = 4;        // is_compact (notes §3)
constexpr std::uint8_t kRootHull = 5;        // is_compact | has_children
constexpr std::uint32_t kMaxFaces = 4096;    // tri_index and pierce are 12 bits (notes §3)
constexpr std::uint32_t kMaxPoints = 65536;  // an edge's point index is 16 bits

struct XyzHash {
    std::size_t operator()(const std::array<std::uint32_t, 3>& k) const {
        return std::size_t(k[0]) * 0x9E3779B97F4A7C15ull ^ std::size_t(k[1]) * 0xC2B2AE3D27D4EB4Full ^ k[2];
    }
};

// One point per distinct xyz (the bits, notes §4), appended in first-use order.
class PointTable {
public:
    explicit PointTable(SurModel& m) : m_(m) {}
    std::uint32_t add(const HullPoint& p, std::int32_t first_user) {
        std::array<std::uint32_t, 3> key;
        std::memcpy(key.data(), p.data(), sizeof key);
        const auto [it, added] = index_.try_emplace(key, std::uint32_t(m_.points.size()));
        if (added) {
            m_.points.x.push_back(p[0]);
            m_.points.y.push_back(p[1]);
            m_.points.z.push_back(p[2]);
            m_.points.client_data.push_back(first_user);
        }
        return it->second;
    }

private:
    SurModel& m_;
    std::unordered_map<std::array<std::uint32_t, 3>, std::uint32_t, XyzHash> index_;
};

// Appends one ledge over global point indices: faces with tri_index = position, edges with the
// reverse half-edge as opposite (slot deltas, notes §1), pierce filled later.
void add_ledge(SurModel& m, std::int32_t surface, const std::vector<Tri>& tris, std::int32_t client,
               std::uint8_t flags) {
    const bool virt = flags == kRootHull;
    const auto first_face = std::uint32_t(m.faces.size());
    const auto first_edge = std::uint32_t(m.edges.size());
    std::unordered_map<std::uint64_t, std::uint32_t> half_edge;  // (from, to) -> local edge
    for (std::uint32_t t = 0; t < tris.size(); ++t)
        for (std::uint32_t k = 0; k < 3; ++k)
            half_edge[std::uint64_t(tris[t][k]) << 32 | tris[t][(k + 1) % 3]] = 3 * t + k;
    std::vector<std::uint32_t> own;
    for (std::uint32_t t = 0; t < tris.size(); ++t) {
        m.faces.tri_index.push_back(static_cast<std::uint16_t>(t));
        m.faces.pierce.push_back(0);
        m.faces.material.push_back(0);
        m.faces.is_virtual.push_back(virt);
        for (std::uint32_t k = 0; k < 3; ++k) {
            const std::uint32_t e = 3 * t + k;
            const auto opp = half_edge.find(std::uint64_t(tris[t][(k + 1) % 3]) << 32 | tris[t][k]);
            // A closed hull has every reverse half-edge; the writer's own check catches one that is missing.
            const std::int64_t o = opp == half_edge.end() ? e : opp->second;
            const auto slot = [](std::int64_t edge) { return 4 * (edge / 3) + edge % 3 + 1; };
            m.edges.point.push_back(tris[t][k]);
            m.edges.opposite.push_back(std::int32_t(first_edge + o));
            m.edges.opposite_delta.push_back(
                static_cast<std::int16_t>(std::clamp<std::int64_t>(slot(o) - slot(e), -0x8000, 0x7FFF)));
            m.edges.is_virtual.push_back(virt);
            own.push_back(tris[t][k]);
        }
    }
    std::sort(own.begin(), own.end());
    const auto distinct = std::uint32_t(std::unique(own.begin(), own.end()) - own.begin());
    m.ledges.client_data.push_back(client);
    m.ledges.flags.push_back(flags);
    m.ledges.size_div_16.push_back(1 + std::uint32_t(tris.size()) + distinct);
    m.ledges.reserved.push_back(0);
    m.ledges.faces.push_back({first_face, std::uint32_t(tris.size())});
    m.ledges.surface.push_back(surface);
    m.ledges.node.push_back(-1);
    m.ledges.inline_points.push_back({});
}

void add_node(NodeColumns& n, std::int32_t right, std::int32_t ledge, const NodeBounds& b) {
    n.right.push_back(right);
    n.ledge.push_back(ledge);
    n.center_x.push_back(b.center[0]);
    n.center_y.push_back(b.center[1]);
    n.center_z.push_back(b.center[2]);
    n.radius.push_back(b.radius);
    n.box.push_back({std::uint8_t(std::clamp<std::int64_t>(b.box[0], 0, 255)),
                     std::uint8_t(std::clamp<std::int64_t>(b.box[1], 0, 255)),
                     std::uint8_t(std::clamp<std::int64_t>(b.box[2], 0, 255))});
    n.free_0.push_back(0);
}

Error limit(const std::string& what) { return make_error(ErrorCode::kLimit, 0, what); }

// Every face's pierce by IVP's rule (pierce.h) in stored order. A face no other opposes (below
// −1e-6, which a closed convex hull always has) takes the next face, so that the index stays in
// range and is not its own.
Status pierce_all(SurModel& m, IndexRange ledges) {
    std::vector<std::int32_t> pierce;
    std::vector<double> normals;
    for (std::uint32_t l = ledges.first; l < ledges.end(); ++l) {
        MP_TRY(derive_pierce(m, l, pierce, normals));
        const IndexRange f = m.ledges.faces[l];
        for (std::uint32_t t = 0; t < f.count; ++t)
            m.faces.pierce[f.first + t] =
                static_cast<std::uint16_t>(pierce[t] >= 0 ? std::uint32_t(pierce[t]) : (t + 1) % f.count);
    }
    return ok_status();
}

// One part's surface, appended to m; notes per hull.
Status build_surface(SurModel& m, const PartSource& part, std::vector<HullNote>& notes, bool& root_stopped,
                     HullWorkspace& ws) {
    if (part.hulls.empty())
        return make_error(ErrorCode::kBadObject, 0, fmt::format("part `{}` has no hull", part.name));
    const auto s = std::int32_t(m.surfaces.size());
    m.surfaces.emplace_back();
    Surface surf;
    surf.ledges.first = std::uint32_t(m.ledges.size());
    surf.points.first = std::uint32_t(m.points.size());
    surf.nodes.first = std::uint32_t(m.nodes.size());
    PointTable table(m);

    // Terminal ledges in the source's order, points in first-use order.
    for (const HullSource& h : part.hulls) {
        HullShapeResult shaped = shape_hull(h.points, ws);
        if (const std::string* why = std::get_if<std::string>(&shaped))
            return make_error(ErrorCode::kBadObject, 0, fmt::format("object `{}`: {}", h.name, *why));
        const ShapedHull& sh = std::get<ShapedHull>(shaped);
        if (sh.triangles.size() > kMaxFaces)
            return limit(fmt::format("object `{}`: its hull has {} faces; a hull holds at most {} (12-bit face index)",
                                     h.name, sh.triangles.size(), kMaxFaces));
        std::vector<std::uint32_t> global(sh.vertices.size(), 0xFFFFFFFFu);
        std::vector<Tri> tris(sh.triangles.size());
        for (std::size_t t = 0; t < tris.size(); ++t)
            for (int k = 0; k < 3; ++k) {
                std::uint32_t& g = global[sh.triangles[t][k]];
                if (g == 0xFFFFFFFFu) g = table.add(sh.vertices[sh.triangles[t][k]], std::int32_t(h.id));
                tris[t][k] = g;
            }
        add_ledge(m, s, tris, std::int32_t(h.id), kTerminal);
        notes.push_back(sh.note);
    }
    const auto terminals = std::uint32_t(m.ledges.size()) - surf.ledges.first;
    surf.points.count = std::uint32_t(m.points.size()) - surf.points.first;
    if (surf.points.count > kMaxPoints)
        return limit(fmt::format("part `{}` has {} distinct hull points; a part holds at most {} (16-bit point index)",
                                 part.name, surf.points.count, kMaxPoints));
    surf.ledges.count = terminals;
    m.surfaces[std::size_t(s)] = surf;

    // The tree: leaves by the leaf rule, the median cut over them, nodes in pre-order.
    NodeColumns leaves;
    for (std::uint32_t i = 0; i < terminals; ++i) {
        MP_TRY_ASSIGN(const NodeBounds b, leaf_bounds(m, std::size_t(s), surf.ledges.first + i));
        add_node(leaves, -1, std::int32_t(i), b);
    }
    const LedgeTreeShape shape = median_cut_tree(leaves);
    std::vector<std::uint32_t> walk;  // terminal ledges, left-first
    for (std::size_t k = 0; k < shape.right.size(); ++k) {
        const std::int32_t leaf = shape.leaf[k];
        const auto n = std::uint32_t(m.nodes.size());
        if (leaf >= 0) {
            const std::uint32_t l = surf.ledges.first + std::uint32_t(leaf);
            add_node(m.nodes, -1, std::int32_t(l),
                     NodeBounds{{leaves.center_x[std::size_t(leaf)], leaves.center_y[std::size_t(leaf)],
                                 leaves.center_z[std::size_t(leaf)]},
                                leaves.radius[std::size_t(leaf)],
                                {leaves.box[std::size_t(leaf)][0], leaves.box[std::size_t(leaf)][1],
                                 leaves.box[std::size_t(leaf)][2]}});
            m.ledges.node[l] = std::int32_t(n);
            walk.push_back(l);
        } else {
            add_node(m.nodes, std::int32_t(surf.nodes.first) + shape.right[k], -1, NodeBounds{});
        }
    }
    surf.nodes.count = std::uint32_t(m.nodes.size()) - surf.nodes.first;
    m.surfaces[std::size_t(s)] = surf;
    MP_TRY_ASSIGN(const std::vector<std::uint32_t> ends, subtree_ends(m, std::size_t(s)));
    for (std::uint32_t k = 0; k < surf.nodes.count; ++k) {
        const std::uint32_t n = surf.nodes.first + k;
        if (m.nodes.right[n] < 0) continue;
        const NodeBounds b = union_bounds(m.nodes, n, ends[k]);
        NodeColumns one;
        add_node(one, 0, -1, b);
        m.nodes.center_x[n] = one.center_x[0], m.nodes.center_y[n] = one.center_y[0],
        m.nodes.center_z[n] = one.center_z[0];
        m.nodes.radius[n] = one.radius[0];
        m.nodes.box[n] = one.box[0];
    }

    // The root hull (type 5) over every terminal point, gathered by the left-first walk.
    root_stopped = false;
    if (terminals > 1) {
        std::vector<HullPoint> pts;
        std::vector<std::uint32_t> index;
        std::vector<std::uint8_t> seen(surf.points.count, 0);
        for (const std::uint32_t l : walk) {
            const IndexRange f = m.ledges.faces[l];
            for (std::uint64_t e = std::uint64_t(f.first) * 3; e < std::uint64_t(f.end()) * 3; ++e) {
                const std::uint32_t p = m.edges.point[e];
                if (seen[p - surf.points.first]) continue;
                seen[p - surf.points.first] = 1;
                pts.push_back({m.points.x[p], m.points.y[p], m.points.z[p]});
                index.push_back(p);
            }
        }
        HullShapeResult shaped = shape_hull(pts, ws);
        if (const std::string* why = std::get_if<std::string>(&shaped))
            return make_error(ErrorCode::kBadObject, 0,
                              fmt::format("part `{}`: the hull of all its hulls: {}", part.name, *why));
        const ShapedHull& sh = std::get<ShapedHull>(shaped);
        root_stopped = sh.note.stopped_early;
        if (sh.triangles.size() > kMaxFaces)
            return limit(fmt::format("part `{}`: the hull of all its hulls has {} faces; a hull holds at most {}",
                                     part.name, sh.triangles.size(), kMaxFaces));
        std::vector<Tri> tris(sh.triangles.size());
        for (std::size_t t = 0; t < tris.size(); ++t)
            for (int k = 0; k < 3; ++k)
                tris[t][k] = table.add(sh.vertices[sh.triangles[t][k]], 0);  // every one already there
        // ledgetree_node_offset = root node − ledge start (notes §1, §2): the ledge's own bytes, then the points.
        const std::int64_t back = 16 * (1 + std::int64_t(tris.size())) + 16 * std::int64_t(surf.points.count);
        add_ledge(m, s, tris, std::int32_t(back), kRootHull);
        const auto l = std::uint32_t(m.ledges.size() - 1);
        m.nodes.ledge[surf.nodes.first] = std::int32_t(l);
        m.ledges.node[l] = std::int32_t(surf.nodes.first);
        surf.ledges.count = terminals + 1;
        m.surfaces[std::size_t(s)] = surf;
    }
    MP_TRY(pierce_all(m, surf.ledges));

    // The header's four derived values over the terminal ledges in walk order (notes §10.1).
    MP_TRY_ASSIGN(const MassProperties mp, mass_properties(m, std::size_t(s), walk));
    if (mp.deviation < 0 || mp.deviation > 255)
        return limit(fmt::format("part `{}`: the surfaceDeviation byte comes out {}", part.name, mp.deviation));
    surf.mass_center = mp.mass_center;
    surf.rotation_inertia = mp.rotation_inertia;
    surf.radius = mp.radius;
    surf.deviation = static_cast<std::uint8_t>(mp.deviation);
    m.surfaces[std::size_t(s)] = surf;

    Part p;
    p.id = part.id;
    p.not_fixed = part.not_fixed;
    if (part.not_fixed) p.chunks[p.chunk_count++] = ChunkTag::kNotFixed;
    p.chunks[p.chunk_count++] = ChunkTag::kExtents;
    p.chunks[p.chunk_count++] = ChunkTag::kSurface;
    p.has_extents = true;
    p.extents = {m.points.x[surf.points.first], m.points.y[surf.points.first], m.points.z[surf.points.first],
                 m.points.x[surf.points.first], m.points.y[surf.points.first], m.points.z[surf.points.first]};
    for (std::uint32_t q = surf.points.first; q < surf.points.end(); ++q) {
        const float v[3] = {m.points.x[q], m.points.y[q], m.points.z[q]};
        for (int i = 0; i < 3; ++i)
            p.extents[i] = std::min(p.extents[i], v[i]), p.extents[3 + i] = std::max(p.extents[3 + i], v[i]);
    }
    p.surface = s;
    m.parts.push_back(p);
    return ok_status();
}

}  // namespace

Result<SurBuild> build_sur(std::span<const PartSource> parts) {
    SurBuild out;
    SurModel& m = out.model;
    HullWorkspace ws;
    for (const PartSource& part : parts) {
        out.hulls.emplace_back();
        bool stopped = false;
        MP_TRY(build_surface(m, part, out.hulls.back(), stopped, ws));
        out.root_hull_stopped_early.push_back(stopped);
    }
    auto bytes = encode_sur(m);
    if (!bytes.ok())
        return limit(fmt::format("the file cannot be written in the .sur format: {}", bytes.error().message));
    // What the file holds, as a reader sees it (the layout's sizes and offsets filled in).
    MP_TRY_ASSIGN(out.model, decode_sur(*bytes));
    out.bytes = std::move(*bytes);
    return out;
}

}  // namespace meshproof::sur
