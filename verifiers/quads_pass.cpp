// Pass "quads" (family havok-mesh): the stock quads and the quad-pairing rule of
// havok-compressed-mesh.txt ("Of the triangles of the source mesh the games join pairs into quad
// primitives ..." and "A rule that picks most of the same pairs ...", engine/rules/quad_pairing.h).
//
// Stock quads (Proven): the pairs of source rows (triangleIndexToShapeKey words) whose keys
// differ in the half bit only. The rule (Observed) is run on the source rows of a mesh, in row
// order: on all rows at once (found, made, meshes that come out exactly), on each section's rows
// on their own (section_*), with the vertices named by the rows' source indices (pParam
// vertexIndexA/B/C) instead of by position (source_index_*), and with every fitting record making
// a candidate (all_records_*). Everything the document labels Observed is a plain counter here:
// this pass has no violation counter.
//
// What the files keep: the positions are those of the decoded triangle a row's key names (its
// corners as the mesh stores them, after quantising); the stock tool saw the source vertices
// before quantising, and the files do not keep them. A vertex is the bits of its three decoded
// floats; a row's corners are its triangle's corners in decoded order (a quad's halves are a b c
// and a c d). Source index k of a row names decoded corner k (named by source index, vertices are
// numbered by first use as positions are). Rows whose key names no triangle, and rows past pParam's
// triangleDataArray (no primitiveDataIndex), are skipped and counted.
// Because the corners come in decoded order, a stock quad's halves can only make a candidate with
// the first half holding the third edge (c→a against a→c; the other way, d→a against a→b, needs
// d = b and then both edges have c opposite): found_first_half_swapped is 0 by construction here,
// so it says nothing about the document's "the triangle with the third edge is the stock first
// half" beyond this reading of the files.
#include <algorithm>
#include <bit>
#include <cmath>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/scratch_release.h"
#include "engine/rules/merge_representatives.h"
#include "engine/rules/mesh_products.h"
#include "engine/rules/quad_pairing.h"
#include "engine/rules/section_pairing.h"
#include "engine/pipeline/pass.h"
#include "verifiers/mesh_walk.h"
#include "verifiers/unit_counts.h"

