// `verify SEKIRO_ROOT ER_ROOT` end to end (issue 15, "both games"): two small synthetic installs,
// one of each game. A figure of both games (scope game "both") is measured over the two roots
// together — the sum of a counter, the largest maximum, the union of a value set — and equals
// what the two one-root reports give added up; on one root alone it is not comparable rather
// than a mismatch. The two-root report is the same bytes at 1 and 3 threads (config.threads
// apart), and without --manifest the roots' own manifests are measured together.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>

#include <unistd.h>

#include "reports/report_reader.h"
#include "tests/cli/run_cli.h"
#include "tests/support/file_text.h"

namespace {
namespace fs = std::filesystem;
using meshproof::LoadedReport;

constexpr auto& run_all = meshproof::test::run_cli_all;

using meshproof::test::read_text;

LoadedReport load(const fs::path& p) {
    auto r = meshproof::parse_report(read_text(p));
    EXPECT_TRUE(r.ok()) << p << ": " << (r.ok() ? "" : r.error().message);
    return r.ok() ? *r : LoadedReport{};
}

// A scope a figure of no set sums: a game/set scope (sub-scopes, which repeat counts, left out) of
// the named binder sets (the character set left out, as the figures leave it).
bool named_scope(const std::string& scope) {
    return scope.find('#') == std::string::npos && !scope.ends_with("/character");
}

// A counter summed over those scopes.
double counter_sum(const LoadedReport& r, const std::string& pass, const std::string& counter) {
    double sum = 0;
    for (const auto& c : r.counters)
        if (c.pass == pass && c.counter == counter && c.kind == meshproof::CounterKind::kCount && named_scope(c.scope))
            sum += c.value;
    return sum;
}

double maximum_of(const LoadedReport& r, const std::string& pass, const std::string& counter) {
    double best = 0;
    for (const auto& c : r.counters)
        if (c.pass == pass && c.counter == counter && c.kind == meshproof::CounterKind::kMaximum &&
            named_scope(c.scope))
            best = std::max(best, c.value);
    return best;
}

const meshproof::ReportFigure* figure(const LoadedReport& r, const std::string& id) {
    if (!r.figures) return nullptr;
    for (const auto& f : *r.figures)
        if (f.id == id) return &f;
    return nullptr;
}

class VerifyTwoRoots : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        dir_ = fs::temp_directory_path() / ("meshproof-cli-two-roots-" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
        ASSERT_EQ(run_all("synth " + at("sekiro") + " --game sekiro --scale small --seed 1").code, 0);
        ASSERT_EQ(run_all("synth " + at("er") + " --game eldenring --scale small --seed 1").code, 0);
    }
    static void TearDownTestSuite() { fs::remove_all(dir_); }
    static std::string at(const std::string& name) { return (dir_ / name).string(); }

    // A manifest of figures of both games whose expected values are the one-root reports' added up.
    static std::string write_both_manifest() {
        EXPECT_EQ(run_all("verify " + at("sekiro") + " --json " + at("sekiro.json")).code, 0);
        EXPECT_EQ(run_all("verify " + at("er") + " --json " + at("er.json")).code, 0);
        sekiro_ = load(dir_ / "sekiro.json");
        er_ = load(dir_ / "er.json");
        const double tagfiles = counter_sum(sekiro_, "tagfile", "tagfiles") + counter_sum(er_, "tagfile", "tagfiles");
        const double triangles = counter_sum(sekiro_, "page", "triangles") + counter_sum(er_, "page", "triangles");
        const double most = std::max(maximum_of(sekiro_, "structure", "max_primitives"),
                                     maximum_of(er_, "structure", "max_primitives"));
        const fs::path p = dir_ / "both.json";
        std::ofstream out(p);
        out.precision(17);  // counts of millions, written whole
        out << R"({"manifest_format": 1, "name": "both", "game": "both", "figures": [
  {"id": "both.tagfiles", "figure": "tagfiles", "pass": "tagfile", "counter": "tagfiles", "scope": {"game": "both"},
   "expected": )"
            << tagfiles << R"(, "label": "Synthetic"},
  {"id": "both.triangles_h", "figure": "h triangles", "pass": "page", "counter": "triangles", "scope": {"game": "both", "set": "h"},
   "expected": )"
            << counter_sum_in(sekiro_, er_, "page", "triangles", "/h") << R"(, "label": "Synthetic"},
  {"id": "both.triangles", "figure": "triangles", "pass": "page", "counter": "triangles", "scope": {"game": "both"},
   "expected": )"
            << triangles << R"(, "label": "Synthetic"},
  {"id": "both.max_primitives", "figure": "most primitives", "pass": "structure", "counter": "max_primitives",
   "scope": {"game": "both"}, "expected": )"
            << most << R"(, "label": "Synthetic"},
  {"id": "both.sdk", "figure": "SDK version", "pass": "tagfile", "counter": "sdk_version", "kind": "value_set",
   "scope": {"game": "both"}, "expected": 20180100, "label": "Synthetic"}]})";
        return p.string();
    }
    static double counter_sum_in(const LoadedReport& a, const LoadedReport& b, const std::string& pass,
                                 const std::string& counter, const std::string& set_suffix) {
        double sum = 0;
        for (const LoadedReport* r : {&a, &b})
            for (const auto& c : r->counters)
                if (c.pass == pass && c.counter == counter && c.kind == meshproof::CounterKind::kCount &&
                    c.scope.ends_with(set_suffix))
                    sum += c.value;
        return sum;
    }
    static fs::path dir_;
    static LoadedReport sekiro_, er_;
};
fs::path VerifyTwoRoots::dir_;
LoadedReport VerifyTwoRoots::sekiro_, VerifyTwoRoots::er_;

