#include "engine/mesh/vertex_codec.h"

#include <cmath>
#include <limits>

namespace meshproof::mesh {
namespace {

std::uint32_t code_of(float v, float offset, float scale, std::uint32_t top) {
    if (!(scale > 0.0f)) return 0;
    const double c = std::nearbyint((static_cast<double>(v) - offset) / scale);
    if (c <= 0) return 0;
    if (c >= top) return top;
    return static_cast<std::uint32_t>(c);
}

}  // namespace

std::array<float, 6> packed_codec_parms(const Box& box) {
    if (is_unfilled(box)) {
        const float big = std::numeric_limits<float>::max(), inf = std::numeric_limits<float>::infinity();
        return {big, big, big, -inf, -inf, -inf};
    }
    const float steps[3] = {2047.0f, 2047.0f, 1023.0f};
    std::array<float, 6> c{};
    for (int a = 0; a < 3; ++a) {
        c[a] = box.min[a];
        const float extent = box.max[a] - box.min[a];
        c[3 + a] = extent / steps[a];
    }
    return c;
}

std::uint32_t quantise_packed(const std::array<float, 6>& p, float x, float y, float z) {
    const std::uint32_t cx = code_of(x, p[0], p[3], 2047), cy = code_of(y, p[1], p[4], 2047),
                        cz = code_of(z, p[2], p[5], 1023);
    return cx | (cy << 11) | (cz << 22);
}

std::uint64_t quantise_shared(const SharedVertexCodec& c, float x, float y, float z) {
    const std::uint64_t cx = code_of(x, c.offset[0], c.scale[0], 0x1FFFFF);
    const std::uint64_t cy = code_of(y, c.offset[1], c.scale[1], 0x1FFFFF);
    const std::uint64_t cz = code_of(z, c.offset[2], c.scale[2], 0x3FFFFF);
    return cx | (cy << 21) | (cz << 42);
}

}  // namespace meshproof::mesh
