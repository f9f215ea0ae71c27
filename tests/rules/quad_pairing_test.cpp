// The quad-pairing rule (engine/rules/quad_pairing.h) on hand-built rows whose answer follows from
// the document's three steps.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <map>
#include <vector>

#include "engine/rules/havok_quicksort.h"
#include "engine/rules/quad_pairing.h"
#include "engine/rules/record_word_sort.h"
#include "tests/rules/tie_heavy_rows.h"

namespace meshproof::rules {
namespace {

struct P3 {
    float x, y, z;
};

// Rows of triangles over named points; numbered by first use of the point's bits, as the rule does.
struct RowSet {
    std::vector<P3> point;
    std::vector<std::array<std::uint32_t, 3>> row;  // point indices
    std::vector<std::uint32_t> data;

    std::vector<QuadPair> pair(CandidateRule rule = CandidateRule::kFirstFit, std::size_t* candidates = nullptr) {
        QuadPairingWorkspace ws;
        std::vector<VertexName> names;
        std::vector<mesh::Box> box;
        for (const auto& r : row) {
            mesh::Box b;
            b.min = {INFINITY, INFINITY, INFINITY};
            b.max = {-INFINITY, -INFINITY, -INFINITY};
            for (std::uint32_t k : r) {
                const P3 p = point[k];
                names.push_back({std::bit_cast<std::uint32_t>(p.x), std::bit_cast<std::uint32_t>(p.y),
                                 std::bit_cast<std::uint32_t>(p.z)});
                const float c[3] = {p.x, p.y, p.z};
                for (int a = 0; a < 3; ++a) b.min[a] = std::min(b.min[a], c[a]), b.max[a] = std::max(b.max[a], c[a]);
            }
            box.push_back(b);
        }
        std::vector<std::uint32_t> numbers(names.size());
        number_by_first_use(names, ws, numbers);
        std::vector<std::array<std::uint32_t, 3>> vertex(row.size());
        for (std::size_t i = 0; i < row.size(); ++i)
            vertex[i] = {numbers[i * 3], numbers[i * 3 + 1], numbers[i * 3 + 2]};
        std::vector<QuadPair> out;
        const std::size_t c = pair_quads(QuadPairingRows{vertex, box, data}, rule, ws, out);
        if (candidates != nullptr) *candidates = c;
        return out;
    }
};

// A unit square in the xz plane, corners a b c d.
RowSet square() {
    RowSet s;
    s.point = {{0, 0, 0}, {1, 0, 0}, {1, 0, 1}, {0, 0, 1}};
    return s;
}

TEST(QuadPairing, StockSplitSquareIsOnePairWithTheThirdEdgeTriangleFirst) {
    RowSet s = square();
    s.row = {{0, 1, 2}, {0, 2, 3}};  // (a b c), (a c d): c→a is the first row's third edge, a→c the second's first
    s.data = {5, 5};
    const auto pairs = s.pair();
    ASSERT_EQ(pairs.size(), 1u);
    EXPECT_EQ(pairs[0].first, 0u);
    EXPECT_EQ(pairs[0].second, 1u);
    // Row order does not decide which is first: the third edge does.
    s.row = {{0, 2, 3}, {0, 1, 2}};
    const auto swapped = s.pair();
    ASSERT_EQ(swapped.size(), 1u);
    EXPECT_EQ(swapped[0].first, 1u);
    EXPECT_EQ(swapped[0].second, 0u);
}

TEST(QuadPairing, DifferentPrimitiveDataMakesNoPair) {
    RowSet s = square();
    s.row = {{0, 1, 2}, {0, 2, 3}};
    s.data = {5, 6};
    std::size_t candidates = 99;
    EXPECT_TRUE(s.pair(CandidateRule::kFirstFit, &candidates).empty());
    EXPECT_EQ(candidates, 0u);
}

TEST(QuadPairing, SameDirectionEdgeMakesNoPair) {
    RowSet s = square();
    s.row = {{0, 1, 2}, {2, 0, 3}};  // the second row's first edge is c→a, the same way as the first's third
    s.data = {0, 0};
    EXPECT_TRUE(s.pair().empty());
}

TEST(QuadPairing, OnlyTheThirdEdgeWithTheFirstMakesAPair) {
    RowSet s = square();
    // (b c a): edges b→c, c→a, a→b; (c d a): edges c→d, d→a, a→c. The shared edge runs both ways
    // but is the second edge of the first row and the third of the second.
    s.row = {{1, 2, 0}, {2, 3, 0}};
    s.data = {0, 0};
    EXPECT_TRUE(s.pair().empty());
}

TEST(QuadPairing, TheSameOppositeVertexMakesNoPair) {
    RowSet s = square();
    s.row = {{0, 1, 2}, {0, 2, 1}};  // a→c then the opposite vertex b again
    s.data = {0, 0};
    EXPECT_TRUE(s.pair().empty());
}

// Three rows: T0 (a b c) and T1 (a c d) share c–a (T0's third edge, T1's first); T1 and T2 (a d e)
// share d–a (T1's third edge, T2's first). Both candidates want T1: the cheaper is taken.
RowSet competing(float bz) {
    RowSet s;
    //           a          b           c          d          e
    s.point = {{0, 0, 0}, {1, 0, bz}, {1, 0, 1}, {0, 0, 1}, {-5, 0, 0.5f}};
    s.row = {{0, 1, 2}, {0, 2, 3}, {0, 3, 4}};
    s.data = {0, 0, 0};
    return s;
}

TEST(QuadPairing, CompetingCandidatesTheCheaperWins) {
    // b at z = 0: T0 and T1 fill one unit box, cost (1 − 1) + (1 − 1) = 0; T1 with T2: U = 6,
    // A = 1, B = 5 → cost 6. T0 + T1 is taken, T2 stays a triangle.
    {
        std::size_t candidates = 0;
        const auto pairs = competing(0).pair(CandidateRule::kFirstFit, &candidates);
        EXPECT_EQ(candidates, 2u);
        ASSERT_EQ(pairs.size(), 1u);
        EXPECT_EQ(pairs[0].first, 0u);
        EXPECT_EQ(pairs[0].second, 1u);
    }
    // b at z = −9: T0's box is 1 × 10, T0 + T1 costs (10 − 1) + (10 − 10) = 9 > 6: T1 + T2 is taken.
    {
        const auto pairs = competing(-9).pair();
        ASSERT_EQ(pairs.size(), 1u);
        EXPECT_EQ(pairs[0].first, 1u);
        EXPECT_EQ(pairs[0].second, 2u);
    }
}

TEST(QuadPairing, CostIsTheSurfaceMeasureDifference) {
    mesh::Box a;
    a.min = {0, 0, 0};
    a.max = {1, 2, 3};
    EXPECT_EQ(box_surface(a), 3.0f * 2.0f + 2.0f * 1.0f + 1.0f * 3.0f);
    mesh::Box b;
    b.min = {1, 0, 0};
    b.max = {2, 2, 3};
    // U: 2 × 2 × 3 → 6 + 4 + 6 = 16; A = B = 11 → cost 5 + 5.
    EXPECT_EQ(pairing_cost(a, b), 10.0f);
}

TEST(QuadPairing, CopiesOfATriangleGiveOnePair) {
    // T1 and T2 are copies of (a c d): both are candidates for T0 at the same cost (or only the first
    // later record fits, by the sort's order); either way exactly one pair, T0 its first half.
    RowSet s = square();
    s.row = {{0, 1, 2}, {0, 2, 3}, {0, 2, 3}};
    s.data = {0, 0, 0};
    const auto pairs = s.pair();
    ASSERT_EQ(pairs.size(), 1u);
    EXPECT_EQ(pairs[0].first, 0u);
    EXPECT_TRUE(pairs[0].second == 1u || pairs[0].second == 2u);
    // Every fitting record a candidate: still one pair (T0 taken once).
    EXPECT_EQ(s.pair(CandidateRule::kEveryFit).size(), 1u);
}

TEST(QuadPairing, EveryFitMakesCandidatesTheFirstFitDoesNot) {
    // T0 (a b c) with two later fitting records on c–a in different triangles: first fit makes
    // fewer candidates than every fit whenever T0's record precedes both in the sorted order.
    RowSet s;
    s.point = {{0, 0, 0}, {1, 0, 0}, {1, 0, 1}, {0, 0, 1}, {0.5f, 1, 1}};
    s.row = {{0, 1, 2}, {0, 2, 3}, {0, 2, 4}};
    s.data = {0, 0, 0};
    std::size_t first = 0, every = 0;
    s.pair(CandidateRule::kFirstFit, &first);
    s.pair(CandidateRule::kEveryFit, &every);
    EXPECT_GE(every, first);
    EXPECT_EQ(every, 2u);  // (T0, T1) and (T0, T2), whatever the order of the three records
}

TEST(QuadPairing, NumberingByFirstUse) {
    QuadPairingWorkspace ws;
    const std::vector<VertexName> names = {{7, 0, 0}, {3, 0, 0}, {7, 0, 0}, {1, 2, 3}, {3, 0, 0}, {0, 0, 0}};
    std::vector<std::uint32_t> out(names.size());
    EXPECT_EQ(number_by_first_use(names, ws, out), 4u);
    EXPECT_EQ(out, (std::vector<std::uint32_t>{0, 1, 0, 2, 1, 3}));
    // Many names: distinct ones numbered 0.. in order, repeats get their first number.
    std::vector<VertexName> many;
    for (std::uint32_t i = 0; i < 5000; ++i) many.push_back({i % 1700, i % 1700 == 0 ? 1u : 0u, 0});
    std::vector<std::uint32_t> got(many.size());
    EXPECT_EQ(number_by_first_use(many, ws, got), 1700u);
    for (std::uint32_t i = 0; i < 5000; ++i) ASSERT_EQ(got[i], i % 1700);
}

TEST(QuadPairing, MismatchedSpansPairNothing) {
    QuadPairingWorkspace ws;
    std::vector<std::array<std::uint32_t, 3>> vertex = {{0, 1, 2}, {0, 2, 3}};
    std::vector<mesh::Box> box(1);
    std::vector<std::uint32_t> data = {0, 0};
    std::vector<QuadPair> out = {{1, 2}};
    EXPECT_EQ(pair_quads(QuadPairingRows{vertex, box, data}, CandidateRule::kFirstFit, ws, out), 0u);
    EXPECT_TRUE(out.empty());
}

// Long groups of records on one edge are searched by bucket; the answer must be the scan's, pair
// for pair, on rows full of shared edges, copies, both directions and a few primitive data values.
TEST(QuadPairing, BucketSearchOfLongGroupsGivesTheScansPairs) {
    std::uint64_t state = 12345;
    auto next = [&](std::uint32_t n) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<std::uint32_t>((state >> 33) % n);
    };
    for (int round = 0; round < 40; ++round) {
        const std::uint32_t vertices = 4 + next(6), rows = 50 + next(400);
        std::vector<std::array<std::uint32_t, 3>> vertex;
        std::vector<mesh::Box> box;
        std::vector<std::uint32_t> data;
        for (std::uint32_t r = 0; r < rows; ++r) {
            const std::uint32_t a = next(vertices), b = next(vertices), c = next(vertices);
            vertex.push_back({a, b, c});
            mesh::Box x;
            for (int k = 0; k < 3; ++k) {
                x.min[k] = static_cast<float>(next(5));
                x.max[k] = x.min[k] + static_cast<float>(next(4));  // many equal costs
            }
            box.push_back(x);
            data.push_back(next(3));
        }
        const QuadPairingRows in{vertex, box, data};
        QuadPairingWorkspace scan, bucket;
        scan.scan_limit = static_cast<std::size_t>(-1);
        bucket.scan_limit = 0;
        std::vector<QuadPair> by_scan, by_bucket;
        const std::size_t c1 = pair_quads(in, CandidateRule::kFirstFit, scan, by_scan);
        const std::size_t c2 = pair_quads(in, CandidateRule::kFirstFit, bucket, by_bucket);
        ASSERT_EQ(c1, c2) << round;
        ASSERT_GT(c1, 0u) << round;
        ASSERT_EQ(by_scan.size(), by_bucket.size()) << round;
        for (std::size_t i = 0; i < by_scan.size(); ++i) {
            ASSERT_EQ(by_scan[i].first, by_bucket[i].first) << round << " pair " << i;
            ASSERT_EQ(by_scan[i].second, by_bucket[i].second) << round << " pair " << i;
        }
        for (std::size_t i = 0; i < scan.candidates.size(); ++i) {
            ASSERT_EQ(scan.candidates[i].first, bucket.candidates[i].first) << round;
            ASSERT_EQ(scan.candidates[i].second, bucket.candidates[i].second) << round;
        }
    }
}

// The quads pass sorts the records once for the first-fit and every-fit rules: pairing the same
// sorted records by one rule, then the other, gives what pair_quads gives for each.
TEST(QuadPairing, RecordsSortedOnceServeBothRules) {
    std::uint64_t state = 777;
    int rounds_differing = 0;  // the two rules must differ on these rows, or the test shows nothing
    auto next = [&](std::uint32_t n) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<std::uint32_t>((state >> 33) % n);
    };
    for (int round = 0; round < 20; ++round) {
        const std::uint32_t vertices = 6 + next(30), rows = 20 + next(300);
        std::vector<std::array<std::uint32_t, 3>> vertex;
        std::vector<mesh::Box> box;
        std::vector<std::uint32_t> data;
        for (std::uint32_t r = 0; r < rows; ++r) {
            vertex.push_back({next(vertices), next(vertices), next(vertices)});
            mesh::Box x;
            for (int k = 0; k < 3; ++k) {
                x.min[k] = static_cast<float>(next(5));
                x.max[k] = x.min[k] + static_cast<float>(next(4));
            }
            box.push_back(x);
            data.push_back(next(2));
        }
        const QuadPairingRows in{vertex, box, data};
        QuadPairingWorkspace fresh, shared;
        std::vector<QuadPair> want_first, want_every, got_first, got_every;
        const std::size_t c_first = pair_quads(in, CandidateRule::kFirstFit, fresh, want_first);
        const std::size_t c_every = pair_quads(in, CandidateRule::kEveryFit, fresh, want_every);
        sort_pairing_records(in, shared);
        ASSERT_EQ(pair_sorted_records(in, CandidateRule::kFirstFit, shared, got_first), c_first) << round;
        ASSERT_EQ(pair_sorted_records(in, CandidateRule::kEveryFit, shared, got_every), c_every) << round;
        rounds_differing += c_every != c_first;
        ASSERT_EQ(got_first.size(), want_first.size()) << round;
        ASSERT_EQ(got_every.size(), want_every.size()) << round;
        for (std::size_t i = 0; i < want_first.size(); ++i)
            ASSERT_TRUE(got_first[i].first == want_first[i].first && got_first[i].second == want_first[i].second)
                << round;
        for (std::size_t i = 0; i < want_every.size(); ++i)
            ASSERT_TRUE(got_every[i].first == want_every[i].first && got_every[i].second == want_every[i].second)
                << round;
    }
    EXPECT_GT(rounds_differing, 10);
}