TEST_F(VerifyTwoRoots, FiguresOfBothGamesAreTheOneRootReportsAddedUp) {
    const std::string manifest = write_both_manifest();
    const auto r = run_all("verify " + at("sekiro") + " " + at("er") + " --threads 2 --manifest " + manifest +
                           " --json " + at("two.json"));
    const LoadedReport two = load(dir_ / "two.json");
    EXPECT_EQ(two.game, "sekiro+eldenring");
    ASSERT_TRUE(two.figures.has_value());
    for (const char* id : {"both.tagfiles", "both.triangles_h", "both.triangles", "both.max_primitives"}) {
        const auto* f = figure(two, id);
        ASSERT_NE(f, nullptr) << id;
        EXPECT_EQ(f->status, "match") << id << " measured " << f->measured.value_or(-1) << " expected " << f->expected;
        EXPECT_GT(f->expected, 0) << id;
    }
    // Every pass counter of the two-root report is one root's, under its own game.
    EXPECT_EQ(counter_sum(two, "tagfile", "tagfiles"),
              counter_sum(sekiro_, "tagfile", "tagfiles") + counter_sum(er_, "tagfile", "tagfiles"));
    // The value set is the union of the two games' values: each game's SDK version, so a mismatch
    // that shows both, each with its one-root count.
    const auto* sdk = figure(two, "both.sdk");
    ASSERT_NE(sdk, nullptr);
    EXPECT_EQ(sdk->status, "mismatch");
    ASSERT_EQ(sdk->seen.size(), 2u);
    EXPECT_EQ(sdk->seen[0].first, std::vector<double>{20160200});
    EXPECT_EQ(sdk->seen[1].first, std::vector<double>{20180100});
    EXPECT_EQ(static_cast<double>(sdk->seen[0].second + sdk->seen[1].second),
              counter_sum(sekiro_, "tagfile", "tagfiles") + counter_sum(er_, "tagfile", "tagfiles"));
    EXPECT_EQ(r.code, 1) << r.text;  // the explicit manifest's one mismatch (the SDK versions)
    EXPECT_NE(r.text.find("game: sekiro+eldenring"), std::string::npos) << r.text;
}

TEST_F(VerifyTwoRoots, OnOneRootAFigureOfBothGamesIsNotComparableNotAMismatch) {
    const std::string manifest = write_both_manifest();
    run_all("verify " + at("sekiro") + " --manifest " + manifest + " --json " + at("one.json"));
    const LoadedReport one = load(dir_ / "one.json");
    for (const char* id : {"both.tagfiles", "both.triangles", "both.max_primitives"}) {
        const auto* f = figure(one, id);
        ASSERT_NE(f, nullptr) << id;
        EXPECT_TRUE(f->status == "not-comparable" || f->status == "holds-on-read") << id << ": " << f->status;
    }
    EXPECT_EQ(figure(one, "both.tagfiles")->status, "not-comparable");
    EXPECT_EQ(*figure(one, "both.tagfiles")->measured, counter_sum(sekiro_, "tagfile", "tagfiles"));
    // Sekiro's tagfiles all store 20160200: another value than the document's is a mismatch on any game.
    EXPECT_EQ(figure(one, "both.sdk")->status, "mismatch");
}

TEST_F(VerifyTwoRoots, TheReportIsTheSameAtOneAndThreeThreads) {
    const std::string manifest = write_both_manifest();
    for (const char* t : {"1", "3"})
        run_all("verify " + at("sekiro") + " " + at("er") + " --manifest " + manifest + " --threads " + t + " --json " +
                at(std::string("t") + t + ".json"));
    const std::regex threads(R"("threads": [0-9]+)");
    const std::string a = std::regex_replace(read_text(dir_ / "t1.json"), threads, "\"threads\": N");
    const std::string b = std::regex_replace(read_text(dir_ / "t3.json"), threads, "\"threads\": N");
    EXPECT_GT(a.size(), 1000u);
    EXPECT_EQ(a, b);
}

TEST_F(VerifyTwoRoots, WithoutAManifestTheRootsOwnManifestsAreMeasuredTogether) {
    const auto r = run_all("verify " + at("sekiro") + " " + at("er") + " --json " + at("own.json"));
    EXPECT_EQ(r.code, 0) << r.text;  // every figure of both synthetic manifests matches
    const std::string json = read_text(dir_ / "own.json");
    EXPECT_NE(json.find(R"("source": "install")"), std::string::npos);
    EXPECT_NE(json.find("synthetic.tagfile.sekiro."), std::string::npos);
    EXPECT_NE(json.find("synthetic.tagfile.eldenring."), std::string::npos);
    EXPECT_NE(json.find(R"("roots": [)"), std::string::npos);
}

// Several roots must each be an install of its own game (tests/pipeline/several_roots_test.cpp
// refuses two of one game too); an install whose game nothing tells is a usage error.
TEST(VerifyRoots, ARootOfNoGameBesideAnotherIsAUsageError) {
    const fs::path d = fs::temp_directory_path() / ("meshproof-cli-no-game-" + std::to_string(::getpid()));
    fs::create_directories(d / "a");
    fs::create_directories(d / "b");
    const auto r = run_all("verify " + (d / "a").string() + " " + (d / "b").string() + "");
    fs::remove_all(d);
    EXPECT_EQ(r.code, 2) << r.text;
    EXPECT_NE(r.text.find("cannot tell the game of"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("each must be an install of its own game"), std::string::npos) << r.text;
}

}  // namespace
