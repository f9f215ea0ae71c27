// `meshproof build` on what Blender writes (issue 41): `usemtl None` and faces before any usemtl are
// material 0, said once; a seam with -0 on one side and 0 on the other is welded into one edge; a
// mesh the game's absolute degenerate test mostly drops gets a warning naming its size and
// --scale; --scale multiplies every position on read (loose and --into), and a bad value is a
// usage error naming it. Every file built here verifies clean.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/mesh/decode_member.h"
#include "engine/tagfile/tagfile.h"
#include "tests/cli/build_cli_support.h"
#include "tests/cli/run_cli.h"
#include "tests/support/corpus.h"
#include "tests/support/file_text.h"
#include "tests/support/split_binder_install.h"

namespace {
namespace fs = std::filesystem;
using namespace meshproof::test;  // run_cli_all, contains, write_text, expect_verifies_clean, read_file

std::size_t occurrences(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

fs::path scratch(const std::string& name) { return meshproof::test::build_scratch("blender-" + name); }

std::string build(const fs::path& obj, const fs::path& out, const std::string& extra = "") {
    return "build " + obj.string() + " -o " + out.string() + " --game eldenring" + extra;
}

// An n × n grid of quads of side `cell` in the plane y = 0 from (x0, 0, z0), its vertices shared;
// `first` is the 1-based number of its first vertex in the file.
std::string grid(float x0, float z0, float cell, int n, int first) {
    std::string s;
    for (int i = 0; i <= n; ++i)
        for (int j = 0; j <= n; ++j)
            s += "v " + std::to_string(x0 + cell * i) + " 0 " + std::to_string(z0 + cell * j) + "\n";
    const auto at = [&](int i, int j) { return std::to_string(first + i * (n + 1) + j); };
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            s += "f " + at(i, j) + " " + at(i, j + 1) + " " + at(i + 1, j + 1) + " " + at(i + 1, j) + "\n";
    return s;
}

const char* const kNoMaterialLine = "faces without a material (usemtl None, or before any usemtl): material 0";

// The materials of a built file, as export names them.
std::string exported_materials(const fs::path& hkx, const fs::path& obj) {
    EXPECT_EQ(run_cli_all("export " + hkx.string() + " --obj " + obj.string()).code, 0);
    return meshproof::test::read_text(obj);
}

TEST(BuildBlender, UsemtlNoneIsMaterialZeroSaidOnce) {
    const fs::path dir = scratch("none");
    // Blender's export of two objects, one with material 21 and one without.
    write_text(dir / "a.obj",
               "# Blender 4.1\no Wall\nv 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nusemtl 21\nf 1 2 3 4\n"
               "o Floor\nv 0 0 1\nv 1 0 1\nv 1 0 2\nusemtl None\nf 5 6 7\nusemtl None\nf 7 6 1\n");
    auto r = run_cli_all(build(dir / "a.obj", dir / "a.hkx"));
    ASSERT_EQ(r.code, 0) << r.text;
    EXPECT_EQ(occurrences(r.text, kNoMaterialLine), 1u) << r.text;
    EXPECT_TRUE(contains(r.text, std::string(kNoMaterialLine) + " (2 rows)")) << r.text;
    EXPECT_TRUE(contains(r.text, "materials: 1 (21 = 21)")) << r.text;
    const std::string back = exported_materials(dir / "a.hkx", dir / "back.obj");
    EXPECT_TRUE(contains(back, "usemtl m0\n")) << back;
    EXPECT_TRUE(contains(back, "usemtl m21\n")) << back;
    expect_verifies_clean(dir, 1);

    // A --materials file that maps None wins: None is then a material like any other.
    write_text(dir / "ids.txt", "None = 9\n");
    fs::create_directories(dir / "mapped");
    r = run_cli_all(build(dir / "a.obj", dir / "mapped" / "a.hkx", " --materials " + (dir / "ids.txt").string()));
    ASSERT_EQ(r.code, 0) << r.text;
    EXPECT_EQ(occurrences(r.text, "faces without a material"), 0u) << r.text;
    EXPECT_TRUE(contains(r.text, "materials: 2 (21 = 21, None = 9)")) << r.text;
    EXPECT_TRUE(contains(exported_materials(dir / "mapped" / "a.hkx", dir / "mapped.obj"), "usemtl m9\n"));
    fs::remove_all(dir);
}

TEST(BuildBlender, FacesBeforeAnyUsemtlAreMaterialZeroSaidOnce) {
    const fs::path dir = scratch("before");
    for (const std::string& materials : {std::string(), std::string("usemtl 21\n")}) {
        SCOPED_TRACE(materials);
        write_text(dir / "b.obj", "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3\n" + materials + "f 1 3 4\n");
        auto r = run_cli_all(build(dir / "b.obj", dir / "b.hkx", " --force"));
        ASSERT_EQ(r.code, 0) << r.text;
        EXPECT_EQ(occurrences(r.text, kNoMaterialLine), 1u) << r.text;
        EXPECT_TRUE(contains(r.text, std::string(kNoMaterialLine) + (materials.empty() ? " (2 rows)" : " (1 row)")))
            << r.text;
        EXPECT_EQ(contains(r.text, "materials: 1 (21 = 21)"), !materials.empty()) << r.text;
    }
    // Every face with a material: no such line.
    write_text(dir / "c.obj", "v 0 0 0\nv 1 0 0\nv 1 1 0\nusemtl 21\nf 1 2 3\n");
    auto r = run_cli_all(build(dir / "c.obj", dir / "c.hkx"));
    ASSERT_EQ(r.code, 0) << r.text;
    EXPECT_FALSE(contains(r.text, "faces without a material")) << r.text;
    fs::remove_all(dir);
}

// Two objects meeting at the edge a–c, as Blender writes them: the second object's copy of a is
// (-0, 0, -0). Welded by value it is a's position, so the two rows share their edge and pair as
// a quad, exactly as when both copies are written 0.
TEST(BuildBlender, ASeamOfMinusZeroAndZeroIsWelded) {
    const fs::path dir = scratch("seam");
    const auto obj = [](const std::string& zero) {
        return "o A\nv 0 0 0\nv 1 0 0\nv 1 0 1\nf 1 2 3\no B\nv " + zero + " 0 " + zero +
               "\nv 1 0 1\nv 0 0 1\nf 4 5 6\n";
    };
    for (const std::string zero : {"-0", "0", "-0.0"}) {
        SCOPED_TRACE(zero);
        write_text(dir / "s.obj", obj(zero));
        auto r = run_cli_all(build(dir / "s.obj", dir / "s.hkx", " --force"));
        ASSERT_EQ(r.code, 0) << r.text;
        EXPECT_TRUE(contains(r.text, "2 rows in (6 positions, 2 repeated ones welded, 0 unused ones dropped)"))
            << r.text;
        EXPECT_TRUE(contains(r.text, "2 triangles (1 quad)")) << r.text;
    }
    expect_verifies_clean(dir, 1);
    fs::remove_all(dir);
}

// A coarse floor 0.8 m wide with a 0.1 m patch of 1 cm quads beside it: the game's degenerate test
// (absolute: a squared cross product under 1e-7) drops every row of the patch.
std::string small_mesh() { return grid(0, 0, 0.2f, 4, 1) + grid(0.85f, 0, 0.01f, 10, 26); }

TEST(BuildBlender, ManyDegenerateRowsDroppedWarnWithTheSizeAndScale) {
    const fs::path dir = scratch("degenerate");
    write_text(dir / "small.obj", small_mesh());
    auto r = run_cli_all(build(dir / "small.obj", dir / "small.hkx"));
    ASSERT_EQ(r.code, 0) << r.text;
    EXPECT_TRUE(contains(r.text, "200 degenerate triangles dropped")) << r.text;
    EXPECT_EQ(occurrences(r.text, "meshproof build: warning: "), 1u) << r.text;
    EXPECT_TRUE(contains(r.text, "small.obj: the degenerate-triangle test dropped 200 of 232 rows (86.2 %)")) << r.text;
    EXPECT_TRUE(contains(r.text, "game's absolute threshold")) << r.text;
    EXPECT_TRUE(contains(r.text, "under 1e-07")) << r.text;
    EXPECT_TRUE(contains(r.text, "the mesh is 0.95 x 0 x 0.8 (its bounding box, in the OBJ's units")) << r.text;
    EXPECT_TRUE(contains(r.text, "--scale S")) << r.text;
    // The warning goes to stderr: stdout alone holds none of it.
    EXPECT_FALSE(contains(meshproof::test::run_cli_stdout(build(dir / "small.obj", dir / "small.hkx", " --force")).text,
                          "warning"));

    // Scaled up 100 times, nothing is dropped and nothing is said.
    fs::create_directories(dir / "scaled");
    r = run_cli_all(build(dir / "small.obj", dir / "scaled" / "small.hkx", " --scale 100"));
    ASSERT_EQ(r.code, 0) << r.text;
    EXPECT_TRUE(contains(r.text, "; 0 degenerate triangles dropped")) << r.text;
    EXPECT_FALSE(contains(r.text, "warning")) << r.text;
    expect_verifies_clean(dir / "scaled", 1);

    // With a scale that still leaves the patch too small, the size is the scaled one, said so.
    fs::create_directories(dir / "half");
    r = run_cli_all(build(dir / "small.obj", dir / "half" / "small.hkx", " --scale 1.5"));
    ASSERT_EQ(r.code, 0) << r.text;
    EXPECT_TRUE(contains(r.text, "the mesh is 1.425 x 0 x 1.2 (its bounding box, in the OBJ's units times --scale 1.5"))
        << r.text;

    // 1 row of 100 dropped is not more than 1 %: no warning.
    std::string one_in_100 = grid(0, 0, 1, 7, 1);             // 98 rows
    one_in_100 += "v 0 0 0\nv 1 0 0\nv 2 0 0\nf -3 -2 -1\n";  // collinear: dropped
    one_in_100 += "v 0 5 0\nv 1 5 0\nv 0 5 1\nf -3 -2 -1\n";  // kept
    write_text(dir / "one.obj", one_in_100);
    r = run_cli_all(build(dir / "one.obj", dir / "one.hkx"));
    ASSERT_EQ(r.code, 0) << r.text;
    EXPECT_TRUE(contains(r.text, "100 rows in")) << r.text;
    EXPECT_TRUE(contains(r.text, "; 1 degenerate triangle dropped")) << r.text;
    EXPECT_FALSE(contains(r.text, "warning")) << r.text;
    fs::remove_all(dir);
}

// The bounding box of a built loose tagfile's decoded vertices.
meshproof::mesh::Box decoded_box(const fs::path& hkx) {
    meshproof::mesh::Box box{{INFINITY, INFINITY, INFINITY}, {-INFINITY, -INFINITY, -INFINITY}};
    const auto bytes = meshproof::test::read_file(hkx);
    auto tf = meshproof::tagfile::parse_tagfile(bytes, nullptr);
    EXPECT_TRUE(tf.ok()) << (tf.ok() ? "" : tf.error().message);
    if (!tf.ok()) return box;
    auto member = meshproof::mesh::decode_member(*tf);
    EXPECT_TRUE(member.ok() && member->meshes.size() == 1);
    if (!member.ok() || member->meshes.size() != 1) return box;
    const auto& v = member->meshes[0].vertices;
    for (std::size_t i = 0; i < v.size(); ++i) {
        const float p[3] = {v.x[i], v.y[i], v.z[i]};
        for (int a = 0; a < 3; ++a) box.min[a] = std::min(box.min[a], p[a]), box.max[a] = std::max(box.max[a], p[a]);
    }
    return box;
}

void expect_box(const meshproof::mesh::Box& box, std::array<float, 3> lo, std::array<float, 3> hi) {
    for (int a = 0; a < 3; ++a) {
        EXPECT_NEAR(box.min[a], lo[a], 1e-3) << "axis " << a;
        EXPECT_NEAR(box.max[a], hi[a], 1e-3) << "axis " << a;
    }
}

// An OBJ in centimetres: 200 × 100 × 50 cm, two triangles.
const char* const kCentimetres = "v -100 0 0\nv 100 0 0\nv 100 100 50\nv -100 100 50\nf 1 2 3 4\n";

TEST(BuildBlender, ScaleMultipliesEveryPositionOnRead) {
    const fs::path dir = scratch("scale");
    write_text(dir / "cm.obj", kCentimetres);
    ASSERT_EQ(run_cli_all(build(dir / "cm.obj", dir / "plain.hkx")).code, 0);
    expect_box(decoded_box(dir / "plain.hkx"), {-100, 0, 0}, {100, 100, 50});
    auto r = run_cli_all(build(dir / "cm.obj", dir / "m.hkx", " --scale 0.01"));
    ASSERT_EQ(r.code, 0) << r.text;
    expect_box(decoded_box(dir / "m.hkx"), {-1, 0, 0}, {1, 1, 0.5f});

    // --into: the member added to a copy of a split binder is scaled too.
    meshproof::test::write_split_binder_install(
        dir / "in", "h10_00_00_00", {{"h10_00_00_00_000001.hkx", meshproof::test::read_file(dir / "plain.hkx")}});
    const fs::path bhd = dir / "in" / "map" / "m10_00_00_00" / "h10_00_00_00.hkxbhd";
    const fs::path out = dir / "out" / "map" / "m10" / "m10_00_00_00";
    r = run_cli_all("build " + (dir / "cm.obj").string() + " --into " + bhd.string() +
                    " --member h10_00_00_00_000002.hkx -o " + out.string() + " --game eldenring --scale 0.01");
    ASSERT_EQ(r.code, 0) << r.text;
    ASSERT_EQ(
        run_cli_all("unpack " + (out / "h10_00_00_00.hkxbhd").string() + " -o " + (dir / "unpacked").string()).code, 0);
    expect_box(decoded_box(dir / "unpacked" / "m10_00_00_00" / "h10_00_00_00_000002.hkx"), {-1, 0, 0}, {1, 1, 0.5f});
    expect_verifies_clean(dir / "out", 2);
    fs::remove_all(dir);
}

TEST(BuildBlender, ABadScaleIsAUsageErrorNamingIt) {
    const fs::path dir = scratch("bad-scale");
    write_text(dir / "cm.obj", kCentimetres);
    for (const std::string value : {"abc", "0", "=-0", "=-1", "nan", "inf", "=-inf", "1e999", "0.01x", "''"}) {
        SCOPED_TRACE(value);
        const std::string option = value.front() == '=' ? " --scale" + value : " --scale " + value;
        auto r = run_cli_all(build(dir / "cm.obj", dir / "x.hkx", option));
        EXPECT_EQ(r.code, 2) << r.text;
        EXPECT_TRUE(contains(r.text, "meshproof build: --scale ")) << r.text;
        EXPECT_TRUE(contains(r.text, "must be a finite number above 0")) << r.text;
        EXPECT_FALSE(fs::exists(dir / "x.hkx"));
    }
    // A scale that takes a coordinate past single precision: refused where it happens.
    write_text(dir / "big.obj", "v 0 0 0\nv 3e37 0 0\nv 0 0 1\nf 1 2 3\n");
    auto r = run_cli_all(build(dir / "big.obj", dir / "x.hkx", " --scale 100"));
    EXPECT_EQ(r.code, 2) << r.text;
    EXPECT_TRUE(contains(r.text, "big.obj:2:3: `3e37` times --scale 100 is 3e+39: wider than single precision holds"))
        << r.text;
    // One whose coordinates are floats but whose extent is not: the builder's own refusal.
    write_text(dir / "wide.obj", "v -2e37 0 0\nv 2e37 0 0\nv 0 0 1\nf 1 2 3\n");
    r = run_cli_all(build(dir / "wide.obj", dir / "x.hkx", " --scale 10"));
    EXPECT_EQ(r.code, 2) << r.text;
    EXPECT_TRUE(contains(r.text, "wide.obj: the mesh cannot be written: ")) << r.text;
    EXPECT_TRUE(contains(r.text, "wider than single precision holds")) << r.text;
    EXPECT_FALSE(fs::exists(dir / "x.hkx"));
    fs::remove_all(dir);
}

}  // namespace
