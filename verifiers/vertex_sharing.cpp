#include "verifiers/vertex_sharing.h"

#include <algorithm>
#include <cmath>

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

// The coordinate rounded to a millimetre, biased by 2³¹ into 32 bits (false: NaN, infinite, or
// past ±2³¹ mm).
bool millimetres(float coordinate, std::uint64_t& out) {
    const double mm = std::nearbyint(static_cast<double>(coordinate) * 1000.0);
    if (!(std::fabs(mm) < 2147483647.0)) return false;
    out = static_cast<std::uint64_t>(static_cast<std::int64_t>(mm) + 2147483648LL);
    return true;
}

}  // namespace

PackedSharing packed_position_sharing(const mesh::DecodedMesh& m, std::vector<PackedPosition>& scratch) {
    scratch.clear();
    const mesh::DecodedVertices& v = m.vertices;
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (v.kind[i] != mesh::VertexKind::kPacked) continue;
        std::uint64_t x, y, z;
        if (millimetres(v.x[i], x) && millimetres(v.y[i], y) && millimetres(v.z[i], z))
            scratch.push_back({x << 32 | y, z << 32 | v.section[i]});
    }
    std::sort(scratch.begin(), scratch.end(), [](const PackedPosition& a, const PackedPosition& b) {
        return a.xy != b.xy ? a.xy < b.xy : a.z_section < b.z_section;
    });
    auto same_place = [](const PackedPosition& a, const PackedPosition& b) { return a.xy == b.xy && (a.z_section >> 32) == (b.z_section >> 32); };
    PackedSharing out;
    for (std::size_t i = 0; i < scratch.size();) {
        std::size_t j = i + 1;
        bool two = false;
        for (; j < scratch.size() && same_place(scratch[j], scratch[i]); ++j)
            two = two || scratch[j].z_section != scratch[i].z_section;
        ++out.positions;
        out.in_two_sections += two;
        i = j;
    }
    return out;
}

}  // namespace meshproof::verifiers
