#include "verifiers/box_shapes.h"

#include <algorithm>
#include <cmath>

#include "verifiers/f32_tolerance.h"

namespace meshproof::verifiers {

std::optional<BoxMeasure> measure_box(const mesh::DecodedExternShapes& shapes, std::size_t s) {
    if (s >= shapes.shape_count() || shapes.type[s] != tagfile::ShapeType::kBox) return std::nullopt;
    const std::size_t p0 = shapes.first_plane[s], planes = shapes.plane_count[s];
    if (planes != 6) return std::nullopt;
    auto normal = [&](std::size_t p) {
        return std::array<float, 3>{shapes.plane_x[p0 + p], shapes.plane_y[p0 + p], shapes.plane_z[p0 + p]};
    };
    BoxMeasure out;
    std::array<int, 6> partner{-1, -1, -1, -1, -1, -1};
    std::size_t pairs = 0;
    for (std::size_t i = 0; i < 6; ++i) {
        if (partner[i] >= 0) continue;
        const auto n = normal(i);
        for (std::size_t j = i + 1; j < 6; ++j) {
            const auto m = normal(j);
            if (partner[j] < 0 && m[0] == -n[0] && m[1] == -n[1] && m[2] == -n[2]) {
                partner[i] = static_cast<int>(j);
                partner[j] = static_cast<int>(i);
                break;
            }
        }
        if (partner[i] < 0 || pairs == 3) return std::nullopt;
        out.extent[pairs++] =
            -(static_cast<double>(shapes.plane_w[p0 + i]) + static_cast<double>(shapes.plane_w[p0 + partner[i]]));
    }
    out.size = std::max({out.extent[0], out.extent[1], out.extent[2]});
    out.flat = shapes.convex_radius[s] == 0.0f && (out.extent[0] == 0 || out.extent[1] == 0 || out.extent[2] == 0);

    const std::size_t v0 = shapes.first_vertex[s], vertices = shapes.vertex_count[s];
    std::array<double, 3> sum{};
    for (std::size_t v = v0; v < v0 + vertices; ++v) {
        sum[0] += shapes.vertex_x[v];
        sum[1] += shapes.vertex_y[v];
        sum[2] += shapes.vertex_z[v];
    }
    if (vertices > 0) {
        const double n = static_cast<double>(vertices);
        out.distance =
            std::sqrt((sum[0] / n) * (sum[0] / n) + (sum[1] / n) * (sum[1] / n) + (sum[2] / n) * (sum[2] / n));
    }

    // Each face against its own plane (face f, plane f), by the face's own vertices.
    if (shapes.face_count[s] == planes) {
        const std::size_t f0 = shapes.first_face[s], i0 = shapes.first_index[s];
        for (std::size_t f = 0; f < planes; ++f) {
            const double nx = shapes.plane_x[p0 + f], ny = shapes.plane_y[p0 + f], nz = shapes.plane_z[p0 + f];
            const double w = shapes.plane_w[p0 + f];
            const std::size_t first = i0 + shapes.face_first_index[f0 + f];
            for (std::size_t k = first; k < first + shapes.face_num_indices[f0 + f]; ++k) {
                const std::size_t v = v0 + shapes.index[k];
                const double x = shapes.vertex_x[v], y = shapes.vertex_y[v], z = shapes.vertex_z[v];
                const double miss = std::fabs(nx * x + ny * y + nz * z + w);
                const double unit = f32_ulp(std::max({std::fabs(x), std::fabs(y), std::fabs(z)}));
                out.plane_miss_ulp = std::max(out.plane_miss_ulp, miss / unit);
            }
        }
    }
    out.thin = out.flat && out.plane_miss_ulp > 0;
    return out;
}

}  // namespace meshproof::verifiers