namespace meshproof {
namespace {

using namespace verifiers;
using mesh::DecodedMesh;
using mesh::kNone;
using rules::QuadPair;
using rules::VertexName;

constexpr double kLocalIndexDistance = 0.5;  // "corners more than half a metre apart"
// Every rule this pass runs itself is read as a set of pairs (made, found per section and so on;
// never the order taken), so step 3 may take candidate_word_sort.h's shortcut.
constexpr rules::PairsRead kSet = rules::PairsRead::kAsSet;

struct StockPair {
    std::uint32_t first_row, second_row, section;
};

// Everything one thread reuses from mesh to mesh.
struct Scratch {
    rules::QuadPairingWorkspace ws;
    std::vector<std::uint32_t> used;     // rows given to the rule, in row order
    std::vector<std::uint32_t> local;    // per row: its place in `used`; kNone
    std::vector<VertexName> names;       // 3 per used row (source indices); count_by_position: corner sets, class pairs
    std::vector<std::uint32_t> numbers;  // their numbers by first use
    std::vector<std::array<std::uint32_t, 3>> vertex;
    // The rule on all rows at once, vertices by position (the unit's product, engine/rules/row_pairing.h):
    // its rows are `used`, its boxes, primitive data, position numbers, pairs and candidates are read there.
    const rules::RowPairing* all = nullptr;
    std::vector<std::uint32_t> position_vertex;  // per used row × 3: vertex numbers by position (all rows)
    std::vector<std::uint32_t> index_number;     // per source index: its number by first use; kNone
    std::vector<QuadPair> pairs;
    std::vector<StockPair> stock;
    // per section
    rules::SectionPairingWorkspace sections;
    std::vector<std::uint32_t> section;          // per used row: its section
    std::vector<std::uint8_t> found_in_section;  // per used row: in a stock pair the per-section rule makes
    std::vector<std::uint32_t> diagonal_uses;    // per used row: records on its third edge in its section's run
    // copies, and pairs counted by position
    std::vector<std::uint32_t> copy_class;  // per used row: its class of corner sets (first use)
    std::vector<std::uint32_t> class_size;  // per class: its rows
    std::vector<std::uint32_t> stock_left;  // per distinct pair of classes: stock uses not yet matched
    // source indices against positions
    struct IndexCorner {
        std::uint32_t index;
        float x, y, z;
    };
    std::vector<IndexCorner> index_corners;
    std::vector<std::uint64_t> index_order;  // index << 32 | corner: the corners grouped by index
    std::vector<IndexCorner> group;          // one index's corners, when its box leaves it open
    // One index's corners' box (NaN coordinates left out, as std::min and std::max leave them).
    struct IndexBox {
        float lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
        bool open = false;
        void grow(const IndexCorner& c) {
            const float p[3] = {c.x, c.y, c.z};
            for (int a = 0; a < 3; ++a) lo[a] = std::min(lo[a], p[a]), hi[a] = std::max(hi[a], p[a]);
        }
    };
    std::vector<IndexBox> index_box;  // per source index
    // object meshes only: the merge's naming and the candidates' volume signs
    rules::VertexMergeWorkspace merge;
    std::uint32_t positions = 0;                            // distinct positions of the used rows (number_by_position)
    std::uint64_t found = 0;                                // stock quads the rule finds, vertices by position
    std::vector<float> position_x, position_y, position_z;  // per position number
    std::vector<std::uint32_t> corner_index;                // per used row × 3: its source index
    std::vector<std::array<std::uint32_t, 3>> merge_rows;   // per used row: its corners' merge names
};

class QuadsPass final : public Pass {
public:
    QuadsPass() {
        info_.name = "quads";
        info_.family = "havok-mesh";
        info_.claims = {
            "A quad's two source triangles are the entries of the triangleDataArray whose triangleIndexToShapeKey words give keys "
            "that differ in the half bit only; both are in one section (Proven)",
            "A rule that picks most of the same pairs from the source triangles of a mesh, in pParam row order (Observed)",
            "In every pair that is a stock quad, the triangle with the third edge is the stock first half (Observed)",
            "Pairing each section's rows on their own, with the stock sections as given, finds a little more (Observed)",
            "Vertices named by the source indices of the rows (rather than by position) find 38% of the Sekiro object quads "
            "(Observed)",
            "making a candidate of every record that fits finds more stock pairs (Observed)",
        };
        info_.counters = {
            {"meshes", "compressed meshes", false},
            {"meshes_with_rows", "compressed meshes that have triangleIndexToShapeKey", false},
            {"triangles", "triangles of every mesh (one per triangle key, two per quad)", false},
            {"quads", "quad primitives", false},
            {"quad_halves", "triangles that are quad halves (two per quad primitive)", false},
            {"rows", "triangleIndexToShapeKey rows", false},
            {"rows_no_triangle", "rows whose key names no triangle (skipped)", false},
            {"rows_no_param", "rows with a triangle but past pParam's triangleDataArray (skipped)", false},
            {"rows_used", "rows the rule runs on", false},
            {"stock_pairs", "stock quads: pairs of rows whose keys differ only in the half bit", false},
            {"stock_pairs_unusable", "stock quads one of whose rows the rule cannot use (no pParam row)", false},
            {"candidates", "candidates the rule makes (all rows of a mesh at once)", false},
            {"made", "pairs the rule makes (all rows of a mesh at once)", false},
            {"found", "stock quads among the pairs the rule makes", false},
            {"missed", "stock quads the rule does not make (stock_pairs − found)", false},
            {"found_first_half_agrees", "found pairs whose third-edge triangle is the stock first half", false},
            {"found_first_half_swapped",
             "found pairs whose third-edge triangle is the stock second half (0 by construction on decoded corners)",
             false},
            {"meshes_exact", "meshes with rows that come out with exactly their stock quads", false},
            {"found_by_position",
             "stock quads matched by a made pair whose two triangles have the same corner positions", false},
            {"triangle_copies", "rows that are an extra copy of another (the same three corner positions)", false},
            {"section_made", "pairs the rule makes on each section's rows on their own", false},
            {"section_found", "stock quads among them", false},
            {"section_missed", "stock quads the per-section rule does not make", false},
            {"section_missed_diff_primdata", "of those, rows of different primitiveDataIndex", false},
            {"section_missed_multi_edge",
             "of those (same primitive data), on an edge that three or more triangles of the section use", false},
            {"section_missed_two_edge", "of those (same primitive data), on an edge of two triangles", false},
            {"source_index_made", "pairs the rule makes with vertices named by the rows' source indices", false},
            {"source_index_found", "stock quads among them", false},
            {"all_records_made", "pairs made when every fitting record makes a candidate", false},
            {"all_records_found", "stock quads among them", false},
            {"meshes_local_indices", "meshes whose rows use one source index for corners more than half a metre apart",
             false},
            {"local_index_stock_pairs", "stock quads of those meshes", false},
            {"local_index_found", "of those, found by the rule (all rows at once)", false},
            // object meshes (sets object and asset) only, where the document measures them
            {"merge_found",
             "stock quads found naming vertices by the representative of a merge of equal positions (object meshes)",
             false},
            {"merge_1mm_found", "the same with a merge distance of 1 mm (object meshes)", false},
            {"merge_1cm_found", "the same with a merge distance of 1 cm (object meshes)", false},
            {"sign_stock_candidates", "candidates of the rule (all rows at once) that are stock quads (object meshes)",
             false},
            {"sign_other_candidates", "candidates that are not (object meshes)", false},
            {"sign_stock_not_negative",
             "stock candidates whose corners a b c d span a volume (b − a)·((c − a)×(d − a)) ≥ 0 (float)", false},
            {"sign_stock_not_positive", "stock candidates whose volume is ≤ 0", false},
            {"sign_other_not_negative", "other candidates whose volume is ≥ 0", false},
            {"sign_other_not_positive", "other candidates whose volume is ≤ 0", false},
            {"meshes_index_restart",
             "object meshes with a row that uses source index 0 more than half a metre from its first use", false},
        };
        info_.value_sets = {
            {"index_restart_row", "per object mesh with such a row: the first (1-based row number)", false},
        };
        info_.maxima = {
            {"max_corner_uses", "most rows of one mesh with the same three corner positions", false},
        };
    }
    const PassInfo& info() const override { return info_; }

