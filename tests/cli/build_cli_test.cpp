// `meshproof build` end to end (issue 14, parts 3 and 4): a small OBJ builds into a tagfile that
// `verify` passes with every violation counter 0; the Elden Ring sample goes export → build →
// export and comes back as the same triangles (within half a codec step) and materials; every
// bad input exits 2 naming file:line:column and writes nothing; --force; --into writes a split
// binder copy that verify reads and unpack lists with the member.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/builder/obj_reader.h"
#include "engine/mesh/decode_member.h"
#include "engine/tagfile/tagfile.h"
#include "tests/cli/build_cli_support.h"
#include "tests/cli/run_cli.h"
#include "tests/support/file_text.h"
#include "tests/support/corpus.h"
#include "tests/support/split_binder_install.h"

namespace {
namespace fs = std::filesystem;
using meshproof::test::run_cli_all;

using meshproof::test::contains;
using meshproof::test::expect_verifies_clean;
using meshproof::test::write_text;

std::string corpus(const std::string& rel) { return meshproof::test::corpus_path(rel).string(); }

using meshproof::test::read_text;

fs::path scratch(const std::string& name) { return meshproof::test::build_scratch(name); }

// A Blender-like OBJ: an n × n grid of quads (v/vt/vn corners, each quad's own copies of its
// positions, as Blender writes split normals), a pentagon, and one collinear triangle that the
// degenerate test drops. Rows: 2 n² + 3 + 1.
std::string grid_obj(int n, const std::string& material_line) {
    std::string s = "# Blender 4.1\nmtllib scene.mtl\no Floor\nvt 0 0\nvn 0 1 0\ns 0\n" + material_line;
    int v = 0;
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            const float x0 = i * 2.0f, z0 = j * 2.0f, y = 0.25f * static_cast<float>((i * 7 + j * 3) % 5);
            s += "v " + std::to_string(x0) + " " + std::to_string(y) + " " + std::to_string(z0) + "\n";
            s += "v " + std::to_string(x0) + " " + std::to_string(y) + " " + std::to_string(z0 + 2) + "\n";
            s += "v " + std::to_string(x0 + 2) + " " + std::to_string(y) + " " + std::to_string(z0 + 2) + "\n";
            s += "v " + std::to_string(x0 + 2) + " " + std::to_string(y) + " " + std::to_string(z0) + "\n";
            s += "f " + std::to_string(v + 1) + "/1/1 " + std::to_string(v + 2) + "/1/1 " + std::to_string(v + 3) +
                 "/1/1 " + std::to_string(v + 4) + "/1/1\n";
            v += 4;
        }
    s += "o Roof\nv 0 10 0\nv 4 10 0\nv 5 11 3\nv 2 12 5\nv -1 11 3\nf -5 -4 -3 -2 -1\n";
    s += "v 0 20 0\nv 1 20 0\nv 2 20 0\nf -3 -2 -1\n";  // collinear
    return s;
}

TEST(BuildCli, SmallObjBuildsAndVerifiesClean) {
    const fs::path dir = scratch("small");
    write_text(dir / "floor.obj", grid_obj(6, "usemtl 21\n"));
    for (const char* game : {"eldenring", "sekiro"}) {
        SCOPED_TRACE(game);
        const fs::path root = dir / game;
        fs::create_directories(root);
        const fs::path out = root / "floor.hkx.dcx";
        auto r = run_cli_all("build " + (dir / "floor.obj").string() + " -o " + out.string() + " --game " + game);
        ASSERT_EQ(r.code, 0) << r.text;
        EXPECT_TRUE(contains(r.text, "38 faces, 76 rows in (152 positions, ")) << r.text;
        EXPECT_TRUE(contains(r.text, "75 triangles (3")) << r.text;  // 36 grid quads, and the pentagon may give one
        EXPECT_TRUE(contains(r.text, "; 1 degenerate triangle dropped")) << r.text;
        EXPECT_TRUE(contains(r.text, "body \"floor\"")) << r.text;
        EXPECT_TRUE(contains(r.text, "materials: 1 (21 = 21)")) << r.text;
        expect_verifies_clean(root, 1);
    }
    // A loose .hkx (no .dcx): the bare tagfile, its own TYPE section.
    const fs::path loose = dir / "loose" / "floor.hkx";
    fs::create_directories(loose.parent_path());
    ASSERT_EQ(
        run_cli_all("build " + (dir / "floor.obj").string() + " -o " + loose.string() + " --game eldenring --name Wall")
            .code,
        0);
    const auto bytes = meshproof::test::read_file(loose);
    ASSERT_GE(bytes.size(), 8u);
    EXPECT_EQ(std::string(bytes.begin() + 4, bytes.begin() + 8), "TAG0");
    auto dump = run_cli_all("dump " + loose.string());
    EXPECT_TRUE(contains(dump.text, "Wall")) << dump.text;
    expect_verifies_clean(loose.parent_path(), 1);
    fs::remove_all(dir);
}

