// sur_hull on a retail model with one edit per outcome: a hull that keeps an interior point
// (fewer_interior), a flattened hull (flat), a coordinate that is not finite, a hull collapsed to
// two distinct coordinates, a face indexing a point outside its part. Each outcome the pass
// distinguishes must be reachable, and the builder's claims (convex, containing, never larger)
// must still hold on every hull it rebuilds.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>

#include "engine/pipeline/pass.h"
#include "engine/sur/sur_file.h"
#include "tests/sur/sur_fixtures.h"

namespace meshproof {
namespace {

const Pass& pass() {
    const Pass* p = PassRegistry::global().find("sur_hull");
    if (p == nullptr) std::abort();
    return *p;
}

Tally run(const sur::SurModel& m) {
    Unit unit;
    unit.path = "edited.sur";
    unit.set = "vers";
    unit.game = Game::kFreelancer;
    unit.sur = &m;
    Tally t;
    t.begin_unit(TallyScope{"freelancer", "vers", {}}, 0);
    pass().run(unit, t);
    return t;
}

std::uint64_t count(const Tally& t, const char* c) { return t.count(c, TallyScope{"freelancer", "vers", {}}); }

// The largest terminal hull of the model, and the points its faces use.
struct Hull {
    std::uint32_t ledge = 0;
    std::vector<std::uint32_t> points;
};
Hull largest(const sur::SurModel& m) {
    Hull best;
    for (std::uint32_t l = 0; l < m.ledges.size(); ++l) {
        if (!m.ledges.terminal(l)) continue;
        std::set<std::uint32_t> pts;
        const sur::IndexRange f = m.ledges.faces[l];
        for (std::uint32_t e = f.first * 3; e < f.end() * 3; ++e) pts.insert(m.edges.point[e]);
        if (pts.size() > best.points.size()) best = {l, {pts.begin(), pts.end()}};
    }
    return best;
}

TEST(SurHullEdits, EachOutcomeIsReachable) {
    MP_REQUIRE_CORPUS();
    const auto bytes = test::read_file(test::corpus_path("sur/retail-sample/solar__dockable__space_police01.sur"));
    auto decoded = sur::decode_sur(bytes);
    ASSERT_TRUE(decoded.ok());
    const sur::SurModel base = std::move(*decoded);
    const Tally clean = run(base);
    ASSERT_GT(count(clean, "rebuilt"), 0u);
    ASSERT_EQ(count(clean, "fewer_interior"), 0u);
    const Hull h = largest(base);
    ASSERT_GE(h.points.size(), 6u);

    auto expect_builder_claims = [](const Tally& t) {
        EXPECT_EQ(count(t, "rebuilt_convex"), count(t, "rebuilt"));
        EXPECT_EQ(count(t, "rebuilt_contains_points"), count(t, "rebuilt"));
        EXPECT_EQ(count(t, "more_vertices"), 0u);
    };
    expect_builder_claims(clean);
    // The document generator's reading partitions the hulls too; a non-finite hull is counted once.
    auto expect_document_partition = [](const Tally& t) {
        EXPECT_EQ(count(t, "le3_points") + count(t, "document_too_few_points") + count(t, "document_flat") +
                      count(t, "document_rebuilt") + count(t, "hull_index_errors") + count(t, "non_finite"),
                  count(t, "terminal_hulls"));
    };
    expect_document_partition(clean);

    {  // One of the hull's points moved to the centroid: retail "keeps" an interior vertex.
        sur::SurModel m = base;
        double c[3] = {0, 0, 0};
        for (std::uint32_t p : h.points) {
            c[0] += m.points.x[p];
            c[1] += m.points.y[p];
            c[2] += m.points.z[p];
        }
        const std::uint32_t p = h.points[0];
        m.points.x[p] = float(c[0] / double(h.points.size()));
        m.points.y[p] = float(c[1] / double(h.points.size()));
        m.points.z[p] = float(c[2] / double(h.points.size()));
        const Tally t = run(m);
        EXPECT_GE(count(t, "fewer_interior"), 1u);
        expect_builder_claims(t);
    }
    {  // Every point of the hull on the plane z = 0.
        sur::SurModel m = base;
        for (std::uint32_t p : h.points) m.points.z[p] = 0;
        const Tally t = run(m);
        EXPECT_GE(count(t, "flat"), count(clean, "flat") + 1);
        EXPECT_GE(count(t, "document_flat_axis"), count(clean, "document_flat_axis") + 1);  // z's extent 0
        expect_builder_claims(t);
        expect_document_partition(t);
    }
    {  // A NaN coordinate.
        sur::SurModel m = base;
        m.points.y[h.points[1]] = std::numeric_limits<float>::quiet_NaN();
        const Tally t = run(m);
        EXPECT_GE(count(t, "non_finite"), 1u);
        expect_builder_claims(t);
        expect_document_partition(t);
    }
    {  // Two distinct coordinates among four or more points.
        sur::SurModel m = base;
        for (std::size_t i = 0; i < h.points.size(); ++i) {
            const std::uint32_t p = h.points[i];
            m.points.x[p] = m.points.y[p] = m.points.z[p] = float(i % 2);
        }
        const Tally t = run(m);
        EXPECT_GE(count(t, "duplicate_points"), 1u);
        EXPECT_GE(count(t, "document_too_few_points"), 1u);
        expect_builder_claims(t);
        expect_document_partition(t);
    }
    {  // A face indexing a point outside the part: counted, not rebuilt, never read.
        sur::SurModel m = base;
        m.edges.point[std::size_t(m.ledges.faces[h.ledge].first) * 3] = std::uint32_t(m.points.size()) + 5;
        const Tally t = run(m);
        EXPECT_EQ(count(t, "hull_index_errors"), 1u);
        EXPECT_EQ(count(t, "rebuilt"), count(clean, "rebuilt") - 1);
        EXPECT_FALSE(t.samples().at("hull_index_errors").empty());
    }
    {  // Every counter partitions the terminal hulls the same way on the clean model.
        EXPECT_EQ(count(clean, "le3_points") + count(clean, "flat") + count(clean, "duplicate_points") +
                      count(clean, "non_finite") + count(clean, "hull_index_errors") + count(clean, "rebuilt"),
                  count(clean, "terminal_hulls"));
    }
}

TEST(SurHullEdits, LegacyModelsAreLeftAlone) {
    sur::SurModel m;
    m.format = sur::SurFormat::kLegacy;
    const Tally t = run(m);
    EXPECT_TRUE(t.counts().empty());
}

}  // namespace
}  // namespace meshproof
