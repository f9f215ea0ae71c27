// Pass "interior" (family havok-mesh): reproduces triangleIsInterior with the four-step pass of
// havok-compressed-mesh.txt (engine/rules/interior_bits.h) and compares it with the stored bits.
// "A mesh that has any bit set has them from one pass over the finished mesh ... The pass
// reproduces every bit of every such mesh from those vertices alone" (Proven), so only meshes with
// a stored bit are compared. The run is repeated with the exact reciprocal square root, the host's
// rsqrtss and a correctly rounded |n|, reported beside it: what the emulated table decides.
// Known exceptions (the DLC file's two keys) are manifest entries: nothing here knows them.
#include <algorithm>
#include <array>
#include <bit>
#include <vector>

#include <fmt/format.h>

#include "engine/core/scratch_release.h"
#include "engine/rules/interior_bits.h"
#include "engine/pipeline/pass.h"
#include "verifiers/mesh_walk.h"
#include "verifiers/unit_counts.h"

namespace meshproof {
namespace {

using namespace verifiers;
using mesh::DecodedMesh;
using rules::InteriorWorkspace;

constexpr std::size_t kSamplesPerMesh = 4;  // failure strings built per mesh at most (the tally keeps 20)

// Everything one thread reuses from mesh to mesh: no allocation per triangle, none per mesh once grown.
struct Scratch {
    InteriorWorkspace ws;
    std::vector<std::uint8_t> flat, bits, alternative;
    std::vector<std::uint32_t> position;  // per face: its place in the marking order (meshes with a close pair only)
    std::vector<std::pair<std::uint32_t, std::uint32_t>> candidates;  // neighbour faces whose weights are within 4 ulps
    std::vector<InteriorWorkspace::Weighted> table_order;  // the table's marking order, the alternatives' reference
};

class InteriorPass final : public Pass {
public:
    InteriorPass() {
        info_.name = "interior";
        info_.family = "havok-mesh";
        info_.claims = {
            "A mesh that has any bit set has them from one pass over the finished mesh (Proven)",
            "The pass reproduces every bit of every such mesh from those vertices alone … with no key wrong (Proven)",
            "in 362 Sekiro and 5,777 Elden Ring meshes on none at all (Proven)",
            "An exact reciprocal square root, or the table of one current processor, leaves some hundreds of bits per million wrong (Observed)",
            "of the 90,889 pairs … whose weights are exactly equal and whose order decides a bit, 90,887 come out as stored (Observed)",
        };
        info_.counters = {
            {"meshes", "compressed meshes", false},
            {"meshes_with_bits", "meshes with any triangleIsInterior bit set", false},
            {"meshes_no_bit", "meshes with no triangleIsInterior bit set (meshes without triangles included)", false},
            {"triangle_keys", "triangle keys of every mesh (one per triangle, two per quad)", false},
            {"keys_checked", "triangle keys of the meshes with any bit set: the keys the pass reproduces", false},
            {"bits_stored", "stored bits set on triangle keys (every mesh; meshes without bits add none)", false},
            {"bits_set", "bits the pass sets in the meshes with any bit set", false},
            {"keys_wrong", "keys whose reproduced bit differs from the stored one (table estimate)", true},
            {"keys_set_not_stored", "of those, set by the pass and clear in the file", false},
            {"keys_stored_not_set", "of those, set in the file and not by the pass", false},
            {"meshes_exact", "meshes with bits whose every key is reproduced", false},
            {"meshes_wrong", "meshes with bits and at least one key wrong", false},
            {"members_wrong", "members (files) with at least one key wrong", false},
            {"complete_faces", "faces with every neighbour (weighted and sorted), in meshes with bits", false},
            {"convex_edges", "convex edges of those faces", false},
            {"equal_weight_pairs",
             "neighbour faces whose weights are bit-equal and whose order decides a bit (the first in order is set and it alone clears the other over a convex edge, or the other taken first would clear it)",
             false},
            {"equal_weight_pairs_as_stored", "of those, pairs whose two bits come out as stored", false},
            {"equal_weight_pairs_noncongruent",
             "of those as stored, pairs that are not congruent (corner counts or corner distances differ)", false},
            {"near_equal_pairs", "neighbour faces whose order decides a bit as above, weights 1 to 4 ulps apart",
             false},
            {"near_equal_pairs_as_stored", "of those, pairs whose two bits come out as stored", false},
            {"keys_wrong_exact_rsqrt", "keys wrong with the exact reciprocal square root in place of the table", false},
            {"meshes_exact_exact_rsqrt", "meshes with bits reproduced exactly with the exact reciprocal square root",
             false},
            {"keys_wrong_host_rsqrtps",
             "keys wrong with this host's rsqrtss in place of the table (a property of the host)", false},
            {"meshes_exact_host_rsqrtps", "meshes with bits reproduced exactly with this host's rsqrtss", false},
            {"keys_wrong_sqrt_length",
             "keys wrong with |n| = sqrtf(s) in the weight instead of s × the refined estimate", false},
        };
        // Key numbers name the keys when a scope has only one of each kind (the DLC file's pair).
        info_.maxima = {
            {"key_set_not_stored", "largest key set by the pass and clear in the file", false},
            {"key_stored_not_set", "largest key set in the file and not by the pass", false},
            {"equal_weight_pair_wrong_weight",
             "largest weight of an equal-weight pair whose bits do not come out as stored", false},
        };
    }
    const PassInfo& info() const override { return info_; }