// `got` against `want` (both sorted by edge): the same edges in the same order, on each edge the
// same records, in the same order on an edge of three or more (or everywhere when `exact`).
void expect_same_where_read(const std::vector<QuadPairingWorkspace::Record>& got,
                            const std::vector<QuadPairingWorkspace::Record>& want, bool exact, int round) {
    ASSERT_EQ(got.size(), want.size()) << round;
    auto tag = [](const QuadPairingWorkspace::Record& r) {
        return std::uint64_t{r.row} << 16 | std::uint64_t{r.index} << 8 | r.forward;
    };
    for (std::size_t g = 0; g < want.size();) {
        std::size_t end = g + 1;
        while (end < want.size() && want[end].edge == want[g].edge) ++end;
        std::vector<std::uint64_t> a, b;
        for (std::size_t i = g; i < end; ++i) {
            ASSERT_EQ(got[i].edge, want[i].edge) << round << " at " << i;
            a.push_back(tag(got[i]));
            b.push_back(tag(want[i]));
        }
        if (!exact && end - g < 3) std::sort(a.begin(), a.end()), std::sort(b.begin(), b.end());
        ASSERT_EQ(a, b) << round << " edge at " << g;
        g = end;
    }
}

// sort_pairing_records keeps one word per record (key lo × V + hi, crowded bit, direction, place)
// when it fits 64 bits, and the records themselves otherwise: both must leave the order the
// quicksort makes of the records compared by (lo, hi) as written in step 1 wherever the rule can
// read it (record_word_sort.h): the same keys in the same order, the same records on each edge,
// and on an edge of three or more records the same records in the same order. (The Records form
// is the procedure's order exactly.)
TEST(QuadPairing, PackedRecordSortKeepsTheQuicksortsOrder) {
    std::uint64_t state = 4242;
    auto next = [&](std::uint32_t n) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<std::uint32_t>((state >> 33) % n);
    };
    using Record = QuadPairingWorkspace::Record;
    for (int round = 0; round < 40; ++round) {
        // Few vertices (long runs of equal keys), then numbers too large for one word (the fallback).
        const bool large = round % 2 == 1;
        const std::uint32_t vertices = 3 + next(large ? 40 : 12), rows = 10 + next(500);
        std::vector<std::array<std::uint32_t, 3>> vertex;
        for (std::uint32_t r = 0; r < rows; ++r) {
            std::array<std::uint32_t, 3> v{next(vertices), next(vertices), next(vertices)};
            if (large)
                for (auto& x : v) x = 0xFFFFFF00u - x * 977u;
            vertex.push_back(v);
        }
        const std::vector<mesh::Box> box(rows);
        const std::vector<std::uint32_t> data(rows, 0);
        QuadPairingWorkspace ws;
        sort_pairing_records(QuadPairingRows{vertex, box, data}, ws);
        std::vector<Record> want;
        for (std::uint32_t r = 0; r < rows; ++r)
            for (std::uint8_t e = 0; e < 3; ++e) {
                const std::uint32_t p = vertex[r][e], q = vertex[r][(e + 1) % 3];
                want.push_back({static_cast<std::uint64_t>(std::min(p, q)) << 32 | std::max(p, q), r, e,
                                static_cast<std::uint8_t>(p < q)});
            }
        havok_quicksort_reference(std::span<Record>(want),
                                  [](const Record& a, const Record& b) { return a.edge < b.edge; });
        ASSERT_EQ(ws.sorted.size(), want.size()) << round;
        ASSERT_EQ(ws.sorted.key_shift == 0, large) << round;  // both forms are tested
        std::vector<Record> got;
        for (std::size_t i = 0; i < want.size(); ++i) got.push_back(ws.sorted.at(i));
        expect_same_where_read(got, want, large, round);
    }
}