// Several materials, by file, by number and by export's names; rows before any usemtl take 0.
TEST(BuildCli, MaterialsByFileNumberAndExportName) {
    const fs::path dir = scratch("materials");
    write_text(dir / "m.obj",
               "v 0 0 0\nv 1 0 0\nv 1 0 1\nv 0 0 1\nv 0 1 0\n"
               "f 1 2 5\nusemtl stone\nf 1 2 3 4\nusemtl 40\nf 2 3 5\nusemtl m7\nf 3 4 5\n");
    write_text(dir / "ids.txt", "# hit materials\nstone = 21\n");
    const fs::path out = dir / "m.hkx";
    auto r = run_cli_all("build " + (dir / "m.obj").string() + " -o " + out.string() +
                         " --game eldenring --materials " + (dir / "ids.txt").string());
    ASSERT_EQ(r.code, 0) << r.text;
    EXPECT_TRUE(contains(r.text, "materials: 3 (stone = 21, 40 = 40, m7 = 7)\n")) << r.text;
    EXPECT_TRUE(contains(r.text, "faces without a material (usemtl None, or before any usemtl): material 0 (1 row)"))
        << r.text;
    const fs::path obj = dir / "back.obj";
    ASSERT_EQ(run_cli_all("export " + out.string() + " --obj " + obj.string()).code, 0);
    const std::string text = read_text(obj);
    for (const char* m : {"usemtl m0\n", "usemtl m21\n", "usemtl m40\n", "usemtl m7\n"})
        EXPECT_TRUE(contains(text, m)) << m;
    expect_verifies_clean(dir, 1);
    fs::remove_all(dir);
}

// The triangles of an OBJ: per triangle its material name and corners.
struct Triangle {
    std::string material;
    std::array<std::array<float, 3>, 3> p;
};
std::vector<Triangle> triangles_of(const fs::path& obj) {
    const auto bytes = meshproof::test::read_file(obj);
    auto m = meshproof::builder::read_obj(bytes);
    EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().message);
    std::vector<Triangle> out;
    if (!m.ok()) return out;
    for (std::size_t r = 0; r < m->rows.size(); ++r) {
        Triangle t;
        t.material = m->row_material[r] == meshproof::builder::kNoObjName ? "" : m->material_names[m->row_material[r]];
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t v = m->rows[r][k];
            t.p[k] = {m->x[v], m->y[v], m->z[v]};
        }
        out.push_back(t);
    }
    return out;
}

