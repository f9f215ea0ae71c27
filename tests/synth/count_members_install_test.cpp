// Progress a user can trust (issue 18): the member total counted from the binders' headers before
// the fan-out equals the members the run then processes, on synthetic installs of both games
// (split binders, and DCX-wrapped object / asset binders), clean and with container defects
// (a truncated member and a broken DCX header: failures that stand for members).
#include <gtest/gtest.h>

#include "engine/containers/default_decompressors.h"
#include "engine/pipeline/count_members.h"
#include "engine/pipeline/member_group.h"
#include "engine/pipeline/run.h"
#include "engine/synth/defect_spec.h"
#include "tests/synth/temp_install.h"

namespace meshproof::synth {
namespace {

void expect_count_matches_run(SynthGame game, const std::string& defects) {
    const std::filesystem::path root = test::temp_install_root("count-members-" + std::string(synth_game_name(game)));
    SynthOptions o;
    o.game = game;
    o.write_json = false;
    auto spec = parse_defect_spec(defects);
    ASSERT_TRUE(spec.ok()) << spec.error().message;
    o.defects = *spec;
    auto written = write_synthetic_install(root, o);
    ASSERT_TRUE(written.ok()) << written.error().message;

    // The count alone, over the groups the run plans.
    auto scan = scan_install(root);
    ASSERT_TRUE(scan.ok());
    std::uint64_t binders = 0;
    const std::vector<Group> groups = plan_groups(*scan, binders);
    const std::uint64_t counted = count_members(groups, default_decompressors());

    // The run: its total is set before the first member and never moves; every member is counted.
    Progress progress;
    RunOptions ro;
    ro.threads = 2;
    ro.passes = {"numbering"};
    ro.progress = &progress;
    auto run = run_verify(root, ro);
    std::filesystem::remove_all(root);
    ASSERT_TRUE(run.ok()) << run.error().message;

    EXPECT_EQ(counted, run->members.size());
    EXPECT_EQ(progress.members_total.load(), counted);
    EXPECT_EQ(progress.members_done.load(), counted);
    EXPECT_EQ(progress.bytes_done.load(), progress.bytes_total.load());
    EXPECT_GT(written->counts.binders, 0u);
    // The defects did make failures, so they were counted too.
    if (!defects.empty()) {
        EXPECT_GT(run->count(MemberState::kDecodeError), 0u);
    }
}

TEST(CountMembersFromHeaders, EldenRingDemoInstall) { expect_count_matches_run(SynthGame::kEldenRing, ""); }
TEST(CountMembersFromHeaders, SekiroDemoInstall) { expect_count_matches_run(SynthGame::kSekiro, ""); }
TEST(CountMembersFromHeaders, EldenRingWithContainerDefects) {
    expect_count_matches_run(SynthGame::kEldenRing, "truncated:1,dcx_header:1");
}

}  // namespace
}  // namespace meshproof::synth
