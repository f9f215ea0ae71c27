// Steps 2 and 3 of the interior-bit pass (interior_bits.h) face by face, and the kernels that run
// them over every face: the baseline's, and where the processor has it (engine/core/cpu_path.h) an
// AVX2 build that does eight faces' arithmetic in the lanes of one register, the same IEEE
// operations in the same order, so every result is the same bits. Internal to interior_bits.cpp
// and interior_face_kernels_avx2.cpp.
#pragma once

#include <cmath>
#include <cstdint>

#include "engine/core/cpu_path.h"
#include "engine/rules/interior_bits.h"

namespace meshproof::rules::interior_detail {

inline Vec3f corner_of(const InteriorMeshView& mesh, std::uint32_t slot) {
    return {mesh.x[slot], mesh.y[slot], mesh.z[slot]};
}
inline Vec3f sub(Vec3f a, Vec3f b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline Vec3f cross(Vec3f u, Vec3f v) { return {u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x}; }
inline float dot(Vec3f u, Vec3f v) { return u.x * v.x + u.y * v.y + u.z * v.z; }

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

// The margin that makes a face's convex edges and 70° test the same under every estimate
// (InteriorWorkspace::estimate_free). Why it is exact:
//  - Each run computes e = fl(E × r_E) for an edge vector E, m = fl(M × r_M) for the raw normal M
//    across, own = fl(n × r_n), with r the refined estimate of the same float s = |·|², and the
//    same raw normal n and edge vectors under every estimate. With every s in [kEstimateFreeLeast,
//    kEstimateFreeMost] and each run's r within β = kRefinedEstimateBound = 2⁻²⁰ of 1 ⁄ √s, two
//    runs' r differ by a factor 1 + ρ, |ρ| ≤ 2β(1 + β) < 2⁻¹⁹ + 2⁻³⁸, so each component of e, m
//    and own of one run is that of the other times (1 + η), |η| ≤ 2⁻¹⁹ + 2.1u (u = 2⁻²⁴, one
//    rounding each).
//  - v = e · (n × m) is a sum of six products ± eᵢ nⱼ mₖ; with A the sum of their magnitudes, the
//    exact values on the two runs' inputs differ by at most A ((1 + η)² − 1) < 2.3 × 2⁻¹⁹ A, and
//    each float evaluation (two products and a difference per cross component, three products and
//    two sums in the dot) is within γ₅ A(1 + 2.3 × 2⁻¹⁹) < 5.1u A of its exact value. In all
//    |v₁ − v₂| < 2.3 × 2⁻¹⁹ A + 10.2u A < 0.37 × 2⁻¹⁶ A. The same holds for own · m against cos 70°
//    with A the sum of |ownᵢ mᵢ| (two factors perturbed, γ₃).
//  - So when fl(|v − 2⁻²³|) > fl(A) × 2⁻¹⁶ + 2⁻¹⁰⁰ in this run (the float A and difference are
//    within a few u of exact, the 2⁻¹⁰⁰ covers products that underflow: at most 2⁻¹⁵⁰ each), no
//    other estimate's v lies on the other side of 2⁻²³, and likewise for the 70° test: the face's
//    convex_mask and blocked are the same under every estimate. A NaN or infinite A or v fails the
//    comparison (not noted); no product overflows with every s at most 2¹⁰⁰.
// ws.estimate_margin is the 2⁻¹⁶; the test that breaks it on purpose shows that the comparison
// with the plain runs sees a wrong margin (InteriorEstimateFree.*).
inline bool squared_length_in_range(float s) { return s >= kEstimateFreeLeast && s <= kEstimateFreeMost; }
inline bool far_from(float value, float threshold, float magnitude_sum, float margin) {
    return std::fabs(value - threshold) > magnitude_sum * margin + 0x1p-100f;
}
// The sum of the magnitudes of the six products of e · (n × m).
inline float triple_magnitude(Vec3f e, Vec3f n, Vec3f m) {
    return std::fabs(e.x) * (std::fabs(n.y * m.z) + std::fabs(n.z * m.y)) +
           std::fabs(e.y) * (std::fabs(n.z * m.x) + std::fabs(n.x * m.z)) +
           std::fabs(e.z) * (std::fabs(n.x * m.y) + std::fabs(n.y * m.x));
}
inline float dot_magnitude(Vec3f u, Vec3f v) {
    return std::fabs(u.x * v.x) + std::fabs(u.y * v.y) + std::fabs(u.z * v.z);
}

// What steps 2 and 3 read and write in one call (steps_2_to_4 in interior_bits.cpp sets it up).
struct FaceLoop {
    const InteriorMeshView* mesh = nullptr;
    InteriorWorkspace* ws = nullptr;
    std::uint32_t faces = 0;
    bool raw_ready = false;  // raw normals and edge vectors as an earlier call left them: read, not formed
    bool keep = false;       // raw normals and edge vectors stored for later calls
    bool note = false;       // estimate_free noted by this call
    bool copy_free = false;  // faces noted kSameUnderAnyEstimate keep their convex edges
    NormalLength length = NormalLength::kTimesRefinedRsqrt;
    float margin = 0;

    Vec3f raw_normal_of(std::uint32_t f) const {
        const Vec3f a = corner_of(*mesh, ws->face_slot[0][f]);
        const Vec3f b = corner_of(*mesh, ws->face_slot[1][f]);
        const Vec3f c = corner_of(*mesh, ws->face_slot[2][f]);
        return cross(sub(b, a), sub(c, a));
    }
};

// Step 2's raw and unit normal of face f, and |n| in its weight (any face: neighbours of complete
// faces may be incomplete ones). The raw normals do not depend on the estimate: a later call on
// the same neighbours reads them as the first left them.
template <RsqrtMode kMode>
inline void face_normal(const FaceLoop& loop, const Estimator<kMode>& estimate, std::uint32_t f) {
    InteriorWorkspace& ws = *loop.ws;
    const Vec3f n = loop.raw_ready ? ws.raw_normal[f] : loop.raw_normal_of(f);
    const float s = squared_length(n);
    const float r = newton_refine(estimate(s), s);
    if (loop.keep) ws.raw_normal[f] = n;
    ws.unit_normal[f] = {n.x * r, n.y * r, n.z * r};
    ws.weight[f] = loop.length == NormalLength::kSqrt ? std::sqrt(s) : s * r;
    if (loop.note) ws.estimate_free[f] = squared_length_in_range(s) ? InteriorWorkspace::kNormalInRange : 0;
}

// The weight's convex edges added, and the face appended to the order (complete faces only).
inline void add_convex_edges(InteriorWorkspace& ws, std::uint32_t f, std::uint32_t convex) {
    ws.weight[f] = ws.weight[f] + 10.0f * static_cast<float>(convex);
    ws.order.push_back({ws.weight[f], f});
}

// Step 2's convex edges of face f, its weight, and the 70° test of step 4 (which does not depend
// on the order, so it is made here, in key order, where the neighbours' normals are near at hand:
// a face blocked by it is never set). The face is appended to ws.order when complete.
template <RsqrtMode kMode>
inline void face_convex_edges(const FaceLoop& loop, const Estimator<kMode>& estimate, std::uint32_t f) {
    InteriorWorkspace& ws = *loop.ws;
    std::uint8_t* free_faces = ws.estimate_free.data();
    if (!ws.face_complete[f]) {
        ws.convex_mask[f] = 0;
        ws.blocked[f] = 0;
        return;
    }
    if (loop.copy_free && (free_faces[f] & InteriorWorkspace::kSameUnderAnyEstimate)) {
        // convex_mask and blocked as the noting call (or any call since) left them: the same
        // under this estimate (estimate_free above).
        add_convex_edges(ws, f, InteriorWorkspace::convex_count(ws.convex_mask[f]));
        return;
    }
    const Vec3f* unit = ws.unit_normal.data();
    const Vec3f n = loop.keep ? ws.raw_normal[f] : loop.raw_normal_of(f);
    const Vec3f own = unit[f];
    const std::uint32_t corners = ws.face_corners[f];
    std::uint32_t convex = 0;
    std::uint8_t mask = 0;
    bool blocked = false;
    bool same = loop.note && (free_faces[f] & InteriorWorkspace::kNormalInRange);
    Vec3f formed[4];
    Vec3f* edge_vector = loop.keep ? ws.edge_vector.data() + std::size_t{f} * 4 : formed;
    for (std::uint32_t k = 0; k < corners; ++k) {
        const std::uint32_t g = ws.edge_neighbour[f * 4 + k];
        if (!loop.raw_ready) {
            const std::uint32_t p_slot = ws.face_slot[k][f];
            const std::uint32_t q_slot = ws.face_slot[k + 1 == corners ? 0 : k + 1][f];
            edge_vector[k] = sub(corner_of(*loop.mesh, q_slot), corner_of(*loop.mesh, p_slot));
        }
        const Vec3f m = unit[g];
        if (!loop.note) {
            const Vec3f e = estimate.unit(edge_vector[k]);
            if (dot(e, cross(n, m)) > kConvexEpsilon) {
                mask = static_cast<std::uint8_t>(mask | (1u << k));
                ++convex;
                blocked = blocked || dot(own, m) < kCos70;
            }
            continue;
        }
        // The same arithmetic as estimate.unit and the test above, with the margins.
        const Vec3f edge = edge_vector[k];
        const float s = squared_length(edge);
        const float r = newton_refine(estimate(s), s);
        const Vec3f e = {edge.x * r, edge.y * r, edge.z * r};
        const float v = dot(e, cross(n, m));
        same = same && squared_length_in_range(s) && (free_faces[g] & InteriorWorkspace::kNormalInRange) &&
               far_from(v, kConvexEpsilon, triple_magnitude(e, n, m), loop.margin);
        if (v > kConvexEpsilon) {
            mask = static_cast<std::uint8_t>(mask | (1u << k));
            ++convex;
            const float d = dot(own, m);
            blocked = blocked || d < kCos70;
            same = same && far_from(d, kCos70, dot_magnitude(own, m), loop.margin);
        }
    }
    if (same) free_faces[f] |= InteriorWorkspace::kSameUnderAnyEstimate;
    ws.convex_mask[f] = mask;
    ws.blocked[f] = blocked ? 1 : 0;
    add_convex_edges(ws, f, convex);
}

// Neighbours a row of terrain away miss the cache: their normals are fetched this many faces ahead.
inline constexpr std::uint32_t kNormalsAhead = 16;
inline void prefetch_neighbour_normals(const InteriorWorkspace& ws, std::uint32_t f) {
    if (f + kNormalsAhead >= ws.face_count()) return;
    const std::uint32_t* ahead = ws.edge_neighbour.data() + std::size_t{f + kNormalsAhead} * 4;
    for (int k = 0; k < 3; ++k)
        if (ahead[k] != InteriorWorkspace::kNoFace) __builtin_prefetch(ws.unit_normal.data() + ahead[k]);
}

// Step 2's normals of every face, then the convex edges, weights and 70° tests of every face in
// key order (ws.order filled with the complete faces), by one CPU path.
struct FaceKernels {
    void (*normals)(const FaceLoop& loop);
    void (*convex_edges)(const FaceLoop& loop);
};

// face_normal and face_convex_edges compiled once, out of line, in the baseline's translation unit:
// the baseline's kernels call them for every face, the AVX2 kernels for a face they do not take
// whole. Which NaN an operation returns (its sign) depends on which operand the compiler put first
// (and so on the code around it), so a NaN a face stores (a weight, whose bits a report may show)
// is the same on both paths only when the same machine code made it.
template <RsqrtMode kMode>
void face_normal_by_baseline(const FaceLoop& loop, std::uint32_t f);
template <RsqrtMode kMode>
void face_convex_edges_by_baseline(const FaceLoop& loop, std::uint32_t f);

// The baseline's kernels: the two functions above face by face (the same code for every face the
// AVX2 kernels hand back).
template <RsqrtMode kMode>
void normals_baseline(const FaceLoop& loop) {
    for (std::uint32_t f = 0; f < loop.faces; ++f) face_normal_by_baseline<kMode>(loop, f);
}
template <RsqrtMode kMode>
void convex_edges_baseline(const FaceLoop& loop) {
    for (std::uint32_t f = 0; f < loop.faces; ++f) {
        prefetch_neighbour_normals(*loop.ws, f);
        face_convex_edges_by_baseline<kMode>(loop, f);
    }
}

#if MESHPROOF_AVX2_KERNELS
// interior_face_kernels_avx2.cpp: eight faces a step, the faces it cannot take whole (a flat
// quad's polygon, an incomplete face, one whose edges are copied) by the functions above.
template <RsqrtMode kMode>
MESHPROOF_TARGET_AVX2 void normals_avx2(const FaceLoop& loop);
template <RsqrtMode kMode>
MESHPROOF_TARGET_AVX2 void convex_edges_avx2(const FaceLoop& loop);
#endif

// The kernels of a path (the baseline's where the build has no other).
FaceKernels face_kernels(RsqrtMode mode, CpuPath path);

}  // namespace meshproof::rules::interior_detail
