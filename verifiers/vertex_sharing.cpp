#include "verifiers/vertex_sharing.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace meshproof::verifiers {

SharedUse shared_vertex_use(const mesh::DecodedMesh& m, std::vector<std::uint32_t>& last, std::vector<std::uint8_t>& users) {
    SharedUse use;
    use.entries = m.shared_vertex_count;
    last.assign(m.shared_vertex_count, mesh::kNone);
    users.assign(m.shared_vertex_count, 0);
    const mesh::DecodedVertices& v = m.vertices;
    // Slots are stored section after section, so a section that lists an entry twice meets it
    // again before any other section does: `last` tells a new user from a repeat.
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (v.kind[i] != mesh::VertexKind::kShared) continue;
        const std::uint32_t e = v.source[i];
        if (e >= last.size() || last[e] == v.section[i]) continue;
        last[e] = v.section[i];
        if (users[e] < 2) ++users[e];
    }
    for (std::uint8_t u : users) use.single_section += u == 1;
    return use;
}

namespace {

bool millimetres(float coordinate, std::int64_t& out) {
    const double mm = static_cast<double>(coordinate) * 1000.0;
    if (!(std::fabs(mm) < 9.2e15)) return false;  // NaN, infinite, or past what an int64 holds
    out = std::llround(mm);
    return true;
}

}  // namespace

PackedSharing packed_position_sharing(const mesh::DecodedMesh& m, std::vector<PackedPosition>& scratch) {
    scratch.clear();
    const mesh::DecodedVertices& v = m.vertices;
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (v.kind[i] != mesh::VertexKind::kPacked) continue;
        PackedPosition p{0, 0, 0, v.section[i]};
        if (millimetres(v.x[i], p.x) && millimetres(v.y[i], p.y) && millimetres(v.z[i], p.z)) scratch.push_back(p);
    }
    auto key = [](const PackedPosition& p) { return std::tie(p.x, p.y, p.z, p.section); };
    std::sort(scratch.begin(), scratch.end(), [&](const PackedPosition& a, const PackedPosition& b) { return key(a) < key(b); });
    PackedSharing out;
    for (std::size_t i = 0; i < scratch.size();) {
        std::size_t j = i + 1;
        bool two = false;
        for (; j < scratch.size() && scratch[j].x == scratch[i].x && scratch[j].y == scratch[i].y && scratch[j].z == scratch[i].z; ++j)
            two = two || scratch[j].section != scratch[i].section;
        ++out.positions;
        out.in_two_sections += two;
        i = j;
    }
    return out;
}

}  // namespace meshproof::verifiers
