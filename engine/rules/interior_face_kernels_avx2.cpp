// The AVX2 build of steps 2 and 3 (interior_face_kernels.h): eight consecutive faces a step, each
// lane doing the scalar functions' IEEE operations in their order (no FMA: target "avx2" only),
// so every normal, weight, mask and note is the same bits as the baseline's. A face the lanes do
// not take whole (a flat quad's four-cornered polygon, an incomplete face, one whose convex edges
// are copied, one that stores a NaN) goes through the baseline's code in its place in key order,
// so ws.order is the same.
#include "engine/rules/interior_face_kernels.h"

#if MESHPROOF_AVX2_KERNELS

#include <immintrin.h>

#include <cstddef>

namespace meshproof::rules::interior_detail {
namespace {

constexpr std::uint32_t kLanes = 8;
// The gathers index the Vec3f columns in 32-bit lanes (an edge's float at (f × 4 + k) × 3 + 2):
// meshes past this many faces take the baseline (far beyond any the format addresses).
constexpr std::uint32_t kMostFaces = 0x7FFFFFFFu / 12u - 1u;
static_assert(sizeof(Vec3f) == 3 * sizeof(float), "Vec3f columns are read as floats");

struct Vec8 {
    __m256 x, y, z;
};

MESHPROOF_TARGET_AVX2 inline __m256i lane_numbers() { return _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7); }

MESHPROOF_TARGET_AVX2 inline __m256 gather(const float* base, __m256i index) {
    return _mm256_i32gather_ps(base, index, 4);
}
// Element `index` of a Vec3f column.
MESHPROOF_TARGET_AVX2 inline Vec8 gather3(const Vec3f* column, __m256i index) {
    const float* base = reinterpret_cast<const float*>(column);
    const __m256i at = _mm256_add_epi32(_mm256_add_epi32(index, index), index);
    return {gather(base, at), gather(base + 1, at), gather(base + 2, at)};
}
MESHPROOF_TARGET_AVX2 inline Vec8 corners(const InteriorMeshView& mesh, __m256i slot) {
    return {gather(mesh.x.data(), slot), gather(mesh.y.data(), slot), gather(mesh.z.data(), slot)};
}
MESHPROOF_TARGET_AVX2 inline __m256i load_slots(const std::vector<std::uint32_t>& column, std::uint32_t f) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(column.data() + f));
}

MESHPROOF_TARGET_AVX2 inline Vec8 sub(const Vec8& a, const Vec8& b) {
    return {_mm256_sub_ps(a.x, b.x), _mm256_sub_ps(a.y, b.y), _mm256_sub_ps(a.z, b.z)};
}
MESHPROOF_TARGET_AVX2 inline Vec8 scale(const Vec8& v, __m256 r) {
    return {_mm256_mul_ps(v.x, r), _mm256_mul_ps(v.y, r), _mm256_mul_ps(v.z, r)};
}
MESHPROOF_TARGET_AVX2 inline Vec8 cross(const Vec8& u, const Vec8& v) {
    return {_mm256_sub_ps(_mm256_mul_ps(u.y, v.z), _mm256_mul_ps(u.z, v.y)),
            _mm256_sub_ps(_mm256_mul_ps(u.z, v.x), _mm256_mul_ps(u.x, v.z)),
            _mm256_sub_ps(_mm256_mul_ps(u.x, v.y), _mm256_mul_ps(u.y, v.x))};
}
MESHPROOF_TARGET_AVX2 inline __m256 dot(const Vec8& u, const Vec8& v) {
    return _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(u.x, v.x), _mm256_mul_ps(u.y, v.y)), _mm256_mul_ps(u.z, v.z));
}
MESHPROOF_TARGET_AVX2 inline __m256 abs_ps(__m256 v) { return _mm256_andnot_ps(_mm256_set1_ps(-0.0f), v); }
MESHPROOF_TARGET_AVX2 inline __m256 abs_product(__m256 a, __m256 b) { return abs_ps(_mm256_mul_ps(a, b)); }

