#include "engine/mesh/interior_bits.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "engine/mesh/decoded_member.h"
#include "engine/mesh/havok_quicksort.h"

namespace meshproof::mesh {
namespace {

constexpr std::uint32_t kNoFace = InteriorWorkspace::kNoFace;
static_assert(packed_vertex_identity(0, 0) == kPackedIdentityBit, "the decoder's identity convention");
constexpr std::uint32_t kSharedEntries = 65536;  // sharedVerticesIndex entries are hkUint16
// Buckets larger than this are sorted by their other vertex before pairing, so a vertex that
// many edges share (a fan) costs n log n rather than n².
constexpr std::uint32_t kScanBucket = 32;

template <class T>
void grow_to(std::vector<T>& v, std::size_t n) {
    if (v.size() < n) v.resize(n);
}

// Dense vertex ids with the document's identity: a packed vertex is its own slot (section and
// slot name exactly one slot); a shared one is the first slot holding the same entry.
Status dense_identities(const InteriorMeshView& mesh, InteriorWorkspace& ws) {
    const std::size_t slots = mesh.identity.size();
    grow_to(ws.dense, slots);
    if (ws.shared_first.size() < kSharedEntries) ws.shared_first.assign(kSharedEntries, kNoFace);
    Status status = ok_status();
    for (std::size_t s = 0; s < slots; ++s) {
        const std::uint32_t id = mesh.identity[s];
        if (id & kPackedIdentityBit) {
            ws.dense[s] = static_cast<std::uint32_t>(s);
            continue;
        }
        if (id >= kSharedEntries) {
            status = make_error(ErrorCode::kOutOfBounds, s,
                                "vertex slot " + std::to_string(s) + " has shared identity " + std::to_string(id) +
                                    " past the 16-bit shared-vertex index");
            break;
        }
        std::uint32_t& first = ws.shared_first[id];
        if (first == kNoFace) first = static_cast<std::uint32_t>(s);
        ws.dense[s] = first;
    }
    // Leave shared_first all kNoFace for the next mesh: undo only the entries this mesh touched.
    for (std::size_t s = 0; s < slots; ++s) {
        const std::uint32_t id = mesh.identity[s];
        if (!(id & kPackedIdentityBit) && id < kSharedEntries) ws.shared_first[id] = kNoFace;
    }
    return status;
}

Status check_view(const InteriorMeshView& mesh) {
    const std::size_t slots = mesh.identity.size();
    if (mesh.x.size() != slots || mesh.y.size() != slots || mesh.z.size() != slots)
        return make_error(ErrorCode::kInternal, 0, "interior view: vertex columns of different lengths");
    const std::size_t n = mesh.corner[0].size();
    if (mesh.corner[1].size() != n || mesh.corner[2].size() != n || mesh.half.size() != n ||
        (!mesh.flat.empty() && mesh.flat.size() != n))
        return make_error(ErrorCode::kInternal, 0, "interior view: triangle columns of different lengths");
    if (n >= kNoFace / 4) return make_error(ErrorCode::kOutOfBounds, 0, "interior view: too many triangles");
    for (int k = 0; k < 3; ++k)
        for (std::size_t t = 0; t < n; ++t)
            if (mesh.corner[k][t] >= slots)
                return make_error(ErrorCode::kOutOfBounds, t,
                                  "triangle " + std::to_string(t) + " corner " + std::to_string(k) + " names slot " +
                                      std::to_string(mesh.corner[k][t]) + " of " + std::to_string(slots));
    return ok_status();
}

// Faces in key order: a triangle, or a flat quad's polygon a b c d.
void build_faces(const InteriorMeshView& mesh, InteriorWorkspace& ws) {
    const std::size_t n = mesh.corner[0].size();
    ws.face_triangle.resize(n);
    ws.face_corners.resize(n);
    for (auto& c : ws.face_slot) c.resize(n);
    ws.triangle_face.resize(n);
    std::uint32_t f = 0;
    for (std::size_t t = 0; t < n; ++t, ++f) {
        const bool quad = mesh.half[t] == 0 && t + 1 < n && mesh.half[t + 1] == 1;
        const bool flat = quad && !mesh.flat.empty() && mesh.flat[t] != 0;
        ws.face_triangle[f] = static_cast<std::uint32_t>(t);
        ws.face_corners[f] = flat ? 4 : 3;
        for (int k = 0; k < 3; ++k) ws.face_slot[k][f] = mesh.corner[k][t];
        ws.face_slot[3][f] = flat ? mesh.corner[2][t + 1] : kNoFace;
        ws.triangle_face[t] = f;
        if (flat) ws.triangle_face[++t] = f;  // the second half is part of the polygon
    }
    ws.face_triangle.resize(f);
    ws.face_corners.resize(f);
    for (auto& c : ws.face_slot) c.resize(f);
}

// Pairs the edges of one bucket (all edges whose smaller dense vertex is the bucket's), in
// visiting order: each edge takes the latest earlier unpaired edge running the other way. The
// bucket carries each edge's endpoints, so the scan reads only its own entries.
void pair_bucket(InteriorWorkspace& ws, std::uint32_t begin, std::uint32_t end) {
    InteriorWorkspace::BucketEdge* e = ws.bucket_edges.data();
    std::uint32_t* nb = ws.edge_neighbour.data();
    const bool sorted = end - begin > kScanBucket;
    auto other = [](const InteriorWorkspace::BucketEdge& x) { return std::max(x.from, x.to); };
    if (sorted) {
        // By the other vertex, then by visiting order: an edge's candidates sit just before it.
        std::sort(e + begin, e + end, [&](const InteriorWorkspace::BucketEdge& a, const InteriorWorkspace::BucketEdge& b) {
            const std::uint32_t oa = other(a), ob = other(b);
            return oa != ob ? oa < ob : a.edge < b.edge;
        });
    }
    for (std::uint32_t i = begin; i < end; ++i) {
        InteriorWorkspace::BucketEdge& me = e[i];
        const std::uint32_t other_me = other(me);
        for (std::uint32_t j = i; j-- > begin;) {
            InteriorWorkspace::BucketEdge& c = e[j];
            if (sorted && other(c) != other_me) break;
            if (!c.paired && c.from == me.to && c.to == me.from) {
                c.paired = me.paired = 1;
                nb[c.edge] = me.edge >> 2;
                nb[me.edge] = c.edge >> 2;
                break;
            }
        }
    }
}

Vec3f corner_of(const InteriorMeshView& mesh, std::uint32_t slot) { return {mesh.x[slot], mesh.y[slot], mesh.z[slot]}; }
Vec3f sub(Vec3f a, Vec3f b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
Vec3f cross(Vec3f u, Vec3f v) { return {u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x}; }
float dot(Vec3f u, Vec3f v) { return u.x * v.x + u.y * v.y + u.z * v.z; }

// The estimate without the mode switch in the inner loop (the table lookup inlined).
template <RsqrtMode kMode>
struct Estimator {
    const std::uint32_t* cells = kMode == RsqrtMode::kTable ? rsqrt_table_cells() : nullptr;
    float operator()(float s) const {
        if constexpr (kMode == RsqrtMode::kTable) return rsqrt_table_lookup(cells, s);
        else if constexpr (kMode == RsqrtMode::kExact) return rsqrt_exact(s);
        else return rsqrt_host(s);
    }
    // v × refine(estimate(|v|²))
    Vec3f unit(Vec3f v) const {
        const float s = squared_length(v);
        const float refined = newton_refine((*this)(s), s);
        return {v.x * refined, v.y * refined, v.z * refined};
    }
};

template <RsqrtMode kMode>
void steps_2_to_4(const InteriorMeshView& mesh, NormalLength length_form, InteriorWorkspace& ws) {
    const Estimator<kMode> estimate;
    const std::uint32_t faces = ws.face_count();
    for (auto* v : {&ws.nx, &ws.ny, &ws.nz, &ws.ux, &ws.uy, &ws.uz, &ws.length, &ws.weight}) grow_to(*v, faces);
    grow_to(ws.convex_mask, faces);
    ws.face_set.assign(faces, 0);

    // Raw and unit normals of every face (neighbours of complete faces may be incomplete ones).
    for (std::uint32_t f = 0; f < faces; ++f) {
        const Vec3f a = corner_of(mesh, ws.face_slot[0][f]);
        const Vec3f b = corner_of(mesh, ws.face_slot[1][f]);
        const Vec3f c = corner_of(mesh, ws.face_slot[2][f]);
        const Vec3f n = cross(sub(b, a), sub(c, a));
        const float s = squared_length(n);
        const float r = newton_refine(estimate(s), s);
        ws.nx[f] = n.x;
        ws.ny[f] = n.y;
        ws.nz[f] = n.z;
        ws.ux[f] = n.x * r;
        ws.uy[f] = n.y * r;
        ws.uz[f] = n.z * r;
        ws.length[f] = length_form == NormalLength::kSqrt ? std::sqrt(s) : s * r;
    }

    // Convex edges and weights of the complete faces, which alone are ordered.
    ws.order.clear();
    for (std::uint32_t f = 0; f < faces; ++f) {
        ws.convex_mask[f] = 0;
        if (!ws.face_complete[f]) continue;
        const Vec3f n{ws.nx[f], ws.ny[f], ws.nz[f]};
        const std::uint32_t corners = ws.face_corners[f];
        std::uint32_t convex = 0;
        std::uint8_t mask = 0;
        for (std::uint32_t k = 0; k < corners; ++k) {
            const std::uint32_t g = ws.edge_neighbour[f * 4 + k];
            const std::uint32_t p_slot = ws.face_slot[k][f];
            const std::uint32_t q_slot = ws.face_slot[k + 1 == corners ? 0 : k + 1][f];
            const Vec3f e = estimate.unit(sub(corner_of(mesh, q_slot), corner_of(mesh, p_slot)));
            const Vec3f m{ws.ux[g], ws.uy[g], ws.uz[g]};
            if (dot(e, cross(n, m)) > kConvexEpsilon) {
                mask = static_cast<std::uint8_t>(mask | (1u << k));
                ++convex;
            }
        }
        ws.convex_mask[f] = mask;
        ws.weight[f] = ws.length[f] + 10.0f * static_cast<float>(convex);
        ws.order.push_back({ws.weight[f], f});
    }

    havok_quicksort(std::span<InteriorWorkspace::Weighted>(ws.order),
                    [](const InteriorWorkspace::Weighted& a, const InteriorWorkspace::Weighted& b) { return a.weight < b.weight; });

    // Marking: across convex edges only, a set neighbour or one more than 70° away blocks.
    for (const InteriorWorkspace::Weighted& w : ws.order) {
        const std::uint32_t f = w.face;
        const Vec3f own{ws.ux[f], ws.uy[f], ws.uz[f]};
        bool set = true;
        for (std::uint32_t k = 0; k < ws.face_corners[f] && set; ++k) {
            if (!(ws.convex_mask[f] & (1u << k))) continue;
            const std::uint32_t g = ws.edge_neighbour[f * 4 + k];
            if (ws.face_set[g] || dot(own, Vec3f{ws.ux[g], ws.uy[g], ws.uz[g]}) < kCos70) set = false;
        }
        ws.face_set[f] = set ? 1 : 0;
    }
}

}  // namespace

Status find_interior_neighbours(const InteriorMeshView& mesh, InteriorWorkspace& ws) {
    MP_TRY(check_view(mesh));
    MP_TRY(dense_identities(mesh, ws));
    build_faces(mesh, ws);
    const std::uint32_t faces = ws.face_count();
    const std::size_t edges = std::size_t{faces} * 4;
    const std::uint32_t slots = static_cast<std::uint32_t>(mesh.identity.size());
    grow_to(ws.edge_from, edges);
    grow_to(ws.edge_to, edges);
    ws.edge_neighbour.assign(edges, kNoFace);
    ws.bucket_start.assign(std::size_t{slots} + 1, 0);

    // Edges in visiting order; a non-flat quad's inner edge (first half c a, second half a c)
    // is paired directly and never waits.
    for (std::uint32_t f = 0; f < faces; ++f) {
        const std::uint32_t corners = ws.face_corners[f];
        const bool inner_pair = corners == 3 && f + 1 < faces && mesh.half[ws.face_triangle[f]] == 0 &&
                                ws.face_triangle[f + 1] == ws.face_triangle[f] + 1 && mesh.half[ws.face_triangle[f + 1]] == 1;
        for (std::uint32_t k = 0; k < corners; ++k) {
            const std::uint32_t e = f * 4 + k;
            const std::uint32_t u = ws.dense[ws.face_slot[k][f]];
            const std::uint32_t v = ws.dense[ws.face_slot[k + 1 == corners ? 0 : k + 1][f]];
            ws.edge_from[e] = u;
            ws.edge_to[e] = v;
            if (inner_pair && k == 2) {
                ws.edge_neighbour[e] = f + 1;
                ws.edge_neighbour[(f + 1) * 4] = f;
                continue;
            }
            const bool is_inner_second = k == 0 && ws.edge_neighbour[e] != kNoFace;  // set by the first half
            if (!is_inner_second) ++ws.bucket_start[std::min(u, v) + 1];
        }
    }
    for (std::uint32_t s = 0; s < slots; ++s) ws.bucket_start[s + 1] += ws.bucket_start[s];
    grow_to(ws.bucket_edges, ws.bucket_start[slots]);
    // Fill in visiting order (stable), using bucket_start[s] as the cursor, then shift back.
    for (std::uint32_t f = 0; f < faces; ++f)
        for (std::uint32_t k = 0; k < ws.face_corners[f]; ++k) {
            const std::uint32_t e = f * 4 + k;
            if (ws.edge_neighbour[e] != kNoFace) continue;  // a quad's inner edge
            ws.bucket_edges[ws.bucket_start[std::min(ws.edge_from[e], ws.edge_to[e])]++] = {e, ws.edge_from[e], ws.edge_to[e], 0};
        }
    for (std::uint32_t s = slots; s > 0; --s) ws.bucket_start[s] = ws.bucket_start[s - 1];
    ws.bucket_start[0] = 0;
    for (std::uint32_t s = 0; s < slots; ++s)
        if (ws.bucket_start[s + 1] - ws.bucket_start[s] > 1) pair_bucket(ws, ws.bucket_start[s], ws.bucket_start[s + 1]);

    ws.face_complete.resize(faces);
    for (std::uint32_t f = 0; f < faces; ++f) {
        bool complete = true;
        for (std::uint32_t k = 0; k < ws.face_corners[f]; ++k) complete = complete && ws.edge_neighbour[f * 4 + k] != kNoFace;
        ws.face_complete[f] = complete ? 1 : 0;
    }
    return ok_status();
}

void compute_interior_bits(const InteriorMeshView& mesh, const InteriorOptions& options, InteriorWorkspace& ws,
                           std::span<std::uint8_t> bits) {
    switch (options.rsqrt) {
        case RsqrtMode::kTable: steps_2_to_4<RsqrtMode::kTable>(mesh, options.length, ws); break;
        case RsqrtMode::kExact: steps_2_to_4<RsqrtMode::kExact>(mesh, options.length, ws); break;
        case RsqrtMode::kHostRsqrtps: steps_2_to_4<RsqrtMode::kHostRsqrtps>(mesh, options.length, ws); break;
    }
    const std::size_t n = std::min(bits.size(), ws.triangle_face.size());
    for (std::size_t t = 0; t < n; ++t) {
        const std::uint32_t f = ws.triangle_face[t];
        bits[t] = ws.face_triangle[f] == t ? ws.face_set[f] : 0;  // a polygon's bit under its first half's key
    }
}

Status interior_bits(const InteriorMeshView& mesh, const InteriorOptions& options, InteriorWorkspace& ws,
                     std::span<std::uint8_t> bits) {
    if (bits.size() != mesh.corner[0].size())
        return make_error(ErrorCode::kInternal, 0, "interior_bits: one output byte per triangle expected");
    MP_TRY(find_interior_neighbours(mesh, ws));
    compute_interior_bits(mesh, options, ws, bits);
    return ok_status();
}

InteriorMeshView interior_view(const DecodedMesh& m, std::vector<std::uint8_t>& flat) {
    const DecodedTriangles& t = m.triangles;
    flat.assign(t.size(), 0);
    if (m.primitive_stores_is_flat_convex != 0)
        for (std::size_t i = 0; i < t.size(); ++i) {
            const std::uint32_t p = t.primitive[i];
            if (t.half[i] != 0 || p >= m.primitives.size() || m.primitives.kind[p] != PrimitiveKind::kQuad) continue;
            flat[i] = quad_is_flat(m.primitive_stores_is_flat_convex, m.primitives.indices[1][p], m.primitives.indices[3][p]);
        }
    InteriorMeshView v;
    v.x = m.vertices.x;
    v.y = m.vertices.y;
    v.z = m.vertices.z;
    v.identity = m.vertices.identity;
    for (int k = 0; k < 3; ++k) v.corner[k] = t.vertex[k];
    v.half = t.half;
    v.flat = flat;
    return v;
}

Status interior_bits(const DecodedMesh& mesh, const InteriorOptions& options, InteriorWorkspace& ws,
                     std::vector<std::uint8_t>& bits) {
    std::vector<std::uint8_t> flat;
    const InteriorMeshView view = interior_view(mesh, flat);
    bits.assign(mesh.triangles.size(), 0);
    return interior_bits(view, options, ws, bits);
}

}  // namespace meshproof::mesh
