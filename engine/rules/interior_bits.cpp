#include "engine/rules/interior_bits.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <string>

#include "engine/mesh/decoded_member.h"
#include "engine/rules/havok_quicksort.h"
#include "engine/rules/interior_face_kernels.h"

namespace meshproof::rules {
namespace {

using namespace interior_detail;

constexpr std::uint32_t kNoFace = InteriorWorkspace::kNoFace;
static_assert(packed_vertex_identity(0, 0) == mesh::kPackedIdentityBit, "the decoder's identity convention");
static_assert(
    [] {
        for (std::uint32_t m = 0; m < 16; ++m)
            if (InteriorWorkspace::convex_count(static_cast<std::uint8_t>(m)) !=
                static_cast<std::uint32_t>(std::popcount(m)))
                return false;
        return true;
    }(),
    "convex_count is popcount of four bits");
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
        if (id & mesh::kPackedIdentityBit) {
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
        if (!(id & mesh::kPackedIdentityBit) && id < kSharedEntries) ws.shared_first[id] = kNoFace;
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
    // Edge numbers (face × 4 + corner) keep bit 31 free and vertex keys (slot × 2 + direction)
    // bit 0: far beyond any real mesh (the format's keys address fewer).
    if (n >= (std::size_t{1} << 29)) return make_error(ErrorCode::kOutOfBounds, 0, "interior view: too many triangles");
    if (slots >= (std::size_t{1} << 31))
        return make_error(ErrorCode::kOutOfBounds, 0, "interior view: too many vertex slots");
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
    // Only a view with flat flags can have a polygon's fourth corner (read where face_corners is 4).
    const bool polygons = !mesh.flat.empty();
    for (int k = 0; k < 3; ++k) ws.face_slot[k].resize(n);
    ws.face_slot[3].resize(polygons ? n : 0);
    ws.triangle_face.resize(n);
    std::uint32_t f = 0;
    for (std::size_t t = 0; t < n; ++t, ++f) {
        const bool quad = mesh.half[t] == 0 && t + 1 < n && mesh.half[t + 1] == 1;
        const bool flat = quad && !mesh.flat.empty() && mesh.flat[t] != 0;
        ws.face_triangle[f] = static_cast<std::uint32_t>(t);
        ws.face_corners[f] = flat ? 4 : 3;
        for (int k = 0; k < 3; ++k) ws.face_slot[k][f] = mesh.corner[k][t];
        if (polygons) ws.face_slot[3][f] = flat ? mesh.corner[2][t + 1] : kNoFace;
        ws.triangle_face[t] = f;
        if (flat) ws.triangle_face[++t] = f;  // the second half is part of the polygon
    }
    ws.face_triangle.resize(f);
    ws.face_corners.resize(f);
    for (auto& c : ws.face_slot) c.resize(std::min<std::size_t>(c.size(), f));
}

// Pairs the edges of one bucket (all edges whose smaller dense vertex is `vertex`), in visiting
// order: each edge takes the latest earlier unpaired edge running the other way. Within a bucket
// an edge is its key (other vertex, direction); the one running the other way has the other
// direction bit, except a degenerate edge v → v, which runs both ways and pairs with its like.
void pair_bucket(InteriorWorkspace& ws, std::uint32_t vertex, std::uint32_t begin, std::uint32_t end) {
    InteriorWorkspace::BucketEdge* e = ws.bucket_edges.data();
    std::uint32_t* nb = ws.edge_neighbour.data();
    constexpr std::uint32_t kPaired = 0x80000000u;
    const bool sorted = end - begin > kScanBucket;
    if (sorted) {
        // By the other vertex, then by visiting order: an edge's candidates sit just before it.
        std::sort(e + begin, e + end,
                  [](const InteriorWorkspace::BucketEdge& a, const InteriorWorkspace::BucketEdge& b) {
                      return (a.key >> 1) != (b.key >> 1) ? (a.key >> 1) < (b.key >> 1) : a.edge < b.edge;
                  });
    }
    for (std::uint32_t i = begin + 1; i < end; ++i) {
        InteriorWorkspace::BucketEdge& me = e[i];
        const std::uint32_t want = (me.key >> 1) == vertex ? me.key : me.key ^ 1u;
        for (std::uint32_t j = i; j-- > begin;) {
            InteriorWorkspace::BucketEdge& c = e[j];
            if (sorted && (c.key >> 1) != (me.key >> 1)) break;
            if (c.key == want && !(c.edge & kPaired)) {
                nb[c.edge] = me.edge >> 2;
                nb[me.edge] = c.edge >> 2;
                c.edge |= kPaired;
                me.edge |= kPaired;
                break;
            }
        }
    }
}

using Weighted = InteriorWorkspace::Weighted;
void order_and_mark(InteriorWorkspace& ws, std::span<const Weighted> reference, ReferenceUse use);

// The kernels each estimate runs with in this process: chosen once, for the path of this processor.
FaceKernels active_face_kernels(RsqrtMode mode) {
    static const std::array<FaceKernels, 3> kernels = {
        face_kernels(RsqrtMode::kTable, active_cpu_path()),
        face_kernels(RsqrtMode::kExact, active_cpu_path()),
        face_kernels(RsqrtMode::kHostRsqrtps, active_cpu_path()),
    };
    return kernels[static_cast<std::size_t>(mode)];
}

void steps_2_to_4(const InteriorMeshView& mesh, const InteriorOptions& options, InteriorWorkspace& ws,
                  std::span<const Weighted> reference, ReferenceUse use) {
    FaceLoop loop;
    loop.mesh = &mesh;
    loop.ws = &ws;
    loop.faces = ws.face_count();
    loop.raw_ready = ws.raw_normals_ready;
    // Without a later call to serve (InteriorOptions::keep_for_later_calls false) the raw normals
    // and edge vectors are not kept: each is formed again, by the same operations on the same
    // floats, where it is read, and the next call forms them anew.
    loop.keep = options.keep_for_later_calls || loop.raw_ready;
    const std::uint32_t faces = loop.faces;
    if (loop.keep) {
        grow_to(ws.raw_normal, faces);
        grow_to(ws.edge_vector, std::size_t{faces} * 4);
    }
    grow_to(ws.unit_normal, faces);
    grow_to(ws.weight, faces);
    grow_to(ws.convex_mask, faces);
    grow_to(ws.blocked, faces);
    ws.face_set.assign(faces, 0);

    // Raw and unit normals of every face, then the convex edges and weights of the complete faces,
    // which alone are ordered. `weight` holds |n| until the convex edges are counted (for complete
    // faces; an incomplete face's weight is |n|). The first call notes the faces no estimate
    // changes; a later one copies their convex edges.
    loop.note = options.note_estimate_free && !loop.raw_ready;
    loop.copy_free = loop.raw_ready && ws.estimate_free_ready;
    if (loop.note) ws.estimate_free.assign(faces, 0);
    if (!loop.raw_ready) ws.estimate_free_ready = loop.note;
    loop.margin = ws.estimate_margin;
    loop.length = options.length;
    const FaceKernels kernels =
        options.cpu_path ? face_kernels(options.rsqrt, *options.cpu_path) : active_face_kernels(options.rsqrt);
    kernels.normals(loop);
    ws.raw_normals_ready = loop.keep;
    ws.order.clear();
    kernels.convex_edges(loop);

    order_and_mark(ws, reference, use);
}

void quicksort_by_weight(std::vector<Weighted>& order) {
    havok_quicksort(std::span<Weighted>(order),
                    [](const Weighted& a, const Weighted& b) { return a.weight < b.weight; });
}

// Whether the weights in ws.weight order every pair of the reference's faces as the reference's
// weights do: the reference sorted (no NaN), and along it the new weights rise exactly where the
// old ones rise and stay equal exactly where they stay equal. Then `<` gives the same answer on
// every pair of faces under both weights, and the quicksort, which reads nothing else, makes the
// same permutation of the same faces in face order.
bool same_order_as(InteriorWorkspace& ws, std::span<const Weighted> reference) {
    if (reference.size() != ws.order.size()) return false;
    // The same faces: each complete and named once (ws.face_set, all 0 here, marks them meanwhile).
    bool same_faces = true;
    std::size_t marked = 0;
    for (; marked < reference.size() && same_faces; ++marked) {
        const std::uint32_t f = reference[marked].face;
        same_faces = f < ws.face_count() && ws.face_complete[f] && ws.face_set[f] == 0;
        if (same_faces) ws.face_set[f] = 1;
    }
    for (std::size_t i = 0; i < marked; ++i)
        if (reference[i].face < ws.face_count()) ws.face_set[reference[i].face] = 0;
    if (!same_faces) return false;
    const float* weight = ws.weight.data();
    for (std::size_t i = 0; i < reference.size(); ++i) {
        const float now = weight[reference[i].face];
        if (now != now || reference[i].weight != reference[i].weight) return false;  // NaN
        if (i == 0) continue;
        const float before = weight[reference[i - 1].face];
        const float old_before = reference[i - 1].weight, old_now = reference[i].weight;
        if (old_now < old_before) return false;  // not sorted
        if ((old_before < old_now) != (before < now) || (old_before == old_now) != (before == now)) return false;
    }
    return true;
}

// Step 4 by the weights alone, without sorting (ReferenceUse::kBitsOnly), where that provably
// gives the quicksort's bits. Why it is exact:
//  - The marking in the quicksort's order sets f exactly when f is not blocked and no face g
//    across a convex edge of f is set and comes before f. A blocked or incomplete g is set in no
//    order, so only the "relevant" g count: complete and not blocked.
//  - With no NaN weight among the complete faces the quicksort's order is sorted under `<` (a
//    strict weak order on non-NaN floats, -0 equal to +0), so for two faces whose weights differ
//    (w[g] < w[f] or w[f] < w[g]), g comes before f exactly when w[g] < w[f]. Only between equal
//    weights does the quicksort's own tie order decide.
//  - So set(f) = !blocked(f) && no relevant convex g of f with w[g] < w[f] has set(g), provided f
//    has no relevant convex g of equal weight, or one relevant g with w[g] < w[f] is set (then f
//    is clear whatever the tie order). By induction along the quicksort's order each face comes
//    out as the plain marking makes it; the recursion only descends to strictly smaller weights,
//    so it ends. Where a face needs a tie decided, or a weight is NaN, it returns false (face_set
//    all 0 again) and the caller sorts.
// The faces are visited in key order, the smaller-weight neighbours first (an explicit stack), so
// the rows read are near each other rather than in the scattered order of the weights. The stack's
// weights fall strictly from bottom to top, so no face is on it twice and it ends.
bool mark_by_weights(InteriorWorkspace& ws) {
    const std::uint32_t faces = ws.face_count();
    const float* w = ws.weight.data();
    for (const Weighted& o : ws.order)
        if (o.weight != o.weight) return false;  // NaN: the quicksort's order need not be sorted
    ws.decided.assign(faces, 0);
    std::uint8_t* decided = ws.decided.data();
    std::uint8_t* set = ws.face_set.data();
    const std::uint8_t* complete = ws.face_complete.data();
    const std::uint8_t* blocked = ws.blocked.data();
    const std::uint8_t* convex = ws.convex_mask.data();
    const std::uint32_t* neighbour = ws.edge_neighbour.data();
    std::vector<std::uint32_t>& stack = ws.stack;
    for (const Weighted& o : ws.order) {
        const std::uint32_t start = o.face;
        if (decided[start]) continue;
        stack.clear();
        stack.push_back(start);
        while (!stack.empty()) {
            const std::uint32_t f = stack.back();
            if (blocked[f]) {
                decided[f] = 1;
                stack.pop_back();
                continue;
            }
            const float wf = w[f];
            const std::uint32_t* row = neighbour + std::size_t{f} * 4;
            bool cleared = false, tied = false;
            std::uint32_t pending = kNoFace;
            for (std::uint32_t mask = convex[f]; mask != 0; mask &= mask - 1) {
                const std::uint32_t g = row[std::countr_zero(mask)];
                if (!complete[g] || blocked[g]) continue;  // never set
                const float wg = w[g];
                if (!(wg < wf)) {
                    tied = tied || !(wf < wg);  // equal weights: the quicksort's tie order would decide
                    continue;
                }
                if (!decided[g]) {
                    pending = g;
                } else if (set[g]) {
                    cleared = true;
                    break;
                }
            }
            if (cleared) {
                decided[f] = 1;
                stack.pop_back();
            } else if (pending != kNoFace) {
                stack.push_back(pending);  // decide the earlier neighbour, then look at f again
            } else if (tied) {
                std::fill(ws.face_set.begin(), ws.face_set.end(), std::uint8_t{0});
                return false;
            } else {
                set[f] = 1;
                decided[f] = 1;
                stack.pop_back();
            }
        }
    }
    return true;
}

// Steps 3 and 4 on the weights and convex edges in the workspace (ws.order filled in face order).
// `reference`: a marking order the quicksort made of the same faces (see compute_interior_bits).
void order_and_mark(InteriorWorkspace& ws, std::span<const Weighted> reference, ReferenceUse use) {
    ws.order_is_quicksorts = false;
    if (use == ReferenceUse::kBitsOnly && mark_by_weights(ws)) return;  // ws.order stays in key order
    ws.order_is_quicksorts = true;
    if (!reference.empty() && same_order_as(ws, reference)) {
        for (std::size_t i = 0; i < reference.size(); ++i)
            ws.order[i] = {ws.weight[reference[i].face], reference[i].face};
    } else {
        quicksort_by_weight(ws.order);
    }

    // Marking: across convex edges only, a set neighbour blocks (the 70° test is in `blocked`).
    // The order visits faces at random, so each face's row is fetched a few faces ahead.
    constexpr std::size_t kAhead = 8;
    const std::size_t count = ws.order.size();
    const InteriorWorkspace::Weighted* order = ws.order.data();
    const std::uint32_t* neighbour = ws.edge_neighbour.data();
    std::uint8_t* set = ws.face_set.data();
    for (std::size_t i = 0; i < count; ++i) {
        if (i + kAhead < count) {
            const std::uint32_t ahead = order[i + kAhead].face;
            __builtin_prefetch(neighbour + std::size_t{ahead} * 4);
            __builtin_prefetch(ws.convex_mask.data() + ahead);
            __builtin_prefetch(ws.blocked.data() + ahead);
        }
        const std::uint32_t f = order[i].face;
        if (ws.blocked[f]) continue;
        std::uint32_t mask = ws.convex_mask[f];
        const std::uint32_t* row = neighbour + std::size_t{f} * 4;
        bool free = true;
        for (; mask != 0 && free; mask &= mask - 1) free = set[row[std::countr_zero(mask)]] == 0;
        set[f] = free ? 1 : 0;
    }
}

}  // namespace

Status find_interior_neighbours(const InteriorMeshView& mesh, InteriorWorkspace& ws) {
    ws.raw_normals_ready = false;
    ws.estimate_free_ready = false;
    MP_TRY(check_view(mesh));
    MP_TRY(dense_identities(mesh, ws));
    build_faces(mesh, ws);
    const std::uint32_t faces = ws.face_count();
    const std::size_t edges = std::size_t{faces} * 4;
    const std::uint32_t slots = static_cast<std::uint32_t>(mesh.identity.size());
    const std::uint32_t* dense = ws.dense.data();
    ws.edge_neighbour.assign(edges, kNoFace);
    std::uint32_t* nb = ws.edge_neighbour.data();
    // Bucket sizes counted at [v + 2] so that, after the prefix sum, [v + 1] is bucket v's fill
    // cursor and ends as its end, [v] its start: one pass to count, one to fill, none to shift.
    ws.bucket_start.assign(std::size_t{slots} + 2, 0);
    std::uint32_t* start = ws.bucket_start.data();

    // Edges in visiting order; a non-flat quad's inner edge (first half c a, second half a c)
    // is paired directly and never waits.
    auto edge_ends = [&](std::uint32_t f, std::uint32_t k, std::uint32_t corners) {
        return std::pair{dense[ws.face_slot[k][f]], dense[ws.face_slot[k + 1 == corners ? 0 : k + 1][f]]};
    };
    for (std::uint32_t f = 0; f < faces; ++f) {
        const std::uint32_t corners = ws.face_corners[f];
        const bool inner_pair = corners == 3 && f + 1 < faces && mesh.half[ws.face_triangle[f]] == 0 &&
                                ws.face_triangle[f + 1] == ws.face_triangle[f] + 1 &&
                                mesh.half[ws.face_triangle[f + 1]] == 1;
        if (inner_pair) {
            nb[f * 4 + 2] = f + 1;
            nb[(f + 1) * 4] = f;
        }
        for (std::uint32_t k = 0; k < corners; ++k) {
            if (nb[f * 4 + k] != kNoFace) continue;  // an inner edge, from either half
            const auto [u, v] = edge_ends(f, k, corners);
            ++start[std::min(u, v) + 2];
        }
    }
    for (std::uint32_t s = 0; s < slots; ++s) start[s + 2] += start[s + 1];
    grow_to(ws.bucket_edges, start[slots + 1]);
    InteriorWorkspace::BucketEdge* bucket = ws.bucket_edges.data();
    for (std::uint32_t f = 0; f < faces; ++f) {
        const std::uint32_t corners = ws.face_corners[f];
        for (std::uint32_t k = 0; k < corners; ++k) {
            const std::uint32_t e = f * 4 + k;
            if (nb[e] != kNoFace) continue;
            const auto [u, v] = edge_ends(f, k, corners);
            const std::uint32_t low = std::min(u, v);
            bucket[start[low + 1]++] = {e, (std::max(u, v) << 1) | (u == low ? 0u : 1u)};
        }
    }
    for (std::uint32_t s = 0; s < slots; ++s)
        if (start[s + 1] - start[s] > 1) pair_bucket(ws, s, start[s], start[s + 1]);

    ws.face_complete.resize(faces);
    for (std::uint32_t f = 0; f < faces; ++f) {
        const std::uint32_t* row = nb + std::size_t{f} * 4;
        bool complete = row[0] != kNoFace && row[1] != kNoFace && row[2] != kNoFace;
        if (ws.face_corners[f] == 4) complete = complete && row[3] != kNoFace;
        ws.face_complete[f] = complete ? 1 : 0;
    }
    return ok_status();
}

void sort_in_quicksort_order(InteriorWorkspace& ws) {
    if (ws.order_is_quicksorts) return;
    // ws.order holds the complete faces in key order with their weights, as steps 2 to 4 (or the
    // sqrt recompute) filled it before the quicksort: sorting it now makes the same permutation.
    quicksort_by_weight(ws.order);
    ws.order_is_quicksorts = true;
}

// Per triangle: its face's bit under the face's first triangle.
static void bits_by_triangle(const InteriorWorkspace& ws, std::span<std::uint8_t> bits) {
    const std::size_t n = std::min(bits.size(), ws.triangle_face.size());
    for (std::size_t t = 0; t < n; ++t) {
        const std::uint32_t f = ws.triangle_face[t];
        bits[t] = ws.face_triangle[f] == t ? ws.face_set[f] : 0;  // a polygon's bit under its first half's key
    }
}

void compute_interior_bits(const InteriorMeshView& mesh, const InteriorOptions& options, InteriorWorkspace& ws,
                           std::span<std::uint8_t> bits, std::span<const InteriorWorkspace::Weighted> reference_order,
                           ReferenceUse use) {
    steps_2_to_4(mesh, options, ws, reference_order, use);
    bits_by_triangle(ws, bits);
}

Status recompute_interior_bits_with_sqrt_length(InteriorWorkspace& ws, std::span<std::uint8_t> bits,
                                                std::span<const InteriorWorkspace::Weighted> reference_order,
                                                ReferenceUse use) {
    if (!ws.raw_normals_ready)
        return make_error(
            ErrorCode::kInternal, 0,
            "interior bits: the sqrtf length form needs a call that kept its raw normals on these neighbours first");
    const std::uint32_t faces = ws.face_count();
    ws.face_set.assign(faces, 0);
    ws.order.clear();
    for (std::uint32_t f = 0; f < faces; ++f) {
        if (!ws.face_complete[f]) continue;
        const float s = squared_length(ws.raw_normal[f]);
        const float length = std::sqrt(s);
        ws.weight[f] = length + 10.0f * static_cast<float>(InteriorWorkspace::convex_count(ws.convex_mask[f]));
        ws.order.push_back({ws.weight[f], f});
    }
    order_and_mark(ws, reference_order, use);
    bits_by_triangle(ws, bits);
    return ok_status();
}

Status interior_bits(const InteriorMeshView& mesh, const InteriorOptions& options, InteriorWorkspace& ws,
                     std::span<std::uint8_t> bits) {
    if (bits.size() != mesh.corner[0].size())
        return make_error(ErrorCode::kInternal, 0, "interior_bits: one output byte per triangle expected");
    MP_TRY(find_interior_neighbours(mesh, ws));
    compute_interior_bits(mesh, options, ws, bits);
    return ok_status();
}

InteriorMeshView interior_view(const mesh::DecodedMesh& m, std::vector<std::uint8_t>& flat) {
    const mesh::DecodedTriangles& t = m.triangles;
    flat.assign(t.size(), 0);
    if (m.primitive_stores_is_flat_convex != 0)
        for (std::size_t i = 0; i < t.size(); ++i) {
            const std::uint32_t p = t.primitive[i];
            if (t.half[i] != 0 || p >= m.primitives.size() || m.primitives.kind[p] != mesh::PrimitiveKind::kQuad)
                continue;
            flat[i] =
                quad_is_flat(m.primitive_stores_is_flat_convex, m.primitives.indices[1][p], m.primitives.indices[3][p]);
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

Status interior_bits(const mesh::DecodedMesh& mesh, const InteriorOptions& options, InteriorWorkspace& ws,
                     std::vector<std::uint8_t>& bits) {
    std::vector<std::uint8_t> flat;
    const InteriorMeshView view = interior_view(mesh, flat);
    bits.assign(mesh.triangles.size(), 0);
    return interior_bits(view, options, ws, bits);
}

namespace interior_detail {

template <RsqrtMode kMode>
[[gnu::noinline]] void face_normal_by_baseline(const FaceLoop& loop, std::uint32_t f) {
    face_normal(loop, Estimator<kMode>{}, f);
}
template <RsqrtMode kMode>
[[gnu::noinline]] void face_convex_edges_by_baseline(const FaceLoop& loop, std::uint32_t f) {
    face_convex_edges(loop, Estimator<kMode>{}, f);
}
template void face_normal_by_baseline<RsqrtMode::kTable>(const FaceLoop&, std::uint32_t);
template void face_normal_by_baseline<RsqrtMode::kExact>(const FaceLoop&, std::uint32_t);
template void face_normal_by_baseline<RsqrtMode::kHostRsqrtps>(const FaceLoop&, std::uint32_t);
template void face_convex_edges_by_baseline<RsqrtMode::kTable>(const FaceLoop&, std::uint32_t);
template void face_convex_edges_by_baseline<RsqrtMode::kExact>(const FaceLoop&, std::uint32_t);
template void face_convex_edges_by_baseline<RsqrtMode::kHostRsqrtps>(const FaceLoop&, std::uint32_t);

template <RsqrtMode kMode>
FaceKernels face_kernels_of(CpuPath path) {
#if MESHPROOF_AVX2_KERNELS
    if (path == CpuPath::kAvx2 && cpu_supports(CpuPath::kAvx2)) return {normals_avx2<kMode>, convex_edges_avx2<kMode>};
#endif
    (void)path;
    return {normals_baseline<kMode>, convex_edges_baseline<kMode>};
}

FaceKernels face_kernels(RsqrtMode mode, CpuPath path) {
    switch (mode) {
        case RsqrtMode::kTable: return face_kernels_of<RsqrtMode::kTable>(path);
        case RsqrtMode::kExact: return face_kernels_of<RsqrtMode::kExact>(path);
        case RsqrtMode::kHostRsqrtps: return face_kernels_of<RsqrtMode::kHostRsqrtps>(path);
    }
    return face_kernels_of<RsqrtMode::kExact>(path);
}

}  // namespace interior_detail

}  // namespace meshproof::rules