    void run(const Unit& unit, Tally& tally) const override {
        if (unit.mesh == nullptr) return;
        thread_local Scratch scratch;
        const ReleaseAfterLargeUnit release(scratch, unit.triangles);
        UnitCounts counts(info_);
        std::uint64_t most_uses = 0;
        // The merge and the sign test are the document's measures of object meshes: run there only
        // (a small share of an install's rows), so the pass costs what it did elsewhere.
        const bool object = unit.set == "object" || unit.set == "asset";
        for (const DecodedMesh& m : unit.mesh->meshes) {
            most_uses = std::max(most_uses, check_mesh(m, unit.products.row_pairing(m), scratch, counts, object));
            if (!object || !m.has_triangle_index_to_shape_key) continue;
            pair_by_merge(m, scratch, counts);
            if (const std::uint32_t row = index_restart_row(m, scratch); row != kNone) {
                counts.add("meshes_index_restart");
                tally.value("index_restart_row", static_cast<double>(row) + 1);
            }
        }
        if (most_uses > 0) tally.max("max_corner_uses", static_cast<double>(most_uses));
        counts.flush(tally);
    }

private:
    // Whether the pair of used rows (first, second) is a stock quad, and its first half agrees.
    static bool is_stock(const DecodedMesh& m, std::uint32_t row_first, std::uint32_t row_second, bool& first_agrees) {
        const mesh::DecodedTriangles& t = m.triangles;
        const std::uint32_t a = m.row_triangle[row_first], b = m.row_triangle[row_second];
        if (a == b || t.source_row[a] != row_first || t.source_row[b] != row_second || t.primitive[a] != t.primitive[b])
            return false;
        first_agrees = t.half[a] == 0;
        return true;
    }

    // Counts the pairs of `s.pairs` (local rows of `rows`) that are stock; `agrees` and `swapped` optional.
    static std::uint64_t count_found(const DecodedMesh& m, std::span<const std::uint32_t> rows,
                                     const std::vector<QuadPair>& pairs, std::uint64_t* agrees,
                                     std::uint64_t* swapped) {
        std::uint64_t found = 0;
        for (const QuadPair& p : pairs) {
            bool first_agrees = false;
            if (!is_stock(m, rows[p.first], rows[p.second], first_agrees)) continue;
            ++found;
            if (agrees != nullptr) *(first_agrees ? agrees : swapped) += 1;
        }
        return found;
    }

