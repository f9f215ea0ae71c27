#include "engine/rules/quad_pairing.h"

#include <algorithm>
#include <bit>

#include "engine/core/free_vectors.h"
#include "engine/rules/havok_quicksort.h"
#include "engine/rules/record_word_sort.h"

namespace meshproof::rules {
namespace {

std::uint64_t hash_name(const VertexName& n) {
    std::uint64_t h = (static_cast<std::uint64_t>(n[0]) << 32 | n[1]) * 0x9E3779B97F4A7C15ull;
    h ^= (h >> 29) ^ (static_cast<std::uint64_t>(n[2]) * 0xC2B2AE3D27D4EB4Full);
    h ^= h >> 32;
    return h;
}

using Record = QuadPairingWorkspace::Record;

// The two forms of step 1's sorted records, read alike by step 2: key(i) is what the sort ordered
// (equal keys: one edge), record(i) the record with that key in its edge field.
struct WordRecords {
    const std::uint64_t* word;
    std::size_t count;
    int shift;                 // the key's lowest bit; below it the crowded bit, then the direction
    std::uint64_t place_mask;  // row × 3 + edge
    std::size_t size() const { return count; }
    std::uint64_t key(std::size_t i) const { return word[i] >> shift; }
    Record operator[](std::size_t i) const {
        const std::uint64_t w = word[i];
        const auto place = static_cast<std::uint32_t>(w & place_mask);
        return Record{w >> shift, place / 3, static_cast<std::uint8_t>(place % 3),
                      static_cast<std::uint8_t>((w >> (shift - 2)) & 1u)};
    }
};

// The words form of `sorted` (key_shift != 0) as WordRecords.
WordRecords word_records(const QuadPairingWorkspace::SortedRecords& sorted) {
    return WordRecords{sorted.words.data(), sorted.words.size(), sorted.key_shift,
                       (std::uint64_t{1} << (sorted.key_shift - 2)) - 1};
}

struct PlainRecords {
    const Record* record;
    std::size_t count;
    std::size_t size() const { return count; }
    std::uint64_t key(std::size_t i) const { return record[i].edge; }
    const Record& operator[](std::size_t i) const { return record[i]; }
};

std::uint32_t opposite(const QuadPairingRows& rows, const QuadPairingWorkspace::Record& r) {
    return rows.vertex[r.row][(r.index + 2) % 3];
}

void add_candidate(const QuadPairingRows& rows, QuadPairingWorkspace& ws, const QuadPairingWorkspace::Record& a,
                   const QuadPairingWorkspace::Record& b) {
    const std::uint32_t first = a.index == 2 ? a.row : b.row;
    const std::uint32_t second = a.index == 2 ? b.row : a.row;
    ws.candidates.push_back({pairing_cost(rows.box[first], rows.box[second]), first, second});
}

// Step 2's first fit for every record of records[g, end) (one edge), by bucket: the records a
// record can pair with are those of one bucket (the other kind of edge, the other direction, its
// primitive data); the first of them after it whose opposite vertex differs is its fit.
template <class Records>
void first_fits_by_bucket(const QuadPairingRows& rows, const Records& records, QuadPairingWorkspace& ws, std::size_t g,
                          std::size_t end) {
    using Entry = QuadPairingWorkspace::Entry;
    auto bucket = [&](std::uint8_t index, std::uint8_t forward, std::uint32_t data) {
        return static_cast<std::uint64_t>(index) << 33 | static_cast<std::uint64_t>(forward) << 32 | data;
    };
    ws.entries.clear();
    for (std::size_t i = g; i < end; ++i) {
        const Record r = records[i];
        if (r.index == 1) continue;
        ws.entries.push_back(
            {bucket(r.index, r.forward, rows.primitive_data[r.row]), static_cast<std::uint32_t>(i), mesh::kNone});
    }
    auto before = [](const Entry& a, const Entry& b) {
        return a.bucket != b.bucket ? a.bucket < b.bucket : a.position < b.position;
    };
    std::sort(ws.entries.begin(), ws.entries.end(), before);
    for (std::size_t k = ws.entries.size(); k-- > 1;) {
        Entry& e = ws.entries[k - 1];
        const Entry& n = ws.entries[k];
        if (n.bucket != e.bucket) continue;
        e.next_other = opposite(rows, records[n.position]) != opposite(rows, records[e.position])
                           ? static_cast<std::uint32_t>(k)
                           : n.next_other;
    }
    for (std::size_t i = g; i < end; ++i) {
        const Record a = records[i];
        if (a.index == 1) continue;
        const Entry probe{bucket(a.index == 2 ? 0 : 2, a.forward ? 0 : 1, rows.primitive_data[a.row]),
                          static_cast<std::uint32_t>(i), mesh::kNone};
        auto it = std::upper_bound(ws.entries.begin(), ws.entries.end(), probe, before);
        if (it == ws.entries.end() || it->bucket != probe.bucket) continue;
        std::uint32_t k = static_cast<std::uint32_t>(it - ws.entries.begin());
        if (opposite(rows, records[it->position]) == opposite(rows, a)) k = it->next_other;
        if (k == mesh::kNone) continue;
        add_candidate(rows, ws, a, records[ws.entries[k].position]);
    }
}

// Step 3's sort. Without NaN, `<` on the costs is `<` on an order-keeping integer of their bits
// (−0 made +0 first, as `<` holds them equal), so one 64-bit word per candidate (that integer
// above its place) sorted on its upper half gets the permutation the candidates would, ties
// included, with fewer bytes moved; the candidates are then laid out in that order.
// For PairsRead::kAsSet, the words go through sort_candidate_words (candidate_word_sort.h: the
// same pairs taken, in some order); `rows` is how many rows the candidates name.
void sort_candidates(QuadPairingWorkspace& ws, std::size_t rows, PairsRead read) {
    using Candidate = QuadPairingWorkspace::Candidate;
    const std::size_t k = ws.candidates.size();
    bool nan = false;
    for (const Candidate& c : ws.candidates) nan = nan || c.cost != c.cost;
    if (nan || k >= (std::size_t{1} << 32)) {
        havok_quicksort(std::span<Candidate>(ws.candidates),
                        [](const Candidate& a, const Candidate& b) { return a.cost < b.cost; });
        return;
    }
    ws.packed.resize(k);
    for (std::size_t i = 0; i < k; ++i) {
        const std::uint32_t b = std::bit_cast<std::uint32_t>(ws.candidates[i].cost + 0.0f);  // −0 + 0 = +0
        const std::uint32_t ordered = (b & 0x80000000u) ? ~b : (b | 0x80000000u);
        ws.packed[i] = static_cast<std::uint64_t>(ordered) << 32 | i;
    }
    std::uint64_t index_mask = 0xFFFFFFFFu;
    if (read == PairsRead::kAsSet && k <= kCandidateIndexMask) {
        const std::span<std::uint64_t> words(ws.packed);
        const std::size_t risky =
            mark_risky_candidates(words, std::span<const Candidate>(ws.candidates), rows, ws.candidate_sort);
        sort_candidate_words(words, risky, ws.candidate_sort);
        index_mask = kCandidateIndexMask;
    } else {
        havok_quicksort(std::span<std::uint64_t>(ws.packed),
                        [](std::uint64_t a, std::uint64_t b) { return (a >> 32) < (b >> 32); });
    }
    ws.sorted_candidates.resize(k);
    for (std::size_t i = 0; i < k; ++i) ws.sorted_candidates[i] = ws.candidates[ws.packed[i] & index_mask];
    ws.candidates.swap(ws.sorted_candidates);
}

}  // namespace

std::uint32_t number_by_first_use(std::span<const VertexName> names, QuadPairingWorkspace& ws,
                                  std::span<std::uint32_t> out) {
    constexpr std::uint32_t kEmpty = 0xFFFFFFFFu;
    std::size_t capacity = 16;
    while (capacity < names.size() * 2) capacity <<= 1;
    ws.slot_name.resize(capacity);
    ws.slot_number.assign(capacity, kEmpty);
    const std::size_t mask = capacity - 1;
    std::uint32_t next = 0;
    for (std::size_t i = 0; i < names.size() && i < out.size(); ++i) {
        std::size_t s = hash_name(names[i]) & mask;
        for (;;) {
            if (ws.slot_number[s] == kEmpty) {
                ws.slot_name[s] = names[i];
                ws.slot_number[s] = next++;
                break;
            }
            const VertexName& held = ws.slot_name[s];
            if (held[0] == names[i][0] && held[1] == names[i][1] && held[2] == names[i][2]) break;  // no memcmp call
            s = (s + 1) & mask;
        }
        out[i] = ws.slot_number[s];
    }
    if (ws.release_scratch) free_vectors(ws.slot_name, ws.slot_number);
    return next;
}

float pairing_cost(const mesh::Box& a, const mesh::Box& b) {
    const float mu = box_surface(box_union(a, b)), ma = box_surface(a), mb = box_surface(b);
    const float ub = mu - mb;
    const float ua = mu - ma;
    return ub + ua;
}

Record QuadPairingWorkspace::SortedRecords::at(std::size_t i) const {
    if (key_shift == 0) return records[i];
    Record r = word_records(*this)[i];
    r.edge = (r.edge / vertices) << 32 | (r.edge % vertices);
    return r;
}

namespace {

// Writes ws.sorted.words (3 × rows, unsorted: word r × 3 + e is word(r, e), record (r, e)), sets
// the crowded bit (1 << (shift − 1)) of every word whose edge holds three or more records, and
// returns how many; fills ws.key_start (per record place: how many records have a smaller key,
// where its key's run starts in any sort by key); and lists the crowded runs by start in
// ws.record_sort.run_first / run_last, met in key order here (what sort_record_words_listed reads).
// The records are put in key order by two counting sorts, by higher vertex and then, keeping that
// order, by lower vertex (a radix sort on (lower, higher)); a key's run then starts where its first
// record lands. The words' array holds the first sort's records until the words are written (no
// array more than the words, places and keys).
template <class Word>
std::size_t count_edges(const QuadPairingRows& rows, std::uint32_t vertices, int shift, QuadPairingWorkspace& ws,
                        const Word& word) {
    std::vector<std::uint64_t>& words = ws.sorted.words;
    const std::size_t n = rows.vertex.size();
    words.resize(n * 3);
    ws.lower_start.assign(std::size_t{vertices} + 1, 0);
    ws.higher_start.assign(std::size_t{vertices} + 1, 0);
    for (const auto& v : rows.vertex)
        for (int e = 0; e < 3; ++e) {
            const std::uint32_t p = v[e], q = v[(e + 1) % 3];
            ++ws.lower_start[std::min(p, q) + 1];
            ++ws.higher_start[std::max(p, q) + 1];
        }
    for (std::uint32_t v = 0; v < vertices; ++v) {
        ws.lower_start[v + 1] += ws.lower_start[v];
        ws.higher_start[v + 1] += ws.higher_start[v];
    }
    // By higher vertex: each record's lower vertex above its place, in the words' array.
    std::vector<std::uint64_t>& by_higher = words;
    ws.bucket_fill.assign(ws.higher_start.begin(), ws.higher_start.end() - 1);
    for (std::size_t r = 0; r < n; ++r) {
        const auto& v = rows.vertex[r];
        for (int e = 0; e < 3; ++e) {
            const std::uint32_t p = v[e], q = v[(e + 1) % 3];
            by_higher[ws.bucket_fill[std::max(p, q)]++] = std::uint64_t{std::min(p, q)} << 32 | (r * 3 + e);
        }
    }
    // Then by lower vertex in that order: within a lower vertex, by higher vertex.
    ws.by_lower.resize(words.size());  // the records in key order: their places
    ws.higher.resize(words.size());    // and their higher vertices
    ws.bucket_fill.assign(ws.lower_start.begin(), ws.lower_start.end() - 1);
    for (std::uint32_t h = 0; h < vertices; ++h)
        for (std::uint32_t at = ws.higher_start[h]; at < ws.higher_start[h + 1]; ++at) {
            const std::uint64_t w = by_higher[at];
            const std::uint32_t to = ws.bucket_fill[w >> 32]++;
            ws.by_lower[to] = static_cast<std::uint32_t>(w);
            ws.higher[to] = h;
        }
    for (std::size_t r = 0; r < n; ++r)
        for (int e = 0; e < 3; ++e) words[r * 3 + e] = word(r, e);
    // Each run of one key (one lower vertex, one higher): its start is every record's key start;
    // three or more records: crowded.
    ws.key_start.resize(words.size());
    const std::uint64_t crowded = std::uint64_t{1} << (shift - 1);
    std::vector<std::uint32_t>& run_first = ws.record_sort.run_first;
    std::vector<std::uint32_t>& run_last = ws.record_sort.run_last;
    run_first.clear(), run_last.clear();
    std::size_t total = 0;
    for (std::uint32_t v = 0; v < vertices; ++v) {
        const std::uint32_t e = ws.lower_start[v + 1];
        for (std::uint32_t k = ws.lower_start[v]; k < e;) {
            std::uint32_t end = k + 1;
            while (end < e && ws.higher[end] == ws.higher[k]) ++end;
            for (std::uint32_t i = k; i < end; ++i) ws.key_start[ws.by_lower[i]] = k;
            if (end - k >= 3) {
                for (std::uint32_t i = k; i < end; ++i) words[ws.by_lower[i]] |= crowded;
                total += end - k;
                run_first.push_back(k), run_last.push_back(end - 1);
            }
            k = end;
        }
    }
    return total;
}

}  // namespace

void sort_pairing_records(const QuadPairingRows& rows, QuadPairingWorkspace& ws) {
    QuadPairingWorkspace::SortedRecords& out = ws.sorted;
    // The words keep their length from the last call until resized below, where every word is
    // written (cleared first, they were zero-filled, 3 × rows of them, on every call); the other
    // ways out clear them.
    out.records.clear();
    out.key_shift = 0;
    out.vertices = 0;
    const std::size_t n = rows.vertex.size();
    if (rows.box.size() != n || rows.primitive_data.size() != n) {
        out.words.clear();
        return;
    }
    auto record = [&](std::size_t r, std::uint8_t e) {
        const std::uint32_t p = rows.vertex[r][e], q = rows.vertex[r][(e + 1) % 3];
        const std::uint32_t lo = std::min(p, q), hi = std::max(p, q);
        return Record{static_cast<std::uint64_t>(lo) << 32 | hi, static_cast<std::uint32_t>(r), e,
                      static_cast<std::uint8_t>(p < q)};
    };

    // Step 1: the records, row by row and edge by edge, sorted by (lower, higher) vertex.
    // The quicksort's permutation depends only on how the keys compare, so when the key
    // lo × V + hi (V: one past the largest vertex number; ordered as (lo, hi) is), a crowded bit,
    // the record's direction and its place fit one 64-bit word together, the words are sorted
    // (comparing the key bits alone) and kept as the sorted records: the same order wherever the
    // rule can read it (record_word_sort.h: the procedure's order within every edge of three or
    // more records, any order within an edge of two), with half the bytes moved and no Records
    // laid out (step 2 reads a word's fields where it needs them).
    std::uint64_t vertices = 0;
    for (const auto& v : rows.vertex)
        vertices = std::max<std::uint64_t>(vertices, std::max({v[0], v[1], v[2]}) + std::uint64_t{1});
    const std::size_t m = n * 3;
    const int place_bits = std::max(1, static_cast<int>(std::bit_width(m)));
    const int key_bits = vertices == 0 ? 0 : static_cast<int>(std::bit_width(vertices * vertices - 1));
    if (vertices < (std::uint64_t{1} << 32) && key_bits + place_bits + 2 <= 64) {
        const int shift = place_bits + 2;
        out.key_shift = shift;
        out.vertices = vertices;
        auto word = [&](std::size_t r, int e) {
            const std::uint64_t p = rows.vertex[r][e], q = rows.vertex[r][(e + 1) % 3];
            const std::uint64_t key = std::min(p, q) * vertices + std::max(p, q);
            return key << shift | std::uint64_t{p < q} << place_bits | (r * 3 + e);
        };
        const std::size_t crowded = count_edges(rows, static_cast<std::uint32_t>(vertices), shift, ws, word);
        if (ws.release_scratch) free_vectors(ws.lower_start, ws.higher_start, ws.bucket_fill, ws.by_lower, ws.higher);
        if (crowded == 0 && ws.release_scratch) {
            // No crowded edge (and a caller that wants the memory back rather than the arrays
            // kept: measured on the passes' many small meshes, place_by_key_start costs fewer
            // instructions, with its arrays kept from mesh to mesh): sort_record_words would put
            // the whole array in key order by place_by_key_start, the records of one key in place
            // order (record_word_sort.h: the procedure's order wherever the rule reads it). The
            // same words (none has the crowded bit) are written over the array, made anew from the
            // rows, straight to those places: a key's first record (in place order) at its key
            // start, its second (no key has a third) just after; no second array to place into.
            std::vector<std::uint64_t>& seen = ws.key_seen;  // per key start: its first record placed
            seen.assign((m + 63) / 64, 0);
            for (std::size_t r = 0; r < n; ++r)
                for (int e = 0; e < 3; ++e) {
                    const std::uint32_t s = ws.key_start[r * 3 + e];
                    const std::uint64_t bit = std::uint64_t{1} << (s & 63);
                    const bool second = (seen[s >> 6] & bit) != 0;
                    seen[s >> 6] |= bit;
                    out.words[s + second] = word(r, e);
                }
            ws.record_sort.shortcut_records += m;
            free_vectors(ws.key_start, ws.key_seen);
            return;
        }
        sort_record_words_listed(std::span<std::uint64_t>(out.words), shift, crowded, ws.key_start, ws.record_sort);
        if (ws.release_scratch) {
            free_vectors(ws.key_start, ws.record_sort.run_first, ws.record_sort.run_last, ws.record_sort.next_slot,
                         ws.record_sort.placed);
        }
        return;
    }
    out.words.clear();
    out.records.resize(m);
    for (std::size_t r = 0; r < n; ++r)
        for (std::uint8_t e = 0; e < 3; ++e) out.records[r * 3 + e] = record(r, e);
    havok_quicksort(std::span<Record>(out.records), [](const Record& a, const Record& b) { return a.edge < b.edge; });
}

namespace {

// Steps 2 and 3 over either form of the sorted records; kEdgeUses: ws.edge_uses_read (a template
// argument, so that the passes' loop has no test per edge for it). Not inlined: inlined into
// pair_sorted_records, its loop ran 8 % more instructions (callgrind, the slice's quads and tree_rule).
template <bool kEdgeUses, class Records>
[[gnu::noinline]] std::size_t pair_records(const QuadPairingRows& rows, const Records& records, CandidateRule rule,
                                           QuadPairingWorkspace& ws, std::vector<QuadPair>& out, PairsRead read) {
    const std::size_t n = rows.vertex.size();
    // Step 2: candidates; and how many records share each edge.
    const std::size_t m = records.size();
    // The first fit makes at most one candidate per first or third edge: reserved once, the list
    // never moves while it grows (pages past the ones written are never touched).
    if (rule == CandidateRule::kFirstFit) ws.candidates.reserve(2 * n);
    for (std::size_t g = 0; g < m;) {
        std::size_t end = g + 1;
        const std::uint64_t key = records.key(g);
        while (end < m && records.key(end) == key) ++end;
        if constexpr (kEdgeUses) {
            for (std::size_t i = g; i < end; ++i) {
                const Record r = records[i];
                ws.edge_uses[r.row * 3 + r.index] = static_cast<std::uint32_t>(end - g);
            }
        }
        if (rule == CandidateRule::kFirstFit && end - g > ws.scan_limit) {
            first_fits_by_bucket(rows, records, ws, g, end);
            g = end;
            continue;
        }
        for (std::size_t i = g; i < end; ++i) {
            const Record a = records[i];
            if (a.index == 1) continue;  // neither a third nor a first edge
            const std::uint8_t want = a.index == 2 ? 0 : 2;
            const std::uint32_t opposite_a = rows.vertex[a.row][(a.index + 2) % 3];
            const std::uint32_t data_a = rows.primitive_data[a.row];
            for (std::size_t j = i + 1; j < end; ++j) {
                const Record b = records[j];
                if (b.index != want || b.forward == a.forward || b.row == a.row) continue;
                if (rows.vertex[b.row][(b.index + 2) % 3] == opposite_a) continue;
                if (rows.primitive_data[b.row] != data_a) continue;
                add_candidate(rows, ws, a, b);
                if (rule == CandidateRule::kFirstFit) break;
            }
        }
        g = end;
    }

    // Step 3: by cost, taken in order unless a triangle is taken.
    sort_candidates(ws, n, read);
    ws.taken.assign(n, 0);
    for (const QuadPairingWorkspace::Candidate& c : ws.candidates) {
        if (ws.taken[c.first] || ws.taken[c.second]) continue;
        ws.taken[c.first] = ws.taken[c.second] = 1;
        out.push_back({c.first, c.second});
    }
    return ws.candidates.size();
}

}  // namespace

std::size_t pair_sorted_records(const QuadPairingRows& rows, CandidateRule rule, QuadPairingWorkspace& ws,
                                std::vector<QuadPair>& out, PairsRead read) {
    return pair_sorted_records(rows, ws.sorted, rule, ws, out, read);
}

std::size_t pair_sorted_records(const QuadPairingRows& rows, const QuadPairingWorkspace::SortedRecords& sorted,
                                CandidateRule rule, QuadPairingWorkspace& ws, std::vector<QuadPair>& out,
                                PairsRead read) {
    out.clear();
    ws.candidates.clear();
    const std::size_t n = rows.vertex.size();
    if (rows.box.size() != n || rows.primitive_data.size() != n || sorted.size() != n * 3) {
        if (ws.edge_uses_read) ws.edge_uses.assign(n * 3, 0);
        return 0;
    }
    // Step 2 writes every record's entry (each record is in one group): no zero-fill first.
    if (ws.edge_uses_read) ws.edge_uses.resize(n * 3);
    const PlainRecords plain{sorted.records.data(), sorted.records.size()};
    if (sorted.key_shift != 0)
        return ws.edge_uses_read ? pair_records<true>(rows, word_records(sorted), rule, ws, out, read)
                                 : pair_records<false>(rows, word_records(sorted), rule, ws, out, read);
    return ws.edge_uses_read ? pair_records<true>(rows, plain, rule, ws, out, read)
                             : pair_records<false>(rows, plain, rule, ws, out, read);
}

std::size_t pair_quads(const QuadPairingRows& rows, CandidateRule rule, QuadPairingWorkspace& ws,
                       std::vector<QuadPair>& out, PairsRead read) {
    sort_pairing_records(rows, ws);
    const std::size_t made = pair_sorted_records(rows, rule, ws, out, read);
    if (ws.release_scratch) {
        free_vectors(ws.sorted.words, ws.sorted.records, ws.packed, ws.entries, ws.candidates, ws.sorted_candidates,
                     ws.taken);
        free_vectors(ws.candidate_sort.row_start, ws.candidate_sort.row_fill, ws.candidate_sort.by_row,
                     ws.candidate_sort.risky_keys);
    }
    return made;
}

}  // namespace meshproof::rules
