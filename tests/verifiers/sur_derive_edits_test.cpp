// sur_derive on a retail model with one defect written in per rule: each derived value the pass
// compares must notice a wrong stored value (a rule that cannot fail is a defect), and the file
// moves from "derived exact" to "derived differ" where the rule is one retail holds everywhere.
#include <gtest/gtest.h>

#include <cmath>

#include "engine/pipeline/pass.h"
#include "engine/sur/sur_file.h"
#include "tests/sur/sur_fixtures.h"

namespace meshproof {
namespace {

const Pass& pass() {
    const Pass* p = PassRegistry::global().find("sur_derive");
    if (p == nullptr) std::abort();
    return *p;
}

struct Loaded {
    std::vector<std::uint8_t> bytes;
    sur::SurModel model;
};

Loaded load(const std::string& name) {
    Loaded l;
    l.bytes = test::read_file(test::corpus_path("sur/retail-sample/" + name));
    auto m = sur::decode_sur(l.bytes);
    EXPECT_TRUE(m.ok()) << name;
    if (m.ok()) l.model = std::move(*m);
    return l;
}

Tally run(const Loaded& l, const sur::SurModel& m) {
    Unit unit;
    unit.path = "edited.sur";
    unit.set = "vers";
    unit.game = Game::kFreelancer;
    unit.sur = &m;
    unit.bytes = l.bytes;
    Tally t;
    t.begin_unit("freelancer/vers", 0);
    pass().run(unit, t);
    return t;
}

std::uint64_t count(const Tally& t, const char* c) { return t.count(c, "freelancer/vers"); }

// First inner node (right >= 0) of the model.
std::size_t inner(const sur::SurModel& m) {
    for (std::size_t n = 0; n < m.nodes.size(); ++n)
        if (m.nodes.right[n] >= 0) return n;
    std::abort();
}
std::size_t leaf(const sur::SurModel& m) {
    for (std::size_t n = 0; n < m.nodes.size(); ++n)
        if (m.nodes.right[n] < 0) return n;
    std::abort();
}

TEST(SurDeriveEdits, EachWrongStoredValueIsCounted) {
    MP_REQUIRE_CORPUS();
    // Five parts, multi-hull trees: leaves and inner nodes both present.
    const Loaded base = load("solar__dockable__space_police01.sur");
    const Tally clean = run(base, base.model);
    ASSERT_EQ(count(clean, "files_derived_exact"), 1u);
    ASSERT_GT(count(clean, "inner_nodes"), 0u);
    struct Edit {
        const char* counter;
        bool makes_differ;   // a rule retail holds on every part
        void (*apply)(sur::SurModel&);
    };
    const Edit edits[] = {
        {"leaf_sphere_differ", true, [](sur::SurModel& m) { m.nodes.center_x[leaf(m)] += m.nodes.radius[leaf(m)] * 0.01f; }},
        {"leaf_box_differ", false, [](sur::SurModel& m) { m.nodes.box[leaf(m)][1] += 1; }},
        {"inner_sphere_differ", true, [](sur::SurModel& m) { m.nodes.radius[inner(m)] *= 1.01f; }},
        {"inner_box_differ", true, [](sur::SurModel& m) { m.nodes.box[inner(m)][2] -= 1; }},
        {"mass_center_differ", true, [](sur::SurModel& m) { m.surfaces[0].mass_center[1] += m.surfaces[0].radius * 0.001f; }},
        {"radius_differ", true, [](sur::SurModel& m) { m.surfaces[0].radius *= 1.001f; }},
        {"deviation_off_by_one", false, [](sur::SurModel& m) { m.surfaces[0].deviation -= 1; }},
        {"deviation_differ", false, [](sur::SurModel& m) { m.surfaces[0].deviation -= 9; }},
        {"inertia_beyond_25pct", false, [](sur::SurModel& m) { m.surfaces[0].rotation_inertia[2] *= 2.0f; }},
        {"pierce_in_range_fail", true, [](sur::SurModel& m) { m.faces.pierce[0] = 0; }},
        {"pierce_differ", true, [](sur::SurModel& m) { m.faces.pierce[0] = 0; }},
        {"opposite_derived_differ", true, [](sur::SurModel& m) { std::swap(m.edges.opposite[0], m.edges.opposite[1]); }},
        {"opposite_undetermined", true, [](sur::SurModel& m) { m.edges.point[0] = m.edges.point[1]; }},
        {"tree_errors", true, [](sur::SurModel& m) { m.nodes.right[inner(m)] = std::int32_t(inner(m) + 1); }},
    };
    for (const Edit& e : edits) {
        sur::SurModel m = base.model;
        e.apply(m);
        const Tally t = run(base, m);
        EXPECT_GE(count(t, e.counter), 1u) << e.counter;
        EXPECT_EQ(count(t, "files_derived_differ"), e.makes_differ ? 1u : 0u) << e.counter;
        ASSERT_TRUE(t.samples().count(e.counter)) << e.counter;
        EXPECT_EQ(t.samples().at(e.counter).front().location.rfind("edited.sur / part ", 0), 0u) << e.counter;
    }
}

TEST(SurDeriveEdits, InertiaBandsMove) {
    MP_REQUIRE_CORPUS();
    // The first sample file with a component within 0.1 %: a 5 % change of every component
    // leaves the 0.1 % band and stays inside the 25 % one.
    for (const std::string& f : test::sur_files("sur/retail-sample")) {
        const Loaded l = load(f);
        const Tally clean = run(l, l.model);
        if (count(clean, "inertia_within_0_1pct") == 0) continue;
        sur::SurModel m = l.model;
        for (auto& s : m.surfaces)
            for (float& v : s.rotation_inertia) v *= 1.05f;
        const Tally t = run(l, m);
        EXPECT_EQ(count(t, "inertia_within_0_1pct"), 0u) << f;
        EXPECT_EQ(count(t, "inertia_exact"), 0u) << f;
        EXPECT_GE(count(t, "inertia_within_25pct"), count(clean, "inertia_within_0_1pct")) << f;
        return;
    }
    ADD_FAILURE() << "no sample file has a component within 0.1 %";
}

TEST(SurDeriveEdits, TheNoVolumeFallbackIsChecked) {
    MP_REQUIRE_CORPUS();
    // The first sample file with a part that encloses no volume.
    for (const std::string& f : test::sur_files("sur/retail-sample")) {
        const Loaded l = load(f);
        const Tally clean = run(l, l.model);
        if (count(clean, "fallback_parts") == 0) continue;
        EXPECT_EQ(count(clean, "fallback_inertia_exact"), count(clean, "fallback_parts")) << f;
        sur::SurModel m = l.model;
        for (auto& s : m.surfaces) s.rotation_inertia[1] = std::nextafter(s.rotation_inertia[1], 1e30f);
        const Tally t = run(l, m);
        EXPECT_EQ(count(t, "fallback_inertia_differ"), count(clean, "fallback_parts")) << f;
        // One ulp apart: not bit-identical, still identical to 1e-4 relative (the document's
        // reading, issue 17), and no longer the fallback's stored value.
        EXPECT_EQ(count(clean, "fallback_stored"), count(clean, "fallback_parts")) << f;
        EXPECT_EQ(count(t, "fallback_stored"), 0u) << f;
        EXPECT_EQ(count(t, "inertia_identical_exact_parts"), 0u) << f;
        EXPECT_EQ(count(t, "inertia_identical_parts"), count(clean, "inertia_identical_parts")) << f;
        EXPECT_EQ(count(t, "inertia_identical_reproduced"), 0u) << f;
        // Both sides of the 1e-4 band: 0.9e-4 relative apart stays identical, 1.1e-4 does not.
        for (const auto& [factor, identical] : {std::pair{1.00009f, true}, std::pair{1.00011f, false}}) {
            sur::SurModel n = l.model;
            for (auto& s : n.surfaces) s.rotation_inertia[1] *= factor;
            EXPECT_EQ(count(run(l, n), "inertia_identical_parts"), identical ? count(clean, "inertia_identical_parts") : 0u) << f << factor;
        }
        return;
    }
    ADD_FAILURE() << "no sample file takes the fallback";
}

TEST(SurDeriveEdits, IgnoresUnitsWithoutASurModel) {
    Unit unit;
    unit.path = "h.hkx";
    Tally t;
    pass().run(unit, t);
    EXPECT_TRUE(t.counts().empty());
}

}  // namespace
}  // namespace meshproof