    void run(const Unit& unit, Tally& tally) const override {
        if (unit.mesh == nullptr) return;
        thread_local Scratch scratch;
        const ReleaseAfterLargeUnit release(scratch, unit.triangles);
        UnitCounts counts(info_);
        bool member_wrong = false;
        for (std::size_t mi = 0; mi < unit.mesh->meshes.size(); ++mi)
            member_wrong = check_mesh(unit, mi, scratch, tally, counts) || member_wrong;
        if (member_wrong) counts.add("members_wrong");
        counts.flush(tally);
    }

private:
    // Returns whether a key is wrong (table estimate).
    bool check_mesh(const Unit& unit, std::size_t mi, Scratch& s, Tally& tally, UnitCounts& counts) const {
        const DecodedMesh& m = unit.mesh->meshes[mi];
        const mesh::DecodedTriangles& t = m.triangles;
        counts.add("meshes");
        counts.add("triangle_keys", t.size());
        std::uint64_t stored = 0;
        for (std::uint8_t b : t.interior) stored += b != 0;
        counts.add("bits_stored", stored);
        if (stored == 0) {
            counts.add("meshes_no_bit");
            return false;
        }
        counts.add("meshes_with_bits");
        counts.add("keys_checked", t.size());

        const rules::InteriorMeshView view = rules::interior_view(m, s.flat);
        if (const Status st = rules::find_interior_neighbours(view, s.ws); !st.ok()) {
            // The decoder checked every slot, so this is a broken invariant: count every key wrong.
            counts.add("keys_wrong", t.size());
            tally.sample("keys_wrong", mesh_location(unit, mi), "interior view refused: " + st.error().message);
            return true;
        }
        s.bits.assign(t.size(), 0);
        // Bits only: the marking by the weights where no tie decides a bit (interior_bits.h,
        // ReferenceUse::kBitsOnly); what reads the quicksort's order below sorts it first.
        // It notes the faces whose convex edges no estimate changes: the alternatives below copy those.
        rules::InteriorOptions table;
        table.note_estimate_free = true;
        rules::compute_interior_bits(view, table, s.ws, s.bits, {}, rules::ReferenceUse::kBitsOnly);

        std::uint64_t wrong = 0, set = 0, sampled = 0;
        for (std::size_t i = 0; i < t.size(); ++i) {
            const bool mine = s.bits[i] != 0, theirs = t.interior[i] != 0;
            set += mine;
            if (mine == theirs) continue;
            ++wrong;
            counts.add(mine ? "keys_set_not_stored" : "keys_stored_not_set");
            tally.max(mine ? "key_set_not_stored" : "key_stored_not_set", static_cast<double>(t.key[i]));
            if (sampled++ < kSamplesPerMesh)
                tally.sample("keys_wrong", key_location(unit, mi, m, i), explain(s.ws, i, mine));
        }
        counts.add("bits_set", set);
        counts.add("keys_wrong", wrong);
        counts.add(wrong == 0 ? "meshes_exact" : "meshes_wrong");

        std::uint64_t complete = 0, convex = 0;
        for (const auto& w : s.ws.order) {
            ++complete;
            convex += InteriorWorkspace::convex_count(s.ws.convex_mask[w.face]);
        }
        counts.add("complete_faces", complete);
        counts.add("convex_edges", convex);
        count_close_pairs(view, m, s, tally, counts);

        // |n| as sqrtf first, while the workspace holds the table's convex edges (all it changes is the weights).
        // The alternatives' weights mostly order the faces as the table's do, or differ only where
        // the order decides no bit: then they mark in its order (only their bits are read).
        // The table's order is a reference only where it is the quicksort's (the alternatives' weights
        // then mostly order the faces as it does, and a tie that makes them sort reuses it).
        if (s.ws.order_is_quicksorts) s.table_order.assign(s.ws.order.begin(), s.ws.order.end());
        else s.table_order.clear();
        s.alternative.assign(t.size(), 0);
        // The table's call above kept its raw normals (the default), so this is never refused.
        const Status sqrt_form = rules::recompute_interior_bits_with_sqrt_length(s.ws, s.alternative, s.table_order,
                                                                                 rules::ReferenceUse::kBitsOnly);
        if (!sqrt_form.ok()) {
            tally.sample("keys_wrong", mesh_location(unit, mi),
                         "sqrtf length form refused: " + sqrt_form.error().message);
            return wrong != 0;
        }
        count_alternative(m, s, counts, "keys_wrong_sqrt_length", nullptr);
        alternative(view, m, rules::RsqrtMode::kExact, rules::NormalLength::kTimesRefinedRsqrt, s, counts,
                    "keys_wrong_exact_rsqrt", "meshes_exact_exact_rsqrt");
        if (rules::host_rsqrtps_available())
            alternative(view, m, rules::RsqrtMode::kHostRsqrtps, rules::NormalLength::kTimesRefinedRsqrt, s, counts,
                        "keys_wrong_host_rsqrtps", "meshes_exact_host_rsqrtps");
        return wrong != 0;
    }