// The three steps written plainly: the records and the candidates each sorted by the quicksort as
// written, the fit scanned; `cand` the candidates in step 3's order, `pairs` the pairs taken.
// Step 3's walk: the candidates in the order given, one taken unless a triangle of it is taken.
void take_pairs(const std::vector<QuadPairingWorkspace::Candidate>& cand, std::uint32_t rows,
                std::vector<QuadPair>& pairs) {
    std::vector<std::uint8_t> taken(rows, 0);
    pairs.clear();
    for (const QuadPairingWorkspace::Candidate& c : cand) {
        if (taken[c.first] || taken[c.second]) continue;
        taken[c.first] = taken[c.second] = 1;
        pairs.push_back({c.first, c.second});
    }
}

// With sort false: stops after step 2 (the candidates in the order made, `pairs` untouched).
void plain_rule(const std::vector<std::array<std::uint32_t, 3>>& vertex, const std::vector<mesh::Box>& box,
                const std::vector<std::uint32_t>& data, CandidateRule rule,
                std::vector<QuadPairingWorkspace::Candidate>& cand, std::vector<QuadPair>& pairs, bool sort = true) {
    using Record = QuadPairingWorkspace::Record;
    using Candidate = QuadPairingWorkspace::Candidate;
    const auto rows = static_cast<std::uint32_t>(vertex.size());
    std::vector<Record> rec;
    for (std::uint32_t r = 0; r < rows; ++r)
        for (std::uint8_t e = 0; e < 3; ++e) {
            const std::uint32_t p = vertex[r][e], q = vertex[r][(e + 1) % 3];
            rec.push_back({static_cast<std::uint64_t>(std::min(p, q)) << 32 | std::max(p, q), r, e,
                           static_cast<std::uint8_t>(p < q)});
        }
    havok_quicksort_reference(std::span<Record>(rec), [](const Record& a, const Record& b) { return a.edge < b.edge; });
    cand.clear();
    for (std::size_t i = 0; i < rec.size(); ++i) {
        const Record& a = rec[i];
        if (a.index == 1) continue;
        for (std::size_t j = i + 1; j < rec.size() && rec[j].edge == a.edge; ++j) {
            const Record& b = rec[j];
            if (b.index != (a.index == 2 ? 0 : 2) || b.forward == a.forward || b.row == a.row) continue;
            if (vertex[b.row][(b.index + 2) % 3] == vertex[a.row][(a.index + 2) % 3] || data[b.row] != data[a.row])
                continue;
            const std::uint32_t first = a.index == 2 ? a.row : b.row, second = a.index == 2 ? b.row : a.row;
            cand.push_back({pairing_cost(box[first], box[second]), first, second});
            if (rule == CandidateRule::kFirstFit) break;
        }
    }
    if (!sort) return;
    havok_quicksort_reference(std::span<Candidate>(cand),
                              [](const Candidate& a, const Candidate& b) { return a.cost < b.cost; });
    take_pairs(cand, rows, pairs);
}

