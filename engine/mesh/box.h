// The one f32 box (min and max per axis) of every floor from mesh up: what the decoders give
// (a node's decoded box, a section's domain) and what the builder grows and encodes.
#pragma once

#include <algorithm>
#include <array>
#include <limits>

namespace meshproof::mesh {

// Value-initialised to zeros, as the decoders fill it.
struct Box {
    std::array<float, 3> min{};
    std::array<float, 3> max{};
};

// A box nothing has been added to: min the largest float, max the lowest, so the first point
// added is the box; one still unfilled keeps those bounds wherever it is written.
inline Box unfilled_box() {
    constexpr float big = std::numeric_limits<float>::max();
    return {{big, big, big}, {-big, -big, -big}};
}
inline bool is_unfilled(const Box& b) { return b.min[0] > b.max[0]; }

// Grown to hold the point / the other box.
inline void extend(Box& b, float x, float y, float z) {
    b.min[0] = std::min(b.min[0], x);
    b.min[1] = std::min(b.min[1], y);
    b.min[2] = std::min(b.min[2], z);
    b.max[0] = std::max(b.max[0], x);
    b.max[1] = std::max(b.max[1], y);
    b.max[2] = std::max(b.max[2], z);
}
inline void extend(Box& b, const Box& o) {
    for (int a = 0; a < 3; ++a) {
        b.min[a] = std::min(b.min[a], o.min[a]);
        b.max[a] = std::max(b.max[a], o.max[a]);
    }
}

// Grown by r on every side, in f32.
inline Box grown_by(const Box& b, float r) {
    Box g;
    for (int a = 0; a < 3; ++a) {
        g.min[a] = b.min[a] - r;
        g.max[a] = b.max[a] + r;
    }
    return g;
}

}  // namespace meshproof::mesh