    // Returns the most uses of one set of three corner positions.
    std::uint64_t check_mesh(const DecodedMesh& m, const rules::RowPairing& all, Scratch& s, UnitCounts& counts,
                             bool object) const {
        const mesh::DecodedTriangles& t = m.triangles;
        const mesh::DecodedPrimitives& P = m.primitives;
        counts.add("meshes");
        counts.add("triangles", t.size());
        std::uint64_t quads = 0;
        for (std::size_t p = 0; p < P.size(); ++p) quads += P.kind[p] == mesh::PrimitiveKind::kQuad;
        counts.add("quads", quads);
        counts.add("quad_halves", 2 * quads);
        if (!m.has_triangle_index_to_shape_key) return 0;
        counts.add("meshes_with_rows");

        // The rows the rule runs on.
        const std::size_t rows = std::min(m.row_key.size(), m.row_triangle.size());
        const std::size_t param_rows = m.row_primitive_data_index.size();
        counts.add("rows", rows);
        s.used.clear();
        s.local.assign(rows, kNone);
        for (std::size_t r = 0; r < rows; ++r) {
            const std::uint32_t tri = m.row_triangle[r];
            if (tri == kNone || tri >= t.size()) {
                counts.add("rows_no_triangle");
                continue;
            }
            if (r >= param_rows) {
                counts.add("rows_no_param");
                continue;
            }
            s.local[r] = static_cast<std::uint32_t>(s.used.size());
            s.used.push_back(static_cast<std::uint32_t>(r));
        }
        const std::size_t n = s.used.size();
        counts.add("rows_used", n);

        // Stock quads: both halves' keys named by a row (the first row naming each key).
        s.stock.clear();
        for (std::size_t p = 0; p < P.size(); ++p) {
            if (P.kind[p] != mesh::PrimitiveKind::kQuad || P.first_triangle[p] == kNone ||
                P.first_triangle[p] + 1 >= t.size())
                continue;
            const std::uint32_t r0 = t.source_row[P.first_triangle[p]], r1 = t.source_row[P.first_triangle[p] + 1];
            if (r0 >= rows || r1 >= rows) continue;  // kNone: a half no row names
            s.stock.push_back({r0, r1, P.section[p]});
            if (s.local[r0] == kNone || s.local[r1] == kNone) counts.add("stock_pairs_unusable");
        }
        const std::uint64_t stock = s.stock.size();
        counts.add("stock_pairs", stock);

        // All rows at once, vertices by position: the unit's product (its rows are the used rows
        // above, chosen the same way).
        s.all = &all;
        s.positions = all.positions;
        s.position_vertex.resize(n * 3);
        for (std::size_t i = 0; i < n; ++i)
            for (int k = 0; k < 3; ++k) s.position_vertex[i * 3 + k] = all.vertex[i][k];
        counts.add("candidates", all.candidates.size());
        if (object) count_volume_signs(m, s, counts);
        std::uint64_t agrees = 0, swapped = 0;
        const std::uint64_t found = count_found(m, s.used, all.pairs, &agrees, &swapped);
        const std::uint64_t made = all.pairs.size();
        counts.add("made", made);
        counts.add("found", found);
        s.found = found;
        counts.add("missed", stock - found);
        counts.add("found_first_half_agrees", agrees);
        counts.add("found_first_half_swapped", swapped);
        if (found == stock && made == stock) counts.add("meshes_exact");
        const std::uint64_t most_uses = count_by_position(m, s, counts);

        // Every fitting record a candidate (the product's records, sorted once for both rules).
        rules::pair_sorted_records(rules::QuadPairingRows{all.vertex, all.box, all.data}, all.records,
                                   rules::CandidateRule::kEveryFit, s.ws, s.pairs, kSet);
        counts.add("all_records_made", s.pairs.size());
        counts.add("all_records_found", count_found(m, s.used, s.pairs, nullptr, nullptr));

        per_section(m, s, counts);

        // Vertices named by the rows' source indices. Numbered by first use as positions are, so
        // where the two numberings agree corner for corner the rule makes the pairs made above.
        number_by_source_index(m, s);
        if (s.vertex == all.vertex) {
            counts.add("source_index_made", made);
            counts.add("source_index_found", found);
        } else {
            pair_without_edge_uses(rules::QuadPairingRows{s.vertex, all.box, all.data}, s);
            counts.add("source_index_made", s.pairs.size());
            counts.add("source_index_found", count_found(m, s.used, s.pairs, nullptr, nullptr));
        }

        if (local_indices(m, s)) {
            counts.add("meshes_local_indices");
            counts.add("local_index_stock_pairs", stock);
            counts.add("local_index_found", found);
        }
        return most_uses;
    }

    // The candidates of the rule (all rows at once: the product's), stock and other, by the sign
    // of the volume their quad's four corners span: the first half a b c (its third edge c → a
    // is the shared edge), the second a c d, volume (b − a)·((c − a)×(d − a)) in single precision,
    // in that order. The document names "a sign test ... of the volume the quad's four corners
    // span" without saying which sign fails, so both readings are counted (≥ 0 and ≤ 0: a flat
    // quad, volume 0, is on both sides).
    static void count_volume_signs(const DecodedMesh& m, const Scratch& s, UnitCounts& counts) {
        const mesh::DecodedTriangles& t = m.triangles;
        const mesh::DecodedVertices& v = m.vertices;
        std::uint64_t stock = 0, other = 0, stock_nonneg = 0, stock_nonpos = 0, other_nonneg = 0, other_nonpos = 0;
        for (const auto& c : s.all->candidates) {
            const std::uint32_t r1 = s.used[c.first], r2 = s.used[c.second];
            const std::uint32_t t1 = m.row_triangle[r1], t2 = m.row_triangle[r2];
            const std::uint32_t a = t.vertex[0][t1], b = t.vertex[1][t1], cc = t.vertex[2][t1], d = t.vertex[2][t2];
            const float e1[3] = {v.x[b] - v.x[a], v.y[b] - v.y[a], v.z[b] - v.z[a]};
            const float e2[3] = {v.x[cc] - v.x[a], v.y[cc] - v.y[a], v.z[cc] - v.z[a]};
            const float e3[3] = {v.x[d] - v.x[a], v.y[d] - v.y[a], v.z[d] - v.z[a]};
            const float cross[3] = {e2[1] * e3[2] - e2[2] * e3[1], e2[2] * e3[0] - e2[0] * e3[2],
                                    e2[0] * e3[1] - e2[1] * e3[0]};
            const float volume = e1[0] * cross[0] + e1[1] * cross[1] + e1[2] * cross[2];
            bool agrees = false;
            if (is_stock(m, r1, r2, agrees)) {
                ++stock, stock_nonneg += volume >= 0, stock_nonpos += volume <= 0;
            } else {
                ++other, other_nonneg += volume >= 0, other_nonpos += volume <= 0;
            }
        }
        counts.add("sign_stock_candidates", stock);
        counts.add("sign_other_candidates", other);
        counts.add("sign_stock_not_negative", stock_nonneg);
        counts.add("sign_stock_not_positive", stock_nonpos);
        counts.add("sign_other_not_negative", other_nonneg);
        counts.add("sign_other_not_positive", other_nonpos);
    }

