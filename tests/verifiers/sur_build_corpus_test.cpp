// The .sur builder (engine/sur/surface_build.h, issue 44 item 4) over the retail sample: every
// file is rebuilt from its own terminal hulls (each hull's points, its id, its part's id and
// '!fxd'), written to a scratch folder and verified by the four sur passes, which must find every
// rule holding on every built file (structure, derived fields, round trip, hull rebuild). Against
// the retail files, the rates of what comes back the same are printed (hull point sets, tree
// shape, and the header's derived values within the documents' bands); the floors below are
// what this builder reaches on the sample, so that a change that loses agreement fails.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>

#include "engine/pipeline/run.h"
#include "engine/sur/sur_file.h"
#include "engine/sur/surface_build.h"
#include "tests/support/corpus_run_fixtures.h"
#include "tests/sur/sur_fixtures.h"

namespace meshproof::sur {
namespace {

namespace fs = std::filesystem;
using Xyz = std::array<float, 3>;

// The distinct points a ledge's faces use, in first-use order.
std::vector<Xyz> ledge_points(const SurModel& m, std::uint32_t l) {
    std::vector<Xyz> out;
    std::set<std::uint32_t> seen;
    const IndexRange f = m.ledges.faces[l];
    for (std::uint64_t e = std::uint64_t(f.first) * 3; e < std::uint64_t(f.end()) * 3; ++e)
        if (seen.insert(m.edges.point[e]).second) {
            const std::uint32_t p = m.edges.point[e];
            out.push_back({m.points.x[p], m.points.y[p], m.points.z[p]});
        }
    return out;
}

std::set<std::array<std::uint32_t, 3>> bit_set(const std::vector<Xyz>& pts) {
    std::set<std::array<std::uint32_t, 3>> s;
    for (const Xyz& p : pts) {
        std::array<std::uint32_t, 3> k;
        std::memcpy(k.data(), p.data(), sizeof k);
        s.insert(k);
    }
    return s;
}

std::vector<PartSource> sources_of(const SurModel& m) {
    std::vector<PartSource> parts;
    for (const Part& p : m.parts) {
        PartSource src;
        src.name = std::to_string(p.id);
        src.id = p.id;
        src.not_fixed = p.not_fixed;
        const Surface& s = m.surfaces[std::size_t(p.surface)];
        for (std::uint32_t l = s.ledges.first; l < s.ledges.end(); ++l)
            if (m.ledges.terminal(l))
                src.hulls.push_back({std::to_string(l), std::uint32_t(m.ledges.client_data[l]), ledge_points(m, l)});
        parts.push_back(std::move(src));
    }
    return parts;
}

struct Rates {
    std::uint64_t files = 0, built = 0, hulls = 0, same_points = 0, parts = 0, same_tree = 0, mass_center = 0,
                  radius = 0, deviation = 0, inertia_components = 0, inertia_0_1pct = 0;
};

void compare(const SurModel& a, const SurModel& b, Rates& r) {
    for (std::size_t p = 0; p < a.parts.size(); ++p) {
        const Surface& sa = a.surfaces[std::size_t(a.parts[p].surface)];
        const Surface& sb = b.surfaces[std::size_t(b.parts[p].surface)];
        ++r.parts;
        for (std::uint32_t i = 0; i < sa.ledges.count; ++i) {
            const std::uint32_t la = sa.ledges.first + i, lb = sb.ledges.first + i;
            if (!a.ledges.terminal(la)) continue;
            ++r.hulls;
            r.same_points += bit_set(ledge_points(a, la)) == bit_set(ledge_points(b, lb));
        }
        bool tree = sa.nodes.count == sb.nodes.count;
        for (std::uint32_t k = 0; tree && k < sa.nodes.count; ++k) {
            const std::int32_t ra = a.nodes.right[sa.nodes.first + k], rb = b.nodes.right[sb.nodes.first + k];
            const std::int32_t la = a.nodes.ledge[sa.nodes.first + k], lb = b.nodes.ledge[sb.nodes.first + k];
            tree = (ra < 0) == (rb < 0) &&
                   (ra < 0 || ra - std::int32_t(sa.nodes.first) == rb - std::int32_t(sb.nodes.first)) &&
                   (la < 0) == (lb < 0) &&
                   (la < 0 || la - std::int32_t(sa.ledges.first) == lb - std::int32_t(sb.ledges.first));
        }
        r.same_tree += tree;
        double d2 = 0;
        for (int i = 0; i < 3; ++i) d2 += std::pow(double(sa.mass_center[i]) - sb.mass_center[i], 2);
        r.mass_center += std::sqrt(d2) <= 1e-4 * sa.radius;                       // "to within 1e-4 × radius"
        r.radius += std::abs(double(sa.radius) - sb.radius) <= 2e-5 * sa.radius;  // notes §7.1's 2e-5
        r.deviation += sa.deviation == sb.deviation;
        for (int i = 0; i < 3; ++i) {
            ++r.inertia_components;
            r.inertia_0_1pct += std::abs(double(sa.rotation_inertia[i]) - sb.rotation_inertia[i]) <=
                                1e-3 * std::abs(sa.rotation_inertia[i]);
        }
    }
}

TEST(SurBuildCorpus, TheRetailSampleRebuiltFromItsHullsHoldsEveryRuleAndComesBackAsItWas) {
    MP_REQUIRE_CORPUS();
    const fs::path out = fs::temp_directory_path() / "meshproof-sur-build-corpus";
    fs::remove_all(out);
    fs::create_directories(out);
    Rates r;
    for (const std::string& name : test::sur_files("sur/retail-sample")) {
        ++r.files;
        const auto bytes = test::read_file(test::corpus_path("sur/retail-sample/" + name));
        auto original = decode_sur(bytes);
        ASSERT_TRUE(original.ok()) << name;
        const std::vector<PartSource> parts = sources_of(*original);
        auto built = build_sur(parts);
        ASSERT_TRUE(built.ok()) << name << ": " << built.error().message;
        ++r.built;
        compare(*original, built->model, r);
        std::ofstream(out / name, std::ios::binary)
            .write(reinterpret_cast<const char*>(built->bytes.data()), std::streamsize(built->bytes.size()));
    }
    std::cout << "rebuilt " << r.built << " of " << r.files << " files; hull point sets " << r.same_points << " of "
              << r.hulls << "; tree shape " << r.same_tree << " of " << r.parts << " parts; massCenter within 1e-4 r "
              << r.mass_center << ", radius within 2e-5 " << r.radius << ", deviation byte " << r.deviation << " of "
              << r.parts << "; rotationInertia within 0.1 % " << r.inertia_0_1pct << " of " << r.inertia_components
              << "\n";
    EXPECT_EQ(r.built, 196u);
    // Measured on the sample: the hull point sets that differ are QuickHull dropping a vertex that
    // lies on another face's plane (freelancer-surface.md: "retail keeping a vertex that lies on the
    // plane of a face it does not corner"); three parts' trees are the median cut's misses (notes §8).
    EXPECT_GE(r.same_points, 2472u);
    EXPECT_GE(r.same_tree, 348u);
    EXPECT_EQ(r.mass_center, r.parts);
    EXPECT_EQ(r.radius, r.parts);
    EXPECT_GE(r.deviation, 349u);

    RunOptions o;
    o.passes = {"sur_read", "sur_derive", "sur_roundtrip", "sur_hull"};
    auto run = run_verify(out, o);
    ASSERT_TRUE(run.ok()) << run.error().message;
    EXPECT_FALSE(run->any_violation());
    const TallyScope vers = TallyScope{"freelancer", "vers", {}};
    EXPECT_EQ(test::tally_of(*run, "sur_read").count("files_exact_structure", vers), 196u);
    EXPECT_EQ(test::tally_of(*run, "sur_derive").count("files_derived_exact", vers), 196u);
    EXPECT_EQ(test::tally_of(*run, "sur_roundtrip").count("byte_exact", vers), 196u);
    const Tally& d = test::tally_of(*run, "sur_derive");
    for (const char* every : {"leaf_box_differ", "inner_box_differ", "deviation_differ", "deviation_off_by_one",
                              "pierce_differ", "inertia_beyond_25pct"})
        EXPECT_EQ(d.count(every, vers), 0u) << every;
    EXPECT_EQ(d.count("inertia_exact", vers), d.count("inertia_components", vers));
    fs::remove_all(out);
}

}  // namespace
}  // namespace meshproof::sur
