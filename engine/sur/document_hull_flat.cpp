// The document generator's flat and rebuilt tests (sur-document-readings.md §2), written from
// the note's rules; double throughout, as the generator (JavaScript numbers) computes.
#include "engine/sur/document_hull_flat.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "engine/sur/double3.h"

namespace meshproof::sur {
namespace {

using double3::cross;
using double3::dot;
using double3::norm;
using double3::sub;

}  // namespace

std::vector<DocPoint> document_hull_input(std::span<const HullPoint> points) {
    std::vector<DocPoint> out;
    out.reserve(points.size());
    for (const HullPoint& p : points) {
        const DocPoint d{double(p[0]), double(p[1]), double(p[2])};
        bool seen = false;
        for (const DocPoint& q : out) seen = seen || (q[0] == d[0] && q[1] == d[1] && q[2] == d[2]);
        if (!seen) out.push_back(d);
    }
    return out;
}

double document_hull_eps(std::span<const DocPoint> points) {
    double m = 0;
    for (const DocPoint& p : points)
        for (double c : p) m = std::max(m, std::abs(c));
    if (m == 0) return 1e-5;
    // m = f · 2^e with f in [0.5, 1): ⌊log₂ m⌋ = e − 1, exactly (no log2 rounding at a power of two).
    int e = 0;
    std::frexp(m, &e);
    return std::ldexp(1.0, e - 1 - 23);
}

bool document_axis_flat(std::span<const DocPoint> points, double eps) {
    for (int k = 0; k < 3; ++k) {
        double lo = DBL_MAX, hi = -DBL_MAX;
        for (const DocPoint& p : points) {
            if (p[k] < lo - kDocumentAxisTie) lo = p[k];
            if (p[k] > hi + kDocumentAxisTie) hi = p[k];
        }
        if (hi - lo <= eps) return true;
    }
    return false;
}

DocumentSeed document_seed(std::span<const DocPoint> points, double eps) {
    using Stage = DocumentSeed::Stage;
    DocumentSeed s;
    const std::size_t n = points.size();
    double far = -1;
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j)
            if (const double d = norm(sub(points[j], points[i])); d > far) {
                far = d;
                s.a = i;
                s.b = j;
            }
    if (!(far > eps)) return s;
    const DocPoint& a = points[s.a];
    const DocPoint ab = sub(points[s.b], a);
    const double ab_len = norm(ab);
    far = -1;
    for (std::size_t i = 0; i < n; ++i)
        if (const double d = norm(cross(ab, sub(points[i], a))) / ab_len; d > far) {
            far = d;
            s.c = i;
        }
    s.stage = Stage::kLine;
    if (!(far > eps)) return s;
    s.stage = Stage::kPlane;
    DocPoint nrm = cross(ab, sub(points[s.c], a));
    const double len = norm(nrm);
    nrm = {nrm[0] / len, nrm[1] / len, nrm[2] / len};
    for (const DocPoint& p : points)
        if (std::abs(dot(nrm, sub(p, a))) > eps) {
            s.stage = Stage::kFound;
            break;
        }
    return s;
}

DocumentHullClass document_hull_class(std::span<const DocPoint> points) {
    if (points.size() < 4) return DocumentHullClass::kTooFewPoints;
    const double eps = document_hull_eps(points);
    if (document_axis_flat(points, eps)) return DocumentHullClass::kFlatAxis;
    if (!document_seed(points, eps).found()) return DocumentHullClass::kFlatSeed;
    return DocumentHullClass::kRebuilt;
}

}  // namespace meshproof::sur