    // The first-fit rule into s.pairs on rows whose edge uses nothing reads (they are read after
    // the per-section rule only): the workspace skips counting them for this call.
    static void pair_without_edge_uses(const rules::QuadPairingRows& rows, Scratch& s) {
        s.ws.edge_uses_read = false;
        rules::pair_quads(rows, rules::CandidateRule::kFirstFit, s.ws, s.pairs, kSet);
        s.ws.edge_uses_read = true;
    }

    // The rule on all rows at once with each corner named by its merge representative
    // (engine/rules/merge_representatives.h), at merge distances 0, 1 mm and 1 cm. Reads what
    // check_mesh left in the scratch (used rows, position numbers, boxes, primitive data).
    static void pair_by_merge(const DecodedMesh& m, Scratch& s, UnitCounts& counts) {
        const std::size_t n = s.used.size();
        const std::uint32_t positions = s.positions;
        s.position_x.resize(positions), s.position_y.resize(positions), s.position_z.resize(positions);
        s.corner_index.resize(n * 3);
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint32_t r = s.used[i], tri = m.row_triangle[r];
            for (int k = 0; k < 3; ++k) {
                const std::uint32_t p = s.position_vertex[i * 3 + k], v = m.triangles.vertex[k][tri];
                s.position_x[p] = m.vertices.x[v], s.position_y[p] = m.vertices.y[v], s.position_z[p] = m.vertices.z[v];
                s.corner_index[i * 3 + k] = m.row_vertex_index[k][r];
            }
        }
        rules::sort_merge_vertices(s.corner_index, s.position_vertex, s.position_x, s.merge);
        constexpr std::pair<double, std::string_view> kDistances[] = {
            {0.0, "merge_found"}, {0.001, "merge_1mm_found"}, {0.01, "merge_1cm_found"}};
        for (const auto& [distance, counter] : kDistances) {
            rules::name_by_representative(distance, s.position_x, s.position_y, s.position_z, s.merge);
            // Names increasing with the position numbers (no merge, same order) order the records
            // as the numbers do, so the rule makes the pairs it made by position.
            bool same_order = true;
            for (std::uint32_t p = 1; p < positions && same_order; ++p)
                same_order = s.merge.position_name[p - 1] < s.merge.position_name[p];
            if (same_order) {
                counts.add(counter, s.found);
                continue;
            }
            s.merge_rows.resize(n);
            for (std::size_t i = 0; i < n; ++i)
                for (int k = 0; k < 3; ++k) s.merge_rows[i][k] = s.merge.position_name[s.position_vertex[i * 3 + k]];
            pair_without_edge_uses(rules::QuadPairingRows{s.merge_rows, s.all->box, s.all->data}, s);
            counts.add(counter, count_found(m, s.used, s.pairs, nullptr, nullptr));
        }
    }

    // "in one Sekiro mesh the rows from the 83rd on start again at index 0 on another part": the
    // first used row (in row order) with a corner of source index 0 more than half a metre from
    // the corner that first used index 0; kNone when there is none.
    static std::uint32_t index_restart_row(const DecodedMesh& m, const Scratch& s) {
        bool seen = false;
        float first[3] = {0, 0, 0};
        for (const std::uint32_t r : s.used) {
            const std::uint32_t tri = m.row_triangle[r];
            for (int k = 0; k < 3; ++k) {
                if (m.row_vertex_index[k][r] != 0) continue;
                const std::uint32_t v = m.triangles.vertex[k][tri];
                const float p[3] = {m.vertices.x[v], m.vertices.y[v], m.vertices.z[v]};
                if (!seen) {
                    seen = true, first[0] = p[0], first[1] = p[1], first[2] = p[2];
                    continue;
                }
                double d2 = 0;
                for (int a = 0; a < 3; ++a)
                    d2 += (static_cast<double>(p[a]) - first[a]) * (static_cast<double>(p[a]) - first[a]);
                if (d2 > kLocalIndexDistance * kLocalIndexDistance) return r;
            }
        }
        return kNone;
    }

