// Hulls in tree order (engine/sur/tree_order.h): what a tree-order writer makes of a retail file.
// ivp-surface-notes.md §11: retail stores IVP's insertion order, which is not the tree's in some
// parts, so such a writer is byte-identical only where the two orders agree.
#include <gtest/gtest.h>

#include "engine/sur/sur_file.h"
#include "engine/sur/sur_writer.h"
#include "engine/sur/tree_order.h"
#include "tests/sur/sur_fixtures.h"

namespace meshproof::sur {
namespace {

SurModel decode(const std::vector<std::uint8_t>& bytes) {
    auto m = decode_sur(bytes);
    EXPECT_TRUE(m.ok()) << m.error().message;
    return m.ok() ? std::move(*m) : SurModel{};
}

// Terminal ledges met by a left-first walk of every surface's leaves, as face counts.
std::vector<std::uint32_t> leaf_face_counts(const SurModel& m) {
    std::vector<std::uint32_t> out;
    for (const Surface& s : m.surfaces)
        for (std::uint32_t n = s.nodes.first; n < s.nodes.end(); ++n)
            if (m.nodes.right[n] < 0) out.push_back(m.ledges.faces[std::size_t(m.nodes.ledge[n])].count);
    return out;
}

TEST(SurTreeOrder, ByteIdenticalExactlyWhereRetailStoresTreeOrder) {
    MP_REQUIRE_CORPUS();
    std::size_t identical = 0, reordered = 0;
    for (const std::string& name : test::sur_files("sur/retail-sample")) {
        const auto bytes = test::read_file(test::corpus_path("sur/retail-sample/" + name));
        const SurModel m = decode(bytes);
        auto t = with_ledges_in_tree_order(m);
        ASSERT_TRUE(t.ok()) << name << ": " << t.error().message;
        auto written = encode_sur(*t);
        ASSERT_TRUE(written.ok()) << name;
        const bool same = *written == bytes;
        EXPECT_EQ(same, ledges_in_tree_order(m)) << name;
        // Either way the result is in tree order, holds the same hulls under the same leaves, and
        // decodes back to itself.
        const SurModel back = decode(*written);
        EXPECT_TRUE(ledges_in_tree_order(back)) << name;
        EXPECT_EQ(leaf_face_counts(back), leaf_face_counts(m)) << name;
        EXPECT_EQ(back.ledges.size(), m.ledges.size()) << name;
        (same ? identical : reordered) += 1;
    }
    // Both kinds occur in the sample (corpus-wide: 574 of 781 files identical, notes §11).
    EXPECT_GT(identical, 0u);
    EXPECT_GT(reordered, 0u);
}

// ctest-labels: hostile
TEST(SurTreeOrder, HostileTreesAreRefused) {
    MP_REQUIRE_CORPUS();
    const auto bytes = test::read_file(test::corpus_path("sur/retail-sample/solar__dockable__space_police01.sur"));
    const SurModel base = decode(bytes);
    std::size_t leaf = 0;
    while (leaf < base.nodes.size() && base.nodes.right[leaf] >= 0) ++leaf;
    ASSERT_LT(leaf, base.nodes.size());
    {
        SurModel m = base;
        m.nodes.ledge[leaf] = -1;  // a leaf without a hull
        EXPECT_FALSE(with_ledges_in_tree_order(m).ok());
        EXPECT_FALSE(ledges_in_tree_order(m));
    }
    {
        SurModel m = base;
        std::size_t other = leaf + 1;
        while (other < m.nodes.size() && m.nodes.right[other] >= 0) ++other;
        ASSERT_LT(other, m.nodes.size());
        m.nodes.ledge[other] = m.nodes.ledge[leaf];  // one hull under two leaves
        auto t = with_ledges_in_tree_order(m);
        ASSERT_FALSE(t.ok());
        EXPECT_EQ(t.error().code, ErrorCode::kBadObject);
    }
}

}  // namespace
}  // namespace meshproof::sur
