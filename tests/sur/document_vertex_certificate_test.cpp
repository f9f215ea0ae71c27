// engine/sur/document_vertex_certificate and hull_vertex_links: the fast way the generator-free
// vertex reading shows a vertex kept, on hand-built hulls on both sides of its margin, and the
// reading with it against the reading written plainly (a hull of the others per vertex) on every
// hull of the retail sample the document's reading rebuilds: the same counts and excesses.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <vector>

#include "engine/sur/document_hull_flat.h"
#include "engine/sur/document_hull_vertices.h"
#include "engine/sur/document_vertex_certificate.h"
#include "engine/sur/hull_vertex_links.h"
#include "engine/sur/sur_file.h"
#include "tests/sur/sur_fixtures.h"

namespace meshproof::sur {
namespace {

using Cloud = std::vector<HullPoint>;
const double kEps1 = std::ldexp(1.0, -23);  // the document's eps for the unit cube (M = 1)
const float kBuild1 = float(kEps1 / 1024);

Cloud cube() {
    Cloud c;
    for (int i = 0; i < 8; ++i) c.push_back({float(i & 1), float((i >> 1) & 1), float((i >> 2) & 1)});
    return c;
}

TEST(HullVertexLinks, EachCubeCornerHasOneRingOfItsHullNeighbours) {
    const Cloud c = cube();
    const HullResult h = convex_hull(c);
    ASSERT_TRUE(h.ok());
    HullVertexLinks links;
    index_links(*h, c.size(), links);
    for (std::uint32_t v = 0; v < 8; ++v) {
        const std::vector<std::uint32_t> ring(ring_of(links, v).begin(), ring_of(links, v).end());
        SCOPED_TRACE(v);
        ASSERT_GE(ring.size(), 3u);
        // Every corner sharing an edge with v is in its ring, v itself and the opposite corner never.
        const std::set<std::uint32_t> in(ring.begin(), ring.end());
        EXPECT_EQ(in.size(), ring.size());
        for (std::uint32_t bit : {1u, 2u, 4u}) EXPECT_TRUE(in.count(v ^ bit));
        EXPECT_FALSE(in.count(v));
        EXPECT_FALSE(in.count(v ^ 7u));
        // In order: consecutive ring points are the other corners of one of v's faces.
        for (std::size_t k = 0; k < ring.size(); ++k) {
            const std::uint32_t a = ring[k], b = ring[(k + 1) % ring.size()];
            EXPECT_TRUE(std::any_of(h->faces.begin(), h->faces.end(), [&](const auto& f) {
                for (int r = 0; r < 3; ++r)
                    if (f[r] == v && f[(r + 1) % 3] == a && f[(r + 2) % 3] == b) return true;
                return false;
            }));
        }
    }
    // A point that is no vertex has no ring.
    Cloud inside = c;
    inside.push_back({0.5f, 0.5f, 0.5f});
    const HullResult hi = convex_hull(inside);
    ASSERT_TRUE(hi.ok());
    index_links(*hi, inside.size(), links);
    EXPECT_TRUE(ring_of(links, 8).empty());
}

// Certifies point i of `c` against the hull of all of `c`, as the reading does.
bool certified(const Cloud& c, std::uint32_t i, double eps) {
    HullOptions o;
    o.fixed_tolerance = float(eps / 1024);
    const HullResult h = convex_hull(c, o);
    if (!h.ok()) return false;
    HullVertexLinks links;
    index_links(*h, c.size(), links);
    std::vector<std::uint32_t> inner;
    std::vector<std::uint8_t> vertex(c.size(), 0);
    for (std::uint32_t v : h->indices) vertex[v] = 1;
    for (std::uint32_t v = 0; v < c.size(); ++v)
        if (!vertex[v]) inner.push_back(v);
    const std::vector<std::uint32_t> ring(ring_of(links, i).begin(), ring_of(links, i).end());
    DocumentCertificateScratch s;
    return document_vertex_certified(c, i, ring, inner, eps, float(eps / 1024), s);
}

TEST(DocumentVertexCertificate, ShowsAVertexKeptOnlyFarBeyondEps) {
    for (std::uint32_t v = 0; v < 8; ++v) EXPECT_TRUE(certified(cube(), v, kEps1)) << v;
    // A dimple below the centre of the z = 0 face: 3 eps down is certified, 1.5 eps (kept by the
    // reading, inside the margin) and 0.5 eps (not kept) are left to the hull of the others.
    for (const double h : {3.0, 1.5, 0.5}) {
        Cloud c = cube();
        c.push_back({0.5f, 0.5f, float(-h * kEps1)});
        EXPECT_EQ(certified(c, 8, kEps1), h > 2) << h;
    }
}

TEST(DocumentVertexCertificate, APlaneWithAPointAboveItShowsNothing) {
    DocumentCertificateScratch s;
    // The apex of a square pyramid over the plane of three base corners, the fourth corner lifted
    // 4 build tolerances above that plane: the plane is not one of the others' faces.
    Cloud c = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 4 * kBuild1}, {0.5f, 0.5f, 1}};
    const std::uint32_t ring[3] = {0, 1, 2};
    EXPECT_FALSE(document_vertex_certified(c, 4, ring, {}, kEps1, kBuild1, s));
    c[3][2] = 0;
    EXPECT_TRUE(document_vertex_certified(c, 4, ring, {}, kEps1, kBuild1, s));
    // A plane through three points in a row carries no direction: nothing.
    const Cloud row = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 0, 1}};
    const std::uint32_t line[3] = {0, 1, 2};
    EXPECT_FALSE(document_vertex_certified(row, 3, line, {}, kEps1, kBuild1, s));
}

// Every hull of the retail sample the document's reading rebuilds: the reading with the
// certificate gives what the reading written plainly gives, bit for bit.
TEST(DocumentVertexCertificate, RetailSampleReadingMatchesTheHullOfTheOthersPerVertex) {
    MP_REQUIRE_CORPUS();
    DocumentVertexScratch fast, plain;
    std::size_t hulls = 0, fewer = 0;
    for (const std::string& name : test::sur_files("sur/retail-sample")) {
        const auto bytes = test::read_file(test::corpus_path("sur/retail-sample/" + name));
        auto m = decode_sur(bytes);
        ASSERT_TRUE(m.ok()) << name;
        for (std::uint32_t l = 0; l < m->ledges.size(); ++l) {
            if (!m->ledges.terminal(l)) continue;
            const std::vector<DocPoint> doc = document_hull_input(test::hull_points_first_use(*m, l));
            if (document_hull_class(doc) != DocumentHullClass::kRebuilt) continue;
            Cloud distinct;
            for (const DocPoint& p : doc) distinct.push_back({float(p[0]), float(p[1]), float(p[2])});
            const double eps = document_hull_eps(doc);
            const DocumentVertexReading a = document_vertex_reading(distinct, eps, fast);
            const DocumentVertexReading b =
                document_vertex_reading(distinct, eps, plain, DocumentVertexTest::kRebuildEach);
            SCOPED_TRACE(testing::Message() << name << " ledge " << l);
            EXPECT_EQ(a.kept, b.kept);
            EXPECT_EQ(a.kept_hull, b.kept_hull);
            EXPECT_EQ(a.convex_excess, b.convex_excess);
            EXPECT_EQ(a.contains_excess, b.contains_excess);
            ++hulls;
            fewer += b.kept < distinct.size();
        }
    }
    EXPECT_GT(hulls, 1000u);
    EXPECT_GT(fewer, 10u);  // both sides of the threshold occur
}

}  // namespace
}  // namespace meshproof::sur
