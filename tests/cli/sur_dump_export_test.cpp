// `meshproof dump` and `export` of Freelancer files (issue 44): a .sur's parts, counts and tree,
// bounded by --part and --max-elements; its hulls as OBJ groups, in the stored frame and in the
// sibling model's rest pose; a model's part frames as axes; every error path (a file that does not
// decode: exit 3 with its code and byte offset, nothing written; an unknown --part: exit 2).
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "engine/core/error.h"
#include "engine/sur/hull_points.h"
#include "engine/sur/sur_file.h"
#include "engine/utf/model.h"
#include "tests/cli/run_cli.h"
#include "tests/support/corpus.h"
#include "tests/support/file_text.h"

namespace meshproof {
namespace {
namespace fs = std::filesystem;
using test::run_cli_all;

// Three parts (Root, XGUN on a Rev joint, XBARREL on a Pris joint below it) and a .cmp sibling.
constexpr const char* kCompound = "equipment__models__turret__br_gunboat_gun01";
constexpr const char* kSingle = "equipment__models__commodities__crates__pod_drab";  // a .3db sibling
constexpr const char* kNoModel = "solar__dockable__space_mining02";                  // no sibling; 19 hulls

fs::path retail(const std::string& name) { return test::corpus_path("sur-with-models/retail/" + name); }

sur::SurModel read_sur(const fs::path& p) {
    const auto bytes = test::read_file(p);
    auto m = sur::decode_sur(bytes);
    EXPECT_TRUE(m.ok());
    return m.ok() ? std::move(*m) : sur::SurModel{};
}

utf::Model read_model(const fs::path& p) {
    const auto bytes = test::read_file(p);
    auto m = utf::decode_model(bytes);
    EXPECT_TRUE(m.ok());
    return m.ok() ? std::move(*m) : utf::Model{};
}

std::size_t occurrences(const std::string& text, const std::string& needle) {
    std::size_t n = 0;
    for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
    return n;
}

// An OBJ as written by export: per object, its groups in order, each with its vertices and the
// number of faces; or its vertices and lines when it has no group (a model's axes).
struct ObjGroup {
    std::string name;
    std::vector<std::array<float, 3>> v;
    std::size_t faces = 0;
};
struct ObjObject {
    std::string name;
    std::vector<ObjGroup> groups;
    std::vector<std::array<float, 3>> v;  // vertices outside any group
    std::size_t lines = 0;
};
std::vector<ObjObject> parse_obj(const std::string& text) {
    std::vector<ObjObject> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        std::istringstream l(line);
        std::string tag;
        l >> tag;
        if (tag == "o") {
            out.emplace_back();
            l >> out.back().name;
        } else if (tag == "g" && !out.empty()) {
            out.back().groups.emplace_back();
            l >> out.back().groups.back().name;
        } else if (tag == "v" && !out.empty()) {
            std::array<float, 3> p{};
            l >> p[0] >> p[1] >> p[2];
            (out.back().groups.empty() ? out.back().v : out.back().groups.back().v).push_back(p);
        } else if (tag == "f" && !out.empty() && !out.back().groups.empty()) {
            ++out.back().groups.back().faces;
        } else if (tag == "l" && !out.empty()) {
            ++out.back().lines;
        }
    }
    return out;
}

class SurCli : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("meshproof-sur-cli-" + std::to_string(::getpid()) + "-" +
                                            ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    // `bytes` bytes of `from` as `name` in the test's folder.
    fs::path prefix_copy(const fs::path& from, const std::string& name, std::size_t bytes) const {
        const auto all = test::read_file(from);
        const fs::path to = dir_ / name;
        std::ofstream(to, std::ios::binary)
            .write(reinterpret_cast<const char*>(all.data()), std::streamsize(std::min(bytes, all.size())));
        return to;
    }

    // Exports `sur` (with extra options) and checks that every group's vertices are its hull's
    // points, placed by `frame_of(part)` (nullopt: as stored), object by object.
    void expect_round_trip(const std::string& stem, const std::string& options,
                           const std::function<std::optional<utf::Frame>(const std::string&)>& frame_of) {
        const fs::path obj = dir_ / "out.obj";
        const auto r =
            run_cli_all("export " + retail(stem + ".sur").string() + " --force --obj " + obj.string() + " " + options);
        ASSERT_EQ(r.code, 0) << r.text;
        const sur::SurModel m = read_sur(retail(stem + ".sur"));
        const std::vector<ObjObject> objects = parse_obj(test::read_text(obj));
        ASSERT_EQ(objects.size(), m.parts.size());
        std::vector<std::uint32_t> points;
        for (std::size_t p = 0; p < m.parts.size(); ++p) {
            const sur::Surface& s = m.surfaces[std::size_t(m.parts[p].surface)];
            const std::optional<utf::Frame> frame = frame_of(objects[p].name);
            std::size_t g = 0;
            for (std::uint32_t l = s.ledges.first; l < s.ledges.end(); ++l) {
                if (!m.ledges.terminal(l)) continue;
                ASSERT_LT(g, objects[p].groups.size()) << objects[p].name;
                const ObjGroup& group = objects[p].groups[g++];
                EXPECT_EQ(group.faces, m.ledges.faces[l].count) << group.name;
                sur::hull_points(m, l, points);
                ASSERT_EQ(group.v.size(), points.size()) << group.name;
                for (std::size_t i = 0; i < points.size(); ++i) {
                    std::array<double, 3> want{m.points.x[points[i]], m.points.y[points[i]], m.points.z[points[i]]};
                    if (frame) want = frame->apply(want);
                    for (int k = 0; k < 3; ++k)
                        EXPECT_EQ(group.v[i][k], float(want[k])) << group.name << " point " << i;
                }
            }
            EXPECT_EQ(g, objects[p].groups.size()) << objects[p].name;
        }
    }

    fs::path dir_;
};

TEST_F(SurCli, DumpShowsEveryPartWithTheReadersCounts) {
    MP_REQUIRE_CORPUS();
    const auto r = run_cli_all("dump " + retail(std::string(kCompound) + ".sur").string());
    ASSERT_EQ(r.code, 0) << r.text;
    const sur::SurModel m = read_sur(retail(std::string(kCompound) + ".sur"));
    ASSERT_EQ(m.parts.size(), 3u);
    EXPECT_NE(r.text.find("vers 2.0: 3 parts"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find(std::string("model ") + kCompound + ".cmp: 3 parts"), std::string::npos) << r.text;
    const char* names[] = {"Root", "XGUN", "XBARREL"};
    for (std::size_t p = 0; p < m.parts.size(); ++p) {
        const sur::Surface& s = m.surfaces[std::size_t(m.parts[p].surface)];
        std::size_t terminal = 0, faces = 0;
        for (std::uint32_t l = s.ledges.first; l < s.ledges.end(); ++l) {
            terminal += m.ledges.terminal(l) ? 1 : 0;
            faces += m.ledges.faces[l].count;
        }
        EXPECT_NE(r.text.find(fmt::format("part {}  id 0x{:08x}  {}\n", p, m.parts[p].id, names[p])), std::string::npos)
            << p;
        EXPECT_NE(r.text.find(fmt::format("hulls {} ({} terminal, {} subtree-bounding), {} faces, {} points",
                                          s.ledges.count, terminal, s.ledges.count - terminal, faces, s.points.count)),
                  std::string::npos)
            << p << r.text;
        EXPECT_NE(r.text.find(fmt::format("radius {:.6g}  surfaceDeviation {}", s.radius, s.deviation)),
                  std::string::npos)
            << p;
    }
}

TEST_F(SurCli, DumpPartSelectsOneByNameOrId) {
    MP_REQUIRE_CORPUS();
    const std::string file = retail(std::string(kCompound) + ".sur").string();
    const sur::SurModel m = read_sur(file);
    for (const std::string& part :
         {std::string("xgun"), fmt::format("0x{:08x}", m.parts[1].id), std::to_string(m.parts[1].id)}) {
        const auto r = run_cli_all("dump " + file + " --part " + part);
        ASSERT_EQ(r.code, 0) << part << r.text;
        EXPECT_EQ(occurrences(r.text, "  part "), 1u) << part;
        EXPECT_NE(r.text.find("part 1  id"), std::string::npos) << part;
    }
}

TEST_F(SurCli, DumpMaxElementsBoundsHullsAndTree) {
    MP_REQUIRE_CORPUS();
    const std::string file = retail(std::string(kNoModel) + ".sur").string();
    const sur::SurModel m = read_sur(file);
    // The part with the most hulls: more than 2 of them, more than 2 tree nodes.
    std::size_t big = 0;
    for (std::size_t p = 0; p < m.parts.size(); ++p)
        if (m.surfaces[std::size_t(m.parts[p].surface)].ledges.count >
            m.surfaces[std::size_t(m.parts[big].surface)].ledges.count)
            big = p;
    const sur::Surface& s = m.surfaces[std::size_t(m.parts[big].surface)];
    ASSERT_GT(s.ledges.count, 3u);
    const std::string part = fmt::format(" --part 0x{:08x}", m.parts[big].id);
    const auto two = run_cli_all("dump " + file + part + " --max-elements 2");
    ASSERT_EQ(two.code, 0) << two.text;
    EXPECT_NE(two.text.find("model: none (no sibling .cmp or .3db)"), std::string::npos);
    EXPECT_NE(two.text.find(fmt::format("… ({} more)", s.ledges.count - 2)), std::string::npos) << two.text;
    EXPECT_NE(two.text.find(fmt::format("… ({} more)", s.nodes.count - 2)), std::string::npos) << two.text;
    EXPECT_EQ(occurrences(two.text, "node "), 2u) << two.text;
    // Enough for every element: nothing elided.
    const auto all =
        run_cli_all("dump " + file + part + " --max-elements " + std::to_string(s.nodes.count + s.ledges.count));
    EXPECT_EQ(occurrences(all.text, "more)"), 0u) << all.text;
    EXPECT_EQ(occurrences(all.text, "node "), s.nodes.count);
}

TEST_F(SurCli, DumpReadsALegacyFile) {
    MP_REQUIRE_CORPUS();
    const std::string file = test::corpus_path("sur/retail-legacy/equipment__models__turret__no_turret01.sur").string();
    const sur::SurModel m = read_sur(file);
    ASSERT_EQ(m.format, sur::SurFormat::kLegacy);
    const auto r = run_cli_all("dump " + file);
    ASSERT_EQ(r.code, 0) << r.text;
    EXPECT_NE(r.text.find(fmt::format("legacy (pre-vers): {} records", m.legacy_records.size())), std::string::npos)
        << r.text;
    for (const auto& rec : m.legacy_records)
        EXPECT_NE(r.text.find("  " + rec.name + "  "), std::string::npos) << rec.name;
    const auto one = run_cli_all("dump " + file + " --part " + m.legacy_records.back().name);
    ASSERT_EQ(one.code, 0) << one.text;
    EXPECT_EQ(occurrences(one.text, "  record "), 1u) << one.text;
}

TEST_F(SurCli, UnknownPartIsAUsageError) {
    MP_REQUIRE_CORPUS();
    const auto r = run_cli_all("dump " + retail(std::string(kCompound) + ".sur").string() + " --part NoSuchPart");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.text.find("--part NoSuchPart"), std::string::npos) << r.text;
    // --part on a file that is no .sur.
    EXPECT_EQ(run_cli_all("dump " + retail(std::string(kCompound) + ".cmp").string() + " --part Root").code, 2);
}

TEST_F(SurCli, ExportWithNoPoseWritesTheStoredPoints) {
    MP_REQUIRE_CORPUS();
    expect_round_trip(kCompound, "--no-pose", [](const std::string&) { return std::nullopt; });
    expect_round_trip(kNoModel, "", [](const std::string&) { return std::nullopt; });
}

TEST_F(SurCli, ExportPlacesEachPartInTheModelsFrame) {
    MP_REQUIRE_CORPUS();
    const utf::Model model = read_model(retail(std::string(kCompound) + ".cmp"));
    // The test can fail: XBARREL's rest frame is far from the root's.
    const std::int32_t barrel = [&] {
        for (std::size_t i = 0; i < model.parts.size(); ++i)
            if (model.parts[i].object_name == "XBARREL") return std::int32_t(i);
        return -1;
    }();
    ASSERT_GE(barrel, 0);
    EXPECT_GT(std::abs(model.parts[std::size_t(barrel)].world.t[2]), 1.0);
    expect_round_trip(kCompound, "", [&](const std::string& name) -> std::optional<utf::Frame> {
        for (const auto& p : model.parts)
            if (p.object_name == name) return p.world;
        ADD_FAILURE() << "no model part " << name;
        return std::nullopt;
    });
    const auto r = run_cli_all("export " + retail(std::string(kCompound) + ".sur").string() + " --obj " +
                               (dir_ / "b.obj").string());
    EXPECT_NE(r.text.find(std::string("frame: the rest pose of ") + kCompound + ".cmp"), std::string::npos) << r.text;
    const auto single =
        run_cli_all("export " + retail(std::string(kSingle) + ".sur").string() + " --obj " + (dir_ / "c.obj").string());
    EXPECT_NE(single.text.find(std::string("frame: the rest pose of ") + kSingle + ".3db"), std::string::npos)
        << single.text;
    const auto none = run_cli_all("export " + retail(std::string(kNoModel) + ".sur").string() + " --obj " +
                                  (dir_ / "d.obj").string());
    EXPECT_NE(none.text.find("frame: as stored (no sibling .cmp or .3db)"), std::string::npos) << none.text;
}

TEST_F(SurCli, ExportOfAModelWritesItsPartFramesAsAxes) {
    MP_REQUIRE_CORPUS();
    const fs::path obj = dir_ / "axes.obj";
    const auto r = run_cli_all("export " + retail(std::string(kCompound) + ".cmp").string() + " --obj " + obj.string());
    ASSERT_EQ(r.code, 0) << r.text;
    const utf::Model model = read_model(retail(std::string(kCompound) + ".cmp"));
    const std::vector<ObjObject> objects = parse_obj(test::read_text(obj));
    ASSERT_EQ(objects.size(), model.parts.size());
    for (std::size_t i = 0; i < objects.size(); ++i) {
        const utf::ModelPart& p = model.parts[i];
        EXPECT_EQ(objects[i].name, p.object_name);
        ASSERT_EQ(objects[i].v.size(), 4u);
        EXPECT_EQ(objects[i].lines, 3u);
        for (int k = 0; k < 3; ++k) EXPECT_EQ(objects[i].v[0][k], float(p.world.t[k])) << p.object_name;
        // Each axis end lies along the part's rotated axis from its origin.
        for (int axis = 0; axis < 3; ++axis) {
            double along = 0, length = 0;
            for (int k = 0; k < 3; ++k) {
                const double d = double(objects[i].v[std::size_t(1 + axis)][k]) - double(objects[i].v[0][k]);
                along += d * p.world.r[std::size_t(3 * k + axis)];
                length += d * d;
            }
            EXPECT_NEAR(along, std::sqrt(length), 1e-5 * (1 + std::sqrt(length))) << p.object_name << " axis " << axis;
            EXPECT_GT(length, 0.0);
        }
    }
}

TEST_F(SurCli, TruncatedSurFailsWithItsCodeAndOffsetAndWritesNothing) {
    MP_REQUIRE_CORPUS();
    const fs::path good = retail(std::string(kCompound) + ".sur");
    const auto bytes = test::read_file(good);
    // Cut in a part's payload (the name keeps the sibling model out of it: no model is found).
    const fs::path cut = prefix_copy(good, "cut.sur", bytes.size() / 2);
    auto expected = sur::decode_sur(test::read_file(cut));
    ASSERT_FALSE(expected.ok());
    const std::string where =
        fmt::format("{} at byte {}", error_code_name(expected.error().code), expected.error().offset);
    const auto dump = run_cli_all("dump " + cut.string());
    EXPECT_EQ(dump.code, 3) << dump.text;
    EXPECT_NE(dump.text.find(cut.string() + ": " + where), std::string::npos) << dump.text;
    const fs::path obj = dir_ / "out.obj";
    const auto exp = run_cli_all("export " + cut.string() + " --obj " + obj.string());
    EXPECT_EQ(exp.code, 3) << exp.text;
    EXPECT_NE(exp.text.find(where), std::string::npos) << exp.text;
    EXPECT_FALSE(fs::exists(obj));
}

TEST_F(SurCli, MalformedModelFailsTheSurAndItself) {
    MP_REQUIRE_CORPUS();
    const fs::path sur_file = prefix_copy(retail(std::string(kCompound) + ".sur"), "gun.sur", std::size_t(-1));
    const fs::path cmp = prefix_copy(retail(std::string(kCompound) + ".cmp"), "gun.cmp", 100);
    auto expected = utf::decode_model(test::read_file(cmp));
    ASSERT_FALSE(expected.ok());
    const std::string where =
        fmt::format("{}: {} at byte {}", cmp.string(), error_code_name(expected.error().code), expected.error().offset);
    const fs::path obj = dir_ / "out.obj";
    for (const std::string& args :
         {"dump " + sur_file.string(), "export " + sur_file.string() + " --obj " + obj.string(),
          "export " + sur_file.string() + " --no-pose --obj " + obj.string(),
          "export " + cmp.string() + " --obj " + obj.string(), "dump " + cmp.string()}) {
        const auto r = run_cli_all(args);
        EXPECT_EQ(r.code, 3) << args << "\n" << r.text;
        EXPECT_NE(r.text.find(where), std::string::npos) << args << "\n" << r.text;
        EXPECT_FALSE(fs::exists(obj)) << args;
    }
}

TEST_F(SurCli, TagfileOptionsOnASurAreUsageErrors) {
    MP_REQUIRE_CORPUS();
    const fs::path obj = dir_ / "out.obj";
    const auto r =
        run_cli_all("export " + retail(std::string(kCompound) + ".sur").string() + " --member x --obj " + obj.string());
    EXPECT_EQ(r.code, 2) << r.text;
    EXPECT_NE(r.text.find("--member needs a tagfile or binder"), std::string::npos) << r.text;
    EXPECT_FALSE(fs::exists(obj));
}

}  // namespace
}  // namespace meshproof
