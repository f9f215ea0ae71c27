// The stock tool's degenerate-triangle test (havok-compressed-mesh.txt, "A test that the stock
// tool applies to a triangle before keeping it"): "degenerate when the sum of the squares of the
// components of its edge cross product, worked out from either of its first two vertices in f32,
// is under a threshold of 10⁻⁷, or when its points are exactly collinear by |u|² |v|² − (u · v)²
// = 0 in f32". Shared by the degenerate pass (which counts kept triangles it calls degenerate)
// and the builder (which drops them). Single precision in the order written (the build has
// -ffp-contract=off).
#pragma once

#include <algorithm>

namespace meshproof::rules {

struct V3f {
    float x, y, z;
};

inline V3f sub(V3f a, V3f b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline float dot(V3f u, V3f v) { return u.x * v.x + u.y * v.y + u.z * v.z; }
inline float cross_sq(V3f u, V3f v) {
    const float cx = u.y * v.z - u.z * v.y;
    const float cy = u.z * v.x - u.x * v.z;
    const float cz = u.x * v.y - u.y * v.x;
    return cx * cx + cy * cy + cz * cz;
}

// The sum from corner a ((b − a) × (c − a)) and from corner b ((c − b) × (a − b)), the smaller.
inline float smaller_cross_sq(V3f a, V3f b, V3f c) {
    return std::min(cross_sq(sub(b, a), sub(c, a)), cross_sq(sub(c, b), sub(a, b)));
}
inline bool exactly_collinear(V3f a, V3f b, V3f c) {
    const V3f u = sub(b, a), v = sub(c, a);
    const float uv = dot(u, v);
    return dot(u, u) * dot(v, v) - uv * uv == 0.0f;
}

inline constexpr float kDegenerateThreshold = 1e-7f;

inline bool is_degenerate(V3f a, V3f b, V3f c) {
    return smaller_cross_sq(a, b, c) < kDegenerateThreshold || exactly_collinear(a, b, c);
}

}  // namespace meshproof::rules