    // "pairs of triangles ... whose weights are exactly equal and whose order decides a bit" (and
    // those "1 to 4 units in the last place apart"): neighbour faces A (earlier in the marking order)
    // and B with bit-equal weights (or 1–4 ulps apart, the floats' bit patterns apart: weights are
    // positive) where their order decides a bit. A clear face blocks nothing, so A is set; then
    //  - B has a convex edge to A and nothing else keeps B clear (no 70° block, no other face across
    //    a convex edge of B set before B's turn): A coming first is what clears B; or
    //  - A has a convex edge to B and B, taken before A, would be set (no 70° block, no face other
    //    than A across a convex edge of B set before A's turn): B coming first would clear A.
    // Other faces' bits are taken as the run made them (what a swap changes further on is not
    // followed). Each pair once; the analysis only where weights within 4 ulps meet.
    void count_close_pairs(const rules::InteriorMeshView& view, const DecodedMesh& m, Scratch& s, Tally& tally,
                           UnitCounts& counts) const {
        InteriorWorkspace& ws = s.ws;
        s.candidates.clear();
        for (const auto& w : ws.order) {
            const std::uint32_t f = w.face;
            for (std::uint32_t k = 0; k < ws.face_corners[f]; ++k) {
                const std::uint32_t g = ws.edge_neighbour[f * 4 + k];
                if (g <= f || !ws.face_complete[g]) continue;      // each pair from its lower face
                if (!ws.face_set[f] && !ws.face_set[g]) continue;  // no face set: the order decides nothing
                if (ulps_apart(ws.weight[f], ws.weight[g]) > 4) continue;
                if (first_shared_edge(ws, f, g) != k) continue;                        // a pair sharing two edges once
                if (!convex_towards(ws, f, g) && !convex_towards(ws, g, f)) continue;  // neither can clear the other
                s.candidates.push_back({f, g});
            }
        }
        if (s.candidates.empty()) return;
        MarkingOrder order(s);
        for (const auto& [f, g] : s.candidates) {
            const bool f_first = order.before(f, g);
            const std::uint32_t a = f_first ? f : g, b = f_first ? g : f;
            if (!order_decides(ws, order, a, b)) continue;
            const std::uint32_t apart = ulps_apart(ws.weight[f], ws.weight[g]);
            const bool as_stored = (m.triangles.interior[ws.face_triangle[f]] != 0) == (ws.face_set[f] != 0) &&
                                   (m.triangles.interior[ws.face_triangle[g]] != 0) == (ws.face_set[g] != 0);
            counts.add(apart == 0 ? "equal_weight_pairs" : "near_equal_pairs");
            if (as_stored) {
                counts.add(apart == 0 ? "equal_weight_pairs_as_stored" : "near_equal_pairs_as_stored");
                if (apart == 0 && !congruent(view, ws, f, g)) counts.add("equal_weight_pairs_noncongruent");
            } else if (apart == 0) {
                tally.max("equal_weight_pair_wrong_weight", static_cast<double>(ws.weight[f]));
            }
        }
    }

