// The f32 boxes the builder works with (min and max per axis).
#pragma once

#include <algorithm>
#include <array>
#include <limits>

namespace meshproof::builder {

struct Aabb {
    std::array<float, 3> min{std::numeric_limits<float>::max(), std::numeric_limits<float>::max(),
                             std::numeric_limits<float>::max()};
    std::array<float, 3> max{-std::numeric_limits<float>::max(), -std::numeric_limits<float>::max(),
                             -std::numeric_limits<float>::max()};

    void add(float x, float y, float z) {
        min[0] = std::min(min[0], x);
        min[1] = std::min(min[1], y);
        min[2] = std::min(min[2], z);
        max[0] = std::max(max[0], x);
        max[1] = std::max(max[1], y);
        max[2] = std::max(max[2], z);
    }
    void add(const Aabb& b) {
        for (int a = 0; a < 3; ++a) {
            min[a] = std::min(min[a], b.min[a]);
            max[a] = std::max(max[a], b.max[a]);
        }
    }
    bool empty() const { return min[0] > max[0]; }
    // Grown by r on every side, in f32.
    Aabb grown(float r) const {
        Aabb g;
        for (int a = 0; a < 3; ++a) {
            g.min[a] = min[a] - r;
            g.max[a] = max[a] + r;
        }
        return g;
    }
    // The sum of the products of the extents (the document's surface measure).
    float surface() const {
        const float ex = max[0] - min[0], ey = max[1] - min[1], ez = max[2] - min[2];
        return ex * ey + ey * ez + ez * ex;
    }
};

}  // namespace meshproof::builder
