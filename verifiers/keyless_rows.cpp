#include "verifiers/keyless_rows.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "engine/rules/degenerate_triangle.h"
#include "engine/mesh/vertex_codec.h"

namespace meshproof::verifiers {
namespace {

using mesh::DecodedMesh;
using mesh::kNone;
using rules::V3f;

V3f position(const DecodedMesh& m, std::uint32_t slot) {
    return {m.vertices.x[slot], m.vertices.y[slot], m.vertices.z[slot]};
}
std::array<std::uint32_t, 3> bits(V3f p) {
    return {std::bit_cast<std::uint32_t>(p.x), std::bit_cast<std::uint32_t>(p.y), std::bit_cast<std::uint32_t>(p.z)};
}
bool same(V3f a, V3f b) { return bits(a) == bits(b); }

// The triangle kept row r became, or kNone for a key-less row (see the header).
std::uint32_t kept_triangle(const DecodedMesh& m, std::size_t r) {
    if (r >= m.row_triangle.size()) return kNone;
    const std::uint32_t tri = m.row_triangle[r];
    return tri < m.triangles.size() ? tri : kNone;
}

// Source vertex index → the vertex slot of the first kept row corner naming it: a dense array
// where the indices are few (as in every file seen), else a sorted list searched by halving.
class SourceVertices {
public:
    SourceVertices(const DecodedMesh& m, std::size_t rows, KeylessScratch& s, KeylessRowCounts& out) : s_(s) {
        std::uint32_t largest = 0;
        std::uint64_t corners = 0;
        for (std::size_t r = 0; r < rows; ++r) {
            if (kept_triangle(m, r) == kNone) continue;
            corners += 3;
            for (int k = 0; k < 3; ++k) largest = std::max(largest, m.row_vertex_index[k][r]);
        }
        dense_ = corners > 0 && largest < 4 * corners + 1024;
        s_.dense.clear();
        s_.sorted.clear();
        if (dense_) s_.dense.assign(std::size_t{largest} + 1, kNone);
        for (std::size_t r = 0; r < rows; ++r) {
            const std::uint32_t tri = kept_triangle(m, r);
            if (tri == kNone) continue;
            for (int k = 0; k < 3; ++k) {
                const std::uint32_t index = m.row_vertex_index[k][r], slot = m.triangles.vertex[k][tri];
                if (!dense_) {
                    s_.sorted.push_back(std::uint64_t{index} << 32 | slot);
                    continue;
                }
                std::uint32_t& first = s_.dense[index];
                if (first == kNone) first = slot;
                else if (!same(position(m, first), position(m, slot))) ++out.kept_corners_off_first_position;
            }
        }
        if (dense_) return;
        // stable: the first corner of each index in row order stays first in its group.
        std::stable_sort(s_.sorted.begin(), s_.sorted.end(),
                         [](std::uint64_t a, std::uint64_t b) { return (a >> 32) < (b >> 32); });
        std::size_t w = 0;
        for (std::size_t i = 0; i < s_.sorted.size(); ++i) {
            if (w > 0 && (s_.sorted[w - 1] >> 32) == (s_.sorted[i] >> 32)) {
                if (!same(position(m, static_cast<std::uint32_t>(s_.sorted[w - 1])),
                          position(m, static_cast<std::uint32_t>(s_.sorted[i]))))
                    ++out.kept_corners_off_first_position;
                continue;
            }
            s_.sorted[w++] = s_.sorted[i];
        }
        s_.sorted.resize(w);
    }

    std::uint32_t slot(std::uint32_t index) const {
        if (dense_) return index < s_.dense.size() ? s_.dense[index] : kNone;
        const auto it = std::lower_bound(s_.sorted.begin(), s_.sorted.end(), std::uint64_t{index} << 32);
        return it != s_.sorted.end() && (*it >> 32) == index ? static_cast<std::uint32_t>(*it) : kNone;
    }

