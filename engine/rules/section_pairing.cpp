// See section_pairing.h.
#include "engine/rules/section_pairing.h"

#include <algorithm>
#include <bit>

namespace meshproof::rules {
namespace {

using Candidate = QuadPairingWorkspace::Candidate;

// One record of the words form (quad_pairing.h, SortedRecords): its row, edge and direction.
struct WordRecord {
    std::uint32_t row;
    std::uint8_t index, forward;
};

// Whether records a and b, on one edge, make a candidate of step 2 (either order: the test is
// symmetric, quad_pairing.cpp's pair_records).
bool fits(const QuadPairingRows& rows, const WordRecord& a, const WordRecord& b) {
    if (a.index == 1 || b.index != (a.index == 2 ? 0 : 2) || a.forward == b.forward || a.row == b.row) return false;
    if (rows.vertex[a.row][(a.index + 2) % 3] == rows.vertex[b.row][(b.index + 2) % 3]) return false;
    return rows.primitive_data[a.row] == rows.primitive_data[b.row];
}

// The order-keeping integer of a cost (not NaN; −0 as +0), as step 3's sort compares them.
std::uint32_t cost_key(float cost) {
    const std::uint32_t b = std::bit_cast<std::uint32_t>(cost + 0.0f);
    return (b & 0x80000000u) ? ~b : (b | 0x80000000u);
}

// Step 2 read off the whole rows' sorted records: the candidates of every section's pairs of
// records on one edge into ws.candidates, third_edge_uses per row, and ws.by_rule set for every
// section with three or more records on one edge.
void read_off_candidates(const QuadPairingRows& rows, const QuadPairingWorkspace::SortedRecords& sorted,
                         std::span<const std::uint32_t> section, SectionPairingWorkspace& ws,
                         std::span<std::uint32_t> third_edge_uses) {
    const int shift = sorted.key_shift, place_bits = shift - 2;
    const std::uint64_t place_mask = (std::uint64_t{1} << place_bits) - 1;
    const std::uint64_t* word = sorted.words.data();
    auto record = [&](std::size_t i) {
        const std::uint64_t w = word[i];
        const auto place = static_cast<std::uint32_t>(w & place_mask);
        return WordRecord{place / 3, static_cast<std::uint8_t>(place % 3),
                          static_cast<std::uint8_t>((w >> place_bits) & 1u)};
    };
    auto add = [&](const WordRecord& a, const WordRecord& b) {
        if (!fits(rows, a, b)) return;
        const std::uint32_t first = a.index == 2 ? a.row : b.row, second = a.index == 2 ? b.row : a.row;
        ws.candidates.push_back({pairing_cost(rows.box[first], rows.box[second]), first, second});
    };
    auto uses = [&](const WordRecord& r, std::uint32_t count) {
        if (r.index == 2) third_edge_uses[r.row] = count;
    };
    const std::size_t m = sorted.words.size();
    for (std::size_t g = 0; g < m;) {
        const std::uint64_t key = word[g] >> shift;
        std::size_t end = g + 1;
        while (end < m && word[end] >> shift == key) ++end;
        if (end - g == 1) {
            uses(record(g), 1);
        } else if (end - g == 2) {
            const WordRecord a = record(g), b = record(g + 1);
            const bool one_section = section[a.row] == section[b.row];
            uses(a, one_section ? 2 : 1), uses(b, one_section ? 2 : 1);
            if (one_section) add(a, b);
        } else {
            // The edge's records grouped by section (their order within one does not matter: a
            // section with three or more runs the rule itself).
            ws.group.clear();
            for (std::size_t i = g; i < end; ++i) ws.group.push_back(std::uint64_t{section[record(i).row]} << 32 | i);
            std::sort(ws.group.begin(), ws.group.end());
            for (std::size_t s = 0; s < ws.group.size();) {
                std::size_t e = s + 1;
                while (e < ws.group.size() && ws.group[e] >> 32 == ws.group[s] >> 32) ++e;
                const auto count = static_cast<std::uint32_t>(e - s);
                for (std::size_t i = s; i < e; ++i) uses(record(static_cast<std::uint32_t>(ws.group[i])), count);
                if (count >= 3 && ws.check != SectionPairingCheck::kNoCrowdedCheck) ws.by_rule[ws.group[s] >> 32] = 1;
                if (count == 2)
                    add(record(static_cast<std::uint32_t>(ws.group[s])),
                        record(static_cast<std::uint32_t>(ws.group[s + 1])));
                s = e;
            }
        }
        g = end;
    }
}

// Step 3 for the sections read off: sets ws.by_rule for every section with a candidate of NaN
// cost or two candidates of one cost on one triangle, then takes the other sections' candidates
// in one sort by cost.
void take_read_off(const QuadPairingRows& rows, std::span<const std::uint32_t> section, SectionPairingWorkspace& ws,
                   std::vector<QuadPair>& out) {
    const std::size_t n = rows.vertex.size();
    ws.first_candidate.assign(n, mesh::kNone);
    for (std::size_t j = 0; j < ws.candidates.size(); ++j) {
        const Candidate& c = ws.candidates[j];
        if (c.cost != c.cost) {
            ws.by_rule[section[c.first]] = 1;
            continue;
        }
        for (const std::uint32_t row : {c.first, c.second}) {
            std::uint32_t& first = ws.first_candidate[row];
            if (first == mesh::kNone) first = static_cast<std::uint32_t>(j);
            else if (ws.candidates[first].cost == c.cost && ws.check != SectionPairingCheck::kNoTieCheck)
                ws.by_rule[section[row]] = 1;
        }
    }
    ws.words.clear();
    for (std::size_t j = 0; j < ws.candidates.size(); ++j) {
        const Candidate& c = ws.candidates[j];
        if (!ws.by_rule[section[c.first]]) ws.words.push_back(std::uint64_t{cost_key(c.cost)} << 32 | j);
    }
    std::sort(ws.words.begin(), ws.words.end());
    ws.taken.assign(n, 0);
    for (const std::uint64_t w : ws.words) {
        const Candidate& c = ws.candidates[static_cast<std::uint32_t>(w)];
        if (ws.taken[c.first] || ws.taken[c.second]) continue;
        ws.taken[c.first] = ws.taken[c.second] = 1;
        out.push_back({c.first, c.second});
    }
}

// The rule itself on each section marked in ws.by_rule, on its rows in row order, renumbered.
// uses_known: read_off_candidates has written every row's third-edge uses (its count per section
// is the rule's edge uses, crowded edges included), so the rule need not count them.
void pair_by_rule(const QuadPairingRows& rows, std::span<const std::uint32_t> section, std::uint32_t sections,
                  bool uses_known, SectionPairingWorkspace& ws, QuadPairingWorkspace& pairing,
                  std::vector<QuadPair>& out, std::span<std::uint32_t> third_edge_uses) {
    if (std::find(ws.by_rule.begin(), ws.by_rule.end(), 1) == ws.by_rule.end()) return;
    const std::size_t n = rows.vertex.size();
    std::uint64_t vertices = 0;
    for (const auto& v : rows.vertex) vertices = std::max<std::uint64_t>(vertices, std::max({v[0], v[1], v[2]}) + 1ull);
    // A table per vertex number when they are few against the corners; else the corners renumbered
    // by first use over all rows first (a section's first uses come in the same order either way).
    const bool compact = vertices > 4 * n * 3 + 1024;
    if (compact) {
        ws.names.resize(n * 3);
        for (std::size_t i = 0; i < n; ++i)
            for (int j = 0; j < 3; ++j) ws.names[i * 3 + j] = {rows.vertex[i][j], 0, 0};
        ws.corner_number.resize(n * 3);
        vertices = number_by_first_use(ws.names, pairing, ws.corner_number);
    }
    auto corner = [&](std::uint32_t i, int j) { return compact ? ws.corner_number[i * 3 + j] : rows.vertex[i][j]; };
    ws.section_number.assign(vertices, mesh::kNone);
    ws.section_fill.assign(ws.section_start.begin(), ws.section_start.end() - 1);
    ws.by_section.resize(n);
    for (std::size_t i = 0; i < n; ++i) ws.by_section[ws.section_fill[section[i]]++] = static_cast<std::uint32_t>(i);
    const bool caller_reads_uses = pairing.edge_uses_read;
    pairing.edge_uses_read = !uses_known;
    for (std::uint32_t sec = 0; sec < sections; ++sec) {
        if (!ws.by_rule[sec]) continue;
        const std::uint32_t b = ws.section_start[sec], c = ws.section_start[sec + 1] - b;
        ws.s_vertex.resize(c), ws.s_box.resize(c), ws.s_data.resize(c);
        std::uint32_t next = 0;
        for (std::uint32_t k = 0; k < c; ++k) {
            const std::uint32_t i = ws.by_section[b + k];
            for (int j = 0; j < 3; ++j) {
                std::uint32_t& number = ws.section_number[corner(i, j)];
                if (number == mesh::kNone) number = next++;
                ws.s_vertex[k][j] = number;
            }
            ws.s_box[k] = rows.box[i];
            ws.s_data[k] = rows.primitive_data[i];
        }
        for (std::uint32_t k = 0; k < c; ++k)
            for (int j = 0; j < 3; ++j) ws.section_number[corner(ws.by_section[b + k], j)] = mesh::kNone;
        pair_quads(QuadPairingRows{ws.s_vertex, ws.s_box, ws.s_data}, CandidateRule::kFirstFit, pairing, ws.s_pairs,
                   PairsRead::kAsSet);
        for (const QuadPair& p : ws.s_pairs) out.push_back({ws.by_section[b + p.first], ws.by_section[b + p.second]});
        if (!uses_known)
            for (std::uint32_t k = 0; k < c; ++k) third_edge_uses[ws.by_section[b + k]] = pairing.edge_uses[k * 3 + 2];
    }
    pairing.edge_uses_read = caller_reads_uses;
}

}  // namespace

void pair_each_section(const QuadPairingRows& rows, const QuadPairingWorkspace::SortedRecords& sorted,
                       std::span<const std::uint32_t> section, std::uint32_t sections, SectionPairingWorkspace& ws,
                       QuadPairingWorkspace& pairing, std::vector<QuadPair>& out,
                       std::span<std::uint32_t> third_edge_uses) {
    out.clear();
    const std::size_t n = rows.vertex.size();
    ws.section_start.assign(std::size_t{sections} + 1, 0);
    for (std::size_t i = 0; i < n; ++i) ++ws.section_start[section[i] + 1];
    for (std::uint32_t s = 0; s < sections; ++s) ws.section_start[s + 1] += ws.section_start[s];
    const bool words = sorted.key_shift != 0 && sorted.words.size() == n * 3;
    ws.by_rule.assign(sections, words ? 0 : 1);
    ws.candidates.clear();
    if (words) {
        read_off_candidates(rows, sorted, section, ws, third_edge_uses);
        take_read_off(rows, section, ws, out);
    }
    for (std::uint32_t sec = 0; sec < sections; ++sec) {
        if (ws.section_start[sec + 1] == ws.section_start[sec]) continue;
        ++(ws.by_rule[sec] ? ws.sections_by_rule : ws.sections_read_off);
    }
    pair_by_rule(rows, section, sections, words, ws, pairing, out, third_edge_uses);
}

}  // namespace meshproof::rules
