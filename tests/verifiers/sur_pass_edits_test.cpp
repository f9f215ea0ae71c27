// The sur passes on retail models with one defect written in: each rule of sur_read and
// sur_roundtrip must notice it (a rule that cannot fail is a defect), and a pass ignores a
// unit without a sur model.
#include <gtest/gtest.h>

#include "engine/pipeline/pass.h"
#include "engine/sur/sur_file.h"
#include "tests/support/corpus.h"

namespace meshproof {
namespace {

const Pass& pass(std::string_view name) {
    const Pass* p = PassRegistry::global().find(name);
    if (p == nullptr) std::abort();
    return *p;
}

class SurEdits : public ::testing::Test {
protected:
    void SetUp() override {
        if (!test::corpus_available()) GTEST_SKIP() << "shared corpus not found";
        // Five parts, hardpoint hulls, a type-5 root hull: every rule has something to check.
        bytes_ = test::read_file(test::corpus_path("sur/retail-sample/solar__dockable__space_police01.sur"));
        auto m = sur::decode_sur(bytes_);
        ASSERT_TRUE(m.ok()) << m.error().message;
        model_ = std::move(*m);
    }
    Tally run(const char* name, const sur::SurModel& m) const {
        Unit unit;
        unit.path = "edited.sur";
        unit.set = "vers";
        unit.game = Game::kFreelancer;
        unit.sur = &m;
        unit.bytes = bytes_;
        Tally t;
        t.begin_unit(TallyScope{"freelancer", "vers", {}}, 0);
        pass(name).run(unit, t);
        return t;
    }
    std::uint64_t read(const sur::SurModel& m, const char* counter) const {
        return run("sur_read", m).count(counter, TallyScope{"freelancer", "vers", {}});
    }
    std::vector<std::uint8_t> bytes_;
    sur::SurModel model_;
};

TEST_F(SurEdits, TheUneditedFileHoldsEveryRule) {
    const Tally t = run("sur_read", model_);
    EXPECT_EQ(t.count("files_exact_structure", TallyScope{"freelancer", "vers", {}}), 1u);
    EXPECT_EQ(t.count("parts", TallyScope{"freelancer", "vers", {}}), 5u);
    EXPECT_GT(t.count("skip_hulls", TallyScope{"freelancer", "vers", {}}), 0u);
    EXPECT_TRUE(t.samples().empty());
    const Tally r = run("sur_roundtrip", model_);
    EXPECT_EQ(r.count("byte_exact", TallyScope{"freelancer", "vers", {}}), 1u);
    EXPECT_EQ(r.count("fixed_point", TallyScope{"freelancer", "vers", {}}), 1u);
}

TEST_F(SurEdits, EachDefectIsCountedAndMakesTheFileStructurallyValidOnly) {
    struct Edit {
        const char* counter;
        void (*apply)(sur::SurModel&);
    };
    const Edit edits[] = {
        {"face_material_nonzero", [](sur::SurModel& m) { m.faces.material[0] = 3; }},
        {"tri_index_fail", [](sur::SurModel& m) { m.faces.tri_index[1] = 0; }},
        {"virtual_type4_fail", [](sur::SurModel& m) { m.faces.is_virtual[0] = 1; }},
        {"edge_virtual_disagree", [](sur::SurModel& m) { m.edges.is_virtual[1] = 1; }},
        {"size_div_16_fail", [](sur::SurModel& m) { m.ledges.size_div_16[0] += 1; }},
        {"hull_reserved_nonzero", [](sur::SurModel& m) { m.ledges.reserved[0] = 1; }},
        {"surface_padding_nonzero", [](sur::SurModel& m) { m.surfaces[0].dummy[2] = 7; }},
        {"node_padding_nonzero", [](sur::SurModel& m) { m.nodes.free_0[0] = 1; }},
        {"surf_sizes_fail", [](sur::SurModel& m) { m.surfaces[0].chunk_size += 4; }},
        {"opposite_fail", [](sur::SurModel& m) { m.edges.opposite[0] = -1; }},
        {"point_first_user_fail", [](sur::SurModel& m) { m.points.client_data[0] ^= 1; }},
        {"point_order_fail", [](sur::SurModel& m) { std::swap(m.edges.point[0], m.edges.point[1]); }},
        {"tag_order_fail", [](sur::SurModel& m) { std::swap(m.parts[0].chunks[0], m.parts[0].chunks[1]); }},
        {"nodecount_fail", [](sur::SurModel& m) { m.surfaces[0].nodes.count -= 1; }},
        {"node_right_is_left",
         [](sur::SurModel& m) {  // the first inner node's right child made its left
             for (std::size_t n = 0; n < m.nodes.size(); ++n)
                 if (m.nodes.right[n] >= 0) {
                     m.nodes.right[n] = std::int32_t(n + 1);
                     return;
                 }
         }},
        {"skip_hull_root_fail",
         [](sur::SurModel& m) {
             for (std::size_t l = 0; l < m.ledges.size(); ++l)
                 if (m.ledges.flags[l] == 5) m.ledges.client_data[l] += 28;
         }},
    };
    for (const Edit& e : edits) {
        sur::SurModel m = model_;
        e.apply(m);
        const Tally t = run("sur_read", m);
        EXPECT_GE(t.count(e.counter, TallyScope{"freelancer", "vers", {}}), 1u) << e.counter;
        EXPECT_EQ(t.count("files_structurally_valid", TallyScope{"freelancer", "vers", {}}), 1u) << e.counter;
        ASSERT_TRUE(t.samples().count(e.counter)) << e.counter;
        EXPECT_EQ(t.samples().at(e.counter).front().location.rfind("edited.sur / part ", 0), 0u) << e.counter;
    }
}

TEST_F(SurEdits, ClientDataAndExtentClassesMove) {
    sur::SurModel m = model_;
    const std::uint64_t all = read(m, "clientdata_all");
    // A terminal hull with another id: none of its points carry it any more.
    for (std::size_t l = 0; l < m.ledges.size(); ++l)
        if (m.ledges.flags[l] == 4) {
            m.ledges.client_data[l] ^= 0x55;
            break;
        }
    EXPECT_EQ(read(m, "clientdata_all"), all - 1);
    EXPECT_EQ(read(m, "clientdata_none"), 1u);
    sur::SurModel n = model_;
    const std::uint64_t encloses = read(n, "extent_encloses");
    n.parts[0].extents[3] = n.parts[0].extents[0] - 1;  // max.x below min.x: encloses nothing
    EXPECT_EQ(read(n, "extent_encloses"), encloses - 1);
    EXPECT_EQ(read(n, "extent_misses"), 1u);
}

TEST_F(SurEdits, HullTypesAreEveryTypeByteSeen) {
    auto types = [&](const sur::SurModel& m) {
        std::vector<double> out;
        const Tally t = run("sur_read", m);
        for (const auto& [value, n] : t.value_sets().at({"hull_type", TallyScope{"freelancer", "vers", {}}}).seen)
            out.push_back(value.front());
        return out;
    };
    EXPECT_EQ(types(model_), (std::vector<double>{4, 5}));
    sur::SurModel m = model_;
    m.ledges.flags[0] = 6;  // a type the document says never occurs
    EXPECT_EQ(types(m), (std::vector<double>{4, 5, 6}));
}

TEST_F(SurEdits, RoundTripMismatchesAreViolations) {
    sur::SurModel m = model_;
    m.points.x[0] += 1.0f;  // re-encodes, but not to the file's bytes
    const Tally t = run("sur_roundtrip", m);
    EXPECT_EQ(t.count("byte_exact_fail", TallyScope{"freelancer", "vers", {}}), 1u);
    EXPECT_EQ(t.count("fixed_point", TallyScope{"freelancer", "vers", {}}), 1u);
    sur::SurModel bad = model_;
    bad.ledges.faces[0].count = 60000;  // a range outside the face column: the writer refuses it
    const Tally u = run("sur_roundtrip", bad);
    EXPECT_EQ(u.count("encode_errors", TallyScope{"freelancer", "vers", {}}), 1u);
    bool violation = false;
    for (const auto& c : pass("sur_roundtrip").info().counters)
        if (c.name == "encode_errors" || c.name == "byte_exact_fail" || c.name == "fixed_point_fail")
            violation = c.violation;
    EXPECT_TRUE(violation);
}

TEST_F(SurEdits, PassesIgnoreUnitsWithoutASurModel) {
    Unit unit;
    unit.path = "h.hkx";
    Tally t;
    pass("sur_read").run(unit, t);
    pass("sur_roundtrip").run(unit, t);
    EXPECT_TRUE(t.counts().empty());
}

}  // namespace
}  // namespace meshproof