    // The used rows' corners numbered by first use of their source indices (pParam
    // vertexIndexA/B/C) into s.vertex: number_by_first_use on the names {index, 0, 0}, by a table
    // per index when the indices are few against the corners, else by hashing the names.
    static void number_by_source_index(const DecodedMesh& m, Scratch& s) {
        const std::size_t n = s.used.size();
        s.vertex.resize(n);
        std::uint32_t largest = 0;
        for (std::size_t i = 0; i < n; ++i)
            for (int k = 0; k < 3; ++k) largest = std::max(largest, m.row_vertex_index[k][s.used[i]]);
        if (n == 0) return;
        if (largest < 4 * n * 3 + 1024) {
            s.index_number.assign(std::size_t{largest} + 1, kNone);
            std::uint32_t next = 0;
            for (std::size_t i = 0; i < n; ++i)
                for (int k = 0; k < 3; ++k) {
                    std::uint32_t& number = s.index_number[m.row_vertex_index[k][s.used[i]]];
                    if (number == kNone) number = next++;
                    s.vertex[i][k] = number;
                }
            return;
        }
        s.names.resize(n * 3);
        for (std::size_t i = 0; i < n; ++i)
            for (int k = 0; k < 3; ++k) s.names[i * 3 + k] = {m.row_vertex_index[k][s.used[i]], 0, 0};
        s.numbers.resize(n * 3);
        rules::number_by_first_use(s.names, s.ws, s.numbers);
        for (std::size_t i = 0; i < n; ++i)
            s.vertex[i] = {s.numbers[i * 3], s.numbers[i * 3 + 1], s.numbers[i * 3 + 2]};
    }

    // Copies of a triangle (the same three corner positions), and the stock quads a made pair
    // matches by the positions of its two triangles (the all-rows pairs). Returns the
    // most uses of one set of corners.
    static std::uint64_t count_by_position(const DecodedMesh& m, Scratch& s, UnitCounts& counts) {
        const std::size_t n = s.used.size();
        auto sorted_corners = [&](std::size_t i) {
            std::uint32_t a = s.position_vertex[i * 3], b = s.position_vertex[i * 3 + 1],
                          c = s.position_vertex[i * 3 + 2];
            if (b < a) std::swap(a, b);
            if (c < b) std::swap(b, c);
            if (b < a) std::swap(a, b);
            return std::array<std::uint32_t, 3>{a, b, c};
        };
        // One class per set of corners, numbered by first use of the sorted corner numbers
        // (number_by_first_use hashes them: no sort). What is counted reads the classes only
        // through which rows share one: the copies (n − classes), the largest class, and the
        // matches of unordered class pairs below, whose count is the size of a multiset
        // intersection, the same under any renaming of the classes (min/max only puts a pair in
        // one form). So any numbering of the same classes gives the same counts.
        s.names.resize(n);
        for (std::size_t i = 0; i < n; ++i) s.names[i] = sorted_corners(i);
        s.copy_class.resize(n);
        const std::uint32_t classes =
            rules::number_by_first_use(std::span<const VertexName>(s.names.data(), n), s.ws, s.copy_class);
        s.class_size.assign(classes, 0);
        std::uint64_t most = 0;
        for (std::size_t i = 0; i < n; ++i) most = std::max<std::uint64_t>(most, ++s.class_size[s.copy_class[i]]);
        counts.add("triangle_copies", n - classes);

        // The matches: the size of the multiset intersection of the stock and the made pairs as
        // unordered class pairs, Σ min(stock, made) over each distinct pair. The pairs are
        // numbered by first use (hashed, no sort) over the stock pairs then the made ones.
        auto name = [&](std::uint32_t a, std::uint32_t b) {
            const std::uint32_t ca = s.copy_class[a], cb = s.copy_class[b];
            return VertexName{std::min(ca, cb), std::max(ca, cb), 0};
        };
        s.names.clear();
        for (const StockPair& p : s.stock)
            if (s.local[p.first_row] != kNone && s.local[p.second_row] != kNone)
                s.names.push_back(name(s.local[p.first_row], s.local[p.second_row]));
        const std::size_t stock_names = s.names.size();
        for (const QuadPair& p : s.all->pairs) s.names.push_back(name(p.first, p.second));
        s.numbers.resize(s.names.size());
        const std::uint32_t distinct = rules::number_by_first_use(s.names, s.ws, s.numbers);
        s.stock_left.assign(distinct, 0);
        for (std::size_t i = 0; i < stock_names; ++i) ++s.stock_left[s.numbers[i]];
        std::uint64_t matched = 0;
        for (std::size_t i = stock_names; i < s.names.size(); ++i)
            if (s.stock_left[s.numbers[i]] > 0) --s.stock_left[s.numbers[i]], ++matched;
        counts.add("found_by_position", matched);
        (void)m;
        return most;
    }