// triple_magnitude and dot_magnitude, lane by lane.
MESHPROOF_TARGET_AVX2 inline __m256 triple_magnitude(const Vec8& e, const Vec8& n, const Vec8& m) {
    const __m256 x = _mm256_mul_ps(abs_ps(e.x), _mm256_add_ps(abs_product(n.y, m.z), abs_product(n.z, m.y)));
    const __m256 y = _mm256_mul_ps(abs_ps(e.y), _mm256_add_ps(abs_product(n.z, m.x), abs_product(n.x, m.z)));
    const __m256 z = _mm256_mul_ps(abs_ps(e.z), _mm256_add_ps(abs_product(n.x, m.y), abs_product(n.y, m.x)));
    return _mm256_add_ps(_mm256_add_ps(x, y), z);
}
MESHPROOF_TARGET_AVX2 inline __m256 dot_magnitude(const Vec8& u, const Vec8& v) {
    return _mm256_add_ps(_mm256_add_ps(abs_product(u.x, v.x), abs_product(u.y, v.y)), abs_product(u.z, v.z));
}
// far_from, lane by lane: all ones where it holds.
MESHPROOF_TARGET_AVX2 inline __m256 far_from(__m256 value, float threshold, __m256 magnitude_sum, float margin) {
    const __m256 distance = abs_ps(_mm256_sub_ps(value, _mm256_set1_ps(threshold)));
    const __m256 bound = _mm256_add_ps(_mm256_mul_ps(magnitude_sum, _mm256_set1_ps(margin)), _mm256_set1_ps(0x1p-100f));
    return _mm256_cmp_ps(distance, bound, _CMP_GT_OQ);
}
MESHPROOF_TARGET_AVX2 inline __m256 in_estimate_free_range(__m256 s) {
    return _mm256_and_ps(_mm256_cmp_ps(s, _mm256_set1_ps(kEstimateFreeLeast), _CMP_GE_OQ),
                         _mm256_cmp_ps(s, _mm256_set1_ps(kEstimateFreeMost), _CMP_LE_OQ));
}
MESHPROOF_TARGET_AVX2 inline __m256 squared_length(const Vec8& v) { return dot(v, v); }

// The lanes where any component is NaN. No comparison sees which NaN a lane holds, but a stored
// float can reach a report (a weight's bits), so a lane that stores a NaN is redone by the
// baseline's own code (face_normal_by_baseline).
MESHPROOF_TARGET_AVX2 inline unsigned nan_lanes(const Vec8& v) {
    const __m256 any = _mm256_or_ps(_mm256_cmp_ps(v.x, v.y, _CMP_UNORD_Q), _mm256_cmp_ps(v.z, v.z, _CMP_UNORD_Q));
    return static_cast<unsigned>(_mm256_movemask_ps(any));
}

