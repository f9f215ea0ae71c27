// `meshproof build --game freelancer` end to end (issue 44, item 4): an OBJ of several objects
// builds into a .sur that `verify` passes with every sur rule holding; a retail sample file with
// its model, exported to OBJ by a test-side writer (object `PART.hullN` per terminal hull) and
// rebuilt with --model, comes back with the same part ids and hull point sets; every bad input
// exits 2 naming the line or the object and writes nothing.
#include <gtest/gtest.h>

#include <algorithm>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <regex>
#include <set>
#include <string>

#include <fmt/format.h>

#include "engine/sur/sur_file.h"
#include "engine/utf/model.h"
#include "tests/cli/build_cli_support.h"
#include "tests/cli/run_cli.h"
#include "tests/support/corpus.h"
#include "tests/support/file_text.h"

namespace {
namespace fs = std::filesystem;
using meshproof::test::contains;
using meshproof::test::run_cli_all;
using meshproof::test::run_cli_stdout;
using meshproof::test::write_text;

fs::path scratch(const std::string& name) { return meshproof::test::build_scratch("sur-" + name); }

// Three objects of part Root (a box with a point inside, a flat quad, a triangle) and one of part Wing.
const std::string kObj =
    "o Root\nv 0 0 0\nv 1 0 0\nv 0 2 0\nv 1 2 0\nv 0 0 3\nv 1 0 3\nv 0 2 3\nv 1 2 3\nv 0.5 1 1.5\n"
    "f 1 2 4 3\nf 5 6 8 7\nf 9 1 2\n"
    "o Root.001\nv 5 0 0\nv 6 0 0\nv 6 1 0\nv 5 1 0\nf -4 -3 -2 -1\n"
    "o Root.hull2\nv 10 0 0\nv 11 0 0\nv 10 1 0\nf -3 -2 -1\n"
    "o Wing\nv 0 0 10\nv 1 0 10\nv 0 1 10\nv 0 0 11\nf -4 -3 -2 -1\n";

// A counter's value in the JSON report, for scope freelancer/vers.
long counter(const std::string& json, const std::string& name) {
    const std::regex re("\"counter\": \"" + name + "\",\\s*\"scope\": \"freelancer/vers\",\\s*\"value\": ([0-9]+)");
    std::smatch m;
    return std::regex_search(json, m, re) ? std::stol(m[1].str()) : -1;
}

TEST(BuildSurCli, ObjectsBecomeHullsOfPartsAndTheFileHoldsEverySurRule) {
    const fs::path dir = scratch("ok");
    write_text(dir / "ship.obj", kObj);
    fs::create_directories(dir / "out");
    auto r = run_cli_all("build " + (dir / "ship.obj").string() + " -o " + (dir / "out/ship.sur").string() +
                         " --game freelancer");
    ASSERT_EQ(r.code, 0) << r.text;
    EXPECT_TRUE(contains(r.text, "Freelancer .sur, 2 parts")) << r.text;
    // Several parts without a model: the FL-CRC of each name (Root's is 0x12688f2d).
    EXPECT_TRUE(contains(r.text, "part Root (id 0x12688f2d, not fixed): 3 hulls (2 two-sided flat)")) << r.text;
    EXPECT_TRUE(contains(r.text, "part Wing (id ")) << r.text;
    EXPECT_TRUE(contains(r.text, "warning: object `Root` is not convex (1 point of its 9 inside its hull)")) << r.text;
    meshproof::test::expect_verifies_clean(dir / "out", 1);
    auto v = run_cli_stdout("verify " + (dir / "out").string() + " --quiet --json -");
    EXPECT_EQ(counter(v.text, "files_exact_structure"), 1) << v.text;
    EXPECT_EQ(counter(v.text, "files_derived_exact"), 1);
    EXPECT_EQ(counter(v.text, "byte_exact"), 1);
    EXPECT_EQ(counter(v.text, "opposite_undetermined"), 0);
    // One part: id 0 (the .3db convention).
    write_text(dir / "one.obj", "o Crate\nv 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 2 3 4\n");
    auto one =
        run_cli_all("build " + (dir / "one.obj").string() + " -o " + (dir / "one.sur").string() + " --game freelancer");
    ASSERT_EQ(one.code, 0) << one.text;
    EXPECT_TRUE(contains(one.text, "part Crate (id 0x00000000, not fixed): 1 hull")) << one.text;
    fs::remove_all(dir);
}

// Each bad input: exit 2, the message holds `says`, no output file.
void expect_refused(const fs::path& dir, const std::string& obj_text, const std::string& extra,
                    const std::string& says) {
    write_text(dir / "in.obj", obj_text);
    auto r = run_cli_all("build " + (dir / "in.obj").string() + " -o " + (dir / "out.sur").string() +
                         " --game freelancer" + extra);
    EXPECT_EQ(r.code, 2) << r.text;
    EXPECT_TRUE(contains(r.text, says)) << "wanted: " << says << "\ngot: " << r.text;
    EXPECT_FALSE(fs::exists(dir / "out.sur"));
}

TEST(BuildSurCli, BadInputExitsTwoNamingTheLineOrTheObjectAndWritesNothing) {
    const fs::path dir = scratch("bad");
    const std::string in = (dir / "in.obj").string();
    expect_refused(dir, "o A\nv 0 0 x\nf 1 1 1\n", "", in + ":2:7: ");  // malformed: file:line:column
    expect_refused(dir, "o A\nv nan 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n", "", in + ":2:3: ");  // NaN: the reader's line
    expect_refused(dir, "o Thin\nv 0 0 0\nv 1 0 0\nv 1 0 0\nf 1 2 3\n", "", "object `Thin`: it has 2 distinct points");
    expect_refused(dir, "o Dot\nv 2 2 2\nv 2 2 2\nv 2 2 2\nf 1 2 3\n", "", "object `Dot`: all its points are equal");
    expect_refused(dir, "o Rod\nv 0 0 0\nv 1 1 1\nv 2 2 2\nf 1 2 3\n", "",
                   "object `Rod`: every point lies on one line");
    expect_refused(dir,
                   "o R\xc3\xa4"
                   "der.001\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n",
                   "",
                   "part name `R\xc3\xa4"
                   "der` is not ASCII");
    // Too large for the format: a flat polygon of 2,051 corners has 4,098 faces (12-bit face index).
    std::string big = "o Disc\n", face = "f";
    for (int i = 0; i < 2051; ++i) {
        const double a = 2 * 3.14159265358979 * i / 2051;
        big += "v " + std::to_string(100 * std::cos(a)) + " " + std::to_string(100 * std::sin(a)) + " 0\n";
        face += " " + std::to_string(i + 1);
    }
    expect_refused(dir, big + face + "\n", "", "too large for the .sur format: object `Disc`");
    // Options of the other games.
    const std::string tri = "o A\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n";
    expect_refused(dir, tri, " --materials m.txt", "--materials builds a Havok body");
    write_text(dir / "in.obj", tri);
    EXPECT_EQ(run_cli_all("build " + in + " -o " + (dir / "x.hkx").string() + " --game eldenring --model a.cmp").code,
              2);
    EXPECT_FALSE(fs::exists(dir / "x.hkx"));
    // An existing output without --force.
    write_text(dir / "out.sur", "precious");
    EXPECT_EQ(run_cli_all("build " + in + " -o " + (dir / "out.sur").string() + " --game freelancer").code, 2);
    EXPECT_EQ(meshproof::test::read_text(dir / "out.sur"), "precious");
    fs::remove_all(dir);
}

std::string corpus(const std::string& rel) { return meshproof::test::corpus_path(rel).string(); }

TEST(BuildSurCli, AModelNamesThePartsAndANameItLacksIsRefused) {
    MP_REQUIRE_CORPUS();
    const fs::path dir = scratch("model");
    const std::string three = corpus("sur-with-models/retail/equipment__models__commodities__crates__pod_drab.3db");
    const std::string cmp = corpus("sur-with-models/retail/equipment__models__turret__li_turret01.cmp");
    const std::string tri = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 2 3 4\n";
    // A .3db has one part, Root, id 0.
    write_text(dir / "pod.obj", "o root.001\n" + tri);
    auto ok = run_cli_all("build " + (dir / "pod.obj").string() + " -o " + (dir / "pod.sur").string() +
                          " --game freelancer --model " + three);
    ASSERT_EQ(ok.code, 0) << ok.text;
    EXPECT_TRUE(contains(ok.text, "part root (id 0x00000000, not fixed)")) << ok.text;
    expect_refused(dir, "o Wing\n" + tri, " --model " + three,
                   "object `Wing`: the model " + three + " has no part `Wing` (its parts: Root)");
    expect_refused(dir, "o NoSuchPart\n" + tri, " --model " + cmp, "has no part `NoSuchPart`");
    expect_refused(dir, "o A\n" + tri, " --model " + (dir / "pod.obj").string(), "not a model that decodes");
    fs::remove_all(dir);
}

// The test-side OBJ writer: every terminal hull of every part as `o PART.hullN` (the model's
// object name for the part's id; Root for id 0 of a .3db), its points and faces.
std::string sur_as_obj(const meshproof::sur::SurModel& m, const meshproof::utf::Model& model) {
    std::string s;
    std::uint64_t base = 1;
    for (const meshproof::sur::Part& p : m.parts) {
        const std::int32_t k = model.part_by_id(p.id);
        const std::string name = !model.compound ? "Root" : model.parts[std::size_t(k)].object_name;
        const meshproof::sur::Surface& sf = m.surfaces[std::size_t(p.surface)];
        for (std::uint32_t l = sf.ledges.first; l < sf.ledges.end(); ++l) {
            if (!m.ledges.terminal(l)) continue;
            s += "o " + name + ".hull" + std::to_string(l) + "\n";
            const meshproof::sur::IndexRange f = m.ledges.faces[l];
            for (std::uint32_t e = 3 * f.first; e < 3 * f.end(); ++e) {
                const std::uint32_t q = m.edges.point[e];
                s += fmt::format("v {:.9g} {:.9g} {:.9g}\n", m.points.x[q], m.points.y[q], m.points.z[q]);  // exact f32
            }
            for (std::uint32_t t = 0; t < f.count; ++t)
                s += "f " + std::to_string(base + 3 * t) + " " + std::to_string(base + 3 * t + 1) + " " +
                     std::to_string(base + 3 * t + 2) + "\n";
            base += 3 * f.count;
        }
    }
    return s;
}

// A hull's point set (the OBJ carries every f32 exactly: 9 significant digits).
std::set<std::array<float, 3>> point_set(const meshproof::sur::SurModel& m, std::uint32_t l) {
    std::set<std::array<float, 3>> out;
    const meshproof::sur::IndexRange f = m.ledges.faces[l];
    for (std::uint32_t e = 3 * f.first; e < 3 * f.end(); ++e) {
        const std::uint32_t q = m.edges.point[e];
        out.insert({m.points.x[q], m.points.y[q], m.points.z[q]});
    }
    return out;
}

TEST(BuildSurCli, ARetailFileExportedAndRebuiltWithItsModelKeepsItsPartsAndHulls) {
    MP_REQUIRE_CORPUS();
    const fs::path dir = scratch("retail");
    std::size_t hulls = 0, same = 0;
    for (const std::string stem :
         {"equipment__models__turret__li_turret01", "equipment__models__commodities__crates__pod_drab"}) {
        const std::string sur_path = corpus("sur-with-models/retail/" + stem + ".sur");
        const std::string model_path = fs::exists(corpus("sur-with-models/retail/" + stem + ".cmp"))
                                           ? corpus("sur-with-models/retail/" + stem + ".cmp")
                                           : corpus("sur-with-models/retail/" + stem + ".3db");
        auto original = meshproof::sur::decode_sur(meshproof::test::read_file(sur_path));
        auto model = meshproof::utf::decode_model(meshproof::test::read_file(model_path));
        ASSERT_TRUE(original.ok() && model.ok()) << stem;
        write_text(dir / (stem + ".obj"), sur_as_obj(*original, *model));
        fs::create_directories(dir / "out");
        auto r = run_cli_all("build " + (dir / (stem + ".obj")).string() + " -o " +
                             (dir / "out" / (stem + ".sur")).string() + " --game freelancer --model " + model_path);
        ASSERT_EQ(r.code, 0) << r.text;
        auto built = meshproof::sur::decode_sur(meshproof::test::read_file(dir / "out" / (stem + ".sur")));
        ASSERT_TRUE(built.ok()) << stem;
        ASSERT_EQ(built->parts.size(), original->parts.size()) << stem;
        for (std::size_t p = 0; p < original->parts.size(); ++p) {
            EXPECT_EQ(built->parts[p].id, original->parts[p].id) << stem;
            const auto& so = original->surfaces[std::size_t(original->parts[p].surface)];
            const auto& sb = built->surfaces[std::size_t(built->parts[p].surface)];
            // Every rebuilt hull is made of the retail hull's points; the same set but where QuickHull
            // drops a vertex retail keeps on another face's plane (sur_build_corpus_test counts them).
            for (std::uint32_t i = 0; i < so.ledges.count; ++i) {
                if (!original->ledges.terminal(so.ledges.first + i)) continue;
                const auto want = point_set(*original, so.ledges.first + i),
                           got = point_set(*built, sb.ledges.first + i);
                EXPECT_TRUE(std::includes(want.begin(), want.end(), got.begin(), got.end()))
                    << stem << " part " << p << " hull " << i;
                ++hulls;
                same += want == got;
            }
            EXPECT_NEAR(sb.radius, so.radius, 2e-5 * so.radius + 1e-5) << stem;
        }
    }
    EXPECT_GE(same, hulls - 1) << same << " of " << hulls;  // li_turret01's hull 2 keeps a coplanar vertex
    meshproof::test::expect_verifies_clean(dir / "out", 2);
    fs::remove_all(dir);
}

}  // namespace