TEST(BuildCli, ExportBuildExportKeepsTheSamplesTrianglesAndMaterials) {
    MP_REQUIRE_CORPUS();
    const fs::path dir = scratch("roundtrip");
    const fs::path first = dir / "h.obj", built = dir / "h433653.hkx", second = dir / "h2.obj";
    ASSERT_EQ(run_cli_all("export " + corpus("havok/h.hkx.dcx") + " --obj " + first.string()).code, 0);
    auto r = run_cli_all("build " + first.string() + " -o " + built.string() + " --game eldenring");
    ASSERT_EQ(r.code, 0) << r.text;
    ASSERT_EQ(run_cli_all("export " + built.string() + " --obj " + second.string()).code, 0);

    // Half a codec step per axis: the coarsest step of the built file's vertices (each section's
    // packed scale, the mesh domain's shared scale), from the file itself.
    const auto bytes = meshproof::test::read_file(built);
    auto tf = meshproof::tagfile::parse_tagfile(bytes, nullptr);
    ASSERT_TRUE(tf.ok()) << tf.error().message;
    auto member = meshproof::mesh::decode_member(*tf);
    ASSERT_TRUE(member.ok()) << member.error().message;
    ASSERT_EQ(member->meshes.size(), 1u);
    const auto& mesh = member->meshes[0];
    std::array<float, 3> step{};
    for (const auto& parms : mesh.sections.codec_parms)
        for (int a = 0; a < 3; ++a) step[a] = std::max(step[a], parms[3 + a]);
    for (int a = 0; a < 3; ++a) {
        const float extent = mesh.domain.max[a] - mesh.domain.min[a];
        step[a] = std::max(step[a], extent / (a == 2 ? 4194303.0f : 2097151.0f));
        ASSERT_GT(step[a], 0.0f);
    }

    const auto before = triangles_of(first), after = triangles_of(second);
    ASSERT_EQ(before.size(), 15u);
    ASSERT_EQ(after.size(), before.size());
    std::vector<bool> used(after.size(), false);
    double worst = 0;
    for (const Triangle& t : before) {
        bool found = false;
        for (std::size_t i = 0; i < after.size() && !found; ++i) {
            if (used[i] || after[i].material != t.material) continue;
            for (int rot = 0; rot < 3 && !found; ++rot) {
                bool close = true;
                double here = 0;
                for (int k = 0; k < 3; ++k)
                    for (int a = 0; a < 3; ++a) {
                        const float want = t.p[k][a], got = after[i].p[(k + rot) % 3][a];
                        const double d = std::fabs(static_cast<double>(want) - got);
                        // Half a step, and the last-place rounding of the f32 decode.
                        close = close && d <= 0.5 * step[a] + 1e-6 * std::max(1.0f, std::fabs(want));
                        // In codec steps, less one f32 unit in the last place of the position
                        // (the decode's own rounding at this magnitude; with shared vertices over a
                        // 256 m domain a step is only about 8 such units).
                        const double ulp = std::nextafter(std::fabs(want), INFINITY) - std::fabs(want);
                        here = std::max(here, (d - ulp) / step[a]);
                    }
                if (close) {
                    used[i] = found = true;
                    worst = std::max(worst, here);
                }
            }
        }
        EXPECT_TRUE(found) << "a triangle of material " << t.material << " at " << t.p[0][0] << " " << t.p[0][1] << " "
                           << t.p[0][2] << " did not come back";
    }
    EXPECT_EQ(before[0].material, "m21");
    EXPECT_LE(worst, 0.5 + 1e-3) << "largest error in codec steps";
    fs::remove_all(dir);
}