// Estimator<kMode> of eight squared lengths.
template <RsqrtMode kMode>
MESHPROOF_TARGET_AVX2 inline __m256 estimate(const std::uint32_t* cells, __m256 s) {
    if constexpr (kMode == RsqrtMode::kTable) {
        // rsqrt_table_lookup: normal positive s from the cells, every other lane out of line.
        const __m256i bits = _mm256_castps_si256(s);
        const __m256i flip = _mm256_set1_epi32(static_cast<int>(0x80000000u));
        const __m256i biased = _mm256_xor_si256(_mm256_sub_epi32(bits, _mm256_set1_epi32(0x00800000)), flip);
        const __m256i special =
            _mm256_cmpgt_epi32(biased, _mm256_set1_epi32(static_cast<int>(0x7EFFFFFFu ^ 0x80000000u)));
        const __m256i exponent = _mm256_srli_epi32(bits, 23);
        const __m256i parity = _mm256_and_si256(exponent, _mm256_set1_epi32(1));
        const __m256i top = _mm256_and_si256(_mm256_srli_epi32(bits, 13), _mm256_set1_epi32(1023));
        const __m256i cell = _mm256_or_si256(_mm256_slli_epi32(parity, 10), top);  // below 2048 in every lane
        const __m256i r0 = _mm256_i32gather_epi32(reinterpret_cast<const int*>(cells), cell, 4);
        // k = (exponent − (parity ? 127 : 128)) / 2, an even difference for a normal s: exact by a shift.
        const __m256i k =
            _mm256_srai_epi32(_mm256_add_epi32(_mm256_sub_epi32(exponent, _mm256_set1_epi32(128)), parity), 1);
        __m256 r = _mm256_castsi256_ps(_mm256_sub_epi32(r0, _mm256_slli_epi32(k, 23)));
        const int out_of_line = _mm256_movemask_ps(_mm256_castsi256_ps(special));
        if (out_of_line != 0) {
            alignas(32) float in[kLanes], out[kLanes];
            _mm256_store_ps(in, s);
            _mm256_store_ps(out, r);
            for (std::uint32_t j = 0; j < kLanes; ++j)
                if (out_of_line & (1 << j)) out[j] = rsqrt_table_estimate(in[j]);
            r = _mm256_load_ps(out);
        }
        return r;
    } else if constexpr (kMode == RsqrtMode::kExact) {
        // rsqrt_exact: 1 ⁄ √s in double, rounded to single, four lanes at a time.
        const __m256d one = _mm256_set1_pd(1.0);
        const __m128 low =
            _mm256_cvtpd_ps(_mm256_div_pd(one, _mm256_sqrt_pd(_mm256_cvtps_pd(_mm256_castps256_ps128(s)))));
        const __m128 high =
            _mm256_cvtpd_ps(_mm256_div_pd(one, _mm256_sqrt_pd(_mm256_cvtps_pd(_mm256_extractf128_ps(s, 1)))));
        return _mm256_set_m128(high, low);
    } else {
        return _mm256_rsqrt_ps(s);  // rsqrt_host: the same estimate in every lane as rsqrtss
    }
}

MESHPROOF_TARGET_AVX2 inline __m256 newton_refine(__m256 r, __m256 s) {
    return _mm256_mul_ps(_mm256_sub_ps(_mm256_set1_ps(3.0f), _mm256_mul_ps(_mm256_mul_ps(r, s), r)),
                         _mm256_mul_ps(r, _mm256_set1_ps(0.5f)));
}

// Eight lanes of a Vec8 written into a Vec3f column at f, f + 1, ... (lanes in `lanes` only).
MESHPROOF_TARGET_AVX2 inline void scatter3(const Vec8& v, Vec3f* column, std::size_t first, std::size_t stride,
                                           unsigned lanes) {
    alignas(32) float x[kLanes], y[kLanes], z[kLanes];
    _mm256_store_ps(x, v.x);
    _mm256_store_ps(y, v.y);
    _mm256_store_ps(z, v.z);
    for (std::uint32_t j = 0; j < kLanes; ++j)
        if (lanes & (1u << j)) column[first + j * stride] = {x[j], y[j], z[j]};
}

// The raw normals of faces f0 to f0 + 7: as stored, or formed from the corners as raw_normal_of does.
MESHPROOF_TARGET_AVX2 inline Vec8 raw_normals(const FaceLoop& loop, std::uint32_t f0, __m256i face, bool stored) {
    if (stored) return gather3(loop.ws->raw_normal.data(), face);
    const InteriorWorkspace& ws = *loop.ws;
    const Vec8 a = corners(*loop.mesh, load_slots(ws.face_slot[0], f0));
    const Vec8 b = corners(*loop.mesh, load_slots(ws.face_slot[1], f0));
    const Vec8 c = corners(*loop.mesh, load_slots(ws.face_slot[2], f0));
    return cross(sub(b, a), sub(c, a));
}

}  // namespace