// The three steps written plainly (the records and the candidates each sorted by the quicksort as
// written, the fit scanned), against pair_quads, which sorts packed words when it can: the same
// candidates in the same order and the same pairs, on rows with long runs of equal keys, many
// equal costs, negative costs (inverted boxes) and, in some rounds, NaN costs (infinite boxes).
TEST(QuadPairing, PairQuadsIsTheRuleAsWritten) {
    std::uint64_t state = 99;
    auto next = [&](std::uint32_t n) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<std::uint32_t>((state >> 33) % n);
    };
    using Candidate = QuadPairingWorkspace::Candidate;
    int rounds_with_nan = 0;
    for (int round = 0; round < 60; ++round) {
        const std::uint32_t vertices = 4 + next(20), rows = 10 + next(300);
        std::vector<std::array<std::uint32_t, 3>> vertex;
        std::vector<mesh::Box> box;
        std::vector<std::uint32_t> data;
        for (std::uint32_t r = 0; r < rows; ++r) {
            vertex.push_back({next(vertices), next(vertices), next(vertices)});
            mesh::Box x;
            for (int k = 0; k < 3; ++k) {
                x.min[k] = static_cast<float>(next(5));
                x.max[k] = x.min[k] + static_cast<float>(next(4)) - (next(4) == 0 ? 6.0f : 0.0f);
            }
            if (round % 3 == 2 && next(50) == 0) x.max[next(3)] = INFINITY;
            box.push_back(x);
            data.push_back(next(2));
        }
        // Plainly: step 1, step 2 (first fit by scan), step 3.
        std::vector<Candidate> cand;
        std::vector<QuadPair> want;
        plain_rule(vertex, box, data, CandidateRule::kFirstFit, cand, want);
        bool nan = false;
        for (const Candidate& c : cand) nan = nan || std::isnan(c.cost);
        rounds_with_nan += nan;
        QuadPairingWorkspace ws;
        ws.scan_limit = static_cast<std::size_t>(-1);
        std::vector<QuadPair> got;
        ASSERT_EQ(pair_quads(QuadPairingRows{vertex, box, data}, CandidateRule::kFirstFit, ws, got), cand.size())
            << round;
        for (std::size_t i = 0; i < cand.size(); ++i) {
            ASSERT_EQ(ws.candidates[i].first, cand[i].first) << round << " candidate " << i;
            ASSERT_EQ(ws.candidates[i].second, cand[i].second) << round << " candidate " << i;
        }
        ASSERT_EQ(got.size(), want.size()) << round;
        for (std::size_t i = 0; i < want.size(); ++i)
            ASSERT_TRUE(got[i].first == want[i].first && got[i].second == want[i].second) << round << " pair " << i;
    }
    EXPECT_GT(rounds_with_nan, 0);
    EXPECT_LT(rounds_with_nan, 60);
}

