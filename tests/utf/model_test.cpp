// The UTF reader and model view on the sample's models (freelancer-models.md §1, §2, §4):
// li_elite.cmp's parts, joints, hardpoints and Root sphere; pod_drab.3db as a single part; every
// sample model decodes; and the frame convention checked against li_elite.sur's wing copies.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>

#include "engine/sur/sur_file.h"
#include "engine/utf/fl_crc.h"
#include "engine/utf/model.h"
#include "engine/utf/utf_file.h"
#include "tests/utf/utf_fixtures.h"

namespace meshproof::utf {
namespace {

const std::string kLiElite = "sur-with-models/retail/ships__liberty__li_elite__li_elite";
const std::string kPodDrab = "sur-with-models/retail/equipment__models__commodities__crates__pod_drab";

Model load(const std::string& rel) {
    const auto bytes = test::read_file(test::corpus_path(rel));
    auto m = decode_model(bytes);
    EXPECT_TRUE(m.ok()) << rel << ": " << (m.ok() ? "" : m.error().message);
    return m.ok() ? std::move(*m) : Model{};
}

std::int32_t part_named(const Model& m, std::string_view name) {
    for (std::size_t i = 0; i < m.parts.size(); ++i)
        if (names_equal(m.parts[i].object_name, name)) return std::int32_t(i);
    return -1;
}

TEST(UtfModel, LiEliteIsCompoundWithItsJointsHardpointsAndRootSphere) {
    MP_REQUIRE_CORPUS();
    const Model m = load(kLiElite + ".cmp");
    ASSERT_TRUE(m.compound);
    // §4: the six .sur parts, Li_glass and the two Rev-jointed bay doors.
    const char* const sur_parts[] = {
        "Root", "Li_Engine02_lod1", "Li_Spoiler_lod1", "Li_Engine01_lod1", "Li_port_wing_lod1", "Li_star_wing_lod1"};
    for (const char* name : sur_parts) EXPECT_GE(part_named(m, name), 0) << name;
    EXPECT_EQ(m.parts.size(), 9u);
    // §2.3: Fix 1,056 B = 6 x 176 and Rev 416 B = 2 x 208.
    std::map<JointKind, int> kinds;
    for (const Joint& j : m.joints) ++kinds[j.kind];
    EXPECT_EQ(kinds[JointKind::kFix], 6);
    EXPECT_EQ(kinds[JointKind::kRev], 2);
    EXPECT_EQ(m.dropped_joints, 0u);
    ASSERT_GE(m.root, 0);
    EXPECT_EQ(m.parts[std::size_t(m.root)].object_name, "Root");
    EXPECT_EQ(m.parts[std::size_t(m.root)].id, 0x12688F2Du);
    for (std::size_t i = 0; i < m.parts.size(); ++i) {
        EXPECT_TRUE(m.parts[i].has_fragment) << m.parts[i].object_name;
        if (std::int32_t(i) != m.root) {
            EXPECT_TRUE(m.is_ancestor(m.root, std::int32_t(i))) << m.parts[i].object_name;
        }
    }
    std::size_t moving = 0;
    for (const auto& p : m.parts) moving += p.parent >= 0 && joint_moves(p.joint);
    EXPECT_EQ(moving, 2u);
    // §2.6: Root's Level0 sphere, centre (0.0098, 0.2224, 1.1134), r = 7.4598.
    const MeshSphere& s = m.parts[std::size_t(m.root)].sphere;
    ASSERT_TRUE(s.present);
    EXPECT_NEAR(s.center[0], 0.0098, 5e-5);
    EXPECT_NEAR(s.center[1], 0.2224, 5e-5);
    EXPECT_NEAR(s.center[2], 1.1134, 5e-5);
    EXPECT_NEAR(s.radius, 7.4598, 5e-5);
    // §4: HpWeapon04 is carried by the port wing.
    const std::int32_t wing = part_named(m, "Li_port_wing_lod1");
    ASSERT_GE(wing, 0);
    bool hp04 = false;
    for (const auto& hp : m.parts[std::size_t(wing)].hardpoints) hp04 = hp04 || hp.id == fl_crc("HpWeapon04");
    EXPECT_TRUE(hp04);
}

TEST(UtfModel, PodDrabIsOneUncompoundedPartWithIdZero) {
    MP_REQUIRE_CORPUS();
    const Model m = load(kPodDrab + ".3db");
    EXPECT_FALSE(m.compound);
    ASSERT_EQ(m.parts.size(), 1u);
    EXPECT_EQ(m.parts[0].id, 0u);
    EXPECT_EQ(m.part_by_id(0), 0);
    EXPECT_EQ(m.part_by_id(fl_crc("Root")), -1);
    EXPECT_TRUE(m.parts[0].sphere.present);
    // §2.1: Hardpoints/Revolute/{HpConnect,HpMount}.
    std::set<std::string> hps;
    for (const auto& hp : m.parts[0].hardpoints) hps.insert(hp.name);
    EXPECT_EQ(hps, (std::set<std::string>{"HpConnect", "HpMount"}));
    for (const auto& hp : m.parts[0].hardpoints) EXPECT_TRUE(hp.revolute);
}

TEST(UtfModel, EverySampleModelDecodesWithRootFirstAndLeavesInsideTheFile) {
    MP_REQUIRE_CORPUS();
    const auto models = test::sample_models();
    EXPECT_EQ(models.size(), 180u);
    std::size_t compound = 0, names_first = 0;
    for (const auto& rel : models) {
        const auto bytes = test::read_file(test::corpus_path(rel));
        auto tree = decode_utf(bytes);
        ASSERT_TRUE(tree.ok()) << rel << ": " << tree.error().message;
        EXPECT_EQ(tree->root().name, "\\") << rel;
        names_first += load_le<std::uint32_t>(bytes.data() + 24) < load_le<std::uint32_t>(bytes.data() + 8);
        auto m = model_view(*tree);
        ASSERT_TRUE(m.ok()) << rel << ": " << m.error().message;
        compound += m->compound;
        EXPECT_EQ(m->compound, rel.ends_with(".cmp")) << rel;
    }
    EXPECT_EQ(compound, 48u);  // the sample's 48 Cmpnd folders
    // How many sample files put the names block before the tree (§1.1: 86 of the 1,852 retail models).
    RecordProperty("names_block_first", int(names_first));
}

// §2.4 on bytes: li_elite.sur holds Li_port_wing_lod1's hulls in the wing's own part and again in
// Root; the wing-part copy mapped through the wing's frame lands on the Root copy within 0.042,
// and through Rᵀ it misses by about 4.8.
TEST(UtfModel, WingCopyMapsOntoRootCopyThroughTheFixFrame) {
    MP_REQUIRE_CORPUS();
    const Model m = load(kLiElite + ".cmp");
    const auto sur_bytes = test::read_file(test::corpus_path(kLiElite + ".sur"));
    auto s = sur::decode_sur(sur_bytes);
    ASSERT_TRUE(s.ok());
    const std::uint32_t wing_id = fl_crc("Li_port_wing_lod1");
    const std::int32_t wing = m.part_by_id(wing_id);
    ASSERT_GE(wing, 0);
    // The hull points of id `wing_id` in the .sur part with id `part_id`.
    auto points = [&](std::uint32_t part_id) {
        std::vector<std::array<double, 3>> out;
        for (const auto& part : s->parts) {
            if (part.id != part_id || part.surface < 0) continue;
            const auto& sf = s->surfaces[std::size_t(part.surface)];
            for (std::uint32_t l = sf.ledges.first; l < sf.ledges.end(); ++l) {
                if (std::uint32_t(s->ledges.client_data[l]) != wing_id || !s->ledges.terminal(l)) continue;
                std::set<std::uint32_t> ps;
                for (std::uint64_t e = 3ull * s->ledges.faces[l].first; e < 3ull * s->ledges.faces[l].end(); ++e)
                    ps.insert(s->edges.point[e]);
                for (std::uint32_t p : ps) out.push_back({s->points.x[p], s->points.y[p], s->points.z[p]});
            }
        }
        return out;
    };
    const auto own = points(wing_id), in_root = points(fl_crc("Root"));
    ASSERT_FALSE(own.empty());
    ASSERT_FALSE(in_root.empty());
    // The largest distance from a mapped own point to its nearest Root-copy point.
    auto worst = [&](const Frame& f) {
        double worst_d = 0;
        for (const auto& p : own) {
            const auto q = f.apply(p);
            double best = 1e30;
            for (const auto& r : in_root) best = std::min(best, std::hypot(q[0] - r[0], q[1] - r[1], q[2] - r[2]));
            worst_d = std::max(worst_d, best);
        }
        return worst_d;
    };
    const Frame f = m.relative(m.root, wing);
    Frame transposed = f;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) transposed.r[3 * i + j] = f.r[3 * j + i];
    EXPECT_LT(worst(f), 0.05);
    EXPECT_GT(worst(transposed), 1.0);
}

}  // namespace
}  // namespace meshproof::utf
