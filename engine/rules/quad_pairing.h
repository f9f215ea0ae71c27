// The quad-pairing rule of havok-compressed-mesh.txt ("A rule that picks most of the same pairs
// from the source triangles of a mesh, in pParam row order", three steps, Observed):
//   1. A vertex is a name (the bits of its three floats); the vertices are numbered in the order
//      the rows first use them (number_by_first_use). Each triangle's edge n (corner n to corner
//      n + 1) is a record of the two vertex numbers, lower first; the records, row by row and edge
//      by edge, are sorted by them with the unstable Havok quicksort.
//   2. For each record in that order, the first later record on the same two vertices that runs
//      the edge the other way, has another vertex opposite it, belongs to a triangle of the same
//      primitiveDataIndex and is the third edge of one triangle and the first edge of the other,
//      makes a candidate. The triangle with the third edge is the quad's first half (a b c).
//   3. A candidate costs (U − B) + (U − A), A and B the surface measures ez·ey + ey·ex + ex·ez
//      (single precision) of the two triangles' boxes, U that of the box of both. The candidates
//      are sorted by cost with the same quicksort and taken in that order, one whose triangle is
//      already taken being skipped.
// The document's variant "making a candidate of every record that fits" is CandidateRule::kEveryFit.
//
// Free functions over spans; every array is reused from a caller-kept workspace (no allocation per
// row once grown). Rows are local indices 0..n−1 in the order given (the caller's row order).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/rules/box_measure.h"
#include "engine/rules/candidate_word_sort.h"
#include "engine/mesh/decoded_member.h"
#include "engine/rules/record_word_sort.h"