// The rule with step 1's shortcut (record_word_sort.h) against the rule written plainly, on rows
// full of ties, by both candidate rules: the same candidates (cost bits included) in the same
// order and the same pairs. The shortcut must have placed records here, and crowded edges must be
// present, or the comparison shows nothing.
TEST(QuadPairing, HybridRecordSortIsTheRuleAsWritten) {
    using Candidate = QuadPairingWorkspace::Candidate;
    QuadPairingWorkspace ws;
    std::size_t crowded_rounds = 0;
    for (int round = 0; round < 30; ++round) {
        auto [vertex, box, data] = tie_heavy_rows(1000 + static_cast<std::uint64_t>(round));
        for (const CandidateRule rule : {CandidateRule::kFirstFit, CandidateRule::kEveryFit}) {
            std::vector<Candidate> cand;
            std::vector<QuadPair> want, got;
            plain_rule(vertex, box, data, rule, cand, want);
            ASSERT_EQ(pair_quads(QuadPairingRows{vertex, box, data}, rule, ws, got), cand.size()) << round;
            ASSERT_NE(ws.sorted.key_shift, 0) << "the words form, where the shortcut is";
            for (std::size_t i = 0; i < cand.size(); ++i) {
                ASSERT_EQ(std::bit_cast<std::uint32_t>(ws.candidates[i].cost),
                          std::bit_cast<std::uint32_t>(cand[i].cost))
                    << round << " " << i;
                ASSERT_EQ(ws.candidates[i].first, cand[i].first) << round << " candidate " << i;
                ASSERT_EQ(ws.candidates[i].second, cand[i].second) << round << " candidate " << i;
            }
            ASSERT_EQ(got.size(), want.size()) << round;
            for (std::size_t i = 0; i < want.size(); ++i)
                ASSERT_TRUE(got[i].first == want[i].first && got[i].second == want[i].second) << round << " pair " << i;
        }
        bool crowded = false;
        for (const std::uint32_t uses : ws.edge_uses) crowded = crowded || uses >= 3;
        crowded_rounds += crowded;
    }
    EXPECT_GT(ws.record_sort.shortcut_records, 0u);
    EXPECT_EQ(crowded_rounds, 30u);
}

// Step 1 lists the crowded runs as it counts the keys (quad_pairing.cpp count_edges): the same runs
// list_crowded_runs finds from the words and their key starts afterwards.
TEST(QuadPairing, RecordSortRunsListedAsTheKeysAreCounted) {
    QuadPairingWorkspace ws;
    std::size_t runs = 0;
    for (int round = 0; round < 20; ++round) {
        auto [vertex, box, data] = tie_heavy_rows(3000 + static_cast<std::uint64_t>(round));
        sort_pairing_records(QuadPairingRows{vertex, box, data}, ws);
        const int shift = ws.sorted.key_shift;
        ASSERT_NE(shift, 0) << "the words form";
        RecordSortScratch found;
        list_crowded_runs(ws.sorted.words, std::uint64_t{1} << (shift - 1), (std::uint64_t{1} << (shift - 2)) - 1,
                          ws.key_start, found);
        EXPECT_EQ(ws.record_sort.run_first, found.run_first) << round;
        EXPECT_EQ(ws.record_sort.run_last, found.run_last) << round;
        runs += found.run_first.size();
    }
    EXPECT_GT(runs, 20u);
}

// sort_record_words's inputs, built here independently of count_edges: each record's word (its
// key above the crowded bit, `low(i)` below it) and its key's start in key order, from a count of
// each key (`count`).
struct RecordWords {
    std::vector<std::uint64_t> words;
    std::vector<std::uint32_t> key_start;
    std::size_t crowded = 0;
};
template <class Low>
RecordWords record_words(const std::vector<std::uint64_t>& key, std::map<std::uint64_t, std::uint32_t>& count,
                         int shift, Low low) {
    std::map<std::uint64_t, std::uint32_t> start;
    std::uint32_t below = 0;
    for (const auto& [k, c] : count) start[k] = below, below += c;
    RecordWords out{std::vector<std::uint64_t>(key.size()), std::vector<std::uint32_t>(key.size()), 0};
    for (std::size_t i = 0; i < key.size(); ++i) {
        const bool is_crowded = count[key[i]] >= 3;
        out.crowded += is_crowded;
        out.words[i] = key[i] << shift | std::uint64_t{is_crowded} << (shift - 1) | low(i);
        out.key_start[i] = start[key[i]];
    }
    return out;
}

