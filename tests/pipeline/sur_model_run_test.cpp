// verify pairs each .sur file with its sibling model (issue 20; freelancer-models.md §3, §4): the
// sample's reference counts (180 files with a model, 326 parts: 132 by id 0, 191 by name, 3 by
// neither; 2,482 terminal hulls: 319 in their part's hpid, 1,446 naming a part, 706 zero, 11
// naming nothing; 329 hpid entries all naming a hardpoint), the partitions the counters form, a
// folder without models, a malformed model (a decode error of its own, the .sur still verified)
// and .cmp chosen before .3db.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "engine/pipeline/run.h"
#include "tests/support/corpus_run_fixtures.h"

namespace meshproof {
namespace {

namespace fs = std::filesystem;
using test::tally_of;

const TallyScope kVers = TallyScope{"freelancer", "vers", {}};
const std::string kFolder = "sur-with-models/retail";

TEST(SurModelRun, SampleModelCountsAreTheIssuesReference) {
    MP_REQUIRE_CORPUS();
    const RunResult run = test::verify_corpus_folder(kFolder, {"sur_read", "sur_derive"});
    EXPECT_EQ(run.members.size(), 196u);  // the models are not units; none is malformed
    EXPECT_EQ(run.count(MemberState::kOk), 196u);
    const Tally& t = tally_of(run, "sur_read");
    auto c = [&](const char* n) { return t.count(n, kVers); };
    EXPECT_EQ(c("files_with_model"), 180u);
    EXPECT_EQ(c("files_without_model"), 16u);
    EXPECT_EQ(c("files_model_malformed"), 0u);
    EXPECT_EQ(c("model_parts"), 326u);
    EXPECT_EQ(c("parts_match_zero"), 132u);
    EXPECT_EQ(c("parts_match_name"), 191u);
    EXPECT_EQ(c("parts_match_neither"), 3u);
    EXPECT_EQ(c("single_part_zero"), c("single_part_parts"));
    EXPECT_EQ(c("model_terminal_hulls"), 2482u);
    EXPECT_EQ(c("model_hull_ids_hpid"), 319u);
    EXPECT_EQ(c("model_hull_ids_part"), 1446u);
    EXPECT_EQ(c("model_hull_ids_zero"), 706u);
    EXPECT_EQ(c("model_hull_ids_nothing"), 11u);
    EXPECT_EQ(c("model_hull_ids_hardpoint"), 0u);
    EXPECT_EQ(c("model_hpid_entries"), 329u);
    EXPECT_EQ(c("model_hpid_hardpoint"), 329u);
    // Partitions: every part and hull of a file with a model is classed once, and the document's
    // "not in hpid, not zero" count is the sum of its three model-side classes and the no-model one.
    EXPECT_EQ(c("parts_match_zero") + c("parts_match_name") + c("parts_match_neither"), c("model_parts"));
    EXPECT_EQ(c("model_hull_ids_hpid") + c("model_hull_ids_zero") + c("model_hull_ids_part") +
                  c("model_hull_ids_hardpoint") + c("model_hull_ids_nothing"),
              c("model_terminal_hulls"));
    EXPECT_EQ(c("model_hull_ids_part") + c("model_hull_ids_hardpoint") + c("model_hull_ids_nothing") +
                  c("hull_ids_other_no_model"),
              c("hull_ids_other"));
    EXPECT_EQ(c("files_with_model") + c("files_without_model"), c("files"));

    const Tally& d = tally_of(run, "sur_derive");
    auto dc = [&](const char* n) { return d.count(n, kVers); };
    EXPECT_EQ(dc("fold_copies_fixed") + dc("fold_copies_moving"), dc("fold_copies"));
    EXPECT_GT(dc("fold_copies_moving"), 0u);  // §4: retail copies through moving joints too
    EXPECT_LE(dc("fold_copies"), dc("fold_placeable"));
    EXPECT_EQ(dc("frame_containing_wins") + dc("frame_named_wins") + dc("frame_tie") + dc("frame_no_sphere"),
              dc("frame_candidates"));
    // The document's direction (the containing part wins 1,753 to 48) under our stated rule.
    EXPECT_GT(dc("frame_containing_wins"), 10 * dc("frame_named_wins"));
    // li_elite.sur (§4): Root holds copies of every fixed child's hulls.
    EXPECT_GE(dc("fold_files"), 1u);
}

TEST(SurModelRun, FilesWithoutASiblingModelAreCountedNotErrors) {
    MP_REQUIRE_CORPUS();
    const RunResult run = test::verify_corpus_folder("sur/retail-sample", {"sur_read", "sur_derive"});
    const Tally& t = tally_of(run, "sur_read");
    EXPECT_EQ(run.count(MemberState::kDecodeError), 0u);
    EXPECT_EQ(t.count("files_without_model", kVers), 196u);
    EXPECT_EQ(t.count("files_with_model", kVers), 0u);
    EXPECT_EQ(t.count("hull_ids_other_no_model", kVers), t.count("hull_ids_other", kVers));
    EXPECT_EQ(tally_of(run, "sur_derive").count("fold_placeable", kVers), 0u);
}

class SurModelDir : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("meshproof-sur-model-" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    void copy(const std::string& from, const std::string& to) {
        fs::copy_file(test::corpus_path(kFolder + "/" + from), dir_ / to, fs::copy_options::overwrite_existing);
    }
    fs::path dir_;
};

TEST_F(SurModelDir, MalformedModelIsItsOwnDecodeErrorAndTheSurIsStillVerified) {
    MP_REQUIRE_CORPUS();
    copy("equipment__models__commodities__crates__pod_drab.sur", "pod_drab.sur");
    {
        auto bytes =
            test::read_file(test::corpus_path(kFolder + "/equipment__models__commodities__crates__pod_drab.3db"));
        bytes.resize(100);  // cuts the tree block
        std::ofstream(dir_ / "pod_drab.3db", std::ios::binary)
            .write(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    }
    RunOptions o;
    o.passes = {"sur_read"};
    auto run = run_verify(dir_, o);
    ASSERT_TRUE(run.ok());
    ASSERT_EQ(run->members.size(), 2u);
    EXPECT_EQ(run->count(MemberState::kOk), 1u);
    EXPECT_EQ(run->count(MemberState::kDecodeError), 1u);
    for (const auto& m : run->members) {
        if (m.path.ends_with(".3db")) {
            EXPECT_EQ(m.state, MemberState::kDecodeError);
            EXPECT_EQ(m.error.code, ErrorCode::kTruncated) << m.error.message;
        } else {
            EXPECT_EQ(m.state, MemberState::kOk) << m.path;
        }
    }
    const Tally& t = tally_of(*run, "sur_read");
    EXPECT_EQ(t.count("files", kVers), 1u);
    EXPECT_EQ(t.count("files_model_malformed", kVers), 1u);
    EXPECT_EQ(t.count("files_without_model", kVers), 1u);
}

TEST_F(SurModelDir, CmpIsChosenBeforeThe3dbAndNamesIgnoreCase) {
    MP_REQUIRE_CORPUS();
    // li_elite.sur beside li_elite.cmp (6 parts by name) and pod_drab.3db renamed LI_ELITE.3DB:
    // with the .cmp the parts match by name; with only the .3db they would match by neither.
    copy("ships__liberty__li_elite__li_elite.sur", "li_elite.sur");
    copy("equipment__models__commodities__crates__pod_drab.3db", "LI_ELITE.3DB");
    RunOptions o;
    o.passes = {"sur_read"};
    auto only_3db = run_verify(dir_, o);
    ASSERT_TRUE(only_3db.ok());
    EXPECT_EQ(tally_of(*only_3db, "sur_read").count("files_with_model", kVers), 1u);     // found despite the case
    EXPECT_EQ(tally_of(*only_3db, "sur_read").count("parts_match_neither", kVers), 6u);  // no id is 0, no Cmpnd
    copy("ships__liberty__li_elite__li_elite.cmp", "Li_Elite.cmp");
    auto both = run_verify(dir_, o);
    ASSERT_TRUE(both.ok());
    const Tally& t = tally_of(*both, "sur_read");
    EXPECT_EQ(t.count("parts_match_name", kVers), 6u);
    EXPECT_EQ(t.count("parts_match_neither", kVers), 0u);
}

}  // namespace
}  // namespace meshproof