TEST(BuildCli, EveryBadInputExitsTwoNamingFileLineColumnAndWritesNothing) {
    const fs::path dir = scratch("bad");
    const std::string tri = "v 0 0 0\nv 1 0 0\nv 0 0 1\n";
    struct Case {
        std::string name, obj, extra, says;
    };
    write_text(dir / "bad-ids.txt", "stone = 21\nwood 7\n");
    const std::vector<Case> cases = {
        {"nonnumeric", "v 0 0 0\nv 1 x 0\n", "", ":2:5: `x` is not a number"},
        {"index0", tri + "f 1 2 0\n", "", ":4:7: index 0"},
        {"range", tri + "f 1 2 4\n", "", ":4:7: vertex index 4 is out of range"},
        {"nan", "v 0 0 0\nv nan 0 0\n", "", ":2:3: `nan` is not a finite number"},
        {"inf", tri + "v 0 -inf 0\n", "", ":4:5: `-inf` is not a finite number"},
        {"short", tri + "f 1 2\n", "", ":4:1: a face needs at least 3 corners"},
        {"empty", tri, "", ":4:1: no faces"},
        {"nomaterial", tri + "usemtl  wood\nf 1 2 3\n", "", ":4:9: material `wood` has no id"},
        {"badmap", tri + "f 1 2 3\n", " --materials " + (dir / "bad-ids.txt").string(),
         "bad-ids.txt:2:1: expected `name = id`"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.name);
        const fs::path in = dir / (c.name + ".obj"), out = dir / (c.name + ".hkx.dcx");
        write_text(in, c.obj);
        auto r = run_cli_all("build " + in.string() + " -o " + out.string() + " --game eldenring" + c.extra);
        EXPECT_EQ(r.code, 2) << r.text;
        const std::string file = c.name == "badmap" ? "" : in.string();
        EXPECT_TRUE(contains(r.text, "meshproof build: " + file)) << r.text;
        EXPECT_TRUE(contains(r.text, c.says)) << r.text;
        EXPECT_FALSE(fs::exists(out));
    }
    // Nothing but the inputs in the folder: no output, no temporary left behind.
    std::size_t files = 0;
    for (const auto& e : fs::directory_iterator(dir)) files += e.is_regular_file();
    EXPECT_EQ(files, cases.size() + 1);  // the OBJ files and bad-ids.txt
    // A mesh the format cannot hold — here one with no triangle left once the degenerate test has
    // dropped every row — is a usage error too, before anything is written.
    write_text(dir / "flat.obj", "v 0 0 0\nv 1 0 0\nv 2 0 0\nf 1 2 3\nf 3 2 1\n");
    auto flat = run_cli_all("build " + (dir / "flat.obj").string() + " -o " + (dir / "flat.hkx").string() +
                            " --game eldenring");
    EXPECT_EQ(flat.code, 2) << flat.text;
    EXPECT_TRUE(contains(flat.text, "flat.obj: the mesh cannot be written: ")) << flat.text;
    EXPECT_FALSE(fs::exists(dir / "flat.hkx"));
    // Options: an unknown game, --member without --into.
    write_text(dir / "ok.obj", tri + "f 1 2 3\n");
    EXPECT_EQ(
        run_cli_all("build " + (dir / "ok.obj").string() + " -o " + (dir / "x.hkx").string() + " --game ds3").code, 2);
    EXPECT_EQ(run_cli_all("build " + (dir / "ok.obj").string() + " -o " + (dir / "x.hkx").string() +
                          " --game sekiro --member a.hkx")
                  .code,
              2);
    EXPECT_EQ(
        run_cli_all("build " + (dir / "missing.obj").string() + " -o " + (dir / "x.hkx").string() + " --game sekiro")
            .code,
        2);
    EXPECT_FALSE(fs::exists(dir / "x.hkx"));
    fs::remove_all(dir);
}

TEST(BuildCli, AnExistingOutputIsOverwrittenOnlyWithForce) {
    const fs::path dir = scratch("force");
    write_text(dir / "a.obj", grid_obj(2, ""));
    const fs::path out = dir / "a.hkx.dcx";
    write_text(out, "precious");
    auto refused = run_cli_all("build " + (dir / "a.obj").string() + " -o " + out.string() + " --game eldenring");
    EXPECT_EQ(refused.code, 2) << refused.text;
    EXPECT_TRUE(contains(refused.text, "exists (use --force to overwrite)")) << refused.text;
    EXPECT_EQ(read_text(out), "precious");
    auto forced =
        run_cli_all("build " + (dir / "a.obj").string() + " -o " + out.string() + " --game eldenring --force");
    EXPECT_EQ(forced.code, 0) << forced.text;
    EXPECT_TRUE(
        contains(forced.text, "faces without a material (usemtl None, or before any usemtl): material 0 (12 rows)"))
        << forced.text;
    EXPECT_FALSE(contains(forced.text, "materials:")) << forced.text;
    EXPECT_EQ(read_text(out).substr(0, 3), "DCX");
    std::size_t files = 0;
    for (const auto& e : fs::directory_iterator(dir)) files += e.is_regular_file();
    EXPECT_EQ(files, 2u);  // a.obj and a.hkx.dcx: no temporary left behind
    fs::remove_all(dir);
}