// sort_record_words on its own, its inputs built here independently (the crowded bit and the key
// starts from a count of each key): every subrange the shortcut finishes holds at most one record
// of each crowded edge, and the result is the quicksort's wherever the rule reads it. With the
// check off (kUnchecked: the shortcut on every subrange in size) both fail: the comparison is one
// that catches a wrong shortcut.
TEST(QuadPairing, HybridRecordSortShortcutHoldsOneRecordOfEachCrowdedEdge) {
    for (const RecordSortCheck check : {RecordSortCheck::kExact, RecordSortCheck::kUnchecked}) {
        std::size_t violations = 0, differing_rounds = 0, shortcuts = 0;
        for (int round = 0; round < 20; ++round) {
            auto [vertex, box, data] = tie_heavy_rows(5000 + static_cast<std::uint64_t>(round));
            std::uint64_t vertices = 0;
            for (const auto& v : vertex)
                vertices = std::max<std::uint64_t>(vertices, std::max({v[0], v[1], v[2]}) + std::uint64_t{1});
            const std::size_t m = vertex.size() * 3;
            const int place_bits = static_cast<int>(std::bit_width(m)), shift = place_bits + 2;
            std::vector<std::uint64_t> key(m);
            std::map<std::uint64_t, std::uint32_t> count;
            for (std::size_t r = 0; r < vertex.size(); ++r)
                for (int e = 0; e < 3; ++e) {
                    const std::uint64_t p = vertex[r][e], q = vertex[r][(e + 1) % 3];
                    key[r * 3 + e] = std::min(p, q) * vertices + std::max(p, q);
                    ++count[key[r * 3 + e]];
                }
            auto [words, key_start, crowded] =
                record_words(key, count, shift, [&](std::size_t i) { return std::uint64_t{i % 2} << place_bits | i; });
            std::vector<std::uint64_t> want = words;
            havok_quicksort_reference(std::span<std::uint64_t>(want), [shift](std::uint64_t a, std::uint64_t b) {
                return (a >> shift) < (b >> shift);
            });
            RecordSortScratch scratch;
            auto observe = [&](const std::uint64_t* a, std::int64_t lo, std::int64_t hi) {
                ++shortcuts;
                std::map<std::uint64_t, int> seen;
                for (std::int64_t p = lo; p <= hi; ++p)
                    if (count[a[p] >> shift] >= 3 && ++seen[a[p] >> shift] == 2) ++violations;
            };
            sort_record_words(std::span<std::uint64_t>(words), shift, crowded, key_start, scratch, observe, check);
            // The keys in order; each key's records the same; a crowded key's in the same order.
            bool differs = false;
            for (std::size_t g = 0; g < m;) {
                std::size_t end = g + 1;
                while (end < m && want[end] >> shift == want[g] >> shift) ++end;
                std::vector<std::uint64_t> a(words.begin() + static_cast<long>(g),
                                             words.begin() + static_cast<long>(end));
                std::vector<std::uint64_t> b(want.begin() + static_cast<long>(g),
                                             want.begin() + static_cast<long>(end));
                if (end - g < 3) std::sort(a.begin(), a.end()), std::sort(b.begin(), b.end());
                differs = differs || a != b;
                g = end;
            }
            differing_rounds += differs;
        }
        EXPECT_GT(shortcuts, 0u);
        if (check == RecordSortCheck::kExact) {
            EXPECT_EQ(violations, 0u);
            EXPECT_EQ(differing_rounds, 0u);
        } else {
            EXPECT_GT(violations, 0u);
            EXPECT_GT(differing_rounds, 0u);
        }
    }
}

// The shortcut's check reads where the crowded groups end up in the sorted array, not the subrange
// (record_word_sort.h), so it is tried on subranges of every size: on a large array of distinct
// and paired keys with a few crowded groups, subranges far larger than the old bound of 1024
// records are finished at once, and the crowded groups come out in the quicksort's order.
TEST(QuadPairing, HybridRecordSortShortcutFinishesLargeSubranges) {
    constexpr std::size_t m = 40000;
    const int place_bits = static_cast<int>(std::bit_width(m)), shift = place_bits + 2;
    std::uint64_t state = 7;
    auto next = [&](std::uint32_t n) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<std::uint32_t>((state >> 33) % n);
    };
    std::vector<std::uint64_t> key(m);
    for (std::size_t i = 0; i < m; ++i) key[i] = next(1u << 20);  // keys of one record, some of two
    for (std::uint64_t g = 0; g < 6; ++g)
        for (int k = 0; k < 3 + static_cast<int>(g); ++k) key[next(m)] = (g + 1) * 150000 + 1;  // a few crowded
    std::map<std::uint64_t, std::uint32_t> count;
    for (const std::uint64_t k : key) ++count[k];
    auto [words, key_start, crowded] = record_words(key, count, shift, [](std::size_t i) { return std::uint64_t{i}; });
    ASSERT_GT(crowded, 0u);
    std::vector<std::uint64_t> want = words;
    havok_quicksort_reference(std::span<std::uint64_t>(want),
                              [shift](std::uint64_t a, std::uint64_t b) { return (a >> shift) < (b >> shift); });
    RecordSortScratch scratch;
    std::int64_t largest = 0;
    auto observe = [&](const std::uint64_t*, std::int64_t lo, std::int64_t hi) {
        largest = std::max(largest, hi - lo + 1);
    };
    sort_record_words(std::span<std::uint64_t>(words), shift, crowded, key_start, scratch, observe);
    EXPECT_GT(largest, 1024);
    for (std::size_t i = 0; i < m; ++i) {
        ASSERT_EQ(words[i] >> shift, want[i] >> shift) << i;
        if (count[want[i] >> shift] >= 3) {
            ASSERT_EQ(words[i], want[i]) << i;  // a crowded group's order
        }
    }
}

// Pairs as a set: sorted by (first, second).
std::vector<std::pair<std::uint32_t, std::uint32_t>> pair_set(const std::vector<QuadPair>& pairs) {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> out;
    for (const QuadPair& p : pairs) out.emplace_back(p.first, p.second);
    std::sort(out.begin(), out.end());
    return out;
}

// How many candidates of `sorted` (in cost order) tie with an earlier one of the same cost that
// shares a triangle with it: where step 3's tie order can change which pairs are taken.
std::size_t tied_and_sharing(const std::vector<QuadPairingWorkspace::Candidate>& sorted) {
    std::size_t count = 0;
    for (std::size_t i = 1; i < sorted.size(); ++i)
        for (std::size_t j = i; j-- > 0 && !(sorted[j].cost < sorted[i].cost);)
            if (sorted[j].first == sorted[i].first || sorted[j].first == sorted[i].second ||
                sorted[j].second == sorted[i].first || sorted[j].second == sorted[i].second) {
                ++count;
                break;
            }
    return count;
}

