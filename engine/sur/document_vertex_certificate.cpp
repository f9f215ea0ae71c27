// A vertex shown kept by a supporting plane of the others; see the header.
#include "engine/sur/document_vertex_certificate.h"

#include <algorithm>
#include <cmath>

#include "engine/sur/double3.h"

namespace meshproof::sur {
namespace {

using V3 = double3::Vec;
using double3::cross;
using double3::dot;
using double3::norm;
using double3::sub;
using double3::widen;

// How far a face's plane may tilt within the build tolerance grows with the vertex's distance
// over the triangle's thinnest height; past this ratio the plane is not trusted.
constexpr double kMaxReach = 512;

// The plane through a, b, c (three of the others) shows points[i] kept.
bool supports_below(std::span<const HullPoint> points, std::uint32_t i, const HullPoint& a, const HullPoint& b,
                    const HullPoint& c, double eps, float build_tol) {
    const V3 pa = widen(a), ab = sub(widen(b), pa), ac = sub(widen(c), pa);
    V3 n = cross(ab, ac);
    const double len = norm(n);
    if (!(len > 0)) return false;
    const V3 p = sub(widen(points[i]), pa);
    double above = dot(n, p) / len;
    if (above < 0) {
        n = {-n[0], -n[1], -n[2]};
        above = -above;
    }
    if (!(above > 2 * eps)) return false;
    // Thinnest height len / longest edge, against the vertex's reach from a.
    const double longest = std::max({norm(ab), norm(ac), norm(sub(ac, ab))});
    if (!(len * kMaxReach > longest * norm(p))) return false;
    for (std::uint32_t j = 0; j < points.size(); ++j)
        if (j != i && dot(n, sub(widen(points[j]), pa)) / len > double(build_tol)) return false;
    return true;
}

}  // namespace

bool document_vertex_certified(std::span<const HullPoint> points, std::uint32_t i, std::span<const std::uint32_t> ring,
                               std::span<const std::uint32_t> inner, double eps, float build_tol,
                               DocumentCertificateScratch& s) {
    const std::size_t m = ring.size();
    if (m < 3) return false;
    // The ring's ears: three neighbours in a row.
    for (std::size_t k = 0; k < m; ++k)
        if (supports_below(points, i, points[ring[(k + m - 1) % m]], points[ring[k]], points[ring[(k + 1) % m]], eps,
                           build_tol))
            return true;
    // The faces of the hull of the ring and the inner points.
    s.local.clear();
    for (std::uint32_t v : ring) s.local.push_back(points[v]);
    for (std::uint32_t v : inner) s.local.push_back(points[v]);
    HullOptions o;
    o.fixed_tolerance = build_tol;
    const HullResult h = convex_hull(s.local, o, s.ws);
    if (!h.ok()) return false;
    for (const auto& f : h->faces)
        if (supports_below(points, i, s.local[f[0]], s.local[f[1]], s.local[f[2]], eps, build_tol)) return true;
    return false;
}

}  // namespace meshproof::sur