    static std::uint32_t ulps_apart(float x, float y) {
        const std::uint32_t bx = std::bit_cast<std::uint32_t>(x), by = std::bit_cast<std::uint32_t>(y);
        return bx > by ? bx - by : by - bx;
    }

    // "x comes before y in the marking order" (the quicksort's), from the weights where they differ
    // and none is NaN (that order is then sorted, so it puts the smaller weight first), else from
    // the places in that order, sorted for the first such question of the mesh.
    class MarkingOrder {
    public:
        explicit MarkingOrder(Scratch& s) : s_(s) {
            for (const auto& w : s.ws.order) any_nan_ = any_nan_ || w.weight != w.weight;
        }
        bool before(std::uint32_t x, std::uint32_t y) {
            const float* w = s_.ws.weight.data();
            if (!any_nan_ && !placed_) {
                if (w[x] < w[y]) return true;
                if (w[y] < w[x]) return false;
            }
            if (!placed_) place();
            return s_.position[x] < s_.position[y];
        }

    private:
        void place() {
            rules::sort_in_quicksort_order(s_.ws);
            s_.position.assign(s_.ws.face_count(), InteriorWorkspace::kNoFace);
            for (std::uint32_t i = 0; i < s_.ws.order.size(); ++i) s_.position[s_.ws.order[i].face] = i;
            placed_ = true;
        }
        Scratch& s_;
        bool any_nan_ = false, placed_ = false;
    };

    static bool convex_towards(const InteriorWorkspace& ws, std::uint32_t g, std::uint32_t f) {
        for (std::uint32_t k = 0; k < ws.face_corners[g]; ++k)
            if (ws.edge_neighbour[g * 4 + k] == f && (ws.convex_mask[g] & (1u << k))) return true;
        return false;
    }

    static std::uint32_t first_shared_edge(const InteriorWorkspace& ws, std::uint32_t f, std::uint32_t g) {
        std::uint32_t k = 0;
        while (ws.edge_neighbour[f * 4 + k] != g) ++k;
        return k;
    }

    // Whether a face other than `partner` across a convex edge of `face` is set and comes before `limit`.
    static bool other_blocker_before(const InteriorWorkspace& ws, MarkingOrder& order, std::uint32_t face,
                                     std::uint32_t partner, std::uint32_t limit) {
        for (std::uint32_t k = 0; k < ws.face_corners[face]; ++k) {
            if (!(ws.convex_mask[face] & (1u << k))) continue;
            const std::uint32_t h = ws.edge_neighbour[face * 4 + k];
            if (h != partner && ws.face_set[h] && order.before(h, limit)) return true;
        }
        return false;
    }

    // The rule of count_close_pairs: `a` before `b` in the marking order.
    static bool order_decides(const InteriorWorkspace& ws, MarkingOrder& order, std::uint32_t a, std::uint32_t b) {
        if (!ws.face_set[a] || ws.blocked[b]) return false;
        if (convex_towards(ws, b, a) && !other_blocker_before(ws, order, b, a, b)) return true;
        return convex_towards(ws, a, b) && !other_blocker_before(ws, order, b, a, a);
    }