    // The rule on each section's rows on their own (vertices by position, numbered per section;
    // engine/rules/section_pairing.h), and the stock quads it misses by what the document's
    // sketch names.
    static void per_section(const DecodedMesh& m, Scratch& s, UnitCounts& counts) {
        const std::size_t n = s.used.size();
        s.section.resize(n);
        std::size_t sections = m.sections.size();
        for (std::size_t i = 0; i < n; ++i) {
            s.section[i] = m.primitives.section[m.triangles.primitive[m.row_triangle[s.used[i]]]];
            sections = std::max<std::size_t>(sections, s.section[i] + std::size_t{1});
        }
        s.diagonal_uses.assign(n, 0);
        const bool one_section = n > 0 && std::all_of(s.section.begin(), s.section.end(),
                                                      [&](std::uint32_t sec) { return sec == s.section[0]; });
        const std::vector<QuadPair>* pairs = &s.all->pairs;
        if (one_section) {
            // Every row in one section, in row order: its rows renumbered by first use are the
            // whole mesh's numbers, so the rule makes the whole mesh's pairs, and ws.edge_uses
            // still holds the whole mesh's records per edge (the every-fit run's).
            for (std::size_t i = 0; i < n; ++i) s.diagonal_uses[i] = s.ws.edge_uses[i * 3 + 2];
        } else {
            rules::pair_each_section(rules::QuadPairingRows{s.all->vertex, s.all->box, s.all->data}, s.all->records,
                                     s.section, static_cast<std::uint32_t>(sections), s.sections, s.ws, s.pairs,
                                     s.diagonal_uses);
            pairs = &s.pairs;
        }
        std::uint64_t found = 0, missed = 0, diff = 0, multi = 0, two = 0;
        s.found_in_section.assign(n, 0);
        for (const QuadPair& p : *pairs) {
            bool agrees = false;
            if (!is_stock(m, s.used[p.first], s.used[p.second], agrees)) continue;
            ++found;
            s.found_in_section[p.first] = s.found_in_section[p.second] = 1;
        }
        for (const StockPair& sp : s.stock) {
            const std::uint32_t i0 = s.local[sp.first_row], i1 = s.local[sp.second_row];
            if (i0 == kNone || i1 == kNone) {
                ++missed;  // a row the rule cannot use
                continue;
            }
            if (s.found_in_section[i0] && s.found_in_section[i1]) continue;
            ++missed;
            if (s.all->data[i0] != s.all->data[i1]) ++diff;
            else if (s.diagonal_uses[i0] >= 3) ++multi;
            else ++two;
        }
        counts.add("section_made", pairs->size());
        counts.add("section_found", found);
        counts.add("section_missed", missed);
        counts.add("section_missed_diff_primdata", diff);
        counts.add("section_missed_multi_edge", multi);
        counts.add("section_missed_two_edge", two);
    }

    // Whether the rows use one source index for corners more than half a metre apart. The answer
    // is whether any index has such a pair, whatever order the indices are visited in. With
    // indices up to a few times the corner count (every file seen), each index's box is grown in
    // one pass over the corners (min and max are exact in float); a box over half a metre on an
    // axis decides it, one under on every axis but longer across leaves it to the pairs of its
    // distinct positions. Larger indices are grouped by one sort of 64-bit words instead.
    static bool local_indices(const DecodedMesh& m, Scratch& s) {
        const std::size_t n = s.used.size();
        std::uint32_t largest = 0;
        for (std::size_t i = 0; i < n; ++i)
            for (int k = 0; k < 3; ++k) largest = std::max(largest, m.row_vertex_index[k][s.used[i]]);
        if (n > 0 && largest < 4 * n * 3 + 1024) return local_indices_by_box(m, s, largest + std::size_t{1});
        index_corners(m, s);
        s.index_order.resize(n * 3);
        for (std::size_t c = 0; c < s.index_corners.size(); ++c)
            s.index_order[c] = static_cast<std::uint64_t>(s.index_corners[c].index) << 32 | c;
        std::sort(s.index_order.begin(), s.index_order.end());
        const std::size_t total = s.index_order.size();
        for (std::size_t g = 0; g < total;) {
            const std::size_t e = index_group_end(s, g);
            Scratch::IndexBox box;
            for (std::size_t i = g; i < e; ++i) box.grow(s.index_corners[static_cast<std::uint32_t>(s.index_order[i])]);
            if (const int verdict = box_verdict(box); verdict != 0) {
                if (verdict > 0) return true;
                if (far_pair_in_group(s, g, e)) return true;
            }
            g = e;
        }
        return false;
    }