namespace meshproof::rules {

// A vertex name: the bits of x, y, z (or a source index and two zeros).
using VertexName = std::array<std::uint32_t, 3>;

enum class CandidateRule : std::uint8_t {
    kFirstFit,  // the document's rule: the first later record that fits
    kEveryFit,  // every later record that fits makes a candidate
};

// What a caller reads of step 3. kInOrder: the pairs in the order taken and the candidates in
// step 3's order, the procedure's. kAsSet: which pairs are taken only; `out` holds them in some
// order and the candidates the same ones in some order, step 3's sort taking the shortcut of
// candidate_word_sort.h where it gives the same pairs.
enum class PairsRead : std::uint8_t { kInOrder, kAsSet };

struct QuadPairingRows {
    std::span<const std::array<std::uint32_t, 3>> vertex;  // per row: its corners' vertex numbers
    std::span<const mesh::Box> box;                        // per row: the box of its three corners
    std::span<const std::uint32_t> primitive_data;         // per row: primitiveDataIndex
};

struct QuadPair {
    std::uint32_t first = 0;   // the row with the third edge: the quad's first half (a b c)
    std::uint32_t second = 0;  // the row with the first edge: the second half (a c d)
};

struct QuadPairingWorkspace {
    struct Record {
        std::uint64_t edge;  // lower vertex << 32 | higher vertex
        std::uint32_t row;
        std::uint8_t index;    // edge n of its triangle (0, 1, 2)
        std::uint8_t forward;  // runs from the lower vertex to the higher
    };
    struct Candidate {
        float cost;
        std::uint32_t first, second;
    };
    // For a caller that pairs one set of rows and then drops the workspace (the builder):
    // edge_uses_read = false leaves edge_uses empty (not counted); release_scratch = true frees
    // each step's scratch once the step is done (number_by_first_use's table; step 1's counts
    // after the count and its sort scratch after the sort; after pair_quads, everything but
    // edge_uses), so that the steps' arrays do not add up to the peak. Callers reusing the
    // workspace from mesh to mesh keep the defaults (nothing freed, nothing grown again).
    bool edge_uses_read = true;
    bool release_scratch = false;
    // Groups of records on one edge longer than this search their first fit by bucket (kind of
    // edge, direction, primitive data) instead of scanning the group: the same answer without
    // a scan quadratic in the group (a file repeating one triangle thousands of times).
    std::size_t scan_limit = 32;
    // Step 1's records, sorted. One 64-bit word each when they fit (the edge's key above a
    // crowded bit above the record's direction above its place, see sort_pairing_records): the
    // sort moves half the bytes and nothing is laid out after it; within an edge of two records
    // their order is not necessarily the quicksort's (record_word_sort.h: the rule cannot tell).
    // Else (vertex numbers too large) the Records themselves, in the quicksort's order.
    struct SortedRecords {
        std::vector<std::uint64_t> words;
        std::vector<Record> records;
        int key_shift = 0;           // words: the key's lowest bit; 0: the Records form
        std::uint64_t vertices = 0;  // words: the key is lower × vertices + higher
        std::size_t size() const { return key_shift != 0 ? words.size() : records.size(); }
        Record at(std::size_t i) const;  // record i as a Record (edge = lower << 32 | higher)
    };
    SortedRecords sorted;
    std::vector<std::uint64_t> packed;  // step 3's sort words: cost key above place (see sort_candidates)
    struct Entry {
        std::uint64_t bucket;      // index << 33 | forward << 32 | primitive data
        std::uint32_t position;    // in records
        std::uint32_t next_other;  // next entry of the bucket with another opposite vertex; mesh::kNone
    };
    std::vector<Entry> entries;
    std::vector<Candidate> candidates;
    std::vector<Candidate> sorted_candidates;  // step 3's sort lays them out here, then swaps
    std::vector<std::uint8_t> taken;
    // After pair_quads: per row × 3 + edge, how many records (edge uses) share that edge's two
    // vertices, the record itself included (empty unless edge_uses_read).
    std::vector<std::uint32_t> edge_uses;
    // step 1's count of records per edge (sort_pairing_records, words form)
    std::vector<std::uint32_t> lower_start, higher_start, bucket_fill, by_lower, higher, key_start;
    std::vector<std::uint64_t> key_seen;  // step 1 without a crowded edge: a bit per key start
    RecordSortScratch record_sort;
    CandidateSortScratch candidate_sort;
    // number_by_first_use's open-addressing table
    std::vector<VertexName> slot_name;
    std::vector<std::uint32_t> slot_number;
};

// Numbers names in order of first appearance: out[i] = the number of names[i] (0, 1, 2, ... as
// new names appear). Returns how many distinct names there are. out.size() == names.size().
std::uint32_t number_by_first_use(std::span<const VertexName> names, QuadPairingWorkspace& ws,
                                  std::span<std::uint32_t> out);

// (U − B) + (U − A) for two boxes (box_surface: engine/rules/box_measure.h).
float pairing_cost(const mesh::Box& a, const mesh::Box& b);

// Steps 1 (records and their sort) to 3 over rows already numbered; appends the pairs taken, in
// the order taken, to `out` (cleared first). Returns the number of candidates made. Rows whose
// three spans differ in length: nothing is paired (0 returned).
std::size_t pair_quads(const QuadPairingRows& rows, CandidateRule rule, QuadPairingWorkspace& ws,
                       std::vector<QuadPair>& out, PairsRead read = PairsRead::kInOrder);

// pair_quads in two halves, so that callers running both rules on the same rows sort the records
// once: step 1 leaves the sorted records in ws.sorted; steps 2 and 3 read them and leave them as
// they are (pair_sorted_records on the same rows twice gives what pair_quads gives each time).
// pair_sorted_records pairs nothing (0 returned) unless ws.sorted holds the rows' 3 × n records.
void sort_pairing_records(const QuadPairingRows& rows, QuadPairingWorkspace& ws);
std::size_t pair_sorted_records(const QuadPairingRows& rows, CandidateRule rule, QuadPairingWorkspace& ws,
                                std::vector<QuadPair>& out, PairsRead read = PairsRead::kInOrder);
// The same on records sorted by an earlier sort_pairing_records on the same rows and kept elsewhere.
std::size_t pair_sorted_records(const QuadPairingRows& rows, const QuadPairingWorkspace::SortedRecords& sorted,
                                CandidateRule rule, QuadPairingWorkspace& ws, std::vector<QuadPair>& out,
                                PairsRead read = PairsRead::kInOrder);

}  // namespace meshproof::rules
