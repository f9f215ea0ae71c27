// Pass "numbering" (family havok-mesh): the primitive numbering of havok-compressed-mesh.txt.
// "the leaf of pre-order rank r carries the payload p with ranks(n)[p] == r … Every section tree
// of both games with two leaves or more has exactly these leaf payloads in file order" (Proven).
#include <array>
#include <map>
#include <vector>

#include <fmt/format.h>

#include "engine/rules/havok_quicksort.h"
#include "engine/pipeline/pass.h"
#include "verifiers/mesh_walk.h"
#include "verifiers/simple_orders.h"
#include "verifiers/unit_counts.h"

namespace meshproof {
namespace {

using namespace verifiers;

// The leaf counts whose pre-order payloads the document lists ("for n = 4 the payloads in pre-order are 2, 3, 0, 1").
inline constexpr std::array<std::uint32_t, 4> kListedLeaves = {4, 6, 8, 10};

// leaf_payloads_in_preorder(n), a function of n alone: made once per thread for each n a section
// tree can have in a well-formed file (a Codec3Axis4 leaf names one of 128 primitives), not once
// per member; a larger n (a hostile tree) is made into `scratch` each time, and not kept.
const std::vector<std::uint32_t>& expected_payloads(std::uint32_t n, std::vector<std::uint32_t>& scratch) {
    constexpr std::uint32_t kKeptLeaves = 256;
    thread_local std::vector<std::vector<std::uint32_t>> kept(kKeptLeaves + 1);
    if (n > kKeptLeaves) return scratch = rules::leaf_payloads_in_preorder(n);
    if (kept[n].empty()) kept[n] = rules::leaf_payloads_in_preorder(n);
    return kept[n];
}

class NumberingPass final : public Pass {
public:
    NumberingPass() {
        info_.name = "numbering";
        info_.family = "havok-mesh";
        info_.claims = {
            "the primitive stored at index p is the one of pre-order rank ranks(n)[p] (Proven)",
            "Every section tree … with two leaves or more has exactly these leaf payloads in file order (Proven)",
            "the payloads do not increase along the pre-order (Observed)",
            "… the first source rows of the primitives do not increase with the primitive index (Observed)",
            "A key of the section's primitives, the box coordinates, the first source row, quads before triangles, a traversal "
            "of the stored tree … is not the numbering (at most 10 of 2,610 Sekiro object sections for any of the simple ones) "
            "(Observed)",
        };
        info_.counters = {
            {"section_trees", "section trees", false},
            {"single_leaf_trees", "section trees with a single leaf", false},
            {"trees_rank_payloads", "section trees of 2+ leaves whose leaf payloads are the quicksort rank permutation",
             false},
            {"trees_not_rank_payloads", "section trees of 2+ leaves whose leaf payloads are not that permutation",
             true},
            {"payloads_not_preorder", "section trees of 2+ leaves whose payloads do not increase along the pre-order",
             false},
            {"trees_with_rows", "section trees of 2+ primitives with a source row for every primitive", false},
            {"rows_payloads_not_preorder", "of those, trees whose payloads do not increase along the pre-order", false},
            {"rows_not_increasing",
             "of those again, trees whose primitives' first source rows do not increase with the primitive index",
             false},
            {"order_trees", "section trees of 2+ leaves (the sections each simple order is tried on)", false},
        };
        // verifiers/simple_orders.h: each order, the trees whose numbering it reproduces.
        for (std::string_view order : kSimpleOrderCounters)
            info_.counters.push_back(
                {std::string(order),
                 fmt::format("of order_trees, those whose primitive numbering sorting by {} reproduces",
                             order.substr(6)),
                 false});
        info_.value_sets = {
            {"payloads_n4",
             "the leaf payloads in pre-order of every section tree of 4 leaves, each list with its count", false},
            {"payloads_n6", "the same for 6 leaves", false},
            {"payloads_n8", "the same for 8 leaves", false},
            {"payloads_n10", "the same for 10 leaves", false},
        };
    }
    const PassInfo& info() const override { return info_; }