    // The end of the run of s.index_order that starts at g: its corners of one source index.
    static std::size_t index_group_end(const Scratch& s, std::size_t g) {
        std::size_t e = g + 1;
        while (e < s.index_order.size() && s.index_order[e] >> 32 == s.index_order[g] >> 32) ++e;
        return e;
    }

    // Whether two of the corners s.index_order[g, e) name lie far apart (far_pair, over s.group).
    static bool far_pair_in_group(Scratch& s, std::size_t g, std::size_t e) {
        s.group.clear();
        for (std::size_t i = g; i < e; ++i)
            s.group.push_back(s.index_corners[static_cast<std::uint32_t>(s.index_order[i])]);
        return far_pair(s.group);
    }

    // The used rows' corners: source index and position, 3 per row in row order.
    static void index_corners(const DecodedMesh& m, Scratch& s) {
        const std::size_t n = s.used.size();
        s.index_corners.resize(n * 3);
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint32_t r = s.used[i], tri = m.row_triangle[r];
            for (int k = 0; k < 3; ++k) {
                const std::uint32_t v = m.triangles.vertex[k][tri];
                s.index_corners[i * 3 + k] = {m.row_vertex_index[k][r], m.vertices.x[v], m.vertices.y[v],
                                              m.vertices.z[v]};
            }
        }
    }

    // The boxes are grown straight from the mesh's arrays; the corners are laid out only when a
    // box leaves an index open (none in most meshes).
    static bool local_indices_by_box(const DecodedMesh& m, Scratch& s, std::size_t indices) {
        s.index_box.assign(indices, Scratch::IndexBox{});
        for (const std::uint32_t r : s.used) {
            const std::uint32_t tri = m.row_triangle[r];
            for (int k = 0; k < 3; ++k) {
                const std::uint32_t v = m.triangles.vertex[k][tri];
                s.index_box[m.row_vertex_index[k][r]].grow({0, m.vertices.x[v], m.vertices.y[v], m.vertices.z[v]});
            }
        }
        bool open = false;  // an index the box leaves undecided
        for (std::size_t i = 0; i < indices; ++i) {
            const int verdict = box_verdict(s.index_box[i]);
            if (verdict > 0) return true;
            if (verdict < 0) s.index_box[i].open = open = true;
        }
        if (!open) return false;
        index_corners(m, s);
        s.index_order.clear();
        for (std::size_t c = 0; c < s.index_corners.size(); ++c)
            if (s.index_box[s.index_corners[c].index].open)
                s.index_order.push_back(static_cast<std::uint64_t>(s.index_corners[c].index) << 32 | c);
        std::sort(s.index_order.begin(), s.index_order.end());
        for (std::size_t g = 0; g < s.index_order.size();) {
            const std::size_t e = index_group_end(s, g);
            if (far_pair_in_group(s, g, e)) return true;
            g = e;
        }
        return false;
    }

    // 1: the box is over half a metre on an axis (its two extremes are that far apart); −1: under
    // on every axis, longer across (the pairs decide); 0: no pair that far.
    static int box_verdict(const Scratch::IndexBox& b) {
        double diag2 = 0;
        for (int a = 0; a < 3; ++a) {
            const double extent = static_cast<double>(b.hi[a]) - b.lo[a];
            if (extent > kLocalIndexDistance) return 1;
            diag2 += extent * extent;
        }
        return diag2 > kLocalIndexDistance * kLocalIndexDistance ? -1 : 0;
    }

    // Whether two of the corners are more than half a metre apart (distinct positions, by their bits).
    static bool far_pair(std::vector<Scratch::IndexCorner>& group) {
        using IC = Scratch::IndexCorner;
        auto bits = [](const IC& c) {
            return std::array<std::uint32_t, 3>{std::bit_cast<std::uint32_t>(c.x), std::bit_cast<std::uint32_t>(c.y),
                                                std::bit_cast<std::uint32_t>(c.z)};
        };
        const double limit2 = kLocalIndexDistance * kLocalIndexDistance;
        auto far = [&](const IC& a, const IC& b) {
            const double dx = static_cast<double>(a.x) - b.x, dy = static_cast<double>(a.y) - b.y,
                         dz = static_cast<double>(a.z) - b.z;
            return dx * dx + dy * dy + dz * dz > limit2;
        };
        std::sort(group.begin(), group.end(), [&](const IC& a, const IC& b) { return bits(a) < bits(b); });
        for (std::size_t i = 0; i < group.size(); ++i) {
            if (i > 0 && bits(group[i]) == bits(group[i - 1])) continue;
            for (std::size_t j = i + 1; j < group.size(); ++j)
                if (far(group[i], group[j])) return true;
        }
        return false;
    }

    PassInfo info_;
};

MESHPROOF_REGISTER_PASS(QuadsPass);

}  // namespace
}  // namespace meshproof