// pair_quads read as a set (PairsRead::kAsSet, step 3 through candidate_word_sort.h) against the
// rule written plainly, on rows full of equal costs and of tied candidates sharing a triangle, by
// both candidate rules: the same candidates (as a multiset) and the same set of pairs. The
// shortcut must have placed candidates, tied candidates sharing a triangle must be present, and
// the pairs must come out in another order somewhere (the shortcut did reorder ties), or the
// comparison shows nothing.
TEST(QuadPairing, HybridCandidateSortGivesTheRulesPairs) {
    using Candidate = QuadPairingWorkspace::Candidate;
    QuadPairingWorkspace ws;
    std::size_t sharing = 0, reordered = 0;
    auto as_tuples = [](const std::vector<Candidate>& c) {
        std::vector<std::array<std::uint32_t, 3>> out;
        for (const Candidate& x : c) out.push_back({x.first, x.second, std::bit_cast<std::uint32_t>(x.cost)});
        std::sort(out.begin(), out.end());
        return out;
    };
    for (int round = 0; round < 30; ++round) {
        auto [vertex, box, data] = tie_heavy_rows(7000 + static_cast<std::uint64_t>(round));
        for (const CandidateRule rule : {CandidateRule::kFirstFit, CandidateRule::kEveryFit}) {
            std::vector<Candidate> cand;
            std::vector<QuadPair> want, got;
            plain_rule(vertex, box, data, rule, cand, want);
            sharing += tied_and_sharing(cand);
            ASSERT_EQ(pair_quads(QuadPairingRows{vertex, box, data}, rule, ws, got, PairsRead::kAsSet), cand.size())
                << round;
            ASSERT_EQ(as_tuples(ws.candidates), as_tuples(cand)) << round;
            ASSERT_EQ(pair_set(got), pair_set(want)) << round;
            bool same_order = got.size() == want.size();
            for (std::size_t i = 0; same_order && i < want.size(); ++i)
                same_order = got[i].first == want[i].first && got[i].second == want[i].second;
            reordered += !same_order;
        }
    }
    EXPECT_GT(ws.candidate_sort.shortcut_candidates, 0u);
    EXPECT_GT(sharing, 0u);
    EXPECT_GT(reordered, 0u);
}

// sort_candidate_words on its own, on step 2's candidates of tie-heavy rows: the pairs its order
// takes are the quicksort's. With the check off (kUnchecked: the shortcut on every subrange in
// size) they are not in some rounds: the comparison catches a wrong shortcut. And every candidate
// tied with another that shares a triangle is marked risky.
TEST(QuadPairing, HybridCandidateSortShortcutNeedsTheRiskyCheck) {
    using Candidate = QuadPairingWorkspace::Candidate;
    for (const CandidateSortCheck check : {CandidateSortCheck::kExact, CandidateSortCheck::kUnchecked}) {
        std::size_t differing_rounds = 0, risky_seen = 0;
        CandidateSortScratch scratch;
        for (int round = 0; round < 30; ++round) {
            auto [vertex, box, data] = tie_heavy_rows(9000 + static_cast<std::uint64_t>(round));
            const auto rows = static_cast<std::uint32_t>(vertex.size());
            std::vector<Candidate> cand;
            std::vector<QuadPair> unused;
            plain_rule(vertex, box, data, CandidateRule::kFirstFit, cand, unused, false);
            // The words as sort_candidates makes them (no NaN here: finite boxes).
            std::vector<std::uint64_t> words(cand.size());
            for (std::size_t i = 0; i < cand.size(); ++i) {
                ASSERT_FALSE(std::isnan(cand[i].cost));
                const std::uint32_t b = std::bit_cast<std::uint32_t>(cand[i].cost + 0.0f);
                words[i] = static_cast<std::uint64_t>((b & 0x80000000u) ? ~b : (b | 0x80000000u)) << 32 | i;
            }
            const std::size_t risky =
                mark_risky_candidates(std::span<std::uint64_t>(words), std::span<const Candidate>(cand), rows, scratch);
            risky_seen += risky;
            for (std::size_t i = 0; i < cand.size(); ++i) {
                bool tied_sharing = false;
                for (std::size_t j = 0; j < cand.size(); ++j)
                    tied_sharing =
                        tied_sharing || (j != i && !(cand[i].cost < cand[j].cost) && !(cand[j].cost < cand[i].cost) &&
                                         (cand[i].first == cand[j].first || cand[i].first == cand[j].second ||
                                          cand[i].second == cand[j].first || cand[i].second == cand[j].second));
                if (tied_sharing) {
                    ASSERT_NE(words[i] & kRiskyBit, 0u) << round << " " << i;
                }
            }
            std::vector<Candidate> plain = cand;
            havok_quicksort_reference(std::span<Candidate>(plain),
                                      [](const Candidate& a, const Candidate& b) { return a.cost < b.cost; });
            std::vector<QuadPair> want, got;
            take_pairs(plain, rows, want);
            sort_candidate_words(std::span<std::uint64_t>(words), risky, scratch, check);
            std::vector<Candidate> placed;
            for (const std::uint64_t w : words) placed.push_back(cand[w & kCandidateIndexMask]);
            for (std::size_t i = 0; i < placed.size(); ++i)
                ASSERT_FALSE(placed[i].cost < plain[i].cost || plain[i].cost < placed[i].cost)
                    << round << " " << i;  // the same costs in order
            take_pairs(placed, rows, got);
            differing_rounds += pair_set(got) != pair_set(want);
        }
        EXPECT_GT(scratch.shortcut_candidates, 0u);
        EXPECT_GT(risky_seen, 0u);
        if (check == CandidateSortCheck::kExact) EXPECT_EQ(differing_rounds, 0u);
        else EXPECT_GT(differing_rounds, 0u);
    }
}

}  // namespace
}  // namespace meshproof::rules

