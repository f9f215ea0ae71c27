// Pass "interior": the real sample's stored bits reproduced, and stored bits flipped in known
// places (on the sample and on synthetic meshes whose stored bits the pass function computed)
// caught exactly.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <set>
#include <utility>

#include "engine/rules/interior_bits.h"
#include "tests/verifiers/verifier_fixtures.h"

namespace meshproof::test {
namespace {

std::uint64_t count(const Tally& t, std::string_view counter) { return t.count(counter, kScope); }
double maximum(const Tally& t, std::string_view counter) {
    const auto it = t.maxima().find({std::string(counter), kScope});
    return it == t.maxima().end() ? -1.0 : it->second;
}

class InteriorPassSample : public ErSampleTest {
protected:
    std::size_t triangle_of_key(std::uint32_t key) {
        const auto& k = mesh().triangles.key;
        return static_cast<std::size_t>(std::find(k.begin(), k.end(), key) - k.begin());
    }
};

TEST_F(InteriorPassSample, StoredBitsReproduced) {
    const Tally t = run_pass("interior", sample_->member);
    EXPECT_EQ(count(t, "meshes"), 1u);
    EXPECT_EQ(count(t, "meshes_with_bits"), 1u);
    EXPECT_EQ(count(t, "meshes_no_bit"), 0u);
    EXPECT_EQ(count(t, "keys_checked"), 15u);
    EXPECT_EQ(count(t, "bits_stored"), 3u);  // keys 5, 17, 22
    EXPECT_EQ(count(t, "bits_set"), 3u);
    EXPECT_EQ(count(t, "keys_wrong"), 0u);
    EXPECT_EQ(count(t, "meshes_exact"), 1u);
    EXPECT_EQ(count(t, "complete_faces"), 3u);
    EXPECT_EQ(count(t, "convex_edges"), 0u);  // reading-notes.md: no convex edge among them
    // ... so the sample cannot tell the estimates apart (reading-notes.md).
    EXPECT_EQ(count(t, "keys_wrong_exact_rsqrt"), 0u);
    EXPECT_EQ(count(t, "meshes_exact_exact_rsqrt"), 1u);
    if (rules::host_rsqrtps_available()) {
        EXPECT_EQ(count(t, "keys_wrong_host_rsqrtps"), 0u);
    }
    EXPECT_EQ(count(t, "keys_wrong_sqrt_length"), 0u);
    EXPECT_EQ(violations("interior", t), 0u);
    EXPECT_EQ(t.samples().count("keys_wrong"), 0u);
}

TEST_F(InteriorPassSample, FlippedStoredBitsCaughtExactly) {
    auto& interior = mesh().triangles.interior;
    const std::size_t k17 = triangle_of_key(17), k2 = triangle_of_key(2);
    ASSERT_EQ(interior[k17], 1u);
    ASSERT_EQ(interior[k2], 0u);
    interior[k17] = 0;  // stored clear where the pass sets it
    interior[k2] = 1;   // stored set where the pass does not
    const Tally t = run_pass("interior", sample_->member);
    EXPECT_EQ(count(t, "keys_wrong"), 2u);
    EXPECT_EQ(count(t, "keys_set_not_stored"), 1u);
    EXPECT_EQ(count(t, "keys_stored_not_set"), 1u);
    EXPECT_EQ(maximum(t, "key_set_not_stored"), 17.0);
    EXPECT_EQ(maximum(t, "key_stored_not_set"), 2.0);
    EXPECT_EQ(count(t, "meshes_wrong"), 1u);
    EXPECT_EQ(count(t, "meshes_exact"), 0u);
    EXPECT_EQ(count(t, "members_wrong"), 1u);
    EXPECT_EQ(violations("interior", t), 2u);
    const auto& samples = t.samples().at("keys_wrong");
    ASSERT_EQ(samples.size(), 2u);
    EXPECT_EQ(samples[0].location, "sample/h.hkx / body 0 / section 0 / primitive 1 / key 2");
    EXPECT_NE(samples[0].detail.find("missing neighbour"), std::string::npos) << samples[0].detail;
    EXPECT_NE(samples[1].location.find("/ key 17"), std::string::npos);
    EXPECT_NE(samples[1].detail.find("0x4508079E"), std::string::npos) << samples[1].detail;
}

TEST_F(InteriorPassSample, AMeshWithNoStoredBitIsNotCompared) {
    // "A mesh that has any bit set has them from one pass": a mesh with none was not run through it.
    for (auto& b : mesh().triangles.interior) b = 0;
    const Tally t = run_pass("interior", sample_->member);
    EXPECT_EQ(count(t, "meshes_no_bit"), 1u);
    EXPECT_EQ(count(t, "meshes_with_bits"), 0u);
    EXPECT_EQ(count(t, "keys_checked"), 0u);
    EXPECT_EQ(count(t, "triangle_keys"), 15u);
    EXPECT_EQ(violations("interior", t), 0u);
}

// ---- synthetic meshes -------------------------------------------------------------------------
// An n × n grid of quads (one section, shared vertices) over a bumpy height field with many convex
// and concave edges; stored bits computed by the pass function itself, as the synthetic writer
// stores them. `flat_byte` is primitiveStoresIsFlatConvex (255: every quad here is flat, its
// second slot being above its fourth).
mesh::DecodedMember synthetic_member(int n, std::uint8_t flat_byte) {
    mesh::DecodedMember member;
    member.meshes.emplace_back();
    mesh::DecodedMesh& m = member.meshes.back();
    m.primitive_stores_is_flat_convex = flat_byte;
    mesh::DecodedVertices& v = m.vertices;
    for (int j = 0; j <= n; ++j)
        for (int i = 0; i <= n; ++i) {
            const std::uint32_t h =
                (static_cast<std::uint32_t>(i) * 73856093u ^ static_cast<std::uint32_t>(j) * 19349663u) % 1000u;
            v.x.push_back(static_cast<float>(i) * 0.75f);
            v.y.push_back(static_cast<float>(h) * 0.0006f);
            v.z.push_back(static_cast<float>(j) * 0.75f);
            v.kind.push_back(mesh::VertexKind::kShared);
            v.identity.push_back(static_cast<std::uint32_t>(v.identity.size()));
        }
    auto at = [&](int i, int j) { return static_cast<std::uint8_t>(j * (n + 1) + i); };
    mesh::DecodedPrimitives& p = m.primitives;
    mesh::DecodedTriangles& t = m.triangles;
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
            const std::uint32_t prim = static_cast<std::uint32_t>(p.kind.size());
            const std::uint8_t c[4] = {at(i, j), at(i, j + 1), at(i + 1, j + 1), at(i + 1, j)};
            for (int k = 0; k < 4; ++k) p.indices[k].push_back(c[k]);
            p.kind.push_back(mesh::PrimitiveKind::kQuad);
            p.section.push_back(0);
            p.index_in_section.push_back(static_cast<std::uint8_t>(prim));
            p.key.push_back(prim << 1);
            p.first_triangle.push_back(static_cast<std::uint32_t>(t.key.size()));
            const int halves[2][3] = {{0, 1, 2}, {0, 2, 3}};
            for (std::uint32_t h = 0; h < 2; ++h) {
                for (int k = 0; k < 3; ++k) t.vertex[k].push_back(c[halves[h][k]]);
                t.key.push_back(prim << 1 | h);
                t.primitive.push_back(prim);
                t.half.push_back(static_cast<std::uint8_t>(h));
            }
        }
    rules::InteriorWorkspace ws;
    std::vector<std::uint8_t> bits;
    EXPECT_TRUE(rules::interior_bits(m, rules::InteriorOptions{}, ws, bits).ok());
    t.interior = bits;
    std::uint32_t convex = 0;
    for (const auto& w : ws.order) convex += static_cast<std::uint32_t>(std::popcount(ws.convex_mask[w.face]));
    EXPECT_GT(convex, 20u) << "the field should have many convex edges";
    return member;
}

std::uint64_t set_count(const mesh::DecodedMesh& m) {
    std::uint64_t n = 0;
    for (auto b : m.triangles.interior) n += b;
    return n;
}

TEST(InteriorPassSynthetic, ComputedBitsReproduceAndFlipsAreCaughtExactly) {
    for (std::uint8_t flat_byte : {std::uint8_t{0}, std::uint8_t{255}}) {
        SCOPED_TRACE(static_cast<int>(flat_byte));
        mesh::DecodedMember member = synthetic_member(11, flat_byte);
        mesh::DecodedMesh& m = member.meshes[0];
        const std::uint64_t set = set_count(m);
        ASSERT_GT(set, 10u);
        ASSERT_LT(set, m.triangles.size() / 2);
        Tally t = run_pass("interior", member);
        EXPECT_EQ(count(t, "keys_checked"), 242u);
        EXPECT_EQ(count(t, "bits_set"), set);
        EXPECT_EQ(count(t, "keys_wrong"), 0u);
        EXPECT_EQ(count(t, "meshes_exact"), 1u);

        // Flip known places: some set ones, some clear ones (a flat quad's second half included).
        const std::set<std::size_t> flips = {1, 3, 30, 57, 58, 100, 141, 200, 239};
        std::uint64_t were_set = 0;
        for (std::size_t i : flips) {
            were_set += m.triangles.interior[i];
            m.triangles.interior[i] ^= 1;
        }
        t = run_pass("interior", member);
        EXPECT_EQ(count(t, "keys_wrong"), flips.size());
        EXPECT_EQ(count(t, "keys_set_not_stored"), were_set);
        EXPECT_EQ(count(t, "keys_stored_not_set"), flips.size() - were_set);
        EXPECT_EQ(count(t, "bits_set"), set);
        EXPECT_EQ(violations("interior", t), flips.size());
        std::set<std::string> sampled;
        for (const auto& s : t.samples().at("keys_wrong")) sampled.insert(s.location);
        EXPECT_EQ(sampled.size(), 4u);                                       // at most four strings built per mesh
        EXPECT_EQ(*t.samples().at("keys_wrong")[0].location.rbegin(), '1');  // "... / key 1" (triangle 1)
    }
}

// ---- equal-weight and near-equal pairs ------------------------------------------------------------
// The document's DLC pair in miniature (tests/rules/interior_bits_test.cpp equal_weight_ridge): two
// ridge triangles A (first key) and B over a ridge convex for both, their other edges concave and
// open, and a flat 2 × 2 grid of quads far away whose faces are lighter and have no convex edge.
// With L = 0x4083ABD0 both weigh 0x41699B3E (14.600401) under the table, and the quicksort puts A
// first: A is set and B, which only A clears, is not. `b_shift` moves B's apex along the ridge
// (its raw normal stays bit-equal, the triangle is no longer A's mirror image); `b_depth` is its
// distance from the ridge's plane (1: the mirror image's).
mesh::DecodedMember ridge_member(float b_shift = 0.0f, float b_depth = 1.0f) {
    mesh::DecodedMember member;
    member.meshes.emplace_back();
    mesh::DecodedMesh& m = member.meshes.back();
    mesh::DecodedVertices& v = m.vertices;
    auto vertex = [&](float x, float y, float z) {
        v.x.push_back(x);
        v.y.push_back(y);
        v.z.push_back(z);
        v.kind.push_back(mesh::VertexKind::kShared);
        v.identity.push_back(static_cast<std::uint32_t>(v.identity.size()));
        return static_cast<std::uint32_t>(v.x.size() - 1);
    };
    const float L = std::bit_cast<float>(0x4083ABD0u), h = 0.5f, w = 1.0f, up = 1.0f - h;
    const auto p0 = vertex(0, 0, 0), p1 = vertex(L, 0, 0);
    const auto ca = vertex(L / 2, -h, w), cb = vertex(L / 2 + b_shift, -h, -b_depth);
    const auto x1 = vertex(-L / 2, up, w), x2 = vertex(1.5f * L, up, w);
    const auto x3 = vertex(1.5f * L, up, -w), x4 = vertex(-L / 2, up, -w);
    std::uint32_t g[3][3];
    for (int j = 0; j < 3; ++j)
        for (int i = 0; i < 3; ++i) g[j][i] = vertex(100.0f + static_cast<float>(i), 0.0f, static_cast<float>(j));
    mesh::DecodedPrimitives& p = m.primitives;
    mesh::DecodedTriangles& t = m.triangles;
    auto primitive = [&](std::array<std::uint32_t, 4> c, bool quad) {
        const std::uint32_t prim = static_cast<std::uint32_t>(p.kind.size());
        for (int k = 0; k < 4; ++k) p.indices[k].push_back(static_cast<std::uint8_t>(c[k]));
        p.kind.push_back(quad ? mesh::PrimitiveKind::kQuad : mesh::PrimitiveKind::kTriangle);
        p.section.push_back(0);
        p.index_in_section.push_back(static_cast<std::uint8_t>(prim));
        p.key.push_back(prim << 1);
        p.first_triangle.push_back(static_cast<std::uint32_t>(t.key.size()));
        const int halves[2][3] = {{0, 1, 2}, {0, 2, 3}};
        for (std::uint32_t half = 0; half < (quad ? 2u : 1u); ++half) {
            for (int k = 0; k < 3; ++k) t.vertex[k].push_back(c[halves[half][k]]);
            t.key.push_back(prim << 1 | half);
            t.primitive.push_back(prim);
            t.half.push_back(static_cast<std::uint8_t>(half));
        }
    };
    primitive({p0, ca, p1, p1}, false);  // A
    primitive({p1, cb, p0, p0}, false);  // B
    primitive({ca, p0, x1, x1}, false);  // the valleys around them
    primitive({p1, ca, x2, x2}, false);
    primitive({cb, p1, x3, x3}, false);
    primitive({p0, cb, x4, x4}, false);
    for (int j = 0; j < 2; ++j)
        for (int i = 0; i < 2; ++i) primitive({g[j][i], g[j + 1][i], g[j + 1][i + 1], g[j][i + 1]}, true);
    rules::InteriorWorkspace ws;
    std::vector<std::uint8_t> bits;
    EXPECT_TRUE(rules::interior_bits(m, rules::InteriorOptions{}, ws, bits).ok());
    t.interior = bits;
    return member;
}

// The two ridge faces' weights under the table.
std::pair<std::uint32_t, std::uint32_t> ridge_weights(const mesh::DecodedMember& member) {
    rules::InteriorWorkspace ws;
    std::vector<std::uint8_t> bits;
    EXPECT_TRUE(rules::interior_bits(member.meshes[0], rules::InteriorOptions{}, ws, bits).ok());
    return {std::bit_cast<std::uint32_t>(ws.weight[0]), std::bit_cast<std::uint32_t>(ws.weight[1])};
}

TEST(InteriorPassPairs, TheDocumentsTieAsStoredIsOneCongruentEqualWeightPair) {
    const mesh::DecodedMember member = ridge_member();
    ASSERT_EQ(ridge_weights(member), std::make_pair(0x41699B3Eu, 0x41699B3Eu));
    ASSERT_EQ(member.meshes[0].triangles.interior[0], 1u);  // A set
    ASSERT_EQ(member.meshes[0].triangles.interior[1], 0u);  // B clear
    const Tally t = run_pass("interior", member);
    EXPECT_EQ(count(t, "equal_weight_pairs"), 1u);
    EXPECT_EQ(count(t, "equal_weight_pairs_as_stored"), 1u);
    EXPECT_EQ(count(t, "equal_weight_pairs_noncongruent"), 0u);  // B is A's mirror image
    EXPECT_EQ(count(t, "near_equal_pairs"), 0u);
    EXPECT_EQ(maximum(t, "equal_weight_pair_wrong_weight"), -1.0);  // none recorded
}

TEST(InteriorPassPairs, TheDocumentsTieStoredTheOtherWayGivesItsWeight) {
    // "so the pass sets 196954; the stored bits set 196956 and not 196954"
    mesh::DecodedMember member = ridge_member();
    auto& interior = member.meshes[0].triangles.interior;
    interior[0] = 0;
    interior[1] = 1;
    const Tally t = run_pass("interior", member);
    EXPECT_EQ(count(t, "keys_wrong"), 2u);
    EXPECT_EQ(count(t, "equal_weight_pairs"), 1u);
    EXPECT_EQ(count(t, "equal_weight_pairs_as_stored"), 0u);
    EXPECT_EQ(count(t, "equal_weight_pairs_noncongruent"), 0u);  // counted among those as stored only
    EXPECT_EQ(maximum(t, "equal_weight_pair_wrong_weight"), static_cast<double>(std::bit_cast<float>(0x41699B3Eu)));
    EXPECT_EQ(maximum(t, "equal_weight_pair_wrong_weight"), static_cast<double>(14.600401f));
}

TEST(InteriorPassPairs, ANonCongruentPairOfEqualWeight) {
    // B's apex a quarter metre along the ridge: the same raw normal bit for bit, another triangle.
    const mesh::DecodedMember member = ridge_member(0.25f);
    ASSERT_EQ(ridge_weights(member), std::make_pair(0x41699B3Eu, 0x41699B3Eu));
    ASSERT_EQ(member.meshes[0].triangles.interior[0], 1u);
    ASSERT_EQ(member.meshes[0].triangles.interior[1], 0u);
    const Tally t = run_pass("interior", member);
    EXPECT_EQ(count(t, "equal_weight_pairs"), 1u);
    EXPECT_EQ(count(t, "equal_weight_pairs_as_stored"), 1u);
    EXPECT_EQ(count(t, "equal_weight_pairs_noncongruent"), 1u);
}

TEST(InteriorPassPairs, NearEqualWeightsOneToFourUlpsApart) {
    // B's apex stepped away from the ridge's plane one ulp at a time until its weight is 1 to 4
    // ulps from A's (|n| = L × √(h² + depth²)).
    float depth = 1.0f;
    std::uint32_t apart = 0;
    for (int step = 0; step < 64 && (apart == 0 || apart > 4); ++step) {
        depth = std::nextafter(depth, 2.0f);
        const auto [wa, wb] = ridge_weights(ridge_member(0.0f, depth));
        apart = wa > wb ? wa - wb : wb - wa;
    }
    ASSERT_GE(apart, 1u);
    ASSERT_LE(apart, 4u);
    const mesh::DecodedMember member = ridge_member(0.0f, depth);
    const Tally t = run_pass("interior", member);
    EXPECT_EQ(count(t, "equal_weight_pairs"), 0u);
    EXPECT_EQ(count(t, "near_equal_pairs"), 1u);
    EXPECT_EQ(count(t, "near_equal_pairs_as_stored"), 1u);
}

}  // namespace
}  // namespace meshproof::test