    // Calls f(index, slot) for every known source vertex.
    template <class F>
    void each(F&& f) const {
        if (dense_) {
            for (std::size_t i = 0; i < s_.dense.size(); ++i)
                if (s_.dense[i] != kNone) f(static_cast<std::uint32_t>(i), s_.dense[i]);
            return;
        }
        for (const std::uint64_t e : s_.sorted) f(static_cast<std::uint32_t>(e >> 32), static_cast<std::uint32_t>(e));
    }

private:
    KeylessScratch& s_;
    bool dense_ = false;
};

// The three positions as a set: sorted by their bits, flattened.
std::array<std::uint32_t, 9> triple(V3f a, V3f b, V3f c) {
    std::array<std::array<std::uint32_t, 3>, 3> p{bits(a), bits(b), bits(c)};
    std::sort(p.begin(), p.end());
    std::array<std::uint32_t, 9> t;
    for (int i = 0; i < 9; ++i) t[i] = p[i / 3][i % 3];
    return t;
}

float nearest_code_value(float p, float offset, float scale, std::uint32_t max_code) {
    auto decode = [&](std::uint32_t c) {
        const float scaled = static_cast<float>(c) * scale;
        return offset + scaled;
    };
    if (!std::isfinite(p) || !std::isfinite(scale) || scale == 0.0f || !std::isfinite(offset)) return decode(0);
    const double c = std::floor((static_cast<double>(p) - offset) / scale);
    const double lo = std::clamp(c - 1, 0.0, static_cast<double>(max_code));
    const double hi = std::clamp(c + 2, 0.0, static_cast<double>(max_code));
    float best = decode(static_cast<std::uint32_t>(lo));
    // f32 decoding rounds, so the code below and above the real quotient are both tried (ties: the lower code).
    for (auto code = static_cast<std::uint32_t>(lo) + 1; code <= static_cast<std::uint32_t>(hi); ++code) {
        const float v = decode(code);
        if (std::fabs(static_cast<double>(v) - p) < std::fabs(static_cast<double>(best) - p)) best = v;
    }
    return best;
}

// The section test on one passing row (the header's reading): whether the section holding most
// corners flags it, and whether any section holding one does.
struct Holder {
    std::uint32_t index, section, slot;
};

void section_test(const DecodedMesh& m, std::size_t r, const SourceVertices& known, KeylessScratch& s,
                  KeylessRowCounts& out) {
    const std::vector<std::uint64_t>& h = s.holders;  // index << 32 | section, sorted, one per pair
    std::pair<std::size_t, std::size_t> range[3];
    std::uint32_t index[3];
    s.candidate_sections.clear();
    for (int k = 0; k < 3; ++k) {
        index[k] = m.row_vertex_index[k][r];
        const auto lo = std::lower_bound(h.begin(), h.end(), std::uint64_t{index[k]} << 32);
        auto hi = lo;
        while (hi != h.end() && (*hi >> 32) == index[k]) ++hi;
        range[k] = {static_cast<std::size_t>(lo - h.begin()), static_cast<std::size_t>(hi - h.begin())};
        for (auto it = lo; it != hi; ++it) s.candidate_sections.push_back(static_cast<std::uint32_t>(*it));
    }
    std::sort(s.candidate_sections.begin(), s.candidate_sections.end());
    s.candidate_sections.erase(std::unique(s.candidate_sections.begin(), s.candidate_sections.end()),
                               s.candidate_sections.end());
    int best_held = 0;
    bool best_flags = false, any_flags = false;
    for (const std::uint32_t sec : s.candidate_sections) {
        V3f c[3];
        int held = 0;
        for (int k = 0; k < 3; ++k) {
            std::uint32_t slot = kNone;
            for (std::size_t i = range[k].first; i < range[k].second; ++i)
                if (static_cast<std::uint32_t>(h[i]) == sec) slot = s.holder_slot[i];
            if (slot != kNone) {
                ++held;
                c[k] = position(m, slot);
            } else {
                const V3f p = position(m, known.slot(index[k]));
                const auto q = nearest_on_section_grid(m, sec, {p.x, p.y, p.z});
                c[k] = {q[0], q[1], q[2]};
            }
        }
        const bool flags = rules::is_degenerate(c[0], c[1], c[2]);
        any_flags = any_flags || flags;
        if (held > best_held) best_held = held, best_flags = flags;  // ascending sections: a tie keeps the lower
    }
    out.section_test_flags += best_flags ? 1 : 0;
    out.any_section_flags += any_flags ? 1 : 0;
}

// "The same three positions as a kept row", "a repeated position" and the section test, for the
// passing rows of a mesh (few: the work here is paid only by the meshes that have some).
void passing_row_checks(const DecodedMesh& m, std::size_t rows, const SourceVertices& known, KeylessScratch& s,
                        KeylessRowCounts& out) {
    s.kept_triples.clear();
    for (std::size_t r = 0; r < rows; ++r) {
        const std::uint32_t tri = kept_triangle(m, r);
        if (tri == kNone) continue;
        s.kept_triples.push_back(triple(position(m, m.triangles.vertex[0][tri]),
                                        position(m, m.triangles.vertex[1][tri]),
                                        position(m, m.triangles.vertex[2][tri])));
    }
    std::sort(s.kept_triples.begin(), s.kept_triples.end());

    s.known_positions.clear();
    known.each([&](std::uint32_t index, std::uint32_t slot) {
        const auto b = bits(position(m, slot));
        s.known_positions.push_back({b[0], b[1], b[2], index});
    });
    std::sort(s.known_positions.begin(), s.known_positions.end());
    s.repeated_indices.clear();
    for (std::size_t i = 0; i < s.known_positions.size();) {
        std::size_t e = i + 1;
        auto at = [&](std::size_t j) {
            return std::array<std::uint32_t, 3>{s.known_positions[j][0], s.known_positions[j][1],
                                                s.known_positions[j][2]};
        };
        while (e < s.known_positions.size() && at(e) == at(i)) ++e;
        if (e - i > 1)
            for (std::size_t j = i; j < e; ++j) s.repeated_indices.push_back(s.known_positions[j][3]);
        i = e;
    }
    std::sort(s.repeated_indices.begin(), s.repeated_indices.end());

    // Sections holding the passing rows' source vertices, from the kept rows in row order.
    std::vector<std::uint32_t>& wanted = s.wanted_indices;
    wanted.clear();
    for (const std::uint32_t r : s.passing_rows)
        for (int k = 0; k < 3; ++k) wanted.push_back(m.row_vertex_index[k][r]);
    std::sort(wanted.begin(), wanted.end());
    wanted.erase(std::unique(wanted.begin(), wanted.end()), wanted.end());
    s.holder_sort.clear();
    for (std::size_t r = 0; r < rows; ++r) {
        const std::uint32_t tri = kept_triangle(m, r);
        if (tri == kNone) continue;
        const std::uint32_t section = m.primitives.section[m.triangles.primitive[tri]];
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t index = m.row_vertex_index[k][r];
            if (!std::binary_search(wanted.begin(), wanted.end(), index)) continue;
            s.holder_sort.push_back(
                {std::uint64_t{index} << 32 | section, s.holder_sort.size(), m.triangles.vertex[k][tri]});
        }
    }
    std::sort(s.holder_sort.begin(), s.holder_sort.end());  // by (index, section), then row order
    s.holders.clear();
    s.holder_slot.clear();
    for (const auto& e : s.holder_sort) {
        if (!s.holders.empty() && s.holders.back() == e[0]) continue;  // the first kept row in that section
        s.holders.push_back(e[0]);
        s.holder_slot.push_back(static_cast<std::uint32_t>(e[2]));
    }

