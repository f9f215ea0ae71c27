// A complete Freelancer install is recognised by what it holds (issue 41): a DATA/ layout with as
// many .sur files as the document counts (781 vers, 17 legacy; freelancer-surface.md "Corpus"),
// made here from the shared retail sample's files under distinct names, the first copy of each
// beside its model, has its figures compared as the document's whole-install figures — none is
// held on what was read or not comparable — and sur.corpus.files measured. The plain sample is
// partial and says what it lacks.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <unistd.h>

#include "reports/manifest.h"
#include "reports/report_model.h"
#include "tests/support/corpus_run_fixtures.h"

namespace meshproof {
namespace {

namespace fs = std::filesystem;
using test::figure;
using test::kManifests;

// The game path a corpus name flattens ("ships__kusari__ku_x.sur" -> SHIPS/kusari/ku_x.sur), with
// `suffix` before the extension so that copies are distinct files.
fs::path game_path(const std::string& flat, const std::string& suffix) {
    std::string p;
    for (std::size_t i = 0; i < flat.size(); ++i) {
        const bool separator = flat.compare(i, 2, "__") == 0;
        p += separator ? '/' : flat[i];
        i += separator ? 1 : 0;
    }
    const std::size_t dot = p.rfind('.');
    fs::path out = p.substr(0, dot) + suffix + p.substr(dot);
    const std::string top = out.begin()->string();
    std::string upper = top;
    std::transform(upper.begin(), upper.end(), upper.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return fs::path(upper) / out.lexically_relative(top);
}

std::vector<fs::path> sur_files(const fs::path& folder) {
    std::vector<fs::path> out;
    for (const auto& e : fs::directory_iterator(folder))
        if (e.path().extension() == ".sur") out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

class CompleteInstall : public ::testing::Test {
protected:
    void SetUp() override {
        MP_REQUIRE_CORPUS();
        root_ = fs::temp_directory_path() / ("mp_complete_install_" + std::to_string(::getpid()));
        fs::remove_all(root_);
        const fs::path data = root_ / "DATA";
        // 781 vers files: the 196 of the sample, then copies under other names until the count.
        const std::vector<fs::path> vers = sur_files(test::corpus_path("sur/retail-sample"));
        const fs::path models = test::corpus_path("sur-with-models/retail");
        std::size_t n = 0;
        for (int copy = 0; n < kVers; ++copy)
            for (const fs::path& f : vers) {
                if (n == kVers) break;
                const std::string suffix = copy == 0 ? "" : "_copy" + std::to_string(copy);
                const fs::path to = data / game_path(f.filename().string(), suffix);
                fs::create_directories(to.parent_path());
                fs::copy_file(f, to);
                ++n;
                if (copy != 0) continue;  // the first copy with its model, the others without
                for (const char* ext : {".cmp", ".3db"}) {
                    const fs::path model = models / f.filename().replace_extension(ext);
                    if (fs::exists(model)) fs::copy_file(model, data / game_path(model.filename().string(), ""));
                }
            }
        for (const fs::path& f : sur_files(test::corpus_path("sur/retail-legacy"))) {
            const fs::path to = data / game_path(f.filename().string(), "");
            fs::create_directories(to.parent_path());
            fs::copy_file(f, to);
        }
    }
    void TearDown() override {
        std::error_code ec;
        fs::remove_all(root_, ec);
    }

    static FigureSection section(const RunResult& run) {
        auto manifest = load_manifest(kManifests / "freelancer.json", PassRegistry::global());
        EXPECT_TRUE(manifest.ok()) << manifest.error().message;
        return make_figure_section(*manifest, run, "freelancer.json", ManifestSource::kDocument);
    }

    static constexpr std::size_t kVers = 781;
    fs::path root_;
};

TEST_F(CompleteInstall, EveryFileTheDocumentCountsMakesTheFiguresWholeInstallFigures) {
    auto run = run_verify(root_, RunOptions{});
    ASSERT_TRUE(run.ok()) << run.error().message;
    EXPECT_EQ(run->scan.game, Game::kFreelancer);
    const FigureSection s = section(*run);
    ASSERT_TRUE(s.install);
    EXPECT_TRUE(s.install->complete) << s.install->lacks;
    EXPECT_FALSE(s.partial_install);
    EXPECT_EQ(s.totals.holds_on_read, 0u);
    EXPECT_EQ(s.totals.not_comparable, 0u);
    // The document's ".sur files 798": every file, vers and legacy; 781 and 17 of them.
    const FigureResult& files = figure(s.results, "sur.corpus.files");
    EXPECT_EQ(files.status, FigureStatus::kMatch);
    EXPECT_EQ(files.measured, 798.0);
    EXPECT_EQ(figure(s.results, "sur.corpus.accepted").status, FigureStatus::kMatch);
    EXPECT_EQ(figure(s.results, "sur.corpus.legacy").status, FigureStatus::kMatch);
    // Copies are not the retail corpus: its whole-install counts differ, and say so.
    EXPECT_EQ(figure(s.results, "sur.corpus.faces").status, FigureStatus::kMismatch);
}

TEST_F(CompleteInstall, AMissingFileMakesItPartialAndSaysWhatItLacks) {
    std::vector<fs::path> turrets;
    for (const auto& e : fs::recursive_directory_iterator(root_ / "DATA"))
        if (e.path().filename().string().find("turret") != std::string::npos && e.path().extension() == ".sur")
            turrets.push_back(e.path());
    ASSERT_FALSE(turrets.empty());
    fs::remove(turrets.front());
    RunOptions o;
    o.passes = {"sur_read"};
    auto run = run_verify(root_, o);
    ASSERT_TRUE(run.ok()) << run.error().message;
    const FigureSection s = section(*run);
    ASSERT_TRUE(s.install);
    EXPECT_FALSE(s.install->complete);
    EXPECT_EQ(s.install->lacks.rfind("797 of 798 .sur files; ", 0), 0u) << s.install->lacks;
    EXPECT_TRUE(s.partial_install);
    EXPECT_EQ(figure(s.results, "sur.corpus.files").status, FigureStatus::kNotComparable);
}

TEST(PartialInstall, TheRetailSampleSaysWhatItLacks) {
    MP_REQUIRE_CORPUS();
    const RunResult run = test::verify_corpus_folder("sur/retail-sample", {"sur_read"});
    auto manifest = load_manifest(kManifests / "freelancer.json", PassRegistry::global());
    ASSERT_TRUE(manifest.ok()) << manifest.error().message;
    const FigureSection s = make_figure_section(*manifest, run, "freelancer.json", ManifestSource::kDocument);
    ASSERT_TRUE(s.install);
    EXPECT_FALSE(s.install->complete);
    EXPECT_EQ(s.install->lacks, "196 of 798 .sur files; 196 of 781 vers .sur files; 0 of 17 legacy .sur files");
    EXPECT_TRUE(s.partial_install);
    const FigureResult& files = figure(s.results, "sur.corpus.files");
    EXPECT_EQ(files.measured, 196.0);  // measured, where it was "not computed"
    EXPECT_EQ(files.status, FigureStatus::kNotComparable);
}

// A malformed .sur file never reaches a pass, yet it is a file of the install: sur_files counts it.
TEST(PartialInstall, AMalformedSurFileIsCountedAsAFile) {
    MP_REQUIRE_CORPUS();
    const RunResult run = test::verify_corpus_folder("sur/mods", {"sur_read"});
    const Tally& t = test::tally_of(run, "sur_read");
    const std::uint64_t errors = run.count(MemberState::kDecodeError);
    EXPECT_GT(errors, 0u);  // the corpus's six malformed mod files
    EXPECT_EQ(t.total("sur_files"), t.total("files") + errors);
}

}  // namespace
}  // namespace meshproof
