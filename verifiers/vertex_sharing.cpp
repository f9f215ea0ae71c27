#include "verifiers/vertex_sharing.h"

#include <cmath>

namespace meshproof::verifiers {

SharedUse shared_vertex_use(const mesh::DecodedMesh& m, std::vector<std::uint32_t>& last,
                            std::vector<std::uint8_t>& users) {
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

// One pass over the packed vertices with a hash table of positions (linear probing, at most half
// full): each position's first section, and a mark once a vertex of another section lands there.
// Not rules::number_by_first_use on the positions followed by a pass over the numbers: that form
// (tried) gives the same counts but made the structure pass 40–60 % dearer on the Elden Ring slice
// (0.072 -> 0.10–0.12 thread-s), the section test being done in the probe here.
// The counts are the table's size and its marks, whatever the order of the slots.
PackedSharing packed_position_sharing(const mesh::DecodedMesh& m, PositionTable& table) {
    const mesh::DecodedVertices& v = m.vertices;
    std::size_t packed = 0;
    for (std::size_t i = 0; i < v.size(); ++i) packed += v.kind[i] == mesh::VertexKind::kPacked;
    std::size_t capacity = 16;
    while (capacity < 2 * packed) capacity *= 2;
    table.slots.assign(capacity, PackedPosition{});
    const std::size_t mask = capacity - 1;
    PackedSharing out;
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (v.kind[i] != mesh::VertexKind::kPacked) continue;
        std::uint64_t x, y, z;
        if (!(millimetres(v.x[i], x) && millimetres(v.y[i], y) && millimetres(v.z[i], z))) continue;
        const std::uint64_t xy = x << 32 | y;
        const auto z32 = static_cast<std::uint32_t>(z);
        const std::uint32_t section = v.section[i];
        std::uint64_t h = (xy ^ (std::uint64_t{z32} * 0x9E3779B97F4A7C15ull)) * 0xC2B2AE3D27D4EB4Full;
        h ^= h >> 29;
        for (std::size_t at = h & mask;; at = (at + 1) & mask) {
            PackedPosition& slot = table.slots[at];
            if (!slot.used) {
                slot = {xy, z32, section, true, false};
                ++out.positions;
                break;
            }
            if (slot.xy != xy || slot.z != z32) continue;
            if (slot.section != section && !slot.in_two_sections) {
                slot.in_two_sections = true;
                ++out.in_two_sections;
            }
            break;
        }
    }
    return out;
}

}  // namespace meshproof::verifiers