template <RsqrtMode kMode>
MESHPROOF_TARGET_AVX2 void normals_avx2(const FaceLoop& loop) {
    if (loop.faces > kMostFaces) return normals_baseline<kMode>(loop);
    const std::uint32_t* cells = Estimator<kMode>{}.cells;
    InteriorWorkspace& ws = *loop.ws;
    const std::uint32_t whole = loop.faces - loop.faces % kLanes;
    for (std::uint32_t f0 = 0; f0 < whole; f0 += kLanes) {
        const __m256i face = _mm256_add_epi32(_mm256_set1_epi32(static_cast<int>(f0)), lane_numbers());
        const Vec8 n = raw_normals(loop, f0, face, loop.raw_ready);
        const __m256 s = squared_length(n);
        const __m256 r = newton_refine(estimate<kMode>(cells, s), s);
        const Vec8 unit = scale(n, r);
        const __m256 weight = loop.length == NormalLength::kSqrt ? _mm256_sqrt_ps(s) : _mm256_mul_ps(s, r);
        if (loop.keep && !loop.raw_ready) scatter3(n, ws.raw_normal.data(), f0, 1, 0xFFu);
        scatter3(unit, ws.unit_normal.data(), f0, 1, 0xFFu);
        _mm256_storeu_ps(ws.weight.data() + f0, weight);
        if (loop.note) {
            const int in_range = _mm256_movemask_ps(in_estimate_free_range(s));
            for (std::uint32_t j = 0; j < kLanes; ++j)
                ws.estimate_free[f0 + j] = (in_range >> j) & 1 ? InteriorWorkspace::kNormalInRange : 0;
        }
        const unsigned redo = nan_lanes(n) | nan_lanes(unit) | nan_lanes({weight, weight, weight});
        for (std::uint32_t j = 0; redo != 0 && j < kLanes; ++j)
            if ((redo >> j) & 1u) face_normal_by_baseline<kMode>(loop, f0 + j);
    }
    for (std::uint32_t f = whole; f < loop.faces; ++f) face_normal_by_baseline<kMode>(loop, f);
}

