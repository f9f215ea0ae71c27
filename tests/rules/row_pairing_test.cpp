// engine/rules/row_pairing (the quad-pairing rule on all rows of a mesh, vertices by position) and
// the per-unit cache that hands it to every pass (engine/rules/mesh_products): the fast form
// (each vertex slot's position named and hashed once, the records and candidates kept) against
// the rule written plainly (every corner named, number_by_first_use, pair_quads), on synthetic
// parts whose sections share positions across distinct vertex slots.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <limits>
#include <set>

#include "engine/builder/collision_tagfile.h"
#include "engine/mesh/decode_member.h"
#include "engine/rules/mesh_products.h"
#include "engine/rules/row_pairing.h"
#include "engine/synth/compressed_mesh.h"
#include "engine/synth/source_mesh.h"
#include "engine/tagfile/tagfile.h"

namespace meshproof::synth {
namespace {

struct Part {
    std::vector<std::uint8_t> bytes;
    std::unique_ptr<tagfile::Tagfile> tf;
    mesh::DecodedMember member;
};

std::unique_ptr<Part> decoded_part(std::uint64_t seed, std::uint32_t triangles) {
    auto p = std::make_unique<Part>();
    const CompressedMesh cm = build_compressed_mesh(build_part(seed, triangles, 0.0f, 0.0f), {});
    auto types = builder::make_collision_type_context(tagfile::HavokDialect::kEldenRing2018);
    EXPECT_TRUE(types.ok());
    auto tag0 = builder::write_collision_tag0(*types, cm, "h000100", std::nullopt);
    EXPECT_TRUE(tag0.ok());
    p->bytes = std::move(tag0).value();
    auto tf = tagfile::parse_tagfile(p->bytes, nullptr);
    EXPECT_TRUE(tf.ok());
    p->tf = std::make_unique<tagfile::Tagfile>(std::move(tf).value());
    auto member = mesh::decode_member(*p->tf);
    EXPECT_TRUE(member.ok());
    if (member.ok()) p->member = std::move(member).value();
    return p;
}

// The rule as written: every used row's corners named by the bits of their positions and numbered
// by first use, boxes grown corner by corner, pair_quads with the first fit.
struct Plain {
    std::vector<std::uint32_t> used;
    std::vector<std::array<std::uint32_t, 3>> vertex;
    std::uint32_t positions = 0;
    std::vector<mesh::Box> box;
    std::vector<std::uint32_t> data;
    rules::QuadPairingWorkspace ws;
    std::vector<rules::QuadPair> pairs;
};

void plain_rule(const mesh::DecodedMesh& m, Plain& out) {
    const mesh::DecodedTriangles& t = m.triangles;
    const std::size_t rows = std::min(m.row_key.size(), m.row_triangle.size());
    for (std::size_t r = 0; r < rows; ++r) {
        const std::uint32_t tri = m.row_triangle[r];
        if (tri == mesh::kNone || tri >= t.size() || r >= m.row_primitive_data_index.size()) continue;
        out.used.push_back(static_cast<std::uint32_t>(r));
    }
    std::vector<rules::VertexName> names;
    for (const std::uint32_t r : out.used) {
        mesh::Box b;
        for (int a = 0; a < 3; ++a) b.min[a] = std::numeric_limits<float>::infinity(), b.max[a] = -b.min[a];
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t v = t.vertex[k][m.row_triangle[r]];
            const float p[3] = {m.vertices.x[v], m.vertices.y[v], m.vertices.z[v]};
            names.push_back({std::bit_cast<std::uint32_t>(p[0]), std::bit_cast<std::uint32_t>(p[1]),
                             std::bit_cast<std::uint32_t>(p[2])});
            for (int a = 0; a < 3; ++a) b.min[a] = std::min(b.min[a], p[a]), b.max[a] = std::max(b.max[a], p[a]);
        }
        out.box.push_back(b);
        out.data.push_back(m.row_primitive_data_index[r]);
    }
    std::vector<std::uint32_t> numbers(names.size());
    out.positions = rules::number_by_first_use(names, out.ws, numbers);
    for (std::size_t i = 0; i < out.used.size(); ++i)
        out.vertex.push_back({numbers[i * 3], numbers[i * 3 + 1], numbers[i * 3 + 2]});
    rules::pair_quads(rules::QuadPairingRows{out.vertex, out.box, out.data}, rules::CandidateRule::kFirstFit, out.ws,
                      out.pairs);
}

bool same_box(const mesh::Box& a, const mesh::Box& b) {
    for (int k = 0; k < 3; ++k)
        if (std::bit_cast<std::uint32_t>(a.min[k]) != std::bit_cast<std::uint32_t>(b.min[k]) ||
            std::bit_cast<std::uint32_t>(a.max[k]) != std::bit_cast<std::uint32_t>(b.max[k]))
            return false;
    return true;
}

TEST(RowPairing, IsTheRuleOnEveryCornerNamedByPosition) {
    rules::RowPairingWorkspace ws;
    std::uint64_t meshes = 0, pairs = 0, shared_positions = 0;
    for (const auto& [seed, triangles] : {std::pair{6u, 3000u}, std::pair{11u, 20000u}}) {
        const auto part = decoded_part(seed, triangles);
        for (const mesh::DecodedMesh& m : part->member.meshes) {
            ASSERT_TRUE(m.has_triangle_index_to_shape_key);
            Plain plain;
            plain_rule(m, plain);
            rules::RowPairing fast;
            rules::pair_rows_by_position(m, ws, fast);
            ASSERT_EQ(fast.used, plain.used);
            ASSERT_EQ(fast.vertex, plain.vertex);
            ASSERT_EQ(fast.positions, plain.positions);
            ASSERT_EQ(fast.data, plain.data);
            ASSERT_EQ(fast.box.size(), plain.box.size());
            for (std::size_t i = 0; i < fast.box.size(); ++i) ASSERT_TRUE(same_box(fast.box[i], plain.box[i])) << i;
            ASSERT_EQ(fast.pairs.size(), plain.pairs.size());
            for (std::size_t i = 0; i < fast.pairs.size(); ++i) {
                ASSERT_EQ(fast.pairs[i].first, plain.pairs[i].first) << i;
                ASSERT_EQ(fast.pairs[i].second, plain.pairs[i].second) << i;
            }
            ASSERT_EQ(fast.candidates.size(), plain.ws.candidates.size());
            for (std::size_t i = 0; i < fast.candidates.size(); ++i) {
                ASSERT_EQ(std::bit_cast<std::uint32_t>(fast.candidates[i].cost),
                          std::bit_cast<std::uint32_t>(plain.ws.candidates[i].cost));
                ASSERT_EQ(fast.candidates[i].first, plain.ws.candidates[i].first);
                ASSERT_EQ(fast.candidates[i].second, plain.ws.candidates[i].second);
            }
            ASSERT_EQ(fast.records.size(), plain.ws.sorted.size());
            for (std::size_t i = 0; i < fast.records.size(); ++i) {
                const auto f = fast.records.at(i), p = plain.ws.sorted.at(i);
                ASSERT_EQ(f.edge, p.edge);
                ASSERT_EQ(f.row, p.row);
                ASSERT_EQ(f.index, p.index);
                ASSERT_EQ(f.forward, p.forward);
            }
            // The inputs the fast form is for: positions that distinct vertex slots share.
            std::set<std::uint32_t> slots;
            for (const std::uint32_t r : fast.used)
                for (int k = 0; k < 3; ++k) slots.insert(m.triangles.vertex[k][m.row_triangle[r]]);
            shared_positions += slots.size() - fast.positions;
            ++meshes;
            pairs += fast.pairs.size();
        }
    }
    EXPECT_GT(meshes, 0u);
    EXPECT_GT(pairs, 100u);
    EXPECT_GT(shared_positions, 0u);
}

TEST(MeshProducts, ComputesEachMeshsPairingOnceAndACopyStartsEmpty) {
    const auto part = decoded_part(6, 3000);
    ASSERT_FALSE(part->member.meshes.empty());
    const mesh::DecodedMesh& m = part->member.meshes[0];
    rules::MeshProducts products;
    const rules::RowPairing& a = products.row_pairing(m);
    const rules::RowPairing& b = products.row_pairing(m);
    EXPECT_EQ(&a, &b);
    EXPECT_FALSE(a.pairs.empty());
    mesh::DecodedMesh other = m;  // another mesh (another address): its own product
    const rules::RowPairing& c = products.row_pairing(other);
    EXPECT_NE(&a, &c);
    EXPECT_EQ(c.pairs.size(), a.pairs.size());
    const rules::MeshProducts copy = products;
    EXPECT_NE(&copy.row_pairing(m), &a);
    EXPECT_EQ(copy.row_pairing(m).used, a.used);
    // A mesh without triangleIndexToShapeKey gives the rule no rows.
    other.has_triangle_index_to_shape_key = false;
    rules::MeshProducts fresh;
    EXPECT_TRUE(fresh.row_pairing(other).used.empty());
    EXPECT_TRUE(fresh.row_pairing(other).pairs.empty());
}

}  // namespace
}  // namespace meshproof::synth