    void run(const Unit& unit, Tally& tally) const override {
        if (unit.mesh == nullptr) return;
        UnitCounts counts(info_);
        std::vector<std::uint32_t> payloads, first_row, expected_scratch;
        SimpleOrderScratch order_scratch;
        // The document's lists for n = 4, 6, 8, 10: every list seen, counted in the unit, recorded once.
        // (Keyed by the payloads as read: a list seen before is found without a copy.)
        std::map<std::vector<std::uint32_t>, std::uint64_t> lists[kListedLeaves.size()];
        for (std::size_t mi = 0; mi < unit.mesh->meshes.size(); ++mi) {
            const mesh::DecodedMesh& m = unit.mesh->meshes[mi];
            const mesh::StaticTreeNodes& st = m.section_trees;
            first_rows(m, first_row);
            for (std::uint32_t t = 0; t < st.first_node.size(); ++t) {
                counts.add("section_trees");
                payloads.clear();
                for (std::uint32_t n = st.first_node[t]; n < st.first_node[t] + st.node_count[t]; ++n)
                    if (st.is_leaf[n]) payloads.push_back(st.payload[n]);
                const std::uint32_t leaves = static_cast<std::uint32_t>(payloads.size());
                if (leaves < 2) {
                    if (leaves == 1) counts.add("single_leaf_trees");
                    continue;
                }
                for (std::size_t k = 0; k < kListedLeaves.size(); ++k)
                    if (leaves == kListedLeaves[k]) {
                        const auto it = lists[k].find(payloads);
                        if (it != lists[k].end()) ++it->second;
                        else lists[k].emplace(payloads, 1);
                    }
                counts.add("order_trees");
                const std::uint32_t orders = simple_orders_matching(m, t, first_row, order_scratch);
                for (std::size_t k = 0; k < kSimpleOrderCounters.size(); ++k)
                    if (orders & (1u << k)) counts.add(kSimpleOrderCounters[k]);
                const std::vector<std::uint32_t>& want = expected_payloads(leaves, expected_scratch);
                bool increasing = true;
                for (std::uint32_t k = 1; k < leaves; ++k) increasing = increasing && payloads[k - 1] < payloads[k];
                if (!increasing) counts.add("payloads_not_preorder");
                if (const int rows = rows_increase(m, t, first_row); rows >= 0) {
                    counts.add("trees_with_rows");
                    if (!increasing) {
                        counts.add("rows_payloads_not_preorder");
                        if (rows == 0) counts.add("rows_not_increasing");
                    }
                }
                if (payloads == want) {
                    counts.add("trees_rank_payloads");
                    continue;
                }
                std::uint32_t at = 0;
                while (at < leaves && payloads[at] == want[at]) ++at;
                counts.add("trees_not_rank_payloads");
                tally.sample("trees_not_rank_payloads", section_location(unit, mi, t),
                             fmt::format("{} leaves: leaf {} in file order carries payload {}, expected {}", leaves, at,
                                         payloads[at], want[at]));
            }
        }
        for (std::size_t k = 0; k < kListedLeaves.size(); ++k)
            for (const auto& [list, n] : lists[k])
                tally.values(fmt::format("payloads_n{}", kListedLeaves[k]),
                             std::vector<double>(list.begin(), list.end()), n);
        counts.flush(tally);
    }

private:
    // Each primitive's first source row: the smallest triangleIndexToShapeKey row naming one of its
    // triangles (a quad has two); kNone when no row names it.
    static void first_rows(const mesh::DecodedMesh& m, std::vector<std::uint32_t>& out) {
        out.assign(m.primitives.size(), mesh::kNone);
        const mesh::DecodedTriangles& tri = m.triangles;
        for (std::size_t i = 0; i < tri.size(); ++i) {
            const std::uint32_t p = tri.primitive[i], row = tri.source_row[i];
            if (p < out.size() && row < out[p]) out[p] = row;
        }
    }

    // Section t's primitives in index order: −1 unless there are two or more and each has a source
    // row; then 1 when their first source rows increase with the index, else 0.
    static int rows_increase(const mesh::DecodedMesh& m, std::uint32_t t, const std::vector<std::uint32_t>& first_row) {
        const mesh::DecodedSections& sec = m.sections;
        if (t >= sec.size() || sec.num_primitives[t] < 2) return -1;
        const std::uint64_t base = sec.primitive_base[t], end = base + sec.num_primitives[t];
        if (base == mesh::kNone || end > first_row.size()) return -1;
        int increasing = 1;
        for (std::uint64_t p = base; p < end; ++p) {
            if (first_row[p] == mesh::kNone) return -1;
            if (p > base && !(first_row[p - 1] < first_row[p])) increasing = 0;
        }
        return increasing;
    }

    PassInfo info_;
};

MESHPROOF_REGISTER_PASS(NumberingPass);

}  // namespace
}  // namespace meshproof