    for (const std::uint32_t r : s.passing_rows) {
        V3f c[3];
        bool repeated = false;
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t index = m.row_vertex_index[k][r];
            c[k] = position(m, known.slot(index));
            repeated = repeated || std::binary_search(s.repeated_indices.begin(), s.repeated_indices.end(), index);
        }
        if (std::binary_search(s.kept_triples.begin(), s.kept_triples.end(), triple(c[0], c[1], c[2])))
            ++out.passing_same_positions;
        if (repeated) ++out.passing_repeated_position;
        section_test(m, r, known, s, out);
    }
}

}  // namespace

std::array<float, 3> nearest_on_section_grid(const DecodedMesh& m, std::uint32_t section,
                                             const std::array<float, 3>& p) {
    std::array<float, 3> q{};
    const bool packed = section < m.sections.size() && section < m.sections.num_packed.size() &&
                        m.sections.num_packed[section] > 0 && section < m.sections.codec_parms.size();
    if (packed) {
        const std::array<float, 6>& c = m.sections.codec_parms[section];
        for (int a = 0; a < 3; ++a) q[a] = nearest_code_value(p[a], c[a], c[3 + a], a < 2 ? 2047u : 1023u);
        return q;
    }
    const mesh::SharedVertexCodec c = mesh::shared_vertex_codec(m.domain);
    for (int a = 0; a < 3; ++a)
        q[a] = nearest_code_value(p[a], c.offset[a], c.scale[a], a < 2 ? (1u << 21) - 1 : (1u << 22) - 1);
    return q;
}

