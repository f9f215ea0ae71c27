// pair_rows numbers vertices by name once per source vertex; the rule numbers every corner by its
// name. Same numbers, so the same pairs: checked against the corner-by-corner numbering on rows
// whose vertices repeat positions under other indices (a mesh not welded), with materials.
#include <gtest/gtest.h>

#include <bit>
#include <random>

#include "engine/builder/primitive_list.h"

namespace meshproof::builder {
namespace {

TEST(PairRows, NumberingByVertexIsNumberingByCorner) {
    for (std::uint32_t seed = 1; seed <= 20; ++seed) {
        std::mt19937 rng(seed);
        // A 12 × 12 grid whose positions each appear under two indices, rows choosing either.
        std::vector<float> x, y, z;
        const std::uint32_t g = 12;
        for (int copy = 0; copy < 2; ++copy)
            for (std::uint32_t j = 0; j < g; ++j)
                for (std::uint32_t i = 0; i < g; ++i) {
                    x.push_back(static_cast<float>(i));
                    y.push_back(static_cast<float>((i * 7 + j * 3) % 5) * 0.1f);
                    z.push_back(static_cast<float>(j));
                }
        auto v = [&](std::uint32_t i, std::uint32_t j) {
            return static_cast<std::uint32_t>(j * g + i + (rng() % 2) * g * g);
        };
        std::vector<std::array<std::uint32_t, 3>> rows;
        std::vector<std::uint32_t> material, kept;
        for (std::uint32_t j = 0; j + 1 < g; ++j)
            for (std::uint32_t i = 0; i + 1 < g; ++i) {
                const std::uint32_t a = v(i, j);
                rows.push_back({a, v(i, j + 1), v(i + 1, j + 1)});
                rows.push_back({a, v(i + 1, j + 1), v(i + 1, j)});
                material.push_back(rng() % 3 == 0 ? 1 : 0);
                material.push_back(rng() % 3 == 0 ? 1 : 0);
            }
        std::shuffle(rows.begin(), rows.end(), rng);
        for (std::uint32_t r = 0; r < rows.size(); ++r)
            if (rng() % 10 != 0) kept.push_back(r);

        rules::QuadPairingWorkspace ws;
        const PrimitiveList got = pair_rows(PairingInput{x, y, z, rows, material, kept}, ws);

        // The rule as written: every corner's name numbered by first use.
        std::vector<rules::VertexName> names;
        std::vector<mesh::Box> box(kept.size());
        std::vector<std::uint32_t> data(kept.size());
        for (std::size_t i = 0; i < kept.size(); ++i) {
            for (int k = 0; k < 3; ++k) {
                const std::uint32_t w = rows[kept[i]][k];
                names.push_back({std::bit_cast<std::uint32_t>(x[w]), std::bit_cast<std::uint32_t>(y[w]),
                                 std::bit_cast<std::uint32_t>(z[w])});
                for (int a = 0; a < 3; ++a) {
                    const float p = a == 0 ? x[w] : a == 1 ? y[w] : z[w];
                    box[i].min[a] = k == 0 ? p : std::min(box[i].min[a], p);
                    box[i].max[a] = k == 0 ? p : std::max(box[i].max[a], p);
                }
            }
            data[i] = material[kept[i]];
        }
        std::vector<std::uint32_t> numbers(names.size());
        rules::QuadPairingWorkspace ws2;
        rules::number_by_first_use(names, ws2, numbers);
        std::vector<std::array<std::uint32_t, 3>> numbered(kept.size());
        for (std::size_t i = 0; i < kept.size(); ++i)
            numbered[i] = {numbers[3 * i], numbers[3 * i + 1], numbers[3 * i + 2]};
        std::vector<rules::QuadPair> pairs;
        rules::pair_quads(rules::QuadPairingRows{numbered, box, data}, rules::CandidateRule::kFirstFit, ws2, pairs);

        ASSERT_GT(pairs.size(), 10u) << seed;
        std::uint32_t quads = 0;
        for (std::size_t p = 0; p < got.size(); ++p) quads += got.is_quad[p];
        ASSERT_EQ(quads, pairs.size()) << seed;
        for (std::size_t p = 0; p < pairs.size(); ++p) {
            const std::uint32_t r1 = kept[pairs[p].first], r2 = kept[pairs[p].second];
            EXPECT_EQ(got.row_primitive[r1], p) << seed;
            EXPECT_EQ(got.row_primitive[r2], p) << seed;
            EXPECT_EQ(got.row_half[r2], 1) << seed;
        }
    }
}

}  // namespace
}  // namespace meshproof::builder