namespace meshproof::rules {
namespace {

// A workspace kept from call to call (as the passes keep theirs) keeps its arrays' lengths: step
// 1's words and step 2's edge uses are written over, not zero-filled first. Larger and smaller
// row sets, in the words form and the Records form (large vertex numbers) by turns, give what a
// fresh workspace gives: the same sorted records, edge uses, candidates and pairs; and the words
// are empty whenever the records are in the Records form.
TEST(QuadPairing, ReusedWorkspaceGivesWhatAFreshOneGives) {
    QuadPairingWorkspace reused;
    for (int round = 0; round < 12; ++round) {
        auto [vertex, box, data] = tie_heavy_rows(9100 + static_cast<std::uint64_t>(round));
        if (round % 4 == 1) vertex.resize(vertex.size() / 5), box.resize(vertex.size()), data.resize(vertex.size());
        if (round % 3 == 2)
            for (auto& v : vertex)
                for (std::uint32_t& x : v) x = x * 0x100000u + 7u;
        const QuadPairingRows in{vertex, box, data};
        for (const CandidateRule rule : {CandidateRule::kFirstFit, CandidateRule::kEveryFit}) {
            QuadPairingWorkspace fresh;
            std::vector<QuadPair> want, got;
            const std::size_t made = pair_quads(in, rule, fresh, want);
            ASSERT_EQ(pair_quads(in, rule, reused, got), made) << round;
            ASSERT_EQ(reused.sorted.key_shift, fresh.sorted.key_shift) << round;
            ASSERT_EQ(reused.sorted.size(), vertex.size() * 3) << round;
            if (reused.sorted.key_shift == 0) {
                EXPECT_TRUE(reused.sorted.words.empty()) << round;
            }
            for (std::size_t i = 0; i < reused.sorted.size(); ++i) {
                const auto a = reused.sorted.at(i), b = fresh.sorted.at(i);
                ASSERT_TRUE(a.edge == b.edge && a.row == b.row && a.index == b.index && a.forward == b.forward)
                    << round << " record " << i;
            }
            ASSERT_EQ(reused.edge_uses, fresh.edge_uses) << round;
            ASSERT_EQ(reused.candidates.size(), fresh.candidates.size()) << round;
            for (std::size_t i = 0; i < fresh.candidates.size(); ++i)
                ASSERT_TRUE(reused.candidates[i].first == fresh.candidates[i].first &&
                            reused.candidates[i].second == fresh.candidates[i].second)
                    << round << " candidate " << i;
            ASSERT_EQ(got.size(), want.size()) << round;
            for (std::size_t i = 0; i < want.size(); ++i)
                ASSERT_TRUE(got[i].first == want[i].first && got[i].second == want[i].second) << round << " pair " << i;
        }
    }
}

// The rule as written against pair_quads with a workspace keeping everything and with one that
// frees each step's scratch and skips edge_uses (the builder's, used once per mesh; here reused
// from round to round, so every array must grow back): the same count and pairs in the same
// order, on rows with crowded edges (the sort's checked shortcut), a plain grid (no crowded edge:
// the words written straight to their sorted places) and vertex numbers too large for the words
// form (the Records form). Afterwards the freeing workspace's scratch is empty.
TEST(QuadPairing, ReleasedScratchPairsAsKeptScratch) {
    QuadPairingWorkspace released;
    released.edge_uses_read = false;
    released.release_scratch = true;
    for (int round = 0; round < 18; ++round) {
        auto [vertex, box, data] = tie_heavy_rows(7000 + static_cast<std::uint64_t>(round));
        const int form = round % 3;  // 0 crowded, 1 plain grid, 2 large vertex numbers
        if (form == 1) {
            // The grid's two triangles per cell only: the first row of each run of copies.
            std::vector<std::array<std::uint32_t, 3>> v;
            std::vector<mesh::Box> b;
            std::vector<std::uint32_t> d;
            std::map<std::array<std::uint32_t, 3>, bool> seen;
            for (std::size_t r = 0; r < vertex.size(); ++r) {
                std::array<std::uint32_t, 3> k = vertex[r];
                std::sort(k.begin(), k.end());
                if (!seen.emplace(k, true).second) continue;
                v.push_back(vertex[r]), b.push_back(box[r]), d.push_back(data[r]);
            }
            vertex = v, box = b, data = d;
        }
        if (form == 2)
            for (auto& v : vertex)
                for (std::uint32_t& x : v) x = x * 0x100000u + 7u;
        const QuadPairingRows in{vertex, box, data};
        for (const CandidateRule rule : {CandidateRule::kFirstFit, CandidateRule::kEveryFit}) {
            std::vector<QuadPairingWorkspace::Candidate> cand;
            std::vector<QuadPair> want, got, got_kept;
            plain_rule(vertex, box, data, rule, cand, want);
            const std::size_t made = cand.size();
            QuadPairingWorkspace kept;
            ASSERT_EQ(pair_quads(in, rule, kept, got_kept), made) << round;
            ASSERT_EQ(got_kept.size(), want.size()) << round;
            for (std::size_t i = 0; i < want.size(); ++i)
                ASSERT_TRUE(got_kept[i].first == want[i].first && got_kept[i].second == want[i].second)
                    << round << " pair " << i;
            ASSERT_EQ(kept.sorted.key_shift != 0, form != 2) << round;
            bool crowded = false;
            for (const std::uint32_t uses : kept.edge_uses) crowded = crowded || uses >= 3;
            ASSERT_EQ(crowded, form != 1) << round;
            ASSERT_GT(want.size(), 0u) << round;
            ASSERT_EQ(pair_quads(in, rule, released, got), made) << round;
            ASSERT_EQ(got.size(), want.size()) << round;
            for (std::size_t i = 0; i < want.size(); ++i)
                ASSERT_TRUE(got[i].first == want[i].first && got[i].second == want[i].second) << round << " pair " << i;
            EXPECT_EQ(kept.edge_uses.size(), vertex.size() * 3);
            EXPECT_TRUE(released.edge_uses.empty());
            if (form == 0) {
                EXPECT_GT(
                    kept.key_start.capacity() + kept.by_lower.capacity() + kept.record_sort.crowded_starts.capacity(),
                    0u);
            }
            const std::size_t left =
                released.sorted.words.capacity() + released.sorted.records.capacity() + released.key_start.capacity() +
                released.lower_start.capacity() + released.higher_start.capacity() + released.bucket_fill.capacity() +
                released.by_lower.capacity() + released.higher.capacity() +
                released.record_sort.crowded_starts.capacity() + released.record_sort.next_slot.capacity() +
                released.record_sort.placed.capacity() + released.candidates.capacity() +
                released.sorted_candidates.capacity() + released.packed.capacity() + released.taken.capacity();
            EXPECT_EQ(left, 0u) << round;
        }
    }
    // number_by_first_use frees its table too, with the same numbers.
    std::vector<VertexName> names;
    for (std::uint32_t i = 0; i < 500; ++i) names.push_back({i % 37, i % 11, 5});
    std::vector<std::uint32_t> want(names.size()), got(names.size());
    QuadPairingWorkspace kept;
    EXPECT_EQ(number_by_first_use(names, released, got), number_by_first_use(names, kept, want));
    EXPECT_EQ(got, want);
    EXPECT_GT(kept.slot_name.capacity(), 0u);
    EXPECT_EQ(released.slot_name.capacity() + released.slot_number.capacity(), 0u);
}

}  // namespace
}  // namespace meshproof::rules