void count_keyless_rows(const DecodedMesh& m, KeylessScratch& s, KeylessRowCounts& out) {
    if (!m.has_triangle_index_to_shape_key || !m.has_param) return;
    const std::size_t rows = m.row_primitive_data_index.size();
    out.rows += rows;
    std::uint64_t kept = 0;
    for (std::size_t r = 0; r < rows; ++r) kept += kept_triangle(m, r) != kNone;
    out.kept += kept;
    out.keyless += rows - kept;
    const SourceVertices known(m, rows, s, out);
    if (kept == rows) return;

    s.passing_rows.clear();
    for (std::size_t r = 0; r < rows; ++r) {
        if (kept_triangle(m, r) != kNone) continue;
        std::uint32_t slot[3];
        for (int k = 0; k < 3; ++k) slot[k] = known.slot(m.row_vertex_index[k][r]);
        if (slot[0] == kNone || slot[1] == kNone || slot[2] == kNone) {
            ++out.unseen_vertex;
            continue;
        }
        ++out.known;
        const V3f a = position(m, slot[0]), b = position(m, slot[1]), c = position(m, slot[2]);
        const float sq = rules::smaller_cross_sq(a, b, c);
        if (sq < rules::kDegenerateThreshold || rules::exactly_collinear(a, b, c)) {
            ++out.degenerate;
            continue;
        }
        ++out.passing;
        s.passing_rows.push_back(static_cast<std::uint32_t>(r));
        out.passing_min_cross_sq = std::min(out.passing_min_cross_sq, sq);
        out.passing_max_cross_sq = std::max(out.passing_max_cross_sq, sq);
        const std::uint32_t i0 = m.row_vertex_index[0][r], i1 = m.row_vertex_index[1][r], i2 = m.row_vertex_index[2][r];
        if (i0 == i1 || i1 == i2 || i0 == i2) ++out.passing_repeated_index;
        const double dx = static_cast<double>(b.x) - c.x, dy = static_cast<double>(b.y) - c.y,
                     dz = static_cast<double>(b.z) - c.z;
        if (std::sqrt(dx * dx + dy * dy + dz * dz) <= 0.01) ++out.passing_within_1cm;
    }
    if (!s.passing_rows.empty()) passing_row_checks(m, rows, known, s, out);
}

}  // namespace meshproof::verifiers