template <RsqrtMode kMode>
MESHPROOF_TARGET_AVX2 void convex_edges_avx2(const FaceLoop& loop) {
    if (loop.faces > kMostFaces) return convex_edges_baseline<kMode>(loop);
    const std::uint32_t* cells = Estimator<kMode>{}.cells;
    InteriorWorkspace& ws = *loop.ws;
    std::uint8_t* free_faces = ws.estimate_free.data();
    const Vec3f* unit = ws.unit_normal.data();
    const std::uint32_t whole = loop.faces - loop.faces % kLanes;
    for (std::uint32_t f0 = 0; f0 < whole; f0 += kLanes) {
        for (std::uint32_t j = 0; j < kLanes; ++j) prefetch_neighbour_normals(ws, f0 + j);
        // The lanes taken whole: complete triangles whose edges are not copied.
        unsigned lanes = 0, same = 0;
        alignas(32) std::int32_t lane_mask[kLanes];
        for (std::uint32_t j = 0; j < kLanes; ++j) {
            const std::uint32_t f = f0 + j;
            const bool copied = loop.copy_free && (free_faces[f] & InteriorWorkspace::kSameUnderAnyEstimate);
            const bool taken = ws.face_complete[f] && ws.face_corners[f] == 3 && !copied;
            lane_mask[j] = taken ? -1 : 0;
            lanes |= taken ? 1u << j : 0u;
            if (loop.note && (free_faces[f] & InteriorWorkspace::kNormalInRange)) same |= 1u << j;
        }
        if (lanes == 0) {
            for (std::uint32_t j = 0; j < kLanes; ++j) face_convex_edges_by_baseline<kMode>(loop, f0 + j);
            continue;
        }
        const __m256i taken = _mm256_load_si256(reinterpret_cast<const __m256i*>(lane_mask));
        const __m256i face = _mm256_add_epi32(_mm256_set1_epi32(static_cast<int>(f0)), lane_numbers());
        const Vec8 n = raw_normals(loop, f0, face, loop.keep);
        const Vec8 own = gather3(unit, face);
        Vec8 corner[3];
        if (!loop.raw_ready)
            for (int k = 0; k < 3; ++k) corner[k] = corners(*loop.mesh, load_slots(ws.face_slot[k], f0));
        unsigned convex[3];
        __m256 blocked = _mm256_setzero_ps();
        for (std::uint32_t k = 0; k < 3; ++k) {
            const __m256i edge_number =
                _mm256_add_epi32(_mm256_slli_epi32(face, 2), _mm256_set1_epi32(static_cast<int>(k)));
            // An incomplete lane's kNoFace is never read: those lanes fetch face 0.
            const __m256i g = _mm256_and_si256(
                _mm256_i32gather_epi32(reinterpret_cast<const int*>(ws.edge_neighbour.data()), edge_number, 4), taken);
            Vec8 edge;
            if (loop.raw_ready) {
                edge = gather3(ws.edge_vector.data(), edge_number);
            } else {
                edge = sub(corner[k + 1 == 3 ? 0 : k + 1], corner[k]);
                if (loop.keep) {
                    scatter3(edge, ws.edge_vector.data(), std::size_t{f0} * 4 + k, 4, lanes);
                    lanes &= ~nan_lanes(edge);  // stored: redone by the baseline below
                }
            }
            const Vec8 m = gather3(unit, g);
            const __m256 s = squared_length(edge);
            const __m256 r = newton_refine(estimate<kMode>(cells, s), s);
            const Vec8 e = scale(edge, r);
            const __m256 v = dot(e, cross(n, m));
            const __m256 is_convex = _mm256_cmp_ps(v, _mm256_set1_ps(kConvexEpsilon), _CMP_GT_OQ);
            const __m256 d = dot(own, m);
            blocked =
                _mm256_or_ps(blocked, _mm256_and_ps(is_convex, _mm256_cmp_ps(d, _mm256_set1_ps(kCos70), _CMP_LT_OQ)));
            convex[k] = static_cast<unsigned>(_mm256_movemask_ps(is_convex));
            if (!loop.note) continue;
            alignas(32) std::uint32_t across[kLanes];
            _mm256_store_si256(reinterpret_cast<__m256i*>(across), g);
            unsigned across_in_range = 0;
            for (std::uint32_t j = 0; j < kLanes; ++j)
                if (free_faces[across[j]] & InteriorWorkspace::kNormalInRange) across_in_range |= 1u << j;
            const __m256 edge_far = _mm256_and_ps(in_estimate_free_range(s),
                                                  far_from(v, kConvexEpsilon, triple_magnitude(e, n, m), loop.margin));
            same &= static_cast<unsigned>(_mm256_movemask_ps(edge_far)) & across_in_range;
            const __m256 normal_far = far_from(d, kCos70, dot_magnitude(own, m), loop.margin);
            same &= ~convex[k] | static_cast<unsigned>(_mm256_movemask_ps(normal_far));
        }
        const unsigned blocked_lanes = static_cast<unsigned>(_mm256_movemask_ps(blocked));
        for (std::uint32_t j = 0; j < kLanes; ++j) {
            const std::uint32_t f = f0 + j;
            if (!(lanes & (1u << j))) {
                face_convex_edges_by_baseline<kMode>(loop, f);
                continue;
            }
            const std::uint8_t mask = static_cast<std::uint8_t>(((convex[0] >> j) & 1u) | ((convex[1] >> j) & 1u) << 1 |
                                                                ((convex[2] >> j) & 1u) << 2);
            if ((same >> j) & 1u) free_faces[f] |= InteriorWorkspace::kSameUnderAnyEstimate;
            ws.convex_mask[f] = mask;
            ws.blocked[f] = (blocked_lanes >> j) & 1u;
            add_convex_edges(ws, f, InteriorWorkspace::convex_count(mask));
        }
    }
    for (std::uint32_t f = whole; f < loop.faces; ++f) {
        prefetch_neighbour_normals(ws, f);
        face_convex_edges_by_baseline<kMode>(loop, f);
    }
}

template void normals_avx2<RsqrtMode::kTable>(const FaceLoop&);
template void normals_avx2<RsqrtMode::kExact>(const FaceLoop&);
template void normals_avx2<RsqrtMode::kHostRsqrtps>(const FaceLoop&);
template void convex_edges_avx2<RsqrtMode::kTable>(const FaceLoop&);
template void convex_edges_avx2<RsqrtMode::kExact>(const FaceLoop&);
template void convex_edges_avx2<RsqrtMode::kHostRsqrtps>(const FaceLoop&);

}  // namespace meshproof::rules::interior_detail

#endif
