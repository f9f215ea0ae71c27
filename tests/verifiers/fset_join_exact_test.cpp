// The f-set join on synthetic maps whose f vertices stand at known distances from their h files
// (engine/synth/fset_map.h): every count the fset_join pass makes — the pairing, the shares within
// 1 cm … 2 m, the y/z-swapped and other-model controls, and in a tile group the footprint, the
// other tile and the half extent — equals the count stated from the closed-form distances.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "engine/pipeline/run.h"
#include "engine/synth/fset_map.h"
#include "tests/synth/temp_install.h"

namespace meshproof::synth {
namespace {

using V = std::array<float, 3>;

// Heights over (or beside) a square, none near a threshold: 5 mm, 3 cm, 10 cm, 50 cm, 1.5 m,
// 3.5 m, 10 m and 2 cm below; z alternates 0.5 and 5 so the y/z-swapped point lies 0.5 m or 5 m
// from the square.
std::vector<V> standing(float floor_y, float x0) {
    const float d[] = {0.005f, 0.03f, 0.1f, 0.5f, 1.5f, 3.5f, 10.0f, -0.02f};
    std::vector<V> out;
    for (int i = 0; i < 8; ++i) out.push_back({x0 + float(i), floor_y + d[i], i % 2 ? 5.0f : 0.5f});
    return out;
}

struct Expected {
    std::uint64_t f_paired = 0, f_without_h = 0, h_without_f = 0, vertices = 0, swapped = 0, other_vertices = 0,
                  other = 0;
    std::uint64_t footprint_vertices = 0, footprint = 0, other_footprint = 0;
    std::array<std::uint64_t, 5> within{};
};

// The counts stated from the closed form: `pairs` lists (f model, its own h model, the control's h
// model or null) over the models of `maps`.
void state(Expected& e, const FsetModel& f, const FsetModel& h, const FsetModel* other, bool tiles) {
    const double r[] = {0.01, 0.05, 0.25, 1.0, 2.0};
    ++e.f_paired;
    for (const V& p : f.f_vertices) {
        ++e.vertices;
        const double d = fset_square_distance_sq(h, p, false);
        for (int w = 0; w < 5; ++w) e.within[w] += d <= r[w] * r[w];
        e.swapped += fset_square_distance_sq(h, V{p[0], p[2], p[1]}, false) <= 1.0;
        if (other) {
            ++e.other_vertices;
            e.other += fset_square_distance_sq(*other, p, false) <= 1.0;
        }
        if (tiles) {
            ++e.footprint_vertices;
            e.footprint += fset_square_distance_sq(h, p, true) <= 1.0;
            if (other) e.other_footprint += fset_square_distance_sq(*other, p, true) <= 1.0;
        }
    }
}

void expect_counts(const Tally& t, const Expected& e, const std::string& game) {
    auto f = [&](const char* c) { return t.count(c, TallyScope{game, "f", {}}); };
    EXPECT_EQ(f("f_paired"), e.f_paired);
    EXPECT_EQ(f("f_without_h"), e.f_without_h);
    EXPECT_EQ(t.count("h_without_f", TallyScope{game, "h", {}}), e.h_without_f);
    EXPECT_EQ(f("paired_vertices"), e.vertices);
    const char* names[] = {"within_1cm", "within_5cm", "within_25cm", "within_1m", "within_2m"};
    for (int w = 0; w < 5; ++w) EXPECT_EQ(f(names[w]), e.within[w]) << names[w];
    EXPECT_EQ(f("swapped_yz_within_1m"), e.swapped);
    EXPECT_EQ(f("other_vertices"), e.other_vertices);
    EXPECT_EQ(f("other_within_1m"), e.other);
    EXPECT_EQ(f("footprint_vertices"), e.footprint_vertices);
    EXPECT_EQ(f("footprint_within_1m"), e.footprint);
    EXPECT_EQ(f("other_footprint_within_1m"), e.other_footprint);
}

Result<RunResult> run_join(const std::filesystem::path& root, std::vector<std::string> scopes = {}) {
    RunOptions o;
    o.threads = 2;
    o.passes = {"fset_join"};
    o.map_scopes = std::move(scopes);
    return run_verify(root, o);
}

TEST(FsetJoinExact, SekiroMapSharesAndControlsAreTheStatedOnes) {
    FsetModel a{100, true, true, 0.0f, 50, standing(0.0f, -10)};
    FsetModel b{200, true, true, 2.0f, 50, standing(2.0f, 10)};
    FsetModel f_only{300, false, true, 0.0f, 50, standing(0.0f, 0)};
    FsetModel h_only{400, true, false, 7.0f, 50, {}};
    const std::vector<FsetMap> maps = {{"m10_00_00_00", {a, b, f_only, h_only}}};
    const auto root = test::temp_install_root("fset-exact-sekiro");
    ASSERT_TRUE(write_fset_maps(root, SynthGame::kSekiro, maps).ok());
    auto run = run_join(root);
    std::filesystem::remove_all(root);
    ASSERT_TRUE(run.ok()) << run.error().message;
    ASSERT_EQ(run->count(MemberState::kOk), run->members.size());
    Expected e;
    state(e, a, a, &b, false);  // the control: the next pair's h file, cyclically
    state(e, b, b, &a, false);
    e.f_without_h = 1;
    e.h_without_f = 1;
    // The stated counts are not trivial: each threshold splits the vertices (per model 1, 3, 4,
    // 5 and 6 of 8), one vertex of model 100 lies within 1 m of model 200's square, and the
    // swapped points of model 100 with z = 0.5 lie within 1 m of its own.
    EXPECT_EQ(e.within, (std::array<std::uint64_t, 5>{2, 6, 8, 10, 12}));
    EXPECT_EQ(e.other, 1u);
    EXPECT_EQ(e.swapped, 4u);
    expect_counts(run->passes.at(0).tally, e, "sekiro");
}

TEST(FsetJoinExact, TileGroupFootprintOtherTileAndHalfExtent) {
    // Two tiles of group m60_34_5, one model each; the second tile's square is smaller and higher,
    // and some f vertices stand beside the squares in x and z.
    FsetModel t0{100, true, true, 0.0f, 50, standing(0.0f, -4)};
    t0.f_vertices.push_back({50.5f, 30.0f, 0.0f});    // 0.5 m beside in x, 30 m above
    t0.f_vertices.push_back({0.0f, 0.2f, -53.0f});    // 3 m beside in z
    t0.f_vertices.push_back({-128.0f, 0.0f, 12.0f});  // the tile's border
    FsetModel t1{100, true, true, 40.0f, 20, standing(40.0f, -4)};
    t1.f_vertices.push_back({20.75f, 40.1f, 0.0f});
    const std::vector<FsetMap> maps = {{"m60_34_50_00", {t0}}, {"m60_34_51_00", {t1}}};
    const auto root = test::temp_install_root("fset-exact-tiles");
    ASSERT_TRUE(write_fset_maps(root, SynthGame::kEldenRing, maps).ok());
    auto run = run_join(root, {"m60_34_5"});
    std::filesystem::remove_all(root);
    ASSERT_TRUE(run.ok()) << run.error().message;
    ASSERT_EQ(run->count(MemberState::kOk), run->members.size());
    Expected e;
    state(e, t0, t0, &t1, true);  // the control: the other tile's h file
    state(e, t1, t1, &t0, true);
    const Tally& t = run->passes.at(0).tally;
    expect_counts(t, e, "eldenring");
    EXPECT_EQ(t.count("tile_groups", TallyScope{"eldenring", "f", {}}), 1u);
    EXPECT_EQ(t.count("tile_groups", TallyScope{"eldenring", "f", {SubScopeKind::kMap, "m60_34_5"}}), 1u);
    EXPECT_EQ(t.count("paired_vertices", TallyScope{"eldenring", "f", {SubScopeKind::kMap, "m60_34_5"}}), e.vertices);
    EXPECT_EQ(t.maxima().at({"f_half_extent_xz", TallyScope{"eldenring", "f", {}}}), 128.0);
    EXPECT_EQ(t.maxima().at({"h_half_extent_xz", TallyScope{"eldenring", "f", {}}}), 50.0);
    // The footprint counts differ from the 3D ones: the height is what they ignore.
    EXPECT_GT(e.footprint, e.within[3]);
}

// Binders, maps with an f binder, and the models of a map's f files without triangles as one list
// per map (the document's "7 without (models 4900, 5100, …)"), read in the map's place scope.
TEST(FsetJoinExact, BindersMapsAndTheEmptyFilesModels) {
    FsetModel a{100, true, true, 0.0f, 50, standing(0.0f, -10)};
    FsetModel empty_a{500, false, true, 0.0f, 50, {}};
    FsetModel empty_b{600, true, true, 0.0f, 50, {}};
    FsetModel b{200, true, true, 2.0f, 50, standing(2.0f, 10)};
    const std::vector<FsetMap> maps = {{"m10_00_00_00", {a, empty_a, empty_b}}, {"m11_00_00_00", {b}}};
    const auto root = test::temp_install_root("fset-exact-empty");
    ASSERT_TRUE(write_fset_maps(root, SynthGame::kSekiro, maps).ok());
    auto run = run_join(root, {"m10_00_00_00", "m11_00_00_00"});
    std::filesystem::remove_all(root);
    ASSERT_TRUE(run.ok()) << run.error().message;
    ASSERT_EQ(run->count(MemberState::kOk), run->members.size());
    const Tally& t = run->passes.at(0).tally;
    EXPECT_EQ(t.count("f_binders", TallyScope{"sekiro", "f", {}}), 2u);
    EXPECT_EQ(t.count("maps_with_f", TallyScope{"sekiro", "f", {}}), 2u);
    EXPECT_EQ(t.count("f_binders", TallyScope{"sekiro", "f", {SubScopeKind::kMap, "m10_00_00_00"}}), 1u);
    using Seen = ValueSet::Seen;
    EXPECT_EQ(
        t.value_sets().at({"empty_f_models", TallyScope{"sekiro", "f", {SubScopeKind::kMap, "m10_00_00_00"}}}).seen,
        (Seen{{{500, 600}, 1}}));
    EXPECT_FALSE(
        t.value_sets().contains({"empty_f_models", TallyScope{"sekiro", "f", {SubScopeKind::kMap, "m11_00_00_00"}}}));
    EXPECT_EQ(t.count("f_paired", TallyScope{"sekiro", "f", {}}),
              3u);  // the empty f file of model 600 has an h file with triangles
}

}  // namespace
}  // namespace meshproof::synth