// --force overwrites an earlier output, never an input: `build a.obj -o a.obj --force` wrote the
// collision file over the OBJ, `export x.hkx --obj x.hkx --force` the OBJ over the tagfile.
TEST(BuildCli, ForceNeverWritesOverAnInput) {
    const fs::path dir = scratch("force-input");
    const std::string obj_text = grid_obj(2, "usemtl stone\n");
    write_text(dir / "a.obj", obj_text);
    write_text(dir / "ids.txt", "stone = 21\n");
    const std::string a = (dir / "a.obj").string(), ids = (dir / "ids.txt").string();
    for (const std::string& args : {"build " + a + " -o " + a + " --game sekiro --materials " + ids + " --force",
                                    "build " + a + " -o " + ids + " --game sekiro --materials " + ids + " --force"}) {
        auto r = run_cli_all(args);
        EXPECT_EQ(r.code, 2) << r.text;
        EXPECT_TRUE(contains(r.text, "an input of the build: it never writes over its input")) << r.text;
    }
    EXPECT_EQ(read_text(dir / "a.obj"), obj_text);
    EXPECT_EQ(read_text(dir / "ids.txt"), "stone = 21\n");
    const fs::path hkx = dir / "a.hkx";
    ASSERT_EQ(run_cli_all("build " + a + " -o " + hkx.string() + " --game sekiro --materials " + ids).code, 0);
    const std::string built = read_text(hkx);
    auto r = run_cli_all("export " + hkx.string() + " --obj " + hkx.string() + " --force");
    EXPECT_EQ(r.code, 2) << r.text;
    EXPECT_TRUE(contains(r.text, "which the export reads: export never writes over its input")) << r.text;
    EXPECT_EQ(read_text(hkx), built);
    // Nor a split binder's data half, nor a compendium the export read (given or found beside it).
    meshproof::test::write_split_binder_install(dir / "in", "h10_00_00_00",
                                                {{"h10_00_00_00_000001.hkx", meshproof::test::read_file(hkx)}});
    const fs::path bhd = dir / "in" / "map" / "m10_00_00_00" / "h10_00_00_00.hkxbhd";
    const fs::path bdt = dir / "in" / "map" / "m10_00_00_00" / "h10_00_00_00.hkxbdt";
    const std::string bdt_before = read_text(bdt);
    r = run_cli_all("export " + bhd.string() + " --member h10_00_00_00_000001.hkx --obj " + bdt.string() + " --force");
    EXPECT_EQ(r.code, 2) << r.text;
    EXPECT_TRUE(contains(r.text, "which the export reads")) << r.text;
    EXPECT_EQ(read_text(bdt), bdt_before);
    if (meshproof::test::corpus_available()) {
        fs::copy_file(meshproof::test::corpus_path("havok/h.hkx"), dir / "h.hkx");
        fs::copy_file(meshproof::test::corpus_path("havok/h.compendium"), dir / "h.compendium");
        const std::string compendium_before = read_text(dir / "h.compendium");
        for (const std::string& given : {std::string(), " --compendium " + (dir / "h.compendium").string()}) {
            r = run_cli_all("export " + (dir / "h.hkx").string() + given + " --obj " + (dir / "h.compendium").string() +
                            " --force");
            EXPECT_EQ(r.code, 2) << r.text;
            EXPECT_TRUE(contains(r.text, "which the export reads")) << r.text;
        }
        EXPECT_EQ(read_text(dir / "h.compendium"), compendium_before);
    }
    fs::remove_all(dir);
}