    // Congruent: the same number of corners and the same distances between every two corners, each
    // squared exactly enough to be order-free (the float differences are exact in double, their
    // squares too; summed smallest first), compared as sorted lists. For a triangle that is
    // congruence (three sides); a flat quad's polygon adds its two diagonals.
    static bool congruent(const rules::InteriorMeshView& view, const InteriorWorkspace& ws, std::uint32_t f,
                          std::uint32_t g) {
        if (ws.face_corners[f] != ws.face_corners[g]) return false;
        std::array<double, 6> df{}, dg{};
        const std::size_t n = corner_distances(view, ws, f, df);
        corner_distances(view, ws, g, dg);
        return std::equal(df.begin(), df.begin() + static_cast<std::ptrdiff_t>(n), dg.begin());
    }

    static std::size_t corner_distances(const rules::InteriorMeshView& view, const InteriorWorkspace& ws,
                                        std::uint32_t f, std::array<double, 6>& out) {
        const std::uint32_t corners = ws.face_corners[f];
        std::size_t n = 0;
        for (std::uint32_t i = 0; i < corners; ++i)
            for (std::uint32_t j = i + 1; j < corners; ++j) {
                const std::uint32_t p = ws.face_slot[i][f], q = ws.face_slot[j][f];
                std::array<double, 3> d = {static_cast<double>(view.x[q]) - view.x[p],
                                           static_cast<double>(view.y[q]) - view.y[p],
                                           static_cast<double>(view.z[q]) - view.z[p]};
                for (double& c : d) c *= c;
                std::sort(d.begin(), d.end());
                out[n++] = d[0] + d[1] + d[2];
            }
        std::sort(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(n));
        return n;
    }

    // The same comparison with another estimate or |n| form (the neighbours do not depend on it).
    void alternative(const rules::InteriorMeshView& view, const DecodedMesh& m, rules::RsqrtMode mode,
                     rules::NormalLength length, Scratch& s, UnitCounts& counts, const char* wrong_counter,
                     const char* exact_counter) const {
        rules::InteriorOptions o;
        o.rsqrt = mode;
        o.length = length;
        s.alternative.assign(m.triangles.size(), 0);
        rules::compute_interior_bits(view, o, s.ws, s.alternative, s.table_order, rules::ReferenceUse::kBitsOnly);
        count_alternative(m, s, counts, wrong_counter, exact_counter);
    }

    static void count_alternative(const DecodedMesh& m, const Scratch& s, UnitCounts& counts, const char* wrong_counter,
                                  const char* exact_counter) {
        std::uint64_t wrong = 0;
        for (std::size_t i = 0; i < s.alternative.size(); ++i)
            wrong += (s.alternative[i] != 0) != (m.triangles.interior[i] != 0);
        counts.add(wrong_counter, wrong);
        if (exact_counter != nullptr && wrong == 0) counts.add(exact_counter);
    }

    static std::string key_location(const Unit& unit, std::size_t mi, const DecodedMesh& m, std::size_t i) {
        return fmt::format("{} / key {}", primitive_location(unit, mi, m, m.triangles.primitive[i]),
                           m.triangles.key[i]);
    }

    static std::string explain(InteriorWorkspace& ws, std::size_t triangle, bool mine) {
        const std::uint32_t f = ws.triangle_face[triangle];
        const char* what = mine ? "set by the pass, clear in the file" : "set in the file, not by the pass";
        if (!ws.face_complete[f]) return fmt::format("{}; the face has a missing neighbour", what);
        rules::sort_in_quicksort_order(ws);  // the place is the quicksort's
        std::uint32_t at = 0;
        while (at < ws.order.size() && ws.order[at].face != f) ++at;
        return fmt::format("{}; weight {:.9g} (0x{:08X}), {} convex edge(s), place {} of {} in order", what,
                           ws.weight[f], std::bit_cast<std::uint32_t>(ws.weight[f]), std::popcount(ws.convex_mask[f]),
                           at, ws.order.size());
    }

    PassInfo info_;
};

MESHPROOF_REGISTER_PASS(InteriorPass);

}  // namespace
}  // namespace meshproof
