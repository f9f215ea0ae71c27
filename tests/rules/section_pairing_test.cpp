// pair_each_section (engine/rules/section_pairing.h) against the rule run on each section's rows
// on their own, renumbered by first use, as the quads pass ran it before.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include "engine/rules/quad_pairing.h"
#include "engine/rules/section_pairing.h"
#include "tests/rules/tie_heavy_rows.h"

namespace meshproof::rules {
namespace {

using PairSet = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

PairSet as_set(const std::vector<QuadPair>& pairs) {
    PairSet out;
    for (const QuadPair& p : pairs) out.emplace_back(p.first, p.second);
    std::sort(out.begin(), out.end());
    return out;
}

// The rule on each section's rows, in row order, vertices renumbered by first use within the
// section: the pairs (rows named as in `rows`) and each row's third-edge uses.
void rule_per_section(const TieHeavyRows& rows, const std::vector<std::uint32_t>& section, std::uint32_t sections,
                      PairSet& pairs, std::vector<std::uint32_t>& third_edge_uses) {
    QuadPairingWorkspace ws;
    std::vector<QuadPair> got;
    pairs.clear();
    third_edge_uses.assign(rows.vertex.size(), 0);
    for (std::uint32_t sec = 0; sec < sections; ++sec) {
        std::vector<std::uint32_t> local;
        std::vector<std::array<std::uint32_t, 3>> vertex;
        std::vector<mesh::Box> box;
        std::vector<std::uint32_t> data, number(rows.vertex.size() * 3 + 64, mesh::kNone);
        std::uint32_t next = 0;
        for (std::uint32_t i = 0; i < rows.vertex.size(); ++i) {
            if (section[i] != sec) continue;
            local.push_back(i);
            std::array<std::uint32_t, 3> v;
            for (int k = 0; k < 3; ++k) {
                std::uint32_t& n = number[rows.vertex[i][k]];
                if (n == mesh::kNone) n = next++;
                v[k] = n;
            }
            vertex.push_back(v);
            box.push_back(rows.box[i]);
            data.push_back(rows.data[i]);
        }
        pair_quads(QuadPairingRows{vertex, box, data}, CandidateRule::kFirstFit, ws, got);
        for (const QuadPair& p : got) pairs.emplace_back(local[p.first], local[p.second]);
        for (std::size_t k = 0; k < local.size(); ++k) third_edge_uses[local[k]] = ws.edge_uses[k * 3 + 2];
    }
    std::sort(pairs.begin(), pairs.end());
}

// On grids full of ties and copied triangles, cut into sections in strips of rows (edges shared
// across a cut, crowded edges on one side or across) or at random, some rows with a NaN box: the
// same pairs and third-edge uses as the rule per section. Both ways of pairing a section must have
// been taken, or the comparison shows nothing.
TEST(SectionPairing, EachSectionPairsAsTheRuleOnItsOwnRows) {
    QuadPairingWorkspace whole, pairing;
    SectionPairingWorkspace ws;
    std::vector<QuadPair> got;
    for (int round = 0; round < 60; ++round) {
        TieHeavyRows rows = tie_heavy_rows(11000 + static_cast<std::uint64_t>(round));
        const auto n = static_cast<std::uint32_t>(rows.vertex.size());
        std::uint64_t state = 77 + static_cast<std::uint64_t>(round);
        auto next = [&](std::uint32_t k) {
            state = state * 6364136223846793005ull + 1442695040888963407ull;
            return static_cast<std::uint32_t>((state >> 33) % k);
        };
        if (round % 5 == 4)
            for (int k = 0; k < 3; ++k) rows.box[next(n)].min[0] = std::numeric_limits<float>::quiet_NaN();
        const std::uint32_t sections = 1 + next(round % 2 == 0 ? 200 : 12);
        std::vector<std::uint32_t> section(n);
        const std::uint32_t strip = 1 + next(round % 2 == 0 ? 12 : n);
        for (std::uint32_t i = 0; i < n; ++i) section[i] = round % 3 == 2 ? next(sections) : (i / strip) % sections;

        const QuadPairingRows in{rows.vertex, rows.box, rows.data};
        sort_pairing_records(in, whole);
        ASSERT_NE(whole.sorted.key_shift, 0);
        const QuadPairingWorkspace::SortedRecords sorted = whole.sorted;
        std::vector<std::uint32_t> uses(n, 0xDEAD);
        pair_each_section(in, sorted, section, sections, ws, pairing, got, uses);

        PairSet want;
        std::vector<std::uint32_t> want_uses;
        rule_per_section(rows, section, sections, want, want_uses);
        ASSERT_EQ(as_set(got), want) << round;
        ASSERT_EQ(uses, want_uses) << round;
    }
    EXPECT_GT(ws.sections_read_off, 0u);
    EXPECT_GT(ws.sections_by_rule, 0u);
}

// With either check dropped (a section with three records on one edge, or with two candidates of
// one cost on one triangle, read off anyway) some rounds give other pairs: the comparison above
// catches a missing check.
TEST(SectionPairing, BothChecksAreNeeded) {
    for (const SectionPairingCheck check : {SectionPairingCheck::kNoCrowdedCheck, SectionPairingCheck::kNoTieCheck}) {
        QuadPairingWorkspace whole, pairing;
        SectionPairingWorkspace ws;
        ws.check = check;
        std::vector<QuadPair> got;
        std::size_t differing = 0;
        for (int round = 0; round < 60; ++round) {
            const TieHeavyRows rows = tie_heavy_rows(13000 + static_cast<std::uint64_t>(round));
            const auto n = static_cast<std::uint32_t>(rows.vertex.size());
            // Strips of a few rows, each its own section: many sections without a crowded edge.
            const std::uint32_t strip = 4 + static_cast<std::uint32_t>(round) % 24, sections = n / strip + 1;
            std::vector<std::uint32_t> section(n);
            for (std::uint32_t i = 0; i < n; ++i) section[i] = i / strip;
            const QuadPairingRows in{rows.vertex, rows.box, rows.data};
            sort_pairing_records(in, whole);
            const QuadPairingWorkspace::SortedRecords sorted = whole.sorted;
            std::vector<std::uint32_t> uses(n, 0);
            pair_each_section(in, sorted, section, sections, ws, pairing, got, uses);
            PairSet want;
            std::vector<std::uint32_t> want_uses;
            rule_per_section(rows, section, sections, want, want_uses);
            differing += as_set(got) != want;
        }
        EXPECT_GT(differing, 0u) << static_cast<int>(check);
    }
}

// Sorted records not in their words form (vertex numbers too large to pack): every section runs
// the rule, with the same answer.
TEST(SectionPairing, RecordsFormRunsTheRuleOnEverySection) {
    TieHeavyRows rows = tie_heavy_rows(12345);
    for (auto& v : rows.vertex)
        for (std::uint32_t& x : v) x = x * 0x100000u + 7u;
    const auto n = static_cast<std::uint32_t>(rows.vertex.size());
    std::vector<std::uint32_t> section(n);
    for (std::uint32_t i = 0; i < n; ++i) section[i] = (i / 40) % 3;
    QuadPairingWorkspace whole, pairing;
    const QuadPairingRows in{rows.vertex, rows.box, rows.data};
    sort_pairing_records(in, whole);
    ASSERT_EQ(whole.sorted.key_shift, 0);
    SectionPairingWorkspace ws;
    std::vector<QuadPair> got;
    std::vector<std::uint32_t> uses(n, 0);
    pair_each_section(in, whole.sorted, section, 3, ws, pairing, got, uses);
    EXPECT_EQ(ws.sections_read_off, 0u);
    EXPECT_EQ(ws.sections_by_rule, 3u);

    // The reference renumbers within each section, so the large numbers need a table that holds
    // them: compare with the same rows numbered small (renumbering keeps which corners are one).
    TieHeavyRows small = rows;
    for (auto& v : small.vertex)
        for (std::uint32_t& x : v) x = (x - 7u) / 0x100000u;
    PairSet want;
    std::vector<std::uint32_t> want_uses;
    rule_per_section(small, section, 3, want, want_uses);
    EXPECT_EQ(as_set(got), want);
    EXPECT_EQ(uses, want_uses);
}

}  // namespace
}  // namespace meshproof::rules
