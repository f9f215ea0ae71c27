// engine/rules/position_numbering: slots numbered by first use of their positions, each slot's
// position hashed once, against number_by_first_use on the names of every slot as listed (the
// rule written plainly), on random slot lists whose slots share positions, with −0 and +0, NaN,
// ±inf and subnormal coordinates (names are bits: −0 and +0 differ, a NaN names itself).
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "engine/rules/position_numbering.h"

namespace meshproof::rules {
namespace {

TEST(PositionNumbering, IsNumberByFirstUseOnEverySlotsName) {
    std::mt19937 rng(7);
    const float specials[] = {0.0f,
                              -0.0f,
                              std::numeric_limits<float>::quiet_NaN(),
                              std::numeric_limits<float>::infinity(),
                              -std::numeric_limits<float>::infinity(),
                              std::numeric_limits<float>::denorm_min(),
                              1.5f};
    PositionNumberingWorkspace ws;
    QuadPairingWorkspace hashing;
    std::uint64_t shared = 0;
    for (int trial = 0; trial < 200; ++trial) {
        mesh::DecodedVertices v;
        const std::uint32_t slots_n = 1 + rng() % 300, distinct = 1 + rng() % 40;
        std::vector<std::array<float, 3>> palette(distinct);
        for (auto& p : palette)
            for (float& c : p) c = rng() % 4 == 0 ? specials[rng() % 7] : static_cast<float>(rng() % 5) * 0.25f;
        for (std::uint32_t s = 0; s < slots_n; ++s) {
            const auto& p = palette[rng() % distinct];  // several slots, one position
            v.x.push_back(p[0]), v.y.push_back(p[1]), v.z.push_back(p[2]);
        }
        std::vector<std::uint32_t> slots(rng() % 900);
        for (auto& s : slots) s = rng() % slots_n;
        std::vector<VertexName> names;
        for (const std::uint32_t s : slots)
            names.push_back({std::bit_cast<std::uint32_t>(v.x[s]), std::bit_cast<std::uint32_t>(v.y[s]),
                             std::bit_cast<std::uint32_t>(v.z[s])});
        std::vector<std::uint32_t> plain(slots.size()), fast(slots.size());
        QuadPairingWorkspace plain_ws;
        const std::uint32_t plain_distinct = number_by_first_use(names, plain_ws, plain);
        const std::uint32_t fast_distinct = number_positions_by_first_use(v, slots, ws, hashing, fast);
        ASSERT_EQ(fast_distinct, plain_distinct) << trial;
        ASSERT_EQ(fast, plain) << trial;
        shared += slots_n > distinct;
    }
    EXPECT_GT(shared, 100u);  // the inputs the fast form is for
}

}  // namespace
}  // namespace meshproof::rules
