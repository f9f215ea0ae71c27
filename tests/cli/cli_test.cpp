// The executable end to end: exit codes, --version, dump, unpack's refusal to overwrite.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "tests/cli/run_cli.h"
#include "tests/mesh/extern_shapes_fixture.h"
#include "tests/support/corpus.h"
#include "tests/support/kraken_fixtures.h"
#include "tests/support/sha256.h"

namespace {
namespace fs = std::filesystem;

// Every test here reads stdout and stderr together.
constexpr auto& run = meshproof::test::run_cli_all;

std::string corpus(const std::string& rel) { return meshproof::test::corpus_path(rel).string(); }

TEST(Cli, VersionListsTheLibraries) {
    auto r = run("--version");
    EXPECT_EQ(r.code, 0);
    for (const char* lib : {"meshproof", "oneTBB", "simdjson", "Abseil", "mimalloc", "libdeflate", "zstd"})
        EXPECT_NE(r.text.find(lib), std::string::npos) << lib;
}

TEST(Cli, UsageErrorsExitTwo) {
    EXPECT_EQ(run("").code, 2);
    EXPECT_EQ(run("verify").code, 2);
    EXPECT_EQ(run("no-such-command").code, 2);
    EXPECT_EQ(run("verify /nonexistent/root").code, 2);
    EXPECT_EQ(run("verify . --passes no-such-pass").code, 2);
    EXPECT_EQ(run("verify . --game nosuchgame").code, 2);
}

// synth's DEFLATE level is libdeflate's 0 to 12: 99 and -5 were taken and quietly clamped.
TEST(Cli, SynthRefusesALevelLibdeflateHasNot) {
    const std::string out =
        (fs::temp_directory_path() / ("meshproof-cli-level-" + std::to_string(::getpid()))).string();
    for (const char* level : {"99", "-5", "13"}) {
        auto r = run("synth " + out + " --game sekiro --level " + level);
        EXPECT_EQ(r.code, 2) << level << ": " << r.text;
    }
    EXPECT_FALSE(fs::exists(out));
}

TEST(Cli, HelpDocumentsExitCodes) {
    auto r = run("verify --help");
    EXPECT_EQ(r.code, 0);
    EXPECT_NE(r.text.find("partial run"), std::string::npos);
}

// One loose tagfile verifies on its own: its folder's compendium resolves its TCRF, as dump does.
TEST(Cli, VerifyOfOneLooseTagfileFindsItsCompendium) {
    MP_REQUIRE_CORPUS();
    auto r = run("verify " + corpus("havok/h.hkx") + "");
    EXPECT_EQ(r.code, 0) << r.text;
    EXPECT_NE(r.text.find("0 decode errors"), std::string::npos) << r.text;
    EXPECT_EQ(r.text.find("compendium"), std::string::npos) << r.text;  // no "compendium ... not found"
}

// A list option takes one value per use: the input after `--passes LIST` or `--compendium FILE` is
// the command's input, not a second pass name or compendium (CLI11 lets a vector option take
// every word that follows unless told not to).
TEST(Cli, TheInputAfterAListOptionIsTheInput) {
    MP_REQUIRE_CORPUS();
    auto verify = run("verify --passes numbering,tagfile " + corpus("havok/h.hkx") + "");
    EXPECT_EQ(verify.code, 0) << verify.text;
    EXPECT_NE(verify.text.find("passes: 2"), std::string::npos) << verify.text;
    auto repeated = run("verify --passes numbering --passes tagfile " + corpus("havok/h.hkx") + "");
    EXPECT_EQ(repeated.code, 0) << repeated.text;
    EXPECT_NE(repeated.text.find("passes: 2"), std::string::npos) << repeated.text;
    auto dump = run("dump --compendium " + corpus("havok/h.compendium") + " " + corpus("havok/h.hkx"));
    EXPECT_EQ(dump.code, 0) << dump.text;
    EXPECT_NE(dump.text.find("sdk 20180100"), std::string::npos) << dump.text;
}

// A Freelancer model: its parts with their FL-CRC ids, joints, spheres and hardpoints, then the
// UTF tree (freelancer-models.md §2, §3); a truncated one is a typed error (exit 3).
TEST(Cli, DumpShowsAModelsPartsAndTree) {
    MP_REQUIRE_CORPUS();
    auto r = run("dump " + corpus("sur-with-models/retail/ships__liberty__li_elite__li_elite.cmp"));
    ASSERT_EQ(r.code, 0) << r.text;
    EXPECT_NE(r.text.find("compound (Cmpnd)"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("9 parts, 8 joint records, 0 dropped"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("id 0xeef0ed36  Li_port_wing_lod1"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("Rev joint to Root"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("HpWeapon04 (revolute)"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("Level0 sphere centre (0.0098, 0.2224, 1.1134) radius 7.4598"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("VMeshRef  (60 bytes)"), std::string::npos) << r.text;
    auto single = run("dump " + corpus("sur-with-models/retail/equipment__models__commodities__crates__pod_drab.3db"));
    ASSERT_EQ(single.code, 0) << single.text;
    EXPECT_NE(single.text.find("single part, "), std::string::npos) << single.text;
    EXPECT_NE(single.text.find("id 0x00000000  (single part)"), std::string::npos) << single.text;

    const fs::path cut = fs::temp_directory_path() / "meshproof-cli-cut.cmp";
    {
        const auto bytes =
            meshproof::test::read_file(corpus("sur-with-models/retail/ships__liberty__li_elite__li_elite.cmp"));
        std::ofstream(cut, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), 2000);
    }
    auto bad = run("dump " + cut.string());
    fs::remove(cut);
    EXPECT_EQ(bad.code, 3) << bad.text;
    EXPECT_NE(bad.text.find("truncated at byte"), std::string::npos) << bad.text;
}

TEST(Cli, DumpReachesTheCompressedMeshShape) {
    MP_REQUIRE_CORPUS();
    auto r = run("dump " + corpus("havok/h.hkx"));
    ASSERT_EQ(r.code, 0) << r.text;
    EXPECT_NE(r.text.find("sdk 20180100"), std::string::npos);
    EXPECT_NE(r.text.find("types 281"), std::string::npos);
    EXPECT_NE(r.text.find("fsnpCustomParamCompressedMeshShape"), std::string::npos);
    EXPECT_NE(r.text.find("numShapeKeyBits: 5"), std::string::npos);
    EXPECT_NE(r.text.find("convexRadius: 0.015"), std::string::npos);
    EXPECT_NE(r.text.find("hkcdStaticMeshTree::Primitive[12]"), std::string::npos);
}

// A hand-built Elden Ring member with extern shapes (tests/mesh/extern_shapes_fixture.h): after
// the object tree, one summary line per externShapes entry and one of its transform.
TEST(Cli, DumpShowsTheDecodedExternShapes) {
    const fs::path file = fs::temp_directory_path() / "meshproof-cli-extern-shapes.hkx";
    const auto bytes = meshproof::test::write_extern_shapes_member();
    std::ofstream(file, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    auto r = run("dump " + file.string());
    fs::remove(file);
    ASSERT_EQ(r.code, 0) << r.text;
    EXPECT_NE(r.text.find("hknpBoxShape"), std::string::npos);  // the object tree, as before
    const auto summary =
        r.text.find("extern shapes of mesh 0 (fsnpCustomParamCompressedMeshShape): 9 entries, 7 shapes\n");
    ASSERT_NE(summary, std::string::npos) << r.text;
    EXPECT_NE(r.text.find("  [1] hknpBoxShape BOX radius 0.01: 8 vertices, 6 planes, 6 faces, 24 indices; "
                          "obb translation (10, 20, 30)\n",
                          summary),
              std::string::npos);
    EXPECT_NE(r.text.find("  [8] null shape\n", summary), std::string::npos);
}

TEST(Cli, DumpOfAMemberWithoutExternShapesHasNoSummary) {
    MP_REQUIRE_CORPUS();
    auto r = run("dump " + corpus("havok/h.hkx"));
    ASSERT_EQ(r.code, 0) << r.text;
    EXPECT_EQ(r.text.find("extern shapes of mesh"), std::string::npos);
}

TEST(Cli, DumpListsABinderAndDumpsOneMember) {
    MP_REQUIRE_CORPUS();
    const std::string binder = corpus("havok/anibnd/sekiro/parts__WP_A_2300.anibnd");
    auto list = run("dump " + binder);
    ASSERT_EQ(list.code, 0) << list.text;
    EXPECT_NE(list.text.find("a999_000000.hkx"), std::string::npos);
    auto one = run("dump " + binder + " --member a999_000000.hkx");
    ASSERT_EQ(one.code, 0) << one.text;
    EXPECT_NE(one.text.find("sdk 20160200"), std::string::npos);
    EXPECT_EQ(run("dump " + binder + " --member no-such-member.hkx").code, 2);
}

TEST(Cli, VerifyReadsTheSampleStraightFromItsKrakenForm) {
    MP_REQUIRE_CORPUS();
    auto r = run("verify " + corpus("havok") + " --json -");
    EXPECT_EQ(r.code, 0) << r.text;
    EXPECT_NE(r.text.find("\"ok\": 6"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("\"skipped\": 0"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("KRAK (meshproof kraken"), std::string::npos) << r.text;
    // Only the .dcx forms: the tagfiles decode through their Kraken-compressed compendium.
    const fs::path dir = fs::temp_directory_path() / "meshproof-cli-krak-only";
    fs::remove_all(dir);
    fs::create_directories(dir);
    for (const char* f : {"h.hkx.dcx", "l.hkx.dcx", "h.compendium.dcx"})
        fs::copy_file(corpus(std::string("havok/") + f), dir / f);
    auto only = run("verify " + dir.string() + " --json -");
    EXPECT_EQ(only.code, 0) << only.text;
    EXPECT_NE(only.text.find("\"ok\": 3"), std::string::npos) << only.text;
    EXPECT_NE(only.text.find("\"sdk_20180100\""), std::string::npos) << only.text;
    fs::remove_all(dir);
}

TEST(Cli, UnpackDecodesEveryKrakenFixtureToItsSizeAndHash) {
    MP_REQUIRE_CORPUS();
    for (const auto& fx : meshproof::test::kraken_fixtures()) {
        if (!fx.path.ends_with(".dcx")) continue;
        SCOPED_TRACE(fx.path);
        const fs::path out = fs::temp_directory_path() / "meshproof-cli-unpack-krak";
        fs::remove_all(out);
        auto r = run("unpack " + corpus(fx.path) + " -o " + out.string());
        ASSERT_EQ(r.code, 0) << r.text;
        std::string name = fs::path(fx.path).filename().string();
        name.resize(name.size() - 4);  // unpack drops ".dcx"
        const auto bytes = meshproof::test::read_file(out / name);
        EXPECT_EQ(bytes.size(), fx.decoded_size);
        EXPECT_EQ(meshproof::test::sha256_hex(bytes), fx.sha256);
        fs::remove_all(out);
    }
}

TEST(Cli, TheBinderInsideEachKrakenBinderFixtureListsItsMembers) {
    MP_REQUIRE_CORPUS();
    for (const char* f : {"kraken/sekiro__allmaterialbnd.mtdbnd.dcx", "kraken/er__allmaterial.matbinbnd.dcx"}) {
        auto r = run("dump " + corpus(f));
        ASSERT_EQ(r.code, 0) << f;
        EXPECT_NE(r.text.find("binder BND4"), std::string::npos) << f;
    }
    auto sekiro = run("dump " + corpus("kraken/sekiro__allmaterialbnd.mtdbnd.dcx"));
    EXPECT_NE(sekiro.text.find("3,170 members"), std::string::npos);
}

TEST(Cli, ExportWritesTheSampleAsObj) {
    MP_REQUIRE_CORPUS();
    const fs::path obj = fs::temp_directory_path() / "meshproof-cli-export.obj";
    fs::remove(obj);
    auto r = run("export " + corpus("havok/h.hkx.dcx") + " --obj " + obj.string());
    ASSERT_EQ(r.code, 0) << r.text;
    EXPECT_NE(r.text.find("1 body, 15 triangles"), std::string::npos) << r.text;
    std::ifstream in(obj);
    std::string line;
    int vertices = 0, faces = 0, objects = 0;
    bool material_21 = false;
    while (std::getline(in, line)) {
        vertices += line.rfind("v ", 0) == 0;
        faces += line.rfind("f ", 0) == 0;
        objects += line.rfind("o ", 0) == 0;
        material_21 |= line == "usemtl m21";
    }
    EXPECT_EQ(faces, 15);
    EXPECT_EQ(objects, 1);
    EXPECT_GE(vertices, 13);
    EXPECT_TRUE(material_21);
    EXPECT_EQ(run("export " + corpus("havok/h.hkx.dcx") + " --obj " + obj.string()).code, 2);  // no overwrite
    fs::remove(obj);
}

// An Elden Ring synthetic asset with extern shapes: each entry its own object after the mesh's.
TEST(Cli, ExportWritesExternShapesAsObjects) {
    const fs::path dir = fs::temp_directory_path() / ("meshproof-cli-export-extern-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    ASSERT_EQ(run("synth " + (dir / "install").string() + " --game eldenring --scale demo --seed 1").code, 0);
    const fs::path obj = dir / "aeg100_000_h.obj";
    auto r = run("export " + (dir / "install/asset/aeg/aeg100/aeg100_000_h.geomhkxbnd.dcx").string() +
                 " --member aeg100_000_h.hkx --obj " + obj.string());
    ASSERT_EQ(r.code, 0) << r.text;
    EXPECT_NE(r.text.find("1 body, "), std::string::npos) << r.text;
    EXPECT_NE(r.text.find(", 4 extern shapes ->"), std::string::npos) << r.text;
    std::ifstream in(obj);
    std::string line;
    std::vector<std::string> objects;
    while (std::getline(in, line))
        if (line.rfind("o ", 0) == 0) objects.push_back(line.substr(2));
    EXPECT_EQ(objects, (std::vector<std::string>{
                           "aeg100_000_h", "aeg100_000_h_extern0_hknpBoxShape", "aeg100_000_h_extern1_hknpCapsuleShape",
                           "aeg100_000_h_extern2_hknpCylinderShape", "aeg100_000_h_extern3_hknpConvexPolytopeShape"}));
    fs::remove_all(dir);
}

TEST(Cli, UnpackNeverOverwritesWithoutForce) {
    MP_REQUIRE_CORPUS();
    const fs::path out = fs::temp_directory_path() / "meshproof-cli-unpack";
    fs::remove_all(out);
    const std::string binder = corpus("havok/anibnd/sekiro/parts__WP_A_2300.anibnd");
    auto first = run("unpack " + binder + " -o " + out.string());
    ASSERT_EQ(first.code, 0) << first.text;
    auto second = run("unpack " + binder + " -o " + out.string());
    EXPECT_EQ(second.code, 2);
    EXPECT_NE(second.text.find("--force"), std::string::npos);
    EXPECT_EQ(run("unpack " + binder + " -o " + out.string() + " --force").code, 0);
    fs::remove_all(out);
}

}  // namespace
