// The quad-pairing rule (quad_pairing.h) on each section's rows on their own: what the quads pass
// counts as "pairing each section's rows on their own, with the stock sections as given". The rule
// on one section runs on that section's rows in row order, its vertices numbered by first use
// within the section (the whole rows' vertex numbers renumbered), first fit, its pairs read as a
// set.
//
// Most sections are read off the whole rows' sorted records (step 1 of the rule on all rows at
// once, which the caller already has) instead of sorting each section's records again:
//   - A section's records on one edge are the whole rows' records on that edge that belong to it
//     (renumbering within a section keeps which corners are one vertex). Where a section has at
//     most two records on every edge, step 2's first fit does not depend on their order (two
//     records fit each other or not, whichever comes first: record_word_sort.h), so its
//     candidates are those of its pairs of records on one edge, with the same costs.
//   - Step 3 takes a set of pairs that does not depend on the tie order when no two candidates
//     of one cost share a triangle (candidate_word_sort.h), and no candidate of one section shares
//     a triangle with another section's: such sections' candidates are taken in one sort by cost.
// A section with an edge of three or more of its records, a candidate of NaN cost, or two
// candidates of one cost on one triangle runs the rule itself (pair_quads on its rows,
// renumbered), as does every section when the sorted records are not in their words form.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/rules/quad_pairing.h"

namespace meshproof::rules {

// For tests only: a check dropped, so that the tests show it is needed.
enum class SectionPairingCheck : std::uint8_t { kExact, kNoCrowdedCheck, kNoTieCheck };

struct SectionPairingWorkspace {
    SectionPairingCheck check = SectionPairingCheck::kExact;
    std::vector<std::uint8_t> by_rule;           // per section: runs the rule itself
    std::vector<std::uint32_t> first_candidate;  // per row: its first candidate; kNone
    std::vector<std::uint64_t> group, words;     // one edge's records by section; candidate sort words
    std::vector<QuadPairingWorkspace::Candidate> candidates;
    std::vector<std::uint8_t> taken;
    // the sections that run the rule: their rows, renumbered
    std::vector<std::uint32_t> section_start, section_fill, by_section, section_number, corner_number;
    std::vector<VertexName> names;
    std::vector<std::array<std::uint32_t, 3>> s_vertex;
    std::vector<mesh::Box> s_box;
    std::vector<std::uint32_t> s_data;
    std::vector<QuadPair> s_pairs;
    std::size_t sections_read_off = 0, sections_by_rule = 0;  // for tests: how each section was paired
};

// Pairs each section's rows on their own. rows: all rows (vertex numbers over all of them);
// sorted: step 1's records of `rows` (sort_pairing_records); section[i] < sections: row i's section. Appends to `out` (cleared first) the pairs taken, rows named by their index in
// `rows`, in no particular order; third_edge_uses[i] (size rows): how many records of row i's
// section run on row i's third edge, its own included (the rule's edge_uses, row × 3 + 2).
// `pairing`: the rule's workspace, for the sections that run it.
void pair_each_section(const QuadPairingRows& rows, const QuadPairingWorkspace::SortedRecords& sorted,
                       std::span<const std::uint32_t> section, std::uint32_t sections, SectionPairingWorkspace& ws,
                       QuadPairingWorkspace& pairing, std::vector<QuadPair>& out,
                       std::span<std::uint32_t> third_edge_uses);

}  // namespace meshproof::rules