// --into: a copy of a split binder with a member added, then one replaced; verify reads the copy
// and unpack lists the member; the input binder is never written.
TEST(BuildCli, IntoWritesASplitBinderCopyWithTheMember) {
    const fs::path dir = scratch("into");
    write_text(dir / "a.obj", grid_obj(3, "usemtl 21\n"));
    write_text(dir / "b.obj", grid_obj(2, "usemtl 21\n"));
    ASSERT_EQ(
        run_cli_all("build " + (dir / "a.obj").string() + " -o " + (dir / "a.hkx.dcx").string() + " --game eldenring")
            .code,
        0);
    meshproof::test::write_split_binder_install(
        dir / "in", "h10_00_00_00", {{"h10_00_00_00_000001.hkx.dcx", meshproof::test::read_file(dir / "a.hkx.dcx")}});
    const fs::path bhd = dir / "in" / "map" / "m10_00_00_00" / "h10_00_00_00.hkxbhd";
    const auto bhd_before = meshproof::test::read_file(bhd);
    const auto bdt_before = meshproof::test::read_file(dir / "in" / "map" / "m10_00_00_00" / "h10_00_00_00.hkxbdt");
    // The copies in Elden Ring's layout (map/mAA/mAA_BB_CC_DD/), so that verify reads them as Elden Ring.
    const fs::path out = dir / "out" / "map" / "m10" / "m10_00_00_00";

    auto added = run_cli_all("build " + (dir / "b.obj").string() + " --into " + bhd.string() +
                             " --member h10_00_00_00_000002.hkx.dcx -o " + out.string() + " --game eldenring");
    ASSERT_EQ(added.code, 0) << added.text;
    EXPECT_TRUE(contains(added.text, ":: m10_00_00_00\\h10_00_00_00_000002.hkx.dcx (added)")) << added.text;
    expect_verifies_clean(dir / "out", 2);
    auto listed =
        run_cli_all("unpack " + (out / "h10_00_00_00.hkxbhd").string() + " -o " + (dir / "unpacked").string());
    EXPECT_EQ(listed.code, 0) << listed.text;
    EXPECT_TRUE(contains(listed.text, "h10_00_00_00_000001.hkx")) << listed.text;
    EXPECT_TRUE(contains(listed.text, "h10_00_00_00_000002.hkx")) << listed.text;

    // Replacing member 1 (named by its last component) in a copy of the copy; an existing output needs --force.
    const fs::path out2 = dir / "out2" / "map" / "m10" / "m10_00_00_00";
    const std::string replace = "build " + (dir / "b.obj").string() + " --into " +
                                (out / "h10_00_00_00.hkxbhd").string() + " --member h10_00_00_00_000001.hkx.dcx -o " +
                                out2.string() + " --game eldenring";
    auto replaced = run_cli_all(replace);
    ASSERT_EQ(replaced.code, 0) << replaced.text;
    EXPECT_TRUE(contains(replaced.text, "h10_00_00_00_000001.hkx.dcx (replaced)")) << replaced.text;
    expect_verifies_clean(dir / "out2", 2);
    EXPECT_EQ(run_cli_all(replace).code, 2);
    EXPECT_EQ(run_cli_all(replace + " --force").code, 0);
    // The same member twice in both copies: the bytes of b's build.
    fs::remove_all(dir / "unpacked");
    ASSERT_EQ(
        run_cli_all("unpack " + (out2 / "h10_00_00_00.hkxbhd").string() + " -o " + (dir / "unpacked").string()).code,
        0);
    EXPECT_EQ(meshproof::test::read_file(dir / "unpacked" / "m10_00_00_00" / "h10_00_00_00_000001.hkx"),
              meshproof::test::read_file(dir / "unpacked" / "m10_00_00_00" / "h10_00_00_00_000002.hkx"));

    // Never over the input: -o naming the binder's own folder is refused, even with --force.
    auto onto = run_cli_all("build " + (dir / "b.obj").string() + " --into " + bhd.string() +
                            " --member x.hkx.dcx -o " + bhd.parent_path().string() + " --game eldenring --force");
    EXPECT_EQ(onto.code, 2) << onto.text;
    EXPECT_TRUE(contains(onto.text, "never over its input")) << onto.text;
    EXPECT_EQ(meshproof::test::read_file(bhd), bhd_before);
    EXPECT_EQ(meshproof::test::read_file(dir / "in" / "map" / "m10_00_00_00" / "h10_00_00_00.hkxbdt"), bdt_before);
    fs::remove_all(dir);
}

}  // namespace
