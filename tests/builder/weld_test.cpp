// Welding by float value (engine/builder/weld.h) and the usemtl → material id rules
// (engine/builder/material_map.h), on worked examples.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "engine/builder/material_map.h"
#include "engine/builder/weld.h"
#include "tests/support/corpus.h"

namespace meshproof::builder {
namespace {

using Row = std::array<std::uint32_t, 3>;

Bytes bytes_of(std::string_view s) { return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()}; }

TEST(Weld, EqualValuesMergeFirstOccurrenceKeepsItsNumber) {
    // Positions 0..6: 3 repeats 1, 5 repeats 0, 4 is -0.0 beside 0's +0.0 (equal by value, so the
    // same position); 6 is one ulp from 2; 2 is used by no row.
    const float ulp_above_1 = std::nextafter(1.0f, 2.0f);
    const std::vector<float> x = {0, 1, 1, 1, -0.0f, 0, 1};
    const std::vector<float> y = {0, 0, 1, 0, 0, 0, ulp_above_1};
    const std::vector<float> z = {0, 0, 0, 0, 0, 0, 0};
    const std::vector<Row> rows = {{0, 1, 6}, {3, 5, 4}, {5, 3, 6}};
    const auto w = weld_positions(x, y, z, rows);
    ASSERT_TRUE(w.ok()) << w.error().message;
    // Used positions in list order: 0 → 0, 1 → 1, 3 → 1 (merged), 4 → 0 (merged), 5 → 0 (merged), 6 → 2.
    EXPECT_EQ(w->rows, (std::vector<Row>{{0, 1, 2}, {1, 0, 0}, {0, 1, 2}}));
    EXPECT_EQ(w->x, (std::vector<float>{0, 1, 1}));
    EXPECT_FALSE(std::signbit(w->x[0]));
    EXPECT_EQ(w->y[2], ulp_above_1);
    EXPECT_EQ(w->positions_in, 7u);
    EXPECT_EQ(w->duplicates_merged, 3u);
    EXPECT_EQ(w->unused_dropped, 1u);
}

// A seam as Blender writes it: two objects' copies of an edge, one side with -0 where the other
// has 0. Welded by value the two triangles share the edge, and the position kept is the first
// occurrence's (here -0, bit for bit).
TEST(Weld, ASeamOfMinusZeroAndZeroIsOneEdge) {
    const std::vector<float> x = {-0.0f, 1, 0, 0.0f, 1, 0};
    const std::vector<float> y = {0, 0, 1, 0, 0, -1};
    const std::vector<float> z = {0, -0.0f, 0, -0.0f, 0.0f, 0};
    const std::vector<Row> rows = {{0, 1, 2}, {4, 3, 5}};
    const auto w = weld_positions(x, y, z, rows);
    ASSERT_TRUE(w.ok()) << w.error().message;
    EXPECT_EQ(w->x.size(), 4u);
    EXPECT_EQ(w->duplicates_merged, 2u);
    EXPECT_EQ(w->rows, (std::vector<Row>{{0, 1, 2}, {1, 0, 3}}));  // the edge 0–1, once each way
    EXPECT_TRUE(std::signbit(w->x[0]));
    EXPECT_TRUE(std::signbit(w->z[1]));
}

TEST(Weld, RefusesIndicesOutsideTheList) {
    const std::vector<float> c = {0, 1};
    const std::vector<Row> rows = {{0, 1, 0}, {0, 2, 1}};
    const auto w = weld_positions(c, c, c, rows);
    ASSERT_FALSE(w.ok());
    EXPECT_EQ(w.error().code, ErrorCode::kOutOfBounds);
    EXPECT_EQ(w.error().offset, 1u);
    const std::vector<float> shorter = {0};
    EXPECT_EQ(weld_positions(c, shorter, c, {}).error().code, ErrorCode::kBadHeader);
}

TEST(Weld, LinearOnManyRepeats) {
    // 10^6 copies of 1000 positions: 1000 remain, every row renumbered.
    std::vector<float> x, y, z;
    std::vector<Row> rows;
    for (std::uint32_t i = 0; i < 1'000'000; ++i) {
        x.push_back(static_cast<float>(i % 1000));
        y.push_back(0.5f);
        z.push_back(-2.0f);
    }
    for (std::uint32_t i = 0; i + 2 < x.size(); i += 3) rows.push_back({i, i + 1, i + 2});
    const auto w = weld_positions(x, y, z, rows);
    ASSERT_TRUE(w.ok());
    EXPECT_EQ(w->x.size(), 1000u);
    for (std::size_t r = 0; r < rows.size(); r += 9973)
        for (int k = 0; k < 3; ++k) EXPECT_EQ(w->x[w->rows[r][k]], x[rows[r][k]]);
}

TEST(MaterialMap, FileNumbersAndExportNames) {
    const auto map = read_material_map(
        bytes_of("# ids of the hit materials\r\n\nstone = 21\n  wet grass =7 # trailing comment\nx=y = 3\n"));
    ASSERT_TRUE(map.ok()) << map.error().message;
    EXPECT_EQ(material_id(*map, "stone"), 21u);
    EXPECT_EQ(material_id(*map, "wet grass"), 7u);
    EXPECT_EQ(material_id(*map, "x=y"), 3u);   // the last `=` splits
    EXPECT_EQ(material_id(*map, "40"), 40u);   // a number
    EXPECT_EQ(material_id(*map, "m21"), 21u);  // meshproof export's name
    EXPECT_EQ(material_id(*map, "4294967295"), 4294967295u);
    EXPECT_FALSE(material_id(*map, "4294967296"));  // not a u32
    EXPECT_FALSE(material_id(*map, "m_none"));
    EXPECT_FALSE(material_id(*map, "m"));
    EXPECT_FALSE(material_id(*map, "-1"));
    EXPECT_FALSE(material_id(*map, "wood"));
    // The file wins over the number rules.
    const auto over = read_material_map(bytes_of("m21 = 5\n"));
    ASSERT_TRUE(over.ok());
    EXPECT_EQ(material_id(*over, "m21"), 5u);
}

// Blender writes `usemtl None` for an object without a material: material 0, unless the file
// maps `None` (then it is a material like any other).
TEST(MaterialMap, BlendersNoneIsMaterialZeroUnlessTheFileMapsIt) {
    const auto empty = read_material_map(bytes_of(""));
    ASSERT_TRUE(empty.ok());
    EXPECT_EQ(material_id(*empty, "None"), 0u);
    EXPECT_TRUE(names_no_material(*empty, "None"));
    EXPECT_FALSE(names_no_material(*empty, "none"));
    EXPECT_FALSE(material_id(*empty, "none"));
    EXPECT_FALSE(names_no_material(*empty, "21"));
    const auto mapped = read_material_map(bytes_of("None = 9\n"));
    ASSERT_TRUE(mapped.ok());
    EXPECT_EQ(material_id(*mapped, "None"), 9u);
    EXPECT_FALSE(names_no_material(*mapped, "None"));
}

TEST(MaterialMap, ErrorsNameLineAndColumn) {
    struct Case {
        std::string text, where, says;
    };
    const std::vector<Case> cases = {
        {"stone 21\n", "1:1", "expected `name = id`"},
        {"a = 1\n  = 4\n", "2:3", "name before `=` is empty"},
        {"a = 1\nb = x1\n", "2:5", "`x1` is not a material id"},
        {"b = -1\n", "1:5", "`-1` is not a material id"},
        {"b = \n", "1:3", "`` is not a material id"},
        {"b = 4294967296\n", "1:5", "not a material id"},
        {"a = 1\na = 2\n", "2:1", "given id 2 here and id 1 above"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.text);
        const auto r = read_material_map(bytes_of(c.text));
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().code, ErrorCode::kBadHeader);
        EXPECT_EQ(r.error().message.rfind(c.where + ": ", 0), 0u) << r.error().message;
        EXPECT_NE(r.error().message.find(c.says), std::string::npos) << r.error().message;
    }
    EXPECT_TRUE(read_material_map(bytes_of("a = 1\na = 1\n")).ok());  // the same id twice is no conflict
}

}  // namespace
}  // namespace meshproof::builder
